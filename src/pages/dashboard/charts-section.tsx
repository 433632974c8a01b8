// The dashboard's charts (beyond the core API) under the user stat cards: orders and disputes per
// day, volume by token, status mix and the median time to resolve, from GET /admin/orders/stats/daily.
// This module is in the dashboard's chunk and holds no chart code: the charts (and @ant-design/plots,
// far bigger than the rest of the page) are a chunk of their own, fetched once there is data to draw
// and the section is in view, so the stat cards never wait for them, and a phone, where the cards fill
// the first screen, neither downloads nor runs that code until the admin scrolls to the charts.
// An API without the call (404) shows no section at all.
import { lazy, Suspense, useId, type CSSProperties } from "react";
import { useInView } from "react-intersection-observer";
import { useCustom, type HttpError } from "@refinedev/core";
import { theme } from "antd";
import { DAILY_STATS_DAYS, type OrderDailyStats } from "@contract";
import { QueryError } from "@/components/list/list-error";
import { endpoints } from "@/providers/endpoints";
import { useKnownMissing, useRememberMissing } from "@/providers/query-policy";
import { CHART_TITLES } from "./chart-titles";

const Charts = lazy(() => import("./charts"));

/** What useKnownMissing remembers a 404 under. */
const CALL = "orderDailyStats";

export function ChartsSection() {
  const titleId = useId();
  const { token } = theme.useToken();
  const days = DAILY_STATS_DAYS.default;
  const unavailable = useKnownMissing(CALL);
  const { ref, inView } = useInView({ triggerOnce: true });
  const { query } = useCustom<OrderDailyStats, HttpError>({
    url: endpoints.orderDailyStats,
    method: "get",
    config: { query: { days } },
    // The error is shown in the section with a Retry; a 404 is not an error here but an older API.
    errorNotification: false,
    queryOptions: { enabled: !unavailable },
  });
  const missing = useRememberMissing(CALL, query.error);
  if (unavailable || missing) return null;

  const stats = query.data?.data;
  let body;
  if (query.isError) {
    body = <QueryError title="Could not load the charts" query={query} />;
  } else if (!stats || !inView) {
    body = <ChartsSkeleton />;
  } else {
    body = (
      <Suspense fallback={<ChartsSkeleton />}>
        <Charts stats={stats} />
      </Suspense>
    );
  }

  return (
    <section ref={ref} className="dashboard-charts" aria-labelledby={titleId} style={themed(token)}>
      <h2 className="dashboard-charts__title" id={titleId}>
        Orders, last {days} days
      </h2>
      {body}
    </section>
  );
}

/** The section's surfaces and texts in the theme's colours (dashboard.css reads these). */
const themed = (token: ReturnType<typeof theme.useToken>["token"]) =>
  ({
    "--chart-bg": token.colorBgContainer,
    "--chart-border": token.colorBorderSecondary,
    "--chart-text": token.colorText,
    "--chart-muted": token.colorTextSecondary,
    "--chart-skeleton": token.colorFillSecondary,
  }) as CSSProperties;

/** The four charts' places, headed, while their data or their code is on its way. */
function ChartsSkeleton() {
  return (
    <div className="dashboard-charts__grid" role="status" aria-label="Loading charts">
      {CHART_TITLES.map((title) => (
        <div key={title} className="chart-card">
          <h3 className="chart-card__title">{title}</h3>
          {/* The note's line (a count, known with the data), kept so the card does not grow then. */}
          <p className="chart-card__note" aria-hidden="true">
            &nbsp;
          </p>
          <div className="chart-card__skeleton" aria-hidden="true" />
        </div>
      ))}
    </div>
  );
}
