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
 * A cell a spreadsheet would run as a formula is written quoted with a leading single quote (OWASP's
 * CSV injection advice). papaparse's own `escapeFormulae: true` tests /^[=+\-@\t\r].*$/, which misses
 * a formula followed by a line break (`.` stops there) and one inside the cell: a spreadsheet whose
 * list separator is `;` (or tab, `|`) splits `Bob;=1+1` and runs `=1+1`. So any place a field may
 * start is tested: the cell's start, after a separator, after a line break; spaces a reader may trim
 * are skipped. Every cell is text here (a `-12.5` too, quoted as it always was).
 */
const FORMULA = /^[\t\r]|(?:^|[,;|\t\r\n]) *[=+\-@]/;

/** How long the download's object URL lives: the browser reads the file after the click returns. */
const URL_LIFETIME_MS = 60_000;

export async function toCsv({ fields, data }: CsvTable): Promise<string> {
  const { unparse } = await import("papaparse");
  return BOM + unparse({ fields, data }, { escapeFormulae: FORMULA, newline: "\r\n" });
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
