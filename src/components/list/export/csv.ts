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
 * A cell a spreadsheet would run as a formula is neutralised (OWASP's CSV injection advice: a single
 * quote before it, the cell quoted). A field may start at the cell's start, and also inside it: a
 * spreadsheet whose list separator is `;` (or tab, `|`) splits `Bob;=1+1` and runs `=1+1`, and it
 * honours the cell's quotes only when the cell is the row's first. So the quote goes before the
 * formula character at every place a field may start: the cell's start, after a separator, after a
 * line break, spaces a reader may trim skipped; and before a leading tab or carriage return. Every
 * cell is text here (a `-12.5` too, written `'-12.5` as it always was).
 */
const FORMULA_AT_FIELD_START = /(^|[,;|\t\r\n])( *)([=+\-@])/g;
const LEADING_CONTROL = /^[\t\r]/;

export function defuseCell(cell: string): string {
  return cell.replace(LEADING_CONTROL, "'$&").replace(FORMULA_AT_FIELD_START, "$1$2'$3");
}

/** How long the download's object URL lives: the browser reads the file after the click returns. */
const URL_LIFETIME_MS = 60_000;

export async function toCsv({ fields, data }: CsvTable): Promise<string> {
  const { unparse } = await import("papaparse");
  const defused = new Set<string>();
  const cells = data.map((row) =>
    row.map((cell) => {
      const safe = defuseCell(cell);
      if (safe !== cell) defused.add(safe);
      return safe;
    }),
  );
  return BOM + unparse({ fields, data: cells }, { quotes: (value: unknown) => defused.has(value as string), newline: "\r\n" });
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
