// A screening list file for one test (SCREENING_LISTS): written as CSV (with a header row) or JSON,
// rewritten to change the lists, removed after.
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

export interface ListRow {
  address: string;
  list: string;
  entryId?: string;
  reason?: string;
}

export interface ListFile {
  path: string;
  write(rows: readonly ListRow[]): void;
  remove(): void;
}

const cell = (value: string | undefined) => (value === undefined ? "" : `"${value.replace(/"/g, '""')}"`);

export function listFile(format: "csv" | "json" = "csv"): ListFile {
  const dir = mkdtempSync(join(tmpdir(), "mkt-screening-"));
  const path = join(dir, `sanctions.${format}`);
  const file: ListFile = {
    path,
    write(rows) {
      const text =
        format === "json"
          ? JSON.stringify(rows.map((row) => ({ address: row.address, list: row.list, entryId: row.entryId, reason: row.reason })))
          : ["address,list,entry_id,reason", ...rows.map((r) => [r.address, r.list, r.entryId, r.reason].map(cell).join(","))].join("\n");
      writeFileSync(path, text);
    },
    remove: () => rmSync(dir, { recursive: true, force: true }),
  };
  file.write([]);
  return file;
}
