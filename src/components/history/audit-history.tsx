// A record's recent admin actions (beyond the core API): who (by name), what (each field before → after),
// when, why and the transaction.
// Production APIs may not have the audit trail: a 404 hides the section without a word, and the
// console stops asking for the rest of the session.
import { useId } from "react";
import { useCustom } from "@refinedev/core";
import { useKnownMissing, useRememberMissing } from "@/providers/query-policy";
import { endpoints } from "@/providers/endpoints";
import type { AuditEntry, PagedList } from "@contract";
import type { AuditTargetType } from "@contract/resources";
import { formatDate } from "@/utils/format";
import { actionLabel } from "@/components/history/audit-labels";
import { AdminName, ChangeList, legacyChangedFields } from "@/components/history/change-list";
import { SignedDecisionNote } from "@/components/history/signed-decision";
import { LoadFailed, Loading } from "@/components/history/load-state";
import { TransactionLine } from "@/components/history/transaction-line";
import "@/styles/kit.css";

export type { AuditTargetType };

export interface AuditHistoryProps {
  targetType: AuditTargetType;
  targetId: string | number | null | undefined;
  /** Entries shown, newest first. Default 10. */
  limit?: number;
}

export function AuditHistory({ targetType, targetId, limit = 10 }: AuditHistoryProps) {
  const titleId = useId();
  const unavailable = useKnownMissing("audit");
  const id = targetId === null || targetId === undefined ? "" : String(targetId);

  const { query } = useCustom<PagedList<AuditEntry>>({
    url: endpoints.audit,
    method: "get",
    config: { query: { targetType, targetId: id, page: 1, limit } },
    errorNotification: false,
    queryOptions: {
      enabled: Boolean(id) && !unavailable,
      // Every open shows what happened since the last one (a modal remounts this on open).
      staleTime: 0,
    },
  });

  const notFound = useRememberMissing("audit", query.error);

  if (!id || unavailable || notFound) return null;

  // Refine keeps the previous record's data as a placeholder; another record's history is not this one's.
  const entries = query.isPlaceholderData ? undefined : query.data?.data.items;

  return (
    <section className="kit-history" aria-labelledby={titleId}>
      <h3 className="kit-history__title" id={titleId}>
        History
      </h3>
      {query.isError ? (
        <LoadFailed query={query} what="the history" />
      ) : !entries ? (
        <Loading text="Loading history..." />
      ) : entries.length === 0 ? (
        <p className="kit-history__muted">No admin actions yet</p>
      ) : (
        <ul className="kit-history__list">
          {entries.map((entry) => (
            <HistoryEntry key={entry.id} entry={entry} />
          ))}
        </ul>
      )}
    </section>
  );
}

function HistoryEntry({ entry }: { entry: AuditEntry }) {
  const changed = legacyChangedFields(entry);
  return (
    <li className="kit-history__entry">
      <div className="kit-history__head">
        <span className="kit-history__action">{actionLabel(entry.action, entry.after)}</span>
        {changed.length ? <span className="kit-history__meta">({changed.join(", ")})</span> : null}
        <time className="kit-history__meta" dateTime={entry.createdAt}>
          {formatDate(entry.createdAt)}
        </time>
        <span className="kit-history__meta">
          by <AdminName entry={entry} />
        </span>
      </div>
      <ChangeList entry={entry} />
      {entry.reason ? <p className="kit-history__reason">Reason: {entry.reason}</p> : null}
      {entry.transactionSignature ? <TransactionLine signature={entry.transactionSignature} cluster={entry.cluster} /> : null}
      {entry.signedDecision ? <SignedDecisionNote decision={entry.signedDecision} /> : null}
    </li>
  );
}
