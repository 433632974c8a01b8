// Token Management: the SPL token whitelist, one server page at a time (GET /tokens/admin
// takes only page and limit), searched and filtered on the loaded rows.
import { useMemo, useState } from "react";
import { useUpdate, type HttpError } from "@refinedev/core";
import type { Token } from "@contract";
import { CreateButton } from "@/components/forms/create-button";
import { useAccess } from "@/components/access/use-access";
import { useEditDialog } from "@/components/forms/edit-dialog";
import { useFilterBar } from "@/components/list/filter-bar";
import { ListPage } from "@/components/list/list-page";
import { useListTable } from "@/components/list/list-table";
import { useListView } from "@/components/list/settings/use-list-view";
import { usePaletteActions } from "@/components/palette/use-palette-actions";
import { lazyDialog } from "@/components/routing/lazy-dialog";
import { useStableCallback } from "@/utils/use-stable-callback";
import { tokenColumns } from "./columns";
import { TOKEN_EXPORT } from "./export";
import { emptyReason, TOKEN_FILTERS } from "./filters";
import { InitSolButton } from "./init-sol";
import { reportsRisk } from "./risk";
import "./tokens.css";

const TokenCreateModal = lazyDialog(() => import("./edit-modal"), "TokenCreateModal");
const TokenEditModal = lazyDialog(() => import("./edit-modal"), "TokenEditModal");

const PAGE = { title: "Token Management", subtitle: "Manage SPL token whitelist" };

export function TokenList() {
  const table = useListTable<Token>("tokens");
  const filters = useFilterBar(table, TOKEN_FILTERS, { name: "token", label: "Filter tokens" });
  const creator = useEditDialog<Token>(TokenCreateModal, { resource: "tokens" });
  const editor = useEditDialog<Token>(TokenEditModal, { resource: "tokens" });
  const { mutate: update } = useUpdate<Token, HttpError, Pick<Token, "isActive">>();
  const [togglingId, setTogglingId] = useState<Token["id"]>();

  const toggleActive = useStableCallback((token: Token) => {
    setTogglingId(token.id);
    update(
      { resource: "tokens", id: token.id, values: { isActive: !token.isActive }, mutationMode: "pessimistic" },
      { onSettled: () => setTogglingId(undefined) },
    );
  });

  const canAdd = useAccess({ resource: "tokens", action: "create" }).allowed;
  usePaletteActions([canAdd && { id: "add-token", name: "Add Token", keywords: "new create whitelist", perform: () => creator.open() }]);

  const showRisk = reportsRisk(table.tableProps.dataSource ?? []);
  const columns = useMemo(
    () => tokenColumns({ onEdit: editor.open, editIntent: editor.intent, onToggleActive: toggleActive, togglingId, showRisk }),
    [editor.open, editor.intent, toggleActive, togglingId, showRisk],
  );
  const view = useListView("tokens", table, columns, { columns: TOKEN_EXPORT, keep: filters.keep });

  return (
    <ListPage
      {...PAGE}
      actions={
        <>
          <InitSolButton />
          <CreateButton resource="tokens" dialog={creator}>
            Add Token
          </CreateButton>
        </>
      }
      filters={filters.bar}
      view={view}
      table={table}
      dataSource={filters.rows}
      emptyText={emptyReason(table.tableProps.dataSource ?? [], String(filters.values.search ?? ""))}
    >
      {creator.modal}
      {editor.modal}
    </ListPage>
  );
}
