// The dashboard's Open Disputes: how many disputes wait and, beyond the core API, how many are past
// their deadline (GET /admin/orders/stats, overdueDisputes); either opens the dispute queue, the most
// overdue first. An API whose statistics do not load shows no card: the rest of the page stands alone.
import type { CSSProperties } from "react";
import { Link } from "react-router";
import { WarningOutlined } from "@ant-design/icons";
import { useCustom, type HttpError } from "@refinedev/core";
import type { OrderStats } from "@contract";
import { endpoints } from "@/providers/endpoints";
import { DISPUTE_QUEUE_URL } from "@/resources/orders/queue";

const TITLE = "Open Disputes";
const numberFormat = new Intl.NumberFormat("en-US");
const countOf = (value: unknown) => (typeof value === "number" && Number.isFinite(value) ? value : undefined);

export function DisputesCard() {
  const { query } = useCustom<OrderStats, HttpError>({ url: endpoints.orderStats, method: "get", errorNotification: false });
  const stats = query.data?.data;
  if (!stats) return null;
  const open = countOf(stats.disputedOrders) ?? 0;
  // Null (no dispute resolution limit) or absent (the core API): nothing is known to be late.
  const overdue = countOf(stats.overdueDisputes);
  return (
    <div className="dashboard-disputes">
      <section className="stat-card" aria-label={TITLE} style={{ "--stat-color": "#ea580c" } as CSSProperties}>
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
