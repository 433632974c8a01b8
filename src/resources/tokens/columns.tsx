// The Token Management table's columns: Logo, Symbol, Name, Mint Address, Decimals,
// Status and Actions; and Risk (beyond the core API) when the API reports it.
import { CheckCircleOutlined, EditOutlined, StopOutlined } from "@ant-design/icons";
import type { TableColumnsType } from "antd";
import { actionsColumn, RowAction, RowActions } from "@/components/list/row-actions";
import type { DialogIntent } from "@/components/routing/lazy-dialog";
import { Address } from "@/components/value/address";
import { Avatar } from "@/components/value/avatar";
import { FlagBadge } from "@/components/value/badges";
import { shortMint } from "@/utils/format";
import type { Token } from "@contract";
import { RiskBadge } from "./risk";

export interface TokenColumnActions {
  onEdit: (token: Token) => void;
  /** The Edit buttons' pointer and focus handlers (they fetch the modal's code). */
  editIntent?: DialogIntent;
  onToggleActive: (token: Token) => void;
  /** The token whose activate/deactivate call is in flight. */
  togglingId?: Token["id"];
  /** Show the Risk column (the API reports each mint's on-chain check). */
  showRisk?: boolean;
}

/** Without a logo, the first 2 letters of the symbol (also the fallback when the image fails). */
export function TokenLogo({ token }: { token: Token }) {
  return <Avatar className="token-logo" src={token.logoUrl} alt={`${token.symbol} logo`} text={token.symbol.slice(0, 2)} />;
}

export function tokenColumns({
  onEdit,
  editIntent,
  onToggleActive,
  togglingId,
  showRisk = false,
}: TokenColumnActions): TableColumnsType<Token> {
  return [
    { key: "logo", title: "Logo", width: 72, render: (_, token) => <TokenLogo token={token} /> },
    { key: "symbol", title: "Symbol", dataIndex: "symbol", render: (symbol: string) => <strong>{symbol}</strong> },
    { key: "name", title: "Name", dataIndex: "name" },
    {
      key: "mintAddress",
      title: "Mint Address",
      dataIndex: "mintAddress",
      render: (mint: string) => <Address value={mint} display={shortMint(mint)} kind="address" />,
    },
    { key: "decimals", title: "Decimals", dataIndex: "decimals", align: "right" },
    {
      key: "status",
      title: "Status",
      dataIndex: "isActive",
      render: (isActive: boolean) => <FlagBadge value={isActive} trueText="Active" falseText="Inactive" />,
    },
    ...(showRisk ? [{ key: "risk", title: "Risk", dataIndex: "risk", render: (risk: Token["risk"]) => <RiskBadge risk={risk} /> }] : []),
    actionsColumn<Token>((token) => {
      const verb = token.isActive ? "Deactivate" : "Activate";
      return (
        <RowActions>
          <RowAction
            hint="Edit"
            access={{ resource: "tokens", action: "edit" }}
            label={`Edit ${token.symbol}`}
            icon={<EditOutlined />}
            onClick={() => onEdit(token)}
            {...editIntent}
          />
          <RowAction
            hint={verb}
            access={{ resource: "tokens", action: "edit" }}
            label={`${verb} ${token.symbol}`}
            danger={token.isActive}
            icon={token.isActive ? <StopOutlined /> : <CheckCircleOutlined />}
            loading={togglingId === token.id}
            disabled={togglingId !== undefined && togglingId !== token.id}
            onClick={() => onToggleActive(token)}
          />
        </RowActions>
      );
    }),
  ];
}
