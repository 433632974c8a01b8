// What a list's CSV export writes, declared once per resource (src/resources/<name>/export.ts) as
// plain data: one entry per value a table column shows, formatted as the screen formats it, each
// with the unshortened values behind it (full address, base-unit amount, ISO date, record id).
import type { Currency } from "@contract";
import { formatAmount, formatDate } from "@/utils/format";
import type { CsvTable } from "./csv";

export interface ExportValue<Row> {
  /** The header cell. */
  title: string;
  value: (row: Row) => string;
}

export interface ExportColumn<Row> extends ExportValue<Row> {
  /**
   * The key of the table column it comes from (columns.tsx), by which the columns shown pick and
   * order it. Several entries may share a key: a cell that shows two things (a name over an email).
   */
  key: string;
  /** Written right after it: what the screen shortens or formats, as the API sent it. */
  raw?: readonly ExportValue<Row>[];
}

/**
 * The CSV's header and rows: the columns whose key is shown, in the order shown (every declared
 * column, in its order, when the screen does not say), each followed by its raw values.
 */
export function exportTable<Row>(columns: readonly ExportColumn<Row>[], rows: readonly Row[], visibleKeys?: readonly string[]): CsvTable {
  const chosen = visibleKeys ? visibleKeys.flatMap((key) => columns.filter((column) => column.key === key)) : columns;
  const cells = chosen.flatMap((column) => [column, ...(column.raw ?? [])]);
  return { fields: cells.map((cell) => cell.title), data: rows.map((row) => cells.map((cell) => cell.value(row))) };
}

/** A value the API may leave out, as text ("" when absent). */
export const text = (value: string | number | boolean | bigint | null | undefined): string =>
  value === null || value === undefined ? "" : String(value);

/** A date as ISO 8601 in UTC ("" when absent or unreadable): the raw companion of a formatted date. */
export function isoDate(value: string | number | Date | null | undefined): string {
  if (value === null || value === undefined || value === "") return "";
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? "" : date.toISOString();
}

type DateValue = string | number | Date | null | undefined;

/** A date as the screen formats it, then in ISO 8601 as "<title> (<isoLabel>)". */
export function dateColumn<Row>(key: string, title: string, at: (row: Row) => DateValue, isoLabel = "ISO 8601"): ExportColumn<Row> {
  return { key, title, value: (row) => formatDate(at(row)), raw: [{ title: `${title} (${isoLabel})`, value: (row) => isoDate(at(row)) }] };
}

/** An amount as the screen formats it in its currency, then in base units with the currency's decimals. */
export function amountColumn<Row>(
  key: string,
  title: string,
  amount: (row: Row) => string | number | null | undefined,
  currency: (row: Row) => Currency | null | undefined,
): ExportColumn<Row> {
  return {
    key,
    title,
    value: (row) => formatAmount(amount(row), currency(row)),
    raw: [
      { title: `${title} (base units)`, value: (row) => text(amount(row)) },
      { title: "Currency decimals", value: (row) => text(currency(row)?.decimals) },
    ],
  };
}
