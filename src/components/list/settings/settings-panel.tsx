// The "Table settings" button of a list and its panel: which columns show and in what order, the
// density, the rows per page, the saved views, and one button back to the defaults.
import { useState } from "react";
import { Button, Checkbox, Divider, Grid, Input, Popover, Segmented, Select } from "antd";
import { ArrowDownOutlined, ArrowUpOutlined, DeleteOutlined, SettingOutlined } from "@ant-design/icons";
import type { CrudFilter, CrudSort } from "@refinedev/core";
import { PAGE_SIZES, resetSettings, writeSettings, type Density } from "./store";
import type { TableView } from "./use-table-settings";
import "./settings.css";

/** What the panel changes on the list itself (useListTable's result fits). */
export interface SettingsTable {
  filters: CrudFilter[];
  sorters: CrudSort[];
  setPageSize: (size: number) => void;
  setCurrentPage: (page: number) => void;
}

const DENSITIES: { label: string; value: Density }[] = [
  { label: "Large", value: "large" },
  { label: "Default", value: "middle" },
  { label: "Compact", value: "small" },
];

function move(keys: string[], from: number, to: number): string[] {
  const next = [...keys];
  const [key] = next.splice(from, 1);
  next.splice(to, 0, key!);
  return next;
}

function ColumnsSection<T>({ resource, view }: { resource: string; view: TableView<T> }) {
  const keys = view.arrangeable.map((column) => column.key);
  const shownCount = view.visibleKeys.length;
  return (
    <fieldset className="table-settings__group">
      <legend>Columns</legend>
      <ul className="table-settings__columns">
        {view.arrangeable.map((column, index) => {
          const shown = !view.settings.hidden.includes(column.key);
          return (
            <li key={column.key}>
              <Checkbox
                checked={shown}
                // The last shown column stays: an empty table helps nobody.
                disabled={shown && shownCount === 1}
                onChange={(event) =>
                  writeSettings(resource, (current) => ({
                    ...current,
                    hidden: event.target.checked ? current.hidden.filter((key) => key !== column.key) : [...current.hidden, column.key],
                  }))
                }
              >
                {column.title}
              </Checkbox>
              <span className="table-settings__move">
                <Button
                  size="small"
                  type="text"
                  icon={<ArrowUpOutlined />}
                  aria-label={`Move ${column.title} up`}
                  disabled={index === 0}
                  onClick={() => writeSettings(resource, (current) => ({ ...current, order: move(keys, index, index - 1) }))}
                />
                <Button
                  size="small"
                  type="text"
                  icon={<ArrowDownOutlined />}
                  aria-label={`Move ${column.title} down`}
                  disabled={index === keys.length - 1}
                  onClick={() => writeSettings(resource, (current) => ({ ...current, order: move(keys, index, index + 1) }))}
                />
              </span>
            </li>
          );
        })}
      </ul>
    </fieldset>
  );
}

function ViewsSection<T>({ resource, view, table }: { resource: string; view: TableView<T>; table: SettingsTable }) {
  const [name, setName] = useState("");
  const trimmed = name.trim();
  const taken = view.settings.views.some((saved) => saved.name === trimmed);
  const save = () => {
    if (!trimmed) return;
    writeSettings(resource, (current) => ({
      ...current,
      views: [...current.views.filter((saved) => saved.name !== trimmed), { name: trimmed, filters: table.filters, sorters: table.sorters }],
    }));
    setName("");
  };
  return (
    <fieldset className="table-settings__group">
      <legend>Saved views</legend>
      {view.settings.views.length > 0 ? (
        <ul className="table-settings__views">
          {view.settings.views.map((saved) => (
            <li key={saved.name}>
              <span>{saved.name}</span>
              <Button
                size="small"
                type="text"
                danger
                icon={<DeleteOutlined />}
                aria-label={`Delete the view ${saved.name}`}
                onClick={() =>
                  writeSettings(resource, (current) => ({ ...current, views: current.views.filter((other) => other.name !== saved.name) }))
                }
              />
            </li>
          ))}
        </ul>
      ) : null}
      <div className="table-settings__save">
        <Input
          size="small"
          value={name}
          maxLength={40}
          placeholder="Name this view"
          aria-label="Name of the view to save"
          onChange={(event) => setName(event.target.value)}
          onPressEnter={save}
        />
        <Button size="small" onClick={save} disabled={!trimmed}>
          {taken ? "Replace" : "Save"}
        </Button>
      </div>
      <p className="table-settings__hint">Saves the current filters and sort.</p>
    </fieldset>
  );
}

export function TableSettingsButton<T>({ resource, view, table }: { resource: string; view: TableView<T>; table: SettingsTable }) {
  // On a phone the header's buttons wrap under the title, at the left: the panel opens centred under it.
  const wide = Grid.useBreakpoint().md === true;
  const content = (
    <div className="table-settings">
      <ColumnsSection resource={resource} view={view} />
      <fieldset className="table-settings__group">
        <legend>Density</legend>
        <Segmented
          block
          size="small"
          options={DENSITIES}
          value={view.settings.density ?? "middle"}
          onChange={(density) => writeSettings(resource, (current) => ({ ...current, density: density as Density }))}
        />
      </fieldset>
      <fieldset className="table-settings__group">
        <legend>Rows per page</legend>
        <Select
          size="small"
          aria-label="Rows per page"
          value={view.settings.pageSize}
          options={PAGE_SIZES.map((size) => ({ value: size, label: String(size) }))}
          onChange={(pageSize) => {
            writeSettings(resource, (current) => ({ ...current, pageSize }));
            table.setPageSize(pageSize);
            table.setCurrentPage(1);
          }}
        />
      </fieldset>
      <ViewsSection resource={resource} view={view} table={table} />
      <Divider className="table-settings__divider" />
      <Button
        block
        onClick={() => {
          resetSettings(resource);
          table.setPageSize(PAGE_SIZES[1]);
          table.setCurrentPage(1);
        }}
      >
        Reset to defaults
      </Button>
    </div>
  );
  return (
    <Popover content={content} title="Table settings" trigger="click" placement={wide ? "bottomRight" : "bottom"}>
      <Button icon={<SettingOutlined aria-hidden />} aria-label="Table settings" />
    </Popover>
  );
}

/** The saved views as one-click buttons above the table; nothing when there are none. */
export function SavedViews<T>({ view, table }: { view: TableView<T>; table: SettingsTable & { setFilters: (filters: CrudFilter[], behavior?: "replace") => void; setSorters: (sorters: CrudSort[]) => void } }) {
  if (view.settings.views.length === 0) return null;
  return (
    <nav className="saved-views" aria-label="Saved views">
      <span className="saved-views__label">Views:</span>
      {view.settings.views.map((saved) => (
        <Button
          key={saved.name}
          size="small"
          onClick={() => {
            table.setFilters(saved.filters, "replace");
            table.setSorters(saved.sorters);
            table.setCurrentPage(1);
          }}
        >
          {saved.name}
        </Button>
      ))}
    </nav>
  );
}
