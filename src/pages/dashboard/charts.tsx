// The dashboard's four charts, drawn with @ant-design/plots (G2) from GET /admin/orders/stats/daily:
// this module is loaded lazily by charts-section.tsx, so the chart library is in this chunk alone.
// Colours come from antd's theme tokens, so the charts follow the console's theme (light or dark).
// Each chart is an image to assistive technology, labelled with what it shows in words.
import { useEffect, useMemo, useState, type ReactNode } from "react";
import { Bar, Column, Line, Pie } from "@ant-design/plots";
import { theme, type GlobalToken } from "antd";
import type { OrderDailyStats } from "@contract";
import { formatAmount, formatDay, formatDuration } from "@/utils/format";
import { CHART_TITLES } from "./chart-titles";

const CHART_HEIGHT = 240;
/** A chart's size: as tall as its place (Drawn), as wide as its card. */
const size = (height = CHART_HEIGHT) => ({ height, autoFit: true });
const numberFormat = new Intl.NumberFormat("en-US");
const count = (n: number) => numberFormat.format(n);

/** The axes, grid and legend in the theme's text and border colours. */
function chrome(token: GlobalToken) {
  const axis = {
    labelFill: token.colorTextSecondary,
    labelFillOpacity: 1,
    lineStroke: token.colorBorder,
    tickStroke: token.colorBorder,
    gridStroke: token.colorBorderSecondary,
    gridStrokeOpacity: 1,
    titleFill: token.colorTextSecondary,
  };
  return {
    axis: { x: { ...axis, labelAutoHide: true, labelAutoRotate: false, title: false }, y: { ...axis, title: false } },
    legend: { color: { itemLabelFill: token.colorText, itemLabelFillOpacity: 1, position: "bottom" as const } },
  };
}

/** Ticks for counts: whole numbers only (no "0.5 orders"), a 1, 2 or 5 times a power of ten apart. */
function wholeTicks(min: number, max: number, n = 5): number[] {
  const rough = Math.max(1, (max - min) / Math.max(n, 1));
  const power = 10 ** Math.floor(Math.log10(rough));
  const step = [1, 2, 5, 10].map((m) => m * power).find((candidate) => candidate >= rough) ?? rough;
  const ticks: number[] = [];
  for (let tick = Math.ceil(min / step) * step; tick <= max; tick += step) ticks.push(tick);
  return ticks;
}

/** A count axis from 0 with whole ticks. */
const COUNT_SCALE = { domainMin: 0, nice: true, tickMethod: wholeTicks };

/** Each status in a colour of the theme: the same meanings as the order status badges. */
function statusColor(token: GlobalToken, status: string): string {
  switch (status) {
    case "ACTIVE":
      return token.colorPrimary;
    case "DISPUTED":
      return token.colorWarning;
    case "COMPLETED":
      return token.colorSuccess;
    case "REFUNDED":
      return token.colorError;
    case "CANCELLED":
      return token.colorTextTertiary;
    default:
      return token.colorTextQuaternary;
  }
}

/** "Nov 12 (80)": the busiest day of a series, for the words that stand for a chart. */
function busiest(days: OrderDailyStats["days"], pick: (day: OrderDailyStats["days"][number]) => number): string {
  const top = days.reduce((best, day) => (pick(day) > pick(best) ? day : best), days[0]);
  return top && pick(top) > 0 ? `, most on ${formatDay(top.date)} (${count(pick(top))})` : "";
}

export default function Charts({ stats }: { stats: OrderDailyStats }) {
  const drawn = useAfterFirstPaint();
  const { token } = theme.useToken();
  const { axis, legend } = useMemo(() => chrome(token), [token]);
  const { days, volumeByToken, statusMix, medianResolveMs } = stats;
  const span = days.length ? `${formatDay(days[0].date)} to ${formatDay(days[days.length - 1].date)}` : "no days";

  const totalOrders = days.reduce((sum, day) => sum + day.orders, 0);
  const opened = days.reduce((sum, day) => sum + day.disputesOpened, 0);
  const resolved = days.reduce((sum, day) => sum + day.disputesResolved, 0);
  const median = medianResolveMs === null ? null : formatDuration(medianResolveMs);
  const volumes = volumeByToken.map((v) => ({
    token: v.symbol,
    orders: v.orders,
    amount: formatAmount(v.amount, { symbol: v.symbol, decimals: v.decimals }),
  }));
  // One bar per token: the chart grows with them, and its place before it is drawn with it.
  const volumeHeight = Math.max(120, 48 * volumes.length + 40);
  const statusTotal = statusMix.reduce((sum, s) => sum + s.count, 0);
  const percent = (n: number) => `${Math.round((n / Math.max(statusTotal, 1)) * 100)}%`;

  const perDay = days.map((day) => ({ day: formatDay(day.date), orders: day.orders }));
  const disputes = days.flatMap((day) => [
    { day: formatDay(day.date), kind: "Opened", count: day.disputesOpened },
    { day: formatDay(day.date), kind: "Resolved", count: day.disputesResolved },
  ]);

  const [ordersTitle, disputesTitle, volumeTitle, mixTitle] = CHART_TITLES;
  return (
    <div className="dashboard-charts__grid">
      <ChartCard title={ordersTitle} note={`${count(totalOrders)} orders`}>
        <Drawn drawn={drawn}>
          <Column
            data={perDay}
            xField="day"
            yField="orders"
            {...size()}
            axis={axis}
            scale={{ y: COUNT_SCALE }}
            style={{ fill: token.colorPrimary, radiusTopLeft: 2, radiusTopRight: 2 }}
            tooltip={{ items: [{ channel: "y", name: "Orders" }] }}
            containerAttributes={image(`${ordersTitle}, ${span}: ${count(totalOrders)} orders${busiest(days, (d) => d.orders)}.`)}
          />
        </Drawn>
      </ChartCard>

      <ChartCard
        title={disputesTitle}
        note={`${count(opened)} opened, ${count(resolved)} resolved · median time to resolve ${median ?? "not known (none resolved)"}`}
      >
        <Drawn drawn={drawn}>
          <Line
            data={disputes}
            xField="day"
            yField="count"
            colorField="kind"
            {...size()}
            axis={axis}
            legend={legend}
            scale={{ color: { domain: ["Opened", "Resolved"], range: [token.colorWarning, token.colorSuccess] }, y: COUNT_SCALE }}
            point={{ shapeField: "circle", sizeField: 2 }}
            containerAttributes={image(
              `${disputesTitle}, ${span}: ${count(opened)} opened${busiest(days, (d) => d.disputesOpened)}; ${count(resolved)} resolved` +
                `${busiest(days, (d) => d.disputesResolved)}. Median time to resolve a dispute: ${median ?? "none resolved"}.`,
            )}
          />
        </Drawn>
      </ChartCard>

      <ChartCard title={volumeTitle} note="Orders per token; the amounts are each token's own">
        {volumes.length ? (
          <>
            <Drawn drawn={drawn} height={volumeHeight}>
              <Bar
                data={volumes}
                xField="token"
                yField="orders"
                {...size(volumeHeight)}
                axis={axis}
                scale={{ y: COUNT_SCALE }}
                style={{ fill: token.colorInfo, maxWidth: 28 }}
                tooltip={{
                  items: [
                    { channel: "y", name: "Orders" },
                    { field: "amount", name: "Volume" },
                  ],
                }}
                containerAttributes={image(
                  `${volumeTitle}: ${volumes.map((v) => `${v.amount} over ${count(v.orders)} orders`).join("; ")}.`,
                )}
              />
            </Drawn>
            <ul className="chart-card__list">
              {volumes.map((v) => (
                <li key={v.token}>
                  <span>{v.amount}</span>
                  <span className="chart-card__muted">{count(v.orders)} orders</span>
                </li>
              ))}
            </ul>
          </>
        ) : (
          <p className="chart-card__empty">No orders in these days</p>
        )}
      </ChartCard>

      <ChartCard title={mixTitle} note={`${count(statusTotal)} orders created in these days, by status now`}>
        {statusMix.length ? (
          <Drawn drawn={drawn}>
            <Pie
              data={statusMix}
              angleField="count"
              colorField="status"
              innerRadius={0.6}
              {...size()}
              legend={legend}
              scale={{ color: { domain: statusMix.map((s) => s.status), range: statusMix.map((s) => statusColor(token, s.status)) } }}
              style={{ stroke: token.colorBgContainer, lineWidth: 1 }}
              label={false}
              containerAttributes={image(
                `${mixTitle}: ${statusMix.map((s) => `${s.status} ${count(s.count)} (${percent(s.count)})`).join(", ")}.`,
              )}
            />
          </Drawn>
        ) : (
          <p className="chart-card__empty">No orders in these days</p>
        )}
      </ChartCard>
    </div>
  );
}

/** The chart's container as one image with its description in words (the canvas says nothing). */
const image = (label: string) => ({ role: "img", "aria-label": label });

function ChartCard({ title, note, children }: { title: string; note: string; children: ReactNode }) {
  return (
    <div className="chart-card">
      <h3 className="chart-card__title">{title}</h3>
      <p className="chart-card__note">{note}</p>
      {children}
    </div>
  );
}

/**
 * A chart once `drawn` (useAfterFirstPaint), its place until then, as tall as the chart will be; the
 * place is kept while G2 sizes its canvas, which starts at no height at all (the page below would
 * jump up and back).
 */
function Drawn({ drawn, height = CHART_HEIGHT, children }: { drawn: boolean; height?: number; children: ReactNode }) {
  if (!drawn) return <div className="chart-card__skeleton" style={{ height }} aria-hidden="true" />;
  return <div style={{ minHeight: height }}>{children}</div>;
}

/**
 * False until the dashboard has been painted once. G2 lays out and draws the four charts in their
 * effects, tens of milliseconds: they wait for the first frame, so that the dashboard (shown from a
 * link, or revealed after being rendered ahead) is on screen without waiting for them.
 */
function useAfterFirstPaint(): boolean {
  const [painted, setPainted] = useState(false);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    // A task after the next frame: the frame itself is painted before it runs.
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => setPainted(true));
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, []);
  return painted;
}
