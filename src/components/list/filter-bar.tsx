// Every list's filter bar, drawn from the resource's declared filters (./filters.ts). Filters the
// API applies live in useTable's filters, so syncWithLocation keeps them in the URL (a filtered,
// paged view is a link) and the data provider sends them; changing one goes back to page 1. Filters
// over the loaded page (find, toggle) stay in the screen and send nothing.
import { lazy, Suspense, useEffect, useMemo, useRef, useState, type ReactElement } from "react";
import { Input, Select, Switch } from "antd";
import { SearchOutlined } from "@ant-design/icons";
import type { CrudFilter } from "@refinedev/core";
import {
  ALL,
  filterValue,
  keepsRow,
  withFilter,
  type FilterOption,
  type ListFilter,
  type SearchFilter,
  type SelectFilter,
  type ToggleFilter,
} from "@/components/list/filters";
import { useStableCallback } from "@/utils/use-stable-callback";
import { RecordFilterTag } from "./record-filter-tag";
import "./filter-bar.css";

// Only the lists with a date range load the date picker.
const DateRangeBox = lazy(() => import("./date-range"));

export const SEARCH_DEBOUNCE_MS = 400;

/** What the bar reads from useTable; the full useTable result fits. */
export interface FilterableTable<Row> {
  filters: CrudFilter[];
  setFilters: (filters: CrudFilter[], behavior?: "merge" | "replace") => void;
  setCurrentPage: (page: number) => void;
  tableProps: { dataSource?: readonly Row[] };
}

export interface FilterBarOptions {
  /** Prefixes the controls' ids (unique ids keep each select's listbox apart), e.g. "user". */
  name: string;
  /** The bar's accessible name, e.g. 'Filter users'. */
  label: string;
  /** Choices known only at run time (products' categories), added after a select's own. */
  moreOptions?: Record<string, { options: readonly FilterOption[]; loading?: boolean }>;
}

export interface FilterBarResult<Row> {
  /** Render it above the table. */
  bar: ReactElement;
  /** The loaded rows the page filters let through; undefined when the list has none (show the page as loaded). */
  rows: Row[] | undefined;
  /** The page filters' current values, by key. */
  values: Record<string, string | boolean>;
  /** What the page filters let through, for rows loaded elsewhere (an export); undefined when the list has none. */
  keep: ((row: Row) => boolean) | undefined;
}

/** Sent filters changed (`field` → value): the others kept, back to page 1, as every filter change must. */
function apply<Row>(table: FilterableTable<Row>, changes: Record<string, string>) {
  const next = Object.entries(changes).reduce((filters, [field, value]) => withFilter(filters, field, value), table.filters);
  table.setFilters(next, "replace");
  table.setCurrentPage(1);
}

/**
 * A search box's text, committed `SEARCH_DEBOUNCE_MS` after the last key. What is typed stays as
 * typed (spaces included); only a different trimmed text is committed. A change from outside (a
 * link, the back button) replaces the text.
 */
function useDebouncedText(committedValue: string, commit: (text: string) => void) {
  const [text, setText] = useState(committedValue);
  const committed = useRef(committedValue);
  const commitLatest = useStableCallback(commit);

  useEffect(() => {
    if (committedValue === committed.current) return;
    committed.current = committedValue;
    setText(committedValue);
  }, [committedValue]);

  useEffect(() => {
    const next = text.trim();
    if (next === committed.current) return;
    const timer = setTimeout(() => {
      committed.current = next;
      commitLatest(next);
    }, SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text, commitLatest]);

  return [text, setText] as const;
}

interface TextBoxProps {
  id: string;
  label: string;
  placeholder: string;
  /** A line under the box saying what it searches. */
  hint?: string;
  value: string;
  onChange: (text: string) => void;
}

function TextBox({ id, label, placeholder, hint, value, onChange }: TextBoxProps) {
  const input = (
    <Input
      className="list-filters__search"
      id={id}
      aria-label={label}
      aria-describedby={hint ? `${id}-hint` : undefined}
      placeholder={placeholder}
      prefix={<SearchOutlined aria-hidden />}
      allowClear
      value={value}
      onChange={(event) => onChange(event.target.value)}
    />
  );
  if (!hint) return input;
  return (
    <div className="list-filters__find">
      {input}
      <span id={`${id}-hint`} className="list-filters__hint">
        {hint}
      </span>
    </div>
  );
}

/** The API's search: what is typed shows at once, and is sent once typing pauses. */
function SearchBox({ value, onCommit, ...box }: Omit<TextBoxProps, "onChange"> & { onCommit: (text: string) => void }) {
  const [text, setText] = useDebouncedText(value, onCommit);
  return <TextBox {...box} value={text} onChange={setText} />;
}

function SelectBox({
  filter,
  id,
  value,
  options,
  loading,
  disabled,
  onChange,
}: {
  filter: SelectFilter;
  id: string;
  value: string;
  options: readonly FilterOption[];
  loading?: boolean;
  disabled?: boolean;
  onChange: (value: string) => void;
}) {
  return (
    <Select
      className="list-filters__select"
      id={id}
      aria-label={filter.label}
      disabled={disabled}
      prefix={filter.prefix ? <span className="list-filters__prefix">{filter.label}:</span> : undefined}
      value={value}
      loading={loading}
      onChange={onChange}
      options={options as FilterOption[]}
      popupMatchSelectWidth={false}
    />
  );
}

function ToggleSwitch<Row>({
  filter,
  on,
  hidden,
  onChange,
}: {
  filter: ToggleFilter<Row>;
  on: boolean;
  hidden: number;
  onChange: (on: boolean) => void;
}) {
  return (
    <label className="list-filters__toggle">
      <Switch size="small" checked={on} onChange={onChange} />
      <span>{filter.label}</span>
      {hidden > 0 ? <span className="list-filters__hint">({hidden} hidden)</span> : null}
    </label>
  );
}

export function useFilterBar<Row>(
  table: FilterableTable<Row>,
  filters: readonly ListFilter<Row>[],
  { name, label, moreOptions = {} }: FilterBarOptions,
): FilterBarResult<Row> {
  const [values, setValues] = useState<Record<string, string | boolean>>({});
  const setValue = (key: string, value: string | boolean) => setValues((current) => ({ ...current, [key]: value }));

  const optionsOf = (filter: SelectFilter) => [...filter.options, ...(moreOptions[filter.field]?.options ?? [])];

  // A URL naming a choice a select does not offer (a hand-edited link) would be sent while the
  // select says "All": drop it, so what is shown and what is asked agree. Choices that arrive at
  // run time cannot be checked before they are there, so those selects are left alone.
  const unknown = filters.filter(
    (filter): filter is SelectFilter =>
      filter.kind === "select" &&
      !moreOptions[filter.field] &&
      !filter.options.some((option) => option.value === filterValue(table.filters, filter.field)),
  );
  const unknownKey = unknown.map((filter) => filter.field).join(",");
  const { setFilters } = table;
  const current = useRef(table.filters);
  current.current = table.filters;
  useEffect(() => {
    if (!unknownKey) return;
    const drop = new Set(unknownKey.split(","));
    setFilters(
      current.current.filter((filter) => !("field" in filter && drop.has(filter.field))),
      "replace",
    );
  }, [unknownKey, setFilters]);

  const loaded = table.tableProps.dataSource;
  const hasPageFilters = filters.some((filter) => filter.kind === "find" || filter.kind === "toggle");
  const keep = useMemo(() => (hasPageFilters ? keepsRow(filters, values) : undefined), [hasPageFilters, filters, values]);
  const rows = useMemo(() => (keep ? (loaded ?? []).filter(keep) : undefined), [loaded, keep]);

  const idOf = (key: string) => `${name}-filter-${key}`;
  // A search that takes no other filter, while it holds text: the others wait, disabled, with its note.
  const alone = filters.find(
    (filter): filter is SearchFilter =>
      filter.kind === "search" && filter.alone !== undefined && !!filterValue(table.filters, filter.field),
  );
  const bar = (
    <div className="list-filters" role="search" aria-label={label}>
      {filters.map((filter) => {
        switch (filter.kind) {
          case "select":
            return (
              <SelectBox
                key={filter.field}
                filter={filter}
                id={idOf(filter.field)}
                value={unknown.includes(filter) ? ALL : filterValue(table.filters, filter.field)}
                options={optionsOf(filter)}
                loading={moreOptions[filter.field]?.loading}
                disabled={alone !== undefined}
                onChange={(value) => apply(table, { [filter.field]: value })}
              />
            );
          case "search":
            return (
              <SearchBox
                key={filter.field}
                id={idOf(filter.field)}
                label={filter.label}
                placeholder={filter.placeholder}
                value={filterValue(table.filters, filter.field)}
                onCommit={(text) => apply(table, { [filter.field]: text })}
              />
            );
          case "dates":
            return (
              <Suspense key={filter.from} fallback={<span className="list-filters__dates" />}>
                <DateRangeBox
                  id={idOf(filter.from)}
                  label={filter.label}
                  from={filterValue(table.filters, filter.from)}
                  to={filterValue(table.filters, filter.to)}
                  onChange={(from, to) => apply(table, { [filter.from]: from, [filter.to]: to })}
                />
              </Suspense>
            );
          case "record": {
            const id = filterValue(table.filters, filter.field);
            return id ? (
              <RecordFilterTag key={filter.field} filter={filter} id={id} onRemove={() => apply(table, { [filter.field]: ALL })} />
            ) : null;
          }
          case "find":
            return (
              <TextBox
                key={filter.key}
                id={idOf(filter.key)}
                label={filter.label}
                placeholder={filter.placeholder}
                hint={filter.hint}
                value={String(values[filter.key] ?? "")}
                onChange={(text) => setValue(filter.key, text)}
              />
            );
          case "toggle": {
            const on = values[filter.key] === true;
            return (
              <ToggleSwitch
                key={filter.key}
                filter={filter}
                on={on}
                hidden={on ? 0 : (loaded ?? []).filter(filter.hides).length}
                onChange={(next) => setValue(filter.key, next)}
              />
            );
          }
        }
      })}
      {alone ? (
        <span className="list-filters__hint list-filters__note" role="note">
          {alone.alone}
        </span>
      ) : null}
    </div>
  );

  return { bar, rows, values, keep };
}
