// Beyond the core API: the settlement queue's columns.
import { Button, Space, Typography } from "antd";
import type { ColumnsType } from "antd/es/table";
import { CheckOutlined, CloseOutlined, RedoOutlined } from "@ant-design/icons";
import { SHORTEN } from "@/config";
import { Address } from "@/components/value/address";
import { PayoutAmount } from "@/components/value/amount";
import { CopyText } from "@/components/value/copy-text";
import { Badge, type BadgeColor } from "@/components/value/badges";
import { Hint } from "@/components/value/hint";
import { QuotedReason } from "@/components/value/quoted-reason";
import { formatDate, formatSol, head, shortWallet } from "@/utils/format";
import type { Settlement, SettlementKind, SettlementQueueStatus } from "@contract";
import { RESOLUTION_OPTIONS } from "../orders/dispute-options";
import { SETTLEMENT_STATUS_LABELS } from "./filters";
import { isProposal, type ProposalActions } from "./proposals";

export const SETTLEMENT_KIND_LABELS: Readonly<Record<SettlementKind, string>> = {
  dispute_payout: "Dispute payout",
  marketplace_initialization: "Marketplace initialization",
};

const STATUS_COLOR: Readonly<Record<SettlementQueueStatus, BadgeColor>> = {
  awaiting_approval: "warning",
  pending: "neutral",
  submitted: "info",
  confirmed: "success",
  failed: "error",
  rejected: "neutral",
  expired: "neutral",
};

/** How the latest transaction's landing went on a cluster with a fee market: its broadcasts and priority fee, in words. */
export function landingHint({
  broadcasts,
  priorityFeeLamports,
  computeUnitPrice,
  computeUnitLimit,
  computeUnitsUsed,
}: Settlement): string | null {
  const parts: string[] = [];
  if (broadcasts && broadcasts > 1) parts.push(`latest transaction sent ${broadcasts} times (re-broadcast until it landed or expired)`);
  if (priorityFeeLamports != null) {
    const used = computeUnitsUsed != null ? `, ${computeUnitsUsed} used` : "";
    parts.push(
      `priority fee ${formatSol(priorityFeeLamports)} (${computeUnitPrice ?? 0} micro-lamports × ${computeUnitLimit ?? 0} compute units${used})`,
    );
  }
  return parts.length ? parts.join("; ") : null;
}

/** The attempts, with the latest transaction's broadcasts beside them when it had to be sent again. */
function Attempts({ settlement }: { settlement: Settlement }) {
  const hint = landingHint(settlement);
  if (!hint) return <>{settlement.attempts}</>;
  const resent = settlement.broadcasts && settlement.broadcasts > 1 ? ` · sent ${settlement.broadcasts}×` : "";
  return (
    <Hint title={hint}>
      <span>
        {settlement.attempts}
        {resent ? <Typography.Text type="secondary">{resent}</Typography.Text> : null}
      </span>
    </Hint>
  );
}

export interface SettlementColumnOptions {
  onRetry: (settlement: Settlement) => void;
  /** The settlement whose retry is in flight. */
  retrying?: string;
  /** Approve / Reject of the proposals awaiting a second admin. */
  proposals: Pick<ProposalActions, "me" | "approve" | "reject" | "busy">;
}

const RESOLUTION_LABEL = Object.fromEntries(RESOLUTION_OPTIONS.map((option) => [option.value, option.label]));
const PARTY = { buyer: "Buyer", seller: "Seller" } as const;

/** A dispute payout's decision: the resolution, what each party gets in the token (a proposal's preview), and the reason. */
function Decision({ settlement }: { settlement: Settlement }) {
  const { resolution, refundPercentage, payouts, adminNotes, expiresAt } = settlement;
  if (!resolution) return <>—</>;
  return (
    <div className="settlements-decision">
      <span>
        {RESOLUTION_LABEL[resolution] ?? resolution}
        {resolution === "PARTIAL_REFUND" && refundPercentage != null ? ` (${refundPercentage}% to the buyer)` : ""}
      </span>
      {payouts?.map((payout) => (
        <span key={payout.party} className="orders-amount">
          {PARTY[payout.party]} receives <PayoutAmount payout={payout} />
        </span>
      ))}
      {adminNotes ? <QuotedReason text={adminNotes} /> : null}
      {isProposal(settlement) && expiresAt ? <span className="settlements-decision__expiry">Expires {formatDate(expiresAt)}</span> : null}
    </div>
  );
}

/** Approve / Reject for every admin but the proposer, who is told whom the proposal waits for. */
function ProposalButtons({ settlement, proposals }: { settlement: Settlement; proposals: SettlementColumnOptions["proposals"] }) {
  if (settlement.requestedBy && settlement.requestedBy === proposals.me)
    return <span className="settlements-waiting">Waiting for another admin</span>;
  const busy = proposals.busy !== undefined;
  const name = head(settlement.orderId ?? settlement.id, SHORTEN.orderId);
  return (
    <Space size="small">
      <Button
        size="small"
        type="primary"
        icon={<CheckOutlined />}
        loading={proposals.busy === settlement.id}
        disabled={busy}
        aria-label={`Approve the payout of order ${name}`}
        onClick={() => void proposals.approve(settlement)}
      >
        Approve
      </Button>
      <Button
        size="small"
        danger
        icon={<CloseOutlined />}
        disabled={busy}
        aria-label={`Reject the payout of order ${name}`}
        onClick={() => void proposals.reject(settlement)}
      >
        Reject
      </Button>
    </Space>
  );
}

export function settlementColumns({ onRetry, retrying, proposals }: SettlementColumnOptions): ColumnsType<Settlement> {
  return [
    {
      title: "Kind",
      key: "kind",
      render: (_, settlement) => SETTLEMENT_KIND_LABELS[settlement.kind] ?? settlement.kind,
    },
    {
      title: "Order",
      key: "order",
      render: (_, { orderId }) =>
        orderId ? (
          <CopyText className="mono" value={orderId} label="Copy order id">
            {head(orderId, SHORTEN.orderId)}
          </CopyText>
        ) : (
          "—"
        ),
    },
    {
      title: "Status",
      key: "status",
      render: (_, { status }) => <Badge color={STATUS_COLOR[status]}>{SETTLEMENT_STATUS_LABELS[status] ?? status}</Badge>,
    },
    { title: "Decision", key: "decision", render: (_, settlement) => <Decision settlement={settlement} /> },
    {
      title: "Requested by",
      key: "requestedBy",
      render: (_, { requestedBy }) => (requestedBy ? <Address value={requestedBy} display={shortWallet(requestedBy)} /> : "—"),
    },
    { title: "Attempts", key: "attempts", align: "right", render: (_, settlement) => <Attempts settlement={settlement} /> },
    {
      title: "Signature",
      key: "signature",
      render: (_, settlement) =>
        settlement.signature ? (
          <Address
            value={settlement.signature}
            display={head(settlement.signature, SHORTEN.signature)}
            kind="tx"
            // A row without a cluster came from a server that does not say: assume the console's.
            cluster={settlement.cluster ?? undefined}
          />
        ) : (
          "—"
        ),
    },
    {
      title: "Last error",
      key: "lastError",
      render: (_, { lastError }) => (lastError ? <span className="settlements-error">{lastError}</span> : "—"),
    },
    { title: "Created", key: "createdAt", render: (_, { createdAt }) => formatDate(createdAt) },
    { title: "Updated", key: "updatedAt", render: (_, { updatedAt }) => formatDate(updatedAt) },
    {
      title: "Actions",
      key: "actions",
      fixed: "right",
      render: (_, settlement) =>
        isProposal(settlement) ? (
          <ProposalButtons settlement={settlement} proposals={proposals} />
        ) : settlement.status === "failed" ? (
          <Button
            size="small"
            icon={<RedoOutlined />}
            loading={retrying === settlement.id}
            disabled={retrying !== undefined && retrying !== settlement.id}
            aria-label={`Retry settlement ${head(settlement.id, SHORTEN.orderId)}`}
            onClick={() => onRetry(settlement)}
          >
            Retry
          </Button>
        ) : null,
    },
  ];
}
