// The dashboard's settlement authority: the cluster it settles on, its address and SOL
// balance, and a warning when that balance pays for fewer than AUTHORITY_LOW_SETTLEMENTS settlements
// (a payout that cannot pay its fee fails after the admin has decided). Hidden where the API has no
// authority to report on.
import { Alert } from "antd";
import { AUTHORITY_LOW_SETTLEMENTS, SETTLEMENTS_COVERED_MAX } from "@contract";
import { Address } from "@/components/value/address";
import { QueryError } from "@/components/list/list-error";
import { Amount } from "@/components/value/amount";
import { clusterLabel, formatSol, SOL_CURRENCY } from "@/utils/format";
import { useAuthorityHealth } from "./use-authority-health";
import "@/styles/kit.css";
import "./authority.css";

const numberFormat = new Intl.NumberFormat("en-US");

export function AuthorityCard() {
  const { health, query, absent } = useAuthorityHealth();
  if (absent) return null;

  let body;
  if (query.isError) {
    body = <QueryError title="Could not load the settlement authority" query={query} />;
  } else if (!health) {
    body = <p className="authority-card__muted">Loading…</p>;
  } else {
    body = (
      <>
        <dl className="authority-card__facts">
          <dt>Cluster</dt>
          <dd>{clusterLabel(health.cluster)}</dd>
          <dt>Authority</dt>
          <dd>
            <Address value={health.authority} cluster={health.cluster} />
          </dd>
          <dt>Balance</dt>
          <dd>
            <Amount value={health.lamports} currency={SOL_CURRENCY} />
            <span className="authority-card__muted">
              {" · enough for "}
              {health.settlementsCovered >= SETTLEMENTS_COVERED_MAX ? "over " : ""}
              {numberFormat.format(health.settlementsCovered)} settlements
            </span>
          </dd>
        </dl>
        {health.low ? (
          <Alert
            type="warning"
            showIcon
            message="Low authority balance"
            description={`It pays for only ${numberFormat.format(health.settlementsCovered)} more settlements' fees and rents (${formatSol(health.settlementCostLamports)} each at most), fewer than ${AUTHORITY_LOW_SETTLEMENTS}. Send SOL to the authority before resolving more disputes.`}
          />
        ) : null}
      </>
    );
  }

  return (
    <section className="authority-card kit-panel" aria-labelledby="authority-card-title">
      <h2 className="authority-card__title" id="authority-card-title">
        Settlement authority
      </h2>
      {body}
    </section>
  );
}
