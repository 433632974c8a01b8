// Beyond the core API: the time left to resolve a dispute, i.e. the marketplace's dispute resolution
// limit (GET /admin/marketplace/status, seconds) counted from the dispute's opening. Without the
// limit (the call fails, or the marketplace has none) nothing is shown.
import { useEffect, useState } from "react";
import { useCustom, type HttpError } from "@refinedev/core";
import type { MarketplaceStatus, Order } from "@contract";
import { Hint } from "@/components/value/hint";
import { Badge } from "@/components/value/badges";
import { endpoints } from "@/providers/endpoints";
import { disputeDeadline, formatDate } from "@/utils/format";

const MINUTE_MS = 60_000;

/**
 * The marketplace's dispute resolution limit in seconds, or undefined while unknown. The same query
 * as the Marketplace screen's (and its sidebar preload), so one answer serves both.
 */
export function useDisputeLimit(): number | undefined {
  const { query } = useCustom<MarketplaceStatus, HttpError>({
    url: endpoints.marketplaceStatus,
    method: "get",
    // A missing limit only hides the deadlines: nothing to tell the admin.
    errorNotification: false,
  });
  const limit = query.data?.data.disputeResolutionLimit;
  return typeof limit === "number" && limit > 0 ? limit : undefined;
}

/** The current time, moving on every minute (a deadline is shown to the minute). */
function useMinuteClock(): number {
  const [now, setNow] = useState(Date.now);
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), MINUTE_MS);
    return () => clearInterval(timer);
  }, []);
  return now;
}

/** "2d 4h left", or a red "Overdue by 3h"; the exact time in its tooltip. Nothing without a deadline. */
export function DisputeDeadline({ order, limit }: { order: Order; limit: number | undefined }) {
  const now = useMinuteClock();
  const deadline = order.status === "DISPUTED" ? disputeDeadline(order.disputeRaisedAt, limit, now) : null;
  if (!deadline) return null;
  return (
    <Hint title={`Resolve by ${formatDate(deadline.at)}`}>
      <span className="orders-deadline" data-overdue={deadline.overdue || undefined}>
        <Badge color={deadline.overdue ? "error" : "neutral"}>{deadline.text}</Badge>
      </span>
    </Hint>
  );
}
