// The content of a list's "Table settings" panel (settings-panel.tsx has the button): which
// columns show and in what order, the density, the rows per page, the saved views, and one button
// back to the defaults. Its own chunk, loaded when the panel is first opened (or about to be).
import { useState } from "react";
import { Button, Checkbox, Divider, Input, Segmented, Select } from "antd";
import { ArrowDownOutlined, ArrowUpOutlined, DeleteOutlined } from "@ant-design/icons";
import { PAGE_SIZES, resetSettings, writeSettings, type Density } from "./store";
import type { SettingsTable, TableView } from "./use-table-settings";

export interface SettingsPanelProps<T> {
  resource: string;
  view: TableView<T>;
  table: SettingsTable;
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
      views: [
        ...current.views.filter((saved) => saved.name !== trimmed),
        { name: trimmed, filters: table.filters, sorters: table.sorters },
      ],
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

export function SettingsPanel<T>({ resource, view, table }: SettingsPanelProps<T>) {
  return (
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
}
