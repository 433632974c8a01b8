// Beyond the core API: the Screening list's columns: what met the address and when, the order (or
// mint), the party and its wallet, the list and entry, what was paid when, and the hit's status with
// its acknowledgement; a phone gets each hit's summary and its action.
import type { ColumnsType } from "antd/es/table";
import { CheckOutlined } from "@ant-design/icons";
import { SHORTEN } from "@/config";
import { Address } from "@/components/value/address";
import { actionsColumn, RowAction, RowActions } from "@/components/list/row-actions";
import { RecordLink } from "@/components/record/record-link";
import { Amount } from "@/components/value/amount";
import { Badge } from "@/components/value/badges";
import { QuotedReason } from "@/components/value/quoted-reason";
import { formatDate, head, shortWallet } from "@/utils/format";
import type { ScreeningHit } from "@contract";
import { SCREENING_STATUS_LABELS } from "./filters";

export const HIT_KIND_LABELS: Readonly<Record<ScreeningHit["kind"], string>> = {
  sign_in: "Sign-in refused",
  payout: "Payout refused",
  token: "Whitelisting refused",
  rescreen: "Re-screen",
};

export const PARTY_LABELS: Readonly<Record<ScreeningHit["party"], string>> = {
  buyer: "Buyer",
  seller: "Seller",
  admin: "Admin",
  mint: "Mint",
  mint_authority: "Mint authority",
  freeze_authority: "Freeze authority",
};

/** The order the hit is about (its record opens), or the mint; "—" for an admin's sign-in. */
function Subject({ hit }: { hit: ScreeningHit }) {
  if (hit.orderId) {
    const name = head(hit.orderId, SHORTEN.orderId);
    return (
      <RecordLink resource="orders" id={hit.orderId} label={`Open order ${name}`}>
        <span className="screening-id">{name}</span>
      </RecordLink>
    );
  }
  if (hit.tokenMint) return <Address value={hit.tokenMint} display={shortWallet(hit.tokenMint)} />;
  return <>—</>;
}

function Party({ hit }: { hit: ScreeningHit }) {
  return (
    <div className="screening-stack">
      <span>{PARTY_LABELS[hit.party] ?? hit.party}</span>
      <Address value={hit.address} display={shortWallet(hit.address)} />
    </div>
  );
}

/** The list, its entry and reason, and the version that decided (its first 8 hex digits). */
function Entry({ hit }: { hit: ScreeningHit }) {
  return (
    <div className="screening-stack">
      <span className="screening-list">{hit.listName}</span>
      {hit.entryId || hit.entryReason ? (
        <span className="screening-muted">{[hit.entryId, hit.entryReason].filter(Boolean).join(": ")}</span>
      ) : null}
      <span className="screening-muted">Version {hit.listVersion.slice(0, 8)}</span>
    </div>
  );
}

export function Paid({ hit }: { hit: ScreeningHit }) {
  if (!hit.paid) return <span className="screening-muted">Nothing paid</span>;
  return (
    <div className="screening-stack">
      <Amount value={hit.paid.amount} currency={{ symbol: hit.paid.symbol, decimals: hit.paid.decimals }} />
      <span className="screening-muted">{formatDate(hit.paid.at)}</span>
    </div>
  );
}

function Status({ hit }: { hit: ScreeningHit }) {
  return (
    <div className="screening-stack">
      <Badge color={hit.status === "open" ? "error" : "neutral"}>{SCREENING_STATUS_LABELS[hit.status] ?? hit.status}</Badge>
      {hit.acknowledgement ? <QuotedReason text={hit.acknowledgement} /> : null}
      {hit.acknowledgedBy ? <span className="screening-muted">by {shortWallet(hit.acknowledgedBy)}</span> : null}
    </div>
  );
}

function Found({ hit }: { hit: ScreeningHit }) {
  return (
    <div className="screening-stack">
      <span>{HIT_KIND_LABELS[hit.kind] ?? hit.kind}</span>
      <span className="screening-muted">{formatDate(hit.createdAt)}</span>
    </div>
  );
}

export interface ScreeningColumnOptions {
  onAcknowledge: (hit: ScreeningHit) => void;
  /** The hit whose acknowledgement is in flight. */
  acknowledging?: string;
  phone?: boolean;
}

function Actions({ hit, onAcknowledge, acknowledging }: { hit: ScreeningHit } & ScreeningColumnOptions) {
  if (hit.status !== "open") return null;
  return (
    <RowActions>
      <RowAction
        hint="Acknowledge"
        label={`Acknowledge the hit on ${shortWallet(hit.address)}`}
        icon={<CheckOutlined />}
        loading={acknowledging === hit.id}
        disabled={acknowledging !== undefined && acknowledging !== hit.id}
        onClick={() => onAcknowledge(hit)}
        access={{ resource: "screening", action: "acknowledge" }}
      />
    </RowActions>
  );
}

/** A phone's row: the party on its list, the order, what was paid, and the status. */
function HitSummary({ hit }: { hit: ScreeningHit }) {
  return (
    <div className="screening-stack">
      <div className="screening-summary__head">
        <span>
          {PARTY_LABELS[hit.party] ?? hit.party} on <span className="screening-list">{hit.listName}</span>
        </span>
        <Badge color={hit.status === "open" ? "error" : "neutral"}>{SCREENING_STATUS_LABELS[hit.status] ?? hit.status}</Badge>
      </div>
      <Address value={hit.address} display={shortWallet(hit.address)} />
      {hit.orderId || hit.tokenMint ? (
        <span>
          {hit.orderId ? "Order " : "Mint "}
          <Subject hit={hit} />
        </span>
      ) : null}
      {hit.paid ? (
        <span>
          Paid <Amount value={hit.paid.amount} currency={{ symbol: hit.paid.symbol, decimals: hit.paid.decimals }} /> on{" "}
          {formatDate(hit.paid.at)}
        </span>
      ) : (
        <span className="screening-muted">Nothing paid</span>
      )}
      <span className="screening-muted">
        {HIT_KIND_LABELS[hit.kind] ?? hit.kind} · {formatDate(hit.createdAt)}
      </span>
    </div>
  );
}

export function screeningColumns(options: ScreeningColumnOptions): ColumnsType<ScreeningHit> {
  const actions = actionsColumn<ScreeningHit>((hit) => <Actions hit={hit} {...options} />);
  if (options.phone) return [{ title: "Hit", key: "summary", render: (_, hit) => <HitSummary hit={hit} /> }, actions];
  return [
    { title: "Found", key: "found", render: (_, hit) => <Found hit={hit} /> },
    { title: "Order", key: "order", render: (_, hit) => <Subject hit={hit} /> },
    { title: "Party", key: "party", render: (_, hit) => <Party hit={hit} /> },
    { title: "List and entry", key: "list", render: (_, hit) => <Entry hit={hit} /> },
    { title: "Paid", key: "paid", render: (_, hit) => <Paid hit={hit} /> },
    { title: "Status", key: "status", render: (_, hit) => <Status hit={hit} /> },
    actions,
  ];
}
