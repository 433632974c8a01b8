// The "Table settings" button of a list, and the saved views above its table. The panel the button
// opens (settings-content.tsx: columns, density, rows per page, saved views, reset) is a chunk of its
// own, loaded as the pointer or the focus reaches the button, or on the first click (the panel then
// opens once it is there).
import { useState } from "react";
import { Button, Grid, Popover } from "antd";
import { SettingOutlined } from "@ant-design/icons";
import type { CrudFilter, CrudSort } from "@refinedev/core";
import type { SettingsPanel as Panel } from "./settings-content";
import type { SettingsTable, TableView } from "./use-table-settings";

export type { SettingsTable };
import "./settings.css";

// The panel's content once loaded, shared by every list.
let SettingsPanel: typeof Panel | undefined;
const loadPanel = () =>
  import("./settings-content").then((module) => {
    SettingsPanel = module.SettingsPanel;
  });
const preload = () => void loadPanel().catch(() => undefined);

export function TableSettingsButton<T>({ resource, view, table }: { resource: string; view: TableView<T>; table: SettingsTable }) {
  // On a phone the header's buttons wrap under the title, at the left: the panel opens centred under it.
  const wide = Grid.useBreakpoint().md === true;
  const [open, setOpen] = useState(false);
  return (
    <Popover
      content={SettingsPanel ? <SettingsPanel resource={resource} view={view} table={table} /> : null}
      title="Table settings"
      trigger="click"
      placement={wide ? "bottomRight" : "bottom"}
      open={open}
      onOpenChange={(next) => {
        // Opened with its content, never empty: the first time, once the content has loaded.
        if (!next || SettingsPanel) setOpen(next);
        else
          loadPanel().then(
            () => setOpen(true),
            () => undefined,
          );
      }}
    >
      <Button icon={<SettingOutlined aria-hidden />} aria-label="Table settings" onPointerEnter={preload} onFocus={preload} />
    </Popover>
  );
}

/** The saved views as one-click buttons above the table; nothing when there are none. */
export function SavedViews<T>({
  view,
  table,
}: {
  view: TableView<T>;
  table: SettingsTable & { setFilters: (filters: CrudFilter[], behavior?: "replace") => void; setSorters: (sorters: CrudSort[]) => void };
}) {
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
