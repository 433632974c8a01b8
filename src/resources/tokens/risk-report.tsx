// The Edit Token modal's mint report (GET /tokens/admin/{id}/risk, beyond the core API): the mint's
// program, decimals and authorities on chain, why it would be refused or what to watch, and each
// Token-2022 extension judged. The server reads the chain on every open. An API without the call
// (404) hides the section without a word, and the console stops asking for the session.
import { useId } from "react";
import { Alert } from "antd";
import { useCustom } from "@refinedev/core";
import { Address } from "@/components/value/address";
import { Badge } from "@/components/value/badges";
import { LoadFailed, Loading } from "@/components/history/load-state";
import { endpoints } from "@/providers/endpoints";
import { useKnownMissing, useRememberMissing } from "@/providers/query-policy";
import { formatDate, shortWallet } from "@/utils/format";
import type { MintRiskReport } from "@contract";
import { Lines, PROGRAM_LABEL } from "./risk";
import "@/styles/kit.css";

const TONE = { reject: "error", warn: "warning", info: "neutral" } as const;

const authority = (key: string | null) => (key ? <Address value={key} display={shortWallet(key)} /> : "None");

export function MintRiskSection({ tokenId }: { tokenId: string }) {
  const titleId = useId();
  const unavailable = useKnownMissing("tokenRisk");
  const { query } = useCustom<MintRiskReport>({
    url: endpoints.tokenRisk(tokenId),
    method: "get",
    errorNotification: false,
    // Each open reads the chain again: a mint can change after it was whitelisted.
    queryOptions: { enabled: !unavailable, staleTime: 0 },
  });
  const notFound = useRememberMissing("tokenRisk", query.error);
  if (unavailable || notFound) return null;
  // Refine keeps the previous token's report as a placeholder; another mint's report is not this one's.
  const report = query.isPlaceholderData ? undefined : query.data?.data;

  return (
    <section className="kit-history" aria-labelledby={titleId}>
      <h3 className="kit-history__title" id={titleId}>
        Mint risk
      </h3>
      {query.isError ? (
        <LoadFailed query={query} what="the mint's risk report" />
      ) : !report ? (
        <Loading text="Reading the mint on chain..." />
      ) : (
        <Report report={report} />
      )}
    </section>
  );
}

function Report({ report }: { report: MintRiskReport }) {
  return (
    <>
      {report.refusals.length > 0 ? (
        <Alert type="error" showIcon message="Refused: not safe to settle in" description={<Lines items={report.refusals} />} />
      ) : null}
      {report.warnings.length > 0 ? (
        <Alert type="warning" showIcon message="Warnings" description={<Lines items={report.warnings} />} />
      ) : null}
      <dl className="kit-history__meta">
        <dt>Program</dt>
        <dd>{report.program ? PROGRAM_LABEL[report.program] : "Unknown"}</dd>
        <dt>Decimals on chain</dt>
        <dd>{report.decimals ?? "Unknown"}</dd>
        <dt>Mint authority</dt>
        <dd>{authority(report.mintAuthority)}</dd>
        <dt>Freeze authority</dt>
        <dd>{authority(report.freezeAuthority)}</dd>
        <dt>Checked</dt>
        <dd>{formatDate(report.checkedAt)}</dd>
      </dl>
      {report.extensions.length === 0 ? (
        <p className="kit-history__muted">No token extensions</p>
      ) : (
        <ul className="kit-history__list" aria-label="Token extensions">
          {report.extensions.map((extension) => (
            <li key={extension.type} className="kit-history__entry">
              <div className="kit-history__head">
                <span className="kit-history__action">{extension.name}</span>
                <Badge color={TONE[extension.verdict]}>{extension.verdict}</Badge>
              </div>
              <p className="kit-history__reason">{extension.detail}</p>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
