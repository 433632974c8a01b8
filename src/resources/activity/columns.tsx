// Beyond the core API: the Activity screen's columns — when, which admin, what they did to which
// record (a link to it), why, and the proof: the transaction and the decision the admin's wallet
// signed.
import type { ColumnsType } from "antd/es/table";
import { Link } from "react-router";
import { SHORTEN } from "@/config";
import { actionLabel } from "@/components/history/audit-labels";
import { AdminName, ChangeList, legacyChangedFields } from "@/components/history/change-list";
import { SignedDecisionNote } from "@/components/history/signed-decision";
import { TransactionLine } from "@/components/history/transaction-line";
import { formatDate, head } from "@/utils/format";
import type { AuditEntry } from "@contract";
import { recordTypeNamed } from "@contract/resources";

/**
 * The record an entry names, as its link reads: "User Alice", "Product Desk lamp"; a record without a name
 * (deleted for good, or an API that sends none) by its short id, "User 3f2a…"; "Marketplace".
 */
export function targetText({ targetType, targetId, targetName }: Pick<AuditEntry, "targetType" | "targetId" | "targetName">): string {
  const record = recordTypeNamed(targetType);
  const type = record?.label ?? targetType;
  return record?.singleton ? type : `${type} ${targetName || head(targetId, SHORTEN.orderId)}`;
}

/** `recordUrl(type, id)`: where the entry's record opens (components/record/record-url.ts). */
export function activityColumns(recordUrl: (type: string, id: string) => string | undefined): ColumnsType<AuditEntry> {
  return [
    {
      title: "When",
      key: "when",
      render: (_, { createdAt }) => (
        <time className="activity__when" dateTime={createdAt}>
          {formatDate(createdAt)}
        </time>
      ),
    },
    {
      title: "Admin",
      key: "admin",
      render: (_, entry) => (
        <div className="activity__admin">
          <AdminName entry={entry} />
        </div>
      ),
    },
    {
      title: "Action",
      key: "action",
      render: (_, entry) => {
        const changed = legacyChangedFields(entry);
        return (
          <div className="activity__action">
            {actionLabel(entry.action, entry.after)}
            {changed.length ? <span className="activity__muted"> ({changed.join(", ")})</span> : null}
            <ChangeList entry={entry} />
          </div>
        );
      },
    },
    {
      title: "Record",
      key: "target",
      render: (_, entry) => {
        const url = recordUrl(entry.targetType, entry.targetId);
        const text = targetText(entry);
        return url ? (
          <Link className="activity__record" to={url} title={entry.targetId}>
            {text}
          </Link>
        ) : (
          <span className="activity__record" title={entry.targetId}>
            {text}
          </span>
        );
      },
    },
    {
      title: "Reason",
      key: "reason",
      render: (_, { reason }) => (reason ? <span className="activity__reason">{reason}</span> : <span className="activity__muted">—</span>),
    },
    {
      title: "Signature",
      key: "signature",
      render: (_, entry) =>
        entry.transactionSignature || entry.signedDecision ? (
          <div className="kit-history activity__proof">
            {entry.transactionSignature ? <TransactionLine signature={entry.transactionSignature} cluster={entry.cluster} /> : null}
            {entry.signedDecision ? <SignedDecisionNote decision={entry.signedDecision} /> : null}
          </div>
        ) : (
          <span className="activity__muted">—</span>
        ),
    },
  ];
}
