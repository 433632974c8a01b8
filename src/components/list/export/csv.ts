// Writing the CSV and handing it to the browser as a download. papaparse is loaded only when an
// export is written, so no list screen pays for it on load.
import dayjs from "dayjs";

export interface CsvTable {
  fields: string[];
  data: string[][];
}

/** Spreadsheet apps read a CSV without it as their local code page, and accents come out garbled. */
const BOM = "\uFEFF";

/**
 * A cell a spreadsheet would run as a formula is written with a leading single quote (OWASP's CSV
 * injection advice). papaparse's own `escapeFormulae: true` tests /^[=+\-@\t\r].*$/, which misses a
 * formula followed by a line break (`.` stops there), so the start alone is tested.
 */
const FORMULA_START = /^[=+\-@\t\r]/;

/** How long the download's object URL lives: the browser reads the file after the click returns. */
const URL_LIFETIME_MS = 60_000;

export async function toCsv({ fields, data }: CsvTable): Promise<string> {
  const { unparse } = await import("papaparse");
  return BOM + unparse({ fields, data }, { escapeFormulae: FORMULA_START, newline: "\r\n" });
}

/** `<resource>-YYYY-MM-DD.csv`, the local date. */
export function exportFileName(resource: string, now: Date = new Date()): string {
  return `${resource}-${dayjs(now).format("YYYY-MM-DD")}.csv`;
}

/** Saves `csv` as `fileName` through a temporary download link. */
export function downloadCsv(fileName: string, csv: string): void {
  const url = URL.createObjectURL(new Blob([csv], { type: "text/csv;charset=utf-8" }));
  const link = document.createElement("a");
  link.href = url;
  link.download = fileName;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), URL_LIFETIME_MS);
}
