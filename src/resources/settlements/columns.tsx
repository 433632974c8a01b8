// Beyond the core API: the settlement queue's columns, few enough to fit a laptop with the Actions
// column in view (the status carries the last error, the transaction its attempts); a phone gets each
// settlement's summary (order, status, amounts, time) and its actions, as Orders does.
import { Typography } from "antd";
import type { ColumnsType } from "antd/es/table";
import { CheckOutlined, CloseOutlined, RedoOutlined } from "@ant-design/icons";
import { SHORTEN } from "@/config";
import { Address } from "@/components/value/address";
import { actionsColumn, RowAction, RowActions } from "@/components/list/row-actions";
import { RecordLink } from "@/components/record/record-link";
import { Amount, PayoutAmount } from "@/components/value/amount";
import { Badge, type BadgeColor } from "@/components/value/badges";
import { Hint } from "@/components/value/hint";
import { QuotedReason } from "@/components/value/quoted-reason";
import { formatDate, formatSol, head, shortWallet } from "@/utils/format";
import type { Payout, Settlement, SettlementKind, SettlementQueueStatus } from "@contract";
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
  const attempts = `${settlement.attempts} ${settlement.attempts === 1 ? "attempt" : "attempts"}`;
  if (!hint) return <span>{attempts}</span>;
  const resent = settlement.broadcasts && settlement.broadcasts > 1 ? ` · sent ${settlement.broadcasts}×` : "";
  return (
    <Hint title={hint}>
      <span tabIndex={0}>
        {attempts}
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
  /** A phone: the reduced set, each settlement's summary and its actions. */
  phone?: boolean;
}

const RESOLUTION_LABEL = Object.fromEntries(RESOLUTION_OPTIONS.map((option) => [option.value, option.label]));
const PARTY: Readonly<Record<Payout["party"], string>> = { buyer: "Buyer", seller: "Seller" };

/** Whether what a row shows was paid, is still to be paid, or never will be (nothing was sent). */
const PAID_STATE: Readonly<Record<SettlementQueueStatus, string | null>> = {
  confirmed: null,
  awaiting_approval: "Not paid yet",
  pending: "Not paid yet",
  submitted: "Being paid",
  failed: "Not paid",
  rejected: "Not paid",
  expired: "Not paid",
};

/**
 * A dispute payout's amounts, party by party, in its token: what the server says it paid or pays
 * (`amounts`), else a proposal's previewed payouts; "—" for a settlement that pays nobody.
 */
export function SettlementAmounts({ settlement }: { settlement: Settlement }) {
  const { amounts, payouts, status } = settlement;
  const lines = amounts
    ? (["buyer", "seller"] as const).map((party) => ({
        party,
        amount: <Amount value={amounts[party]} currency={{ symbol: amounts.symbol, decimals: amounts.decimals }} />,
      }))
    : (payouts ?? []).map((payout) => ({ party: payout.party, amount: <PayoutAmount payout={payout} /> }));
  if (lines.length === 0) return <>—</>;
  const state = PAID_STATE[status];
  return (
    <div className="settlements-amounts">
      {lines.map(({ party, amount }) => (
        <span key={party} className="settlements-amounts__line">
          <span className="settlements-amounts__party">{PARTY[party]}</span> <span className="settlements-amount">{amount}</span>
        </span>
      ))}
      {state ? <span className="settlements-muted">{state}</span> : null}
    </div>
  );
}

/** A dispute payout's decision: the resolution, the reason, and a proposal's end. */
function Decision({ settlement }: { settlement: Settlement }) {
  const { resolution, refundPercentage, adminNotes, expiresAt } = settlement;
  if (!resolution) return <>—</>;
  return (
    <div className="settlements-decision">
      <span>
        {RESOLUTION_LABEL[resolution] ?? resolution}
        {resolution === "PARTIAL_REFUND" && refundPercentage != null ? ` (${refundPercentage}% to the buyer)` : ""}
      </span>
      {adminNotes ? <QuotedReason text={adminNotes} /> : null}
      {isProposal(settlement) && expiresAt ? <span className="settlements-muted">Expires {formatDate(expiresAt)}</span> : null}
    </div>
  );
}

/** What is settled: the order (its record opens), or the marketplace's initialization. */
function Subject({ settlement }: { settlement: Settlement }) {
  const { orderId } = settlement;
  if (!orderId) return <>{SETTLEMENT_KIND_LABELS[settlement.kind] ?? settlement.kind}</>;
  const name = head(orderId, SHORTEN.orderId);
  return (
    <RecordLink resource="orders" id={orderId} label={`Open order ${name}`}>
      <span className="settlements-id">{name}</span>
    </RecordLink>
  );
}

/** The status, and under it why the row failed (or why its outcome is not known yet). */
function Status({ settlement }: { settlement: Settlement }) {
  const { status, lastError } = settlement;
  return (
    <div className="settlements-status">
      <Badge color={STATUS_COLOR[status]}>{SETTLEMENT_STATUS_LABELS[status] ?? status}</Badge>
      {lastError ? <span className="settlements-error">{lastError}</span> : null}
    </div>
  );
}

/** The latest transaction (an explorer link where its cluster has one) over the attempts. */
function Transaction({ settlement }: { settlement: Settlement }) {
  return (
    <div className="settlements-transaction">
      {settlement.signature ? (
        <Address
          value={settlement.signature}
          display={head(settlement.signature, SHORTEN.signature)}
          kind="tx"
          // A row without a cluster came from a server that does not say: assume the console's.
          cluster={settlement.cluster ?? undefined}
        />
      ) : (
        <span>—</span>
      )}
      <Attempts settlement={settlement} />
    </div>
  );
}

/** The last change, date over time so the column stays narrow; when the row was created, on hover. */
function Updated({ settlement }: { settlement: Settlement }) {
  const [date, time] = formatDate(settlement.updatedAt).split(", ");
  return (
    <Hint title={`Created ${formatDate(settlement.createdAt)}`}>
      <span className="settlements-date" tabIndex={0}>
        <span>{time ? `${date},` : date}</span> {time ? <span>{time}</span> : null}
      </span>
    </Hint>
  );
}

/** Approve / Reject for every admin but the proposer, who is told whom the proposal waits for. */
function ProposalButtons({ settlement, proposals }: { settlement: Settlement; proposals: SettlementColumnOptions["proposals"] }) {
  if (settlement.requestedBy && settlement.requestedBy === proposals.me)
    return <span className="settlements-waiting">Waiting for another admin</span>;
  const busy = proposals.busy !== undefined;
  const name = head(settlement.orderId ?? settlement.id, SHORTEN.orderId);
  return (
    <RowActions>
      <RowAction
        hint="Approve"
        access={{ resource: "settlements", action: "approve" }}
        label={`Approve the payout of order ${name}`}
        icon={<CheckOutlined />}
        loading={proposals.busy === settlement.id}
        disabled={busy}
        onClick={() => void proposals.approve(settlement)}
      />
      <RowAction
        hint="Reject"
        access={{ resource: "settlements", action: "reject" }}
        label={`Reject the payout of order ${name}`}
        icon={<CloseOutlined />}
        danger
        disabled={busy}
        onClick={() => void proposals.reject(settlement)}
      />
    </RowActions>
  );
}

function Actions({ settlement, onRetry, retrying, proposals }: { settlement: Settlement } & SettlementColumnOptions) {
  if (isProposal(settlement)) return <ProposalButtons settlement={settlement} proposals={proposals} />;
  if (settlement.status !== "failed") return null;
  return (
    <RowActions>
      <RowAction
        hint="Retry"
        access={{ resource: "settlements", action: "retry" }}
        label={`Retry settlement ${head(settlement.id, SHORTEN.orderId)}`}
        icon={<RedoOutlined />}
        loading={retrying === settlement.id}
        disabled={retrying !== undefined && retrying !== settlement.id}
        onClick={() => onRetry(settlement)}
      />
    </RowActions>
  );
}

/** A phone's row: the order and status, the amounts, the last change and, when failed, why. */
function SettlementSummary({ settlement }: { settlement: Settlement }) {
  return (
    <div className="settlements-summary">
      <div className="settlements-summary__head">
        <Subject settlement={settlement} />
        <Badge color={STATUS_COLOR[settlement.status]}>{SETTLEMENT_STATUS_LABELS[settlement.status] ?? settlement.status}</Badge>
      </div>
      <SettlementAmounts settlement={settlement} />
      <span className="settlements-muted">Updated {formatDate(settlement.updatedAt)}</span>
      {settlement.lastError ? <span className="settlements-error">{settlement.lastError}</span> : null}
    </div>
  );
}

export function settlementColumns(options: SettlementColumnOptions): ColumnsType<Settlement> {
  const actions = actionsColumn<Settlement>((settlement) => <Actions settlement={settlement} {...options} />);
  // Eight columns need a laptop: a phone gets what an admin works from without scrolling sideways.
  if (options.phone)
    return [{ title: "Settlement", key: "summary", render: (_, settlement) => <SettlementSummary settlement={settlement} /> }, actions];
  return [
    { title: "Order", key: "order", render: (_, settlement) => <Subject settlement={settlement} /> },
    { title: "Status", key: "status", render: (_, settlement) => <Status settlement={settlement} /> },
    { title: "Amounts", key: "amounts", render: (_, settlement) => <SettlementAmounts settlement={settlement} /> },
    { title: "Decision", key: "decision", render: (_, settlement) => <Decision settlement={settlement} /> },
    {
      title: "Requested by",
      key: "requestedBy",
      render: (_, { requestedBy }) => (requestedBy ? <Address value={requestedBy} display={shortWallet(requestedBy)} /> : "—"),
    },
    { title: "Transaction", key: "signature", render: (_, settlement) => <Transaction settlement={settlement} /> },
    { title: "Updated", key: "updatedAt", render: (_, settlement) => <Updated settlement={settlement} /> },
    actions,
  ];
}
