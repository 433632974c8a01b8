// Beyond the core API: what the dispute payouts confirmed in a period paid, per token
// (GET /admin/settlements/totals), over the last SETTLEMENT_TOTALS_DAYS days until the admin picks
// other days. An API without the call (404) shows no totals at all, and is not asked again.
import { lazy, Suspense, useId, useState } from "react";
import { useCustom, type HttpError } from "@refinedev/core";
import dayjs from "dayjs";
import { SETTLEMENT_TOTALS_DAYS } from "@/config";
import { QueryError } from "@/components/list/list-error";
import { Amount } from "@/components/value/amount";
import { endpoints } from "@/providers/endpoints";
import { useKnownMissing, useRememberMissing } from "@/providers/query-policy";
import type { SettlementTotal, SettlementTotals as Totals } from "@contract";
import "@/styles/kit.css";

// The date picker is heavy: its chunk is the filter bar's own, loaded once the totals are shown.
const DateRangeBox = lazy(() => import("@/components/list/date-range"));

/** What useKnownMissing remembers a 404 under. */
const CALL = "settlementTotals";

/** The default period: the last SETTLEMENT_TOTALS_DAYS days, today included, in the admin's time zone. */
const lastDays = () => ({
  from: dayjs()
    .subtract(SETTLEMENT_TOTALS_DAYS - 1, "day")
    .startOf("day")
    .toISOString(),
  to: dayjs().endOf("day").toISOString(),
});

const payouts = (n: number) => `${n} ${n === 1 ? "payout" : "payouts"}`;

function TokenTotal({ total }: { total: SettlementTotal }) {
  const currency = { symbol: total.symbol, decimals: total.decimals };
  return (
    <li className="settlements-totals__token">
      <strong className="settlements-amount">
        <Amount value={total.total} currency={currency} />
      </strong>
      <span className="settlements-muted">
        to buyers <Amount className="settlements-amount" value={total.buyer} currency={currency} />, to sellers{" "}
        <Amount className="settlements-amount" value={total.seller} currency={currency} /> · {payouts(total.payouts)}
      </span>
    </li>
  );
}

export function SettlementTotals() {
  const titleId = useId();
  const [period, setPeriod] = useState(lastDays);
  const known = useKnownMissing(CALL);
  const { query } = useCustom<Totals, HttpError>({
    url: endpoints.settlementTotals,
    method: "get",
    // An open end is left out of the query: the server reads it as unbounded.
    config: { query: { ...(period.from ? { from: period.from } : {}), ...(period.to ? { to: period.to } : {}) } },
    // Said in the section; a 404 is not an error here but an API without the call.
    errorNotification: false,
    queryOptions: { enabled: !known },
  });
  const missing = useRememberMissing(CALL, query.error);
  if (known || missing) return null;

  const tokens = query.data?.data.tokens;
  let body;
  if (query.isError) body = <QueryError title="Could not load the totals paid" query={query} />;
  else if (!tokens) body = <p className="settlements-muted">Loading…</p>;
  else if (tokens.length === 0) body = <p className="settlements-muted">No payouts confirmed in this period</p>;
  else
    body = (
      <ul className="settlements-totals__tokens">
        {tokens.map((total) => (
          <TokenTotal key={`${total.mint ?? "SOL"}|${total.symbol}`} total={total} />
        ))}
      </ul>
    );

  return (
    <section className="settlements-totals kit-panel" aria-labelledby={titleId}>
      <div className="settlements-totals__head">
        <h2 className="settlements-totals__title" id={titleId}>
          Paid out
        </h2>
        <Suspense fallback={<span className="settlements-totals__period" />}>
          <span className="settlements-totals__period">
            <DateRangeBox
              id="settlement-totals"
              label="Period of the totals paid"
              from={period.from}
              to={period.to}
              onChange={(from, to) => setPeriod({ from, to })}
            />
          </span>
        </Suspense>
      </div>
      {body}
    </section>
  );
}
