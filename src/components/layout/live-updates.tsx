// Live updates in the admin shell: new disputes and settlement status changes show
// without a reload. Mounted by the admin layout, so it runs only while an admin is signed in (never
// on /login). It follows the event stream (providers/live-updates.ts) and refreshes what each event
// makes stale; against an API without the stream (404) it polls the core API's list call
// GET /admin/orders?filter=in_dispute&limit=1 for its total instead, quietly. The open disputes'
// count, from either source, is what the sidebar's Orders badge shows (useOpenDisputes), beside the
// payouts awaiting a second admin's approval that the stream reports (useAwaitingApproval).
import { createContext, useCallback, useContext, useEffect, useRef, useState, type ReactNode } from "react";
import { useInvalidate, useList } from "@refinedev/core";
import { useQueryClient } from "@tanstack/react-query";
import type { Order, OrderFilter, SettlementEvent } from "@contract";
import { LIVE_UPDATES } from "@/config";
import { endpoints } from "@/providers/endpoints";
import { startLiveUpdates, type EventStream } from "@/providers/live-updates";
import { isCustomQueryFor } from "@/providers/query-policy";
import { useStableCallback } from "@/utils/use-stable-callback";

const OpenDisputes = createContext<number | null>(null);
const AwaitingApproval = createContext<number>(0);

/** The open disputes' count as last heard (null until known, or where nothing reports it). */
export const useOpenDisputes = (): number | null => useContext(OpenDisputes);

/** The payouts proposed and waiting for a second admin (four eyes), as last heard; 0 where none are reported. */
export const useAwaitingApproval = (): number => useContext(AwaitingApproval);

const IN_DISPUTE: OrderFilter = "in_dispute";

/** Marks stale (refetching what is on screen) what a dispute or a settlement change touches. */
function useRefreshLive() {
  const invalidate = useInvalidate();
  const queryClient = useQueryClient();
  return useCallback(
    (settlement?: SettlementEvent) => {
      const orderId = settlement?.orderId ?? undefined;
      const custom = [endpoints.userStats, ...(orderId ? [endpoints.orderTimeline(orderId)] : [])];
      void Promise.all([
        invalidate({ resource: "orders", invalidates: ["list", "many", "detail"], id: orderId }),
        invalidate({ resource: "settlements", invalidates: ["list"] }),
        queryClient.invalidateQueries({ predicate: isCustomQueryFor(custom) }),
      ]);
    },
    [invalidate, queryClient],
  );
}

export interface LiveUpdatesProps {
  children: ReactNode;
  /** Opens the event stream (tests pass their own); the browser's EventSource unless given. */
  openStream?: (url: string) => EventStream;
}

export function LiveUpdates({ children, openStream }: LiveUpdatesProps) {
  const refresh = useRefreshLive();
  const [streaming, setStreaming] = useState(true);
  const [streamed, setStreamed] = useState<number | null>(null);
  const [awaitingApproval, setAwaitingApproval] = useState(0);
  const lastCount = useRef<number | null>(null);

  // The stream is opened once per mount: its handlers are stable and run the latest callbacks.
  const onRefresh = useStableCallback(refresh);
  // A changed count (not the first one heard) means orders changed status: refresh what shows them.
  const heard = useStableCallback((open: number) => {
    const before = lastCount.current;
    lastCount.current = open;
    if (before !== null && before !== open) refresh();
  });
  useEffect(
    () =>
      startLiveUpdates({
        openStream,
        onDisputes: (open, proposals) => {
          setStreamed(open);
          setAwaitingApproval(proposals);
          heard(open);
        },
        onSettlement: (settlement) => onRefresh(settlement),
        onOpen: (again) => {
          if (again) onRefresh();
        },
        onUnavailable: () => setStreaming(false),
      }),
    [openStream, heard, onRefresh],
  );

  const polled = useList<Order>({
    resource: "orders",
    filters: [{ field: "filter", operator: "eq", value: IN_DISPUTE }],
    pagination: { currentPage: 1, pageSize: 1 },
    // Only the badge reads it: a failure shows nothing (no toast, no badge).
    errorNotification: false,
    queryOptions: { enabled: !streaming, refetchInterval: LIVE_UPDATES.pollMs, refetchIntervalInBackground: false },
  });
  const polledTotal = streaming ? undefined : polled.result.total;
  useEffect(() => {
    if (polledTotal !== undefined) heard(polledTotal);
  }, [polledTotal, heard]);

  const open = streaming ? streamed : (polledTotal ?? null);
  // Proposals exist only where the stream reports them (the core API's list call knows none).
  return (
    <OpenDisputes.Provider value={open}>
      <AwaitingApproval.Provider value={streaming ? awaitingApproval : 0}>{children}</AwaitingApproval.Provider>
    </OpenDisputes.Provider>
  );
}
