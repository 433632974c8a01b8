// SPEC §2 Token Management: the SPL token whitelist, one server page at a time (GET /tokens/admin
// takes only page and limit), searched and filtered on the loaded rows.
import { useMemo, useState } from "react";
import { Button, Input, Switch } from "antd";
import { PlusOutlined, SearchOutlined } from "@ant-design/icons";
import { useTable } from "@refinedev/antd";
import { useUpdate, type HttpError } from "@refinedev/core";
import { PAGE_SIZE, type Token } from "@contract";
import { PageHeader } from "@/components/page-header";
import { ListTable } from "@/components/list/list-table";
import { tokenColumns } from "./columns";
import { emptyReason, visibleTokens } from "./filter";
import { TokenFormModal, useTokenModalForm } from "./form-modal";
import { InitSolButton } from "./init-sol";
import "./tokens.css";

export function TokenList() {
  const table = useTable<Token, HttpError>({
    resource: "tokens",
    syncWithLocation: true,
    pagination: { pageSize: PAGE_SIZE },
    // ListTable shows a load error in place with Retry; a toast would say it twice.
    errorNotification: false,
  });
  const [search, setSearch] = useState("");
  const [showInactive, setShowInactive] = useState(false);
  const createForm = useTokenModalForm("create");
  const editForm = useTokenModalForm("edit");
  const { mutate: update } = useUpdate<Token, HttpError, Pick<Token, "isActive">>();
  const [togglingId, setTogglingId] = useState<Token["id"]>();

  const loaded = useMemo(() => [...(table.tableProps.dataSource ?? [])], [table.tableProps.dataSource]);
  const view = { search, showInactive };
  const rows = visibleTokens(loaded, view);
  const hiddenInactive = showInactive ? 0 : loaded.filter((token) => !token.isActive).length;

  const toggleActive = (token: Token) => {
    setTogglingId(token.id);
    update(
      { resource: "tokens", id: token.id, values: { isActive: !token.isActive }, mutationMode: "pessimistic" },
      { onSettled: () => setTogglingId(undefined) },
    );
  };

  const columns = tokenColumns({ onEdit: (token) => editForm.open(token), onToggleActive: toggleActive, togglingId });

  return (
    <>
      <PageHeader
        title="Token Management"
        subtitle="Manage SPL token whitelist"
        extra={
          <>
            <InitSolButton />
            <Button type="primary" icon={<PlusOutlined />} onClick={() => createForm.open()}>
              Add Token
            </Button>
          </>
        }
      />

      <div className="token-toolbar">
        <div className="token-toolbar__search">
          <Input
            allowClear
            prefix={<SearchOutlined aria-hidden />}
            placeholder="Search tokens..."
            aria-label="Search tokens"
            aria-describedby="token-search-hint"
            value={search}
            onChange={(event) => setSearch(event.target.value)}
          />
          <span id="token-search-hint" className="token-toolbar__hint">
            Searches this page by symbol, name or mint
          </span>
        </div>
        <label className="token-toolbar__toggle">
          <Switch size="small" checked={showInactive} onChange={setShowInactive} />
          <span>Show inactive</span>
          {hiddenInactive > 0 ? <span className="token-toolbar__hint">({hiddenInactive} hidden)</span> : null}
        </label>
      </div>

      <ListTable<Token>
        table={table}
        columns={columns}
        rowKey="id"
        dataSource={rows}
        emptyText={emptyReason(loaded, view)}
      />

      <TokenFormModal form={createForm} />
      <TokenFormModal form={editForm} />
    </>
  );
}
