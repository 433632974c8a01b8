// The dashboard's Open Disputes: how many disputes wait and, beyond the core API, how many are past
// their deadline (GET /admin/orders/stats, overdueDisputes); either opens the dispute queue, the most
// overdue first. Until the count comes its place is held; an API whose statistics do not load shows no
// card: the rest of the page stands alone.
import type { CSSProperties } from "react";
import { Link } from "react-router";
import { WarningOutlined } from "@ant-design/icons";
import { useCustom, type HttpError } from "@refinedev/core";
import type { OrderStats } from "@contract";
import { endpoints } from "@/providers/endpoints";
import { DISPUTE_QUEUE_URL } from "@/resources/orders/queue";
import "@/styles/kit.css";

const TITLE = "Open Disputes";
const numberFormat = new Intl.NumberFormat("en-US");
const countOf = (value: unknown) => (typeof value === "number" && Number.isFinite(value) ? value : undefined);

const COLOR = { "--stat-color": "#ea580c" } as CSSProperties;

export function DisputesCard() {
  const { query } = useCustom<OrderStats, HttpError>({ url: endpoints.orderStats, method: "get", errorNotification: false });
  const stats = query.data?.data;
  if (query.isError) return null;
  if (!stats) return <DisputesCardLoading />;
  const open = countOf(stats.disputedOrders) ?? 0;
  // Null (no dispute resolution limit) or absent (the core API): nothing is known to be late.
  const overdue = countOf(stats.overdueDisputes);
  return (
    <div className="dashboard-disputes">
      <section className="stat-card kit-panel" aria-label={TITLE} style={COLOR}>
        <span className="stat-card__icon" aria-hidden="true">
          <WarningOutlined />
        </span>
        <div className="dashboard-disputes__text">
          <h2 className="stat-card__title">{TITLE}</h2>
          <p className="stat-card__value" data-testid="stat-disputedOrders">
            {numberFormat.format(open)}
          </p>
          <p className="dashboard-disputes__links">
            {overdue !== undefined && (
              <Link className="dashboard-disputes__overdue" data-late={overdue > 0 || undefined} to={DISPUTE_QUEUE_URL}>
                {overdue > 0 ? `${numberFormat.format(overdue)} overdue` : "None overdue"}
              </Link>
            )}
            <Link to={DISPUTE_QUEUE_URL} title="In Dispute, the nearest deadline first">
              Open the dispute queue
            </Link>
          </p>
        </div>
      </section>
    </div>
  );
}

/** The card's place while its count loads, of its size: the charts below do not move when it comes. */
function DisputesCardLoading() {
  return (
    <div className="dashboard-disputes" role="status" aria-label="Loading open disputes">
      <div className="stat-card kit-panel" aria-hidden="true" style={COLOR}>
        <span className="stat-card__icon">
          <WarningOutlined />
        </span>
        <div className="dashboard-disputes__text">
          <h2 className="stat-card__title">{TITLE}</h2>
          <p className="stat-card__value">
            <span className="stat-card__placeholder" />
          </p>
          {/* Holds the links' line, unseen: "None overdue" is not known yet. */}
          <p className="dashboard-disputes__links dashboard-disputes__links--held">
            <span>None overdue</span>
            <span>Open the dispute queue</span>
          </p>
        </div>
      </div>
    </div>
  );
}
