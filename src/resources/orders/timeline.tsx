// The order's one timeline (beyond the core API): created, paid into escrow, disputed, each admin
// action with its reason, the settlement's transactions, and the admins' internal notes, oldest
// first, with the form that adds a note. An API without the call (404: only the core API) gets
// `fallback` (the audit history) instead, without a word, and is not asked again this session.
import type { ReactNode } from "react";
import { Timeline } from "antd";
import type { TimelineItemProps } from "antd";
import { useCustom, type HttpError } from "@refinedev/core";
import { SHORTEN } from "@/config";
import { Address } from "@/components/value/address";
import { ChangeList } from "@/components/history/change-list";
import { LoadFailed, Loading } from "@/components/history/load-state";
import { TransactionLine } from "@/components/history/transaction-line";
import { endpoints } from "@/providers/endpoints";
import { useKnownMissing, useRememberMissing } from "@/providers/query-policy";
import { formatDate, head } from "@/utils/format";
import type { OrderTimeline as TimelineData, TimelineEvent, TimelineEventKind } from "@contract";
import { DetailsSection } from "./details-sections";
import { OrderNoteForm } from "./note-form";
import "@/styles/kit.css";
import "./timeline.css";

/** The name query-policy remembers a missing timeline call by. */
const CALL = "orderTimeline";

// The dot's colour only groups the kinds at a glance; every entry says what it is in words.
const COLOR: Record<TimelineEventKind, string> = {
  created: "gray",
  funded: "green",
  disputed: "red",
  status: "gray",
  "admin-action": "blue",
  settlement: "blue",
  note: "gray",
};

export interface OrderTimelineProps {
  orderId: string;
  /** Shown instead when the API has no timeline call. */
  fallback?: ReactNode;
}

export function OrderTimeline({ orderId, fallback = null }: OrderTimelineProps) {
  const unavailable = useKnownMissing(CALL);
  const { query } = useCustom<TimelineData, HttpError>({
    url: endpoints.orderTimeline(orderId),
    method: "get",
    errorNotification: false,
    queryOptions: {
      enabled: !unavailable,
      // Every open shows what happened since the last one (the modal remounts this on open).
      staleTime: 0,
    },
  });
  const notFound = useRememberMissing(CALL, query.error);

  if (unavailable || notFound) return <>{fallback}</>;

  // Refine keeps the previous order's data as a placeholder; another order's timeline is not this one's.
  const events = query.isPlaceholderData ? undefined : query.data?.data.events;

  return (
    <DetailsSection id="timeline" title="Timeline">
      {query.isError ? (
        <LoadFailed query={query} what="the timeline" />
      ) : !events ? (
        <Loading text="Loading timeline..." />
      ) : events.length === 0 ? (
        <p className="kit-history__muted">Nothing recorded yet</p>
      ) : (
        <Timeline className="order-timeline" items={events.map(toItem)} />
      )}
      <OrderNoteForm orderId={orderId} />
    </DetailsSection>
  );
}

function toItem(event: TimelineEvent): TimelineItemProps {
  return { key: event.id, color: COLOR[event.kind], children: <TimelineEntry event={event} /> };
}

/** A wallet as the timeline names people: by display name, else shortened; the full key in its tooltip, no explorer link. */
const wallet = (value: string, name?: string | null) => (
  <Address value={value} display={name || head(value, SHORTEN.sidebarKey)} cluster={null} />
);

function TimelineEntry({ event }: { event: TimelineEvent }) {
  return (
    <div className={`order-timeline__entry order-timeline__entry--${event.kind}`}>
      <div className="kit-history__head">
        <span className="kit-history__action">{event.title}</span>
        <time className="kit-history__meta" dateTime={event.at}>
          {formatDate(event.at)}
        </time>
        {event.actor ? <span className="kit-history__meta">by {wallet(event.actor, event.actorName)}</span> : null}
      </div>
      {event.detail ? <p className="order-timeline__detail">{event.detail}</p> : null}
      <ChangeList entry={event} />
      {event.reason ? <p className="kit-history__reason">Reason: {event.reason}</p> : null}
      {event.signature ? <TransactionLine signature={event.signature} cluster={event.cluster} /> : null}
      {event.signedBy ? <div className="kit-history__meta">Signed by {wallet(event.signedBy)}</div> : null}
    </div>
  );
}
