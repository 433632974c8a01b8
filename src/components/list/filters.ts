// A list's filters, declared once per resource (src/resources/<name>/filters.ts) as plain data: the
// filter bar draws them, the URL keeps the ones the API applies (useTable's syncWithLocation), and
// the data provider sends those as query parameters: the fields its registry entry lists (`api.query`
// in contract/resources/, which must name exactly these; tests/app/registry.test.tsx checks). No antd
// here: the sections list imports these declarations on every route's first load.
import type { CrudFilter } from "@refinedev/core";
import { toQueryValue } from "@/providers/query-value";

export { toQueryValue };

export interface FilterOption {
  value: string;
  label: string;
}

/** The option value meaning "no filter" ('All Roles', 'All Categories'...). */
export const ALL = "";

/** A select's options: "no filter" labelled `all` first, then each `[value, label]` in order. */
export function choices(all: string, ...rest: readonly (readonly [value: string, label: string])[]): FilterOption[] {
  return [{ value: ALL, label: all }, ...rest.map(([value, label]) => ({ value, label }))];
}

/**
 * A filter the API applies. `field` is its key everywhere: the `eq` CrudFilter's field, the key
 * Refine writes into the URL (`filters[i][field]=<field>`), and the query parameter the data
 * provider sends.
 */
interface SentFilter {
  field: string;
  /** The control's accessible name (and its visible prefix when `prefix` is set). */
  label: string;
}

export interface SelectFilter extends SentFilter {
  kind: "select";
  /** The choices, "no filter" (value "") first; FilterBar's `moreOptions` can add more at run time. */
  options: readonly FilterOption[];
  /** Shows the label before the value, for choices that are ambiguous alone (a bare 'All'). */
  prefix?: boolean;
}

/** Free text the API searches, sent once typing pauses. */
export interface SearchFilter extends SentFilter {
  kind: "search";
  placeholder: string;
  /**
   * The search takes no other filter (the API searches the whole list): while it holds text the
   * other filters are disabled and this note says why.
   */
  alone?: string;
}

/** Narrows the rows already loaded: the typed text is never sent, nor kept in the URL. */
export interface FindFilter<Row> {
  kind: "find";
  key: string;
  label: string;
  placeholder: string;
  /** A line under the box saying what it searches. */
  hint?: string;
  matches: (row: Row, text: string) => boolean;
}

/** A switch over the rows already loaded: while it is off, the rows it `hides` are not shown. */
export interface ToggleFilter<Row> {
  kind: "toggle";
  key: string;
  label: string;
  hides: (row: Row) => boolean;
}

/**
 * A span of days the API applies, as two filters: `from` the first day's start and `to` the last
 * day's end, both ISO instants of the admin's own time zone (so the URL says exactly what was asked).
 */
export interface DateRangeFilter {
  kind: "dates";
  from: string;
  to: string;
  /** The control's accessible name. */
  label: string;
}

/**
 * The list narrowed to one other record's rows (a user's orders, a shop's products), beyond the core
 * API: set by that record's link (filtered-list-link.tsx), never by a control. While set, the bar
 * shows it as a removable tag naming the record, read from `resource` (a user, a shop...); an API
 * that does not apply it (list-filter-support.ts) has it dropped, so the list never claims a filter
 * it did not get.
 */
export interface RecordFilter extends SentFilter {
  kind: "record";
  /** The resource of the record the list is narrowed to. */
  resource: string;
  /** The list's own resource, whose call must take `field`. */
  list: string;
  /** The record's name on the tag. */
  nameOf: (record: never) => string | null | undefined;
}

export type ListFilter<Row> = SelectFilter | SearchFilter | DateRangeFilter | RecordFilter | FindFilter<Row> | ToggleFilter<Row>;

export const isSent = <Row>(filter: ListFilter<Row>): filter is SelectFilter | SearchFilter | DateRangeFilter | RecordFilter =>
  filter.kind === "select" || filter.kind === "search" || filter.kind === "dates" || filter.kind === "record";

/**
 * What the filters over loaded rows (find, toggle) let through, given their current values: the
 * screen narrows its page with it, and an export narrows every row it fetched the same way.
 */
export function keepsRow<Row>(filters: readonly ListFilter<Row>[], values: Readonly<Record<string, string | boolean>>) {
  return (row: Row): boolean =>
    filters.every((filter) => {
      if (filter.kind === "find") {
        const text = String(values[filter.key] ?? "").trim();
        return !text || filter.matches(row, text);
      }
      if (filter.kind === "toggle") return values[filter.key] === true || !filter.hides(row);
      return true;
    });
}

/** The query parameters a list's filters may send. */
export function sentFields(filters: readonly ListFilter<never>[] = []): string[] {
  return filters.filter(isSent).flatMap((filter) => (filter.kind === "dates" ? [filter.from, filter.to] : [filter.field]));
}

// A value set from a control is a string (or a boolean set in code) before a reload and always a
// string after one, so values are read back in their query-string form: the same choice either way.
/** The value of the `eq` filter on `field` as the query string carries it, or "" when there is none. */
export function filterValue(filters: readonly CrudFilter[], field: string): string {
  const found = filters.find((filter) => "field" in filter && filter.field === field);
  return (found && toQueryValue(found.value)) ?? ALL;
}

/** The filters with `field` set to `value` (or removed when `value` is empty), the others kept. */
export function withFilter(filters: readonly CrudFilter[], field: string, value: string): CrudFilter[] {
  const others = filters.filter((filter) => !("field" in filter && filter.field === field));
  return value ? [...others, { field, operator: "eq", value }] : others;
}

/** A list's status select (the `status` query parameter): `all` first, then each status's label in the table's order. */
export function statusFilter<TRecord>(label: string, all: string, labels: Readonly<Record<string, string>>): ListFilter<TRecord> {
  return { kind: "select", field: "status", label, options: choices(all, ...Object.entries(labels)) };
}
