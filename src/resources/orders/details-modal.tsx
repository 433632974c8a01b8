// The Order Details modal, the order's URL (/orders/:id): read off the list row when the page
// holds it, else by GET /admin/orders/:id (a shared or reloaded link). A successful dispute
// resolution closes it after DISPUTE_MODAL_CLOSE_MS, leaving its outcome in a notification.
import { useEffect, useState } from "react";
import { Modal } from "antd";
import { useIsMutating } from "@tanstack/react-query";
import { DISPUTE_MODAL_CLOSE_MS, SHORTEN } from "@/config";
import { AuditHistory } from "@/components/history/audit-history";
import { RecordFrame } from "@/components/record/record-frame";
import type { RoutedRecord } from "@/components/routing/use-record-route";
import { formatDate } from "@/utils/format";
import { useStableCallback } from "@/utils/use-stable-callback";
import type { Order } from "@contract";
import { useAssignments } from "./assignee";
import { AssigneeControl } from "./assignee-control";
import { DisputeDeadline } from "./dispute-deadline";
import { DisputeResolveForm, resolveDisputeKey } from "./dispute-form";
import {
  BlockchainSection,
  BuyerSection,
  DetailsSection,
  hasShipping,
  NotesSection,
  OrderStatusSection,
  ProductSection,
  SellerSection,
  ShippingSection,
  ShopSection,
} from "./details-sections";
import { showResolvedNotice, type ResolveOutcome } from "./resolved-notice";
import { OrderTimeline } from "./timeline";

interface Props {
  /** The order the URL names, and how to go back to the list. */
  details: RoutedRecord<Order>;
  /** After a dispute was resolved: close and refresh the orders. */
  onResolved: () => void;
  /** The marketplace's dispute resolution limit (seconds), when known: the dispute's deadline. */
  disputeLimit?: number;
}

export function OrderDetailsModal({ details, onResolved, disputeLimit }: Props) {
  const order = details.record ?? null;
  const isOpen = details.id !== undefined;
  const onClose = details.close;
  // The order as first read for this id, as when the details were read off the row: live updates
  // refresh the list (a resolution moves the order out of DISPUTED, or off a filtered page) and
  // must not take the dispute form and its outcome away mid-way. It also stays rendered while the
  // modal animates out; an open modal shows only the order its URL names.
  const [snapshot, setSnapshot] = useState(order);
  const [openedAs, setOpenedAs] = useState(isOpen);
  if (isOpen !== openedAs) {
    // Each opening reads afresh (the same order reopened after a resolution is no longer disputed).
    setOpenedAs(isOpen);
    if (isOpen) setSnapshot(order);
  } else if (order && order.id !== snapshot?.id) setSnapshot(order);
  const shown = !isOpen ? snapshot : snapshot?.id === details.id ? snapshot : null;
  const [resolved, setResolved] = useState<ResolveOutcome | null>(null);
  const assignable = useAssignments().available === true;
  if (!isOpen && resolved) setResolved(null);

  // The list re-renders while the success shows; the timer must not restart each time. The outcome
  // outlives the dialog as a notification.
  const closeResolved = useStableCallback(() => {
    if (resolved && shown) showResolvedNotice(shown.id, resolved);
    onResolved();
  });
  useEffect(() => {
    if (!resolved) return;
    const timer = setTimeout(closeResolved, DISPUTE_MODAL_CLOSE_MS);
    return () => clearTimeout(timer);
  }, [resolved, closeResolved]);

  // A settlement in flight cannot be called back: keep the modal until the server answers.
  const settling = useIsMutating({ mutationKey: resolveDisputeKey(shown?.id ?? "") }) > 0;
  // Closed by hand after a success: the list must still show the new status.
  const close = resolved ? closeResolved : onClose;

  return (
    <Modal
      open={isOpen}
      title={shown ? `Order Details · ${shown.id.slice(0, SHORTEN.orderId)}` : "Order Details"}
      onCancel={close}
      footer={null}
      width={{ xs: "100%", md: 760 }}
      className="order-details"
      closable={!settling}
      maskClosable={!settling}
      keyboard={!settling}
      destroyOnHidden
    >
      <RecordFrame
        section="Orders"
        name={shown ? `Order ${shown.id.slice(0, SHORTEN.orderId)}` : undefined}
        backHref={details.listHref}
        onBack={close}
        loading={!shown && details.loading}
        error={shown ? null : details.error}
        onRetry={details.retry}
      >
        {shown ? (
          <div className="order-details__body">
            <OrderStatusSection order={shown} />
            <ProductSection order={shown} />
            <ShopSection order={shown} />
            <BuyerSection order={shown} />
            <SellerSection order={shown} />
            {hasShipping(shown) ? <ShippingSection order={shown} /> : null}
            {shown.status === "DISPUTED" ? (
              <DetailsSection
                id="dispute"
                title="Dispute Details"
                items={[
                  { key: "raised", label: "Raised At", children: formatDate(shown.disputeRaisedAt) },
                  ...(disputeLimit === undefined
                    ? []
                    : [{ key: "deadline", label: "Deadline", children: <DisputeDeadline order={shown} limit={disputeLimit} /> }]),
                  { key: "description", label: "Description", children: shown.disputeDescription?.trim() || "N/A" },
                  ...(assignable
                    ? [{ key: "assignee", label: "Assignee", children: <AssigneeControl key={shown.id} order={shown} /> }]
                    : []),
                ]}
              >
                <DisputeResolveForm key={shown.id} order={shown} onSuccess={setResolved} />
              </DetailsSection>
            ) : null}
            <BlockchainSection order={shown} />
            <NotesSection order={shown} />
            {/* The timeline holds the admin actions; an API without it shows the audit history instead. */}
            <OrderTimeline orderId={shown.id} fallback={<AuditHistory targetType="order" targetId={shown.id} />} />
          </div>
        ) : null}
      </RecordFrame>
    </Modal>
  );
}
