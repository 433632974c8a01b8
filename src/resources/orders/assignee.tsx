// Who works a dispute (beyond the core API): an admin takes a dispute ("Assign to me") and releases
// it (an owner also one another admin holds); the Orders list shows the assignee (under the status)
// and filters by it. All of it only where the API answers
// GET /admin/orders/assignments: a core API answers 404, and assignment then hides itself for the
// session without a word.
import { useState } from "react";
import { Alert, Popconfirm, Space } from "antd";
import { AccessButton } from "@/components/access/access-button";
import { useAccess } from "@/components/access/use-access";
import { useCustom, useCustomMutation, useInvalidate, type HttpError } from "@refinedev/core";
import { useQueryClient } from "@tanstack/react-query";
import { SHORTEN } from "@/config";
import { useSessionUser } from "@/components/layout/identity";
import { Badge } from "@/components/value/badges";
import { Hint } from "@/components/value/hint";
import { endpoints } from "@/providers/endpoints";
import type { ApiHttpError } from "@/providers/http";
import { isCustomQueryFor, useKnownMissing, useRememberMissing, useRememberPresent } from "@/providers/query-policy";
import { head } from "@/utils/format";
import type { Order, OrderAssignments } from "@contract";

/** What useKnownMissing remembers a 404 under. */
const CALL = "orderAssignments";

/** Whether the API has assignment (undefined while it is being asked), and the admin's own count. */
export function useAssignments(): { available: boolean | undefined; mine: number | undefined } {
  const unavailable = useKnownMissing(CALL);
  const { query } = useCustom<OrderAssignments, HttpError>({
    url: endpoints.orderAssignments,
    method: "get",
    // Another answer than the counts only hides assignment: nothing to tell the admin.
    errorNotification: false,
    queryOptions: { enabled: !unavailable },
  });
  const missing = useRememberMissing(CALL, query.error);
  const present = useRememberPresent(CALL, query.data !== undefined);
  if (unavailable || missing || query.isError) return { available: false, mine: undefined };
  return { available: present ? true : undefined, mine: query.data?.data.mine };
}

/** "You", or the holder's shortened wallet (the whole one on hover); nothing while nobody holds it. */
export function AssigneeTag({ wallet, me }: { wallet: string | null | undefined; me: string | undefined }) {
  if (!wallet) return null;
  if (wallet === me)
    return (
      <Hint title="Taken by you">
        <span>
          <Badge color="processing">You</Badge>
        </span>
      </Hint>
    );
  return (
    <Hint title={`Taken by ${wallet}`}>
      <span className="mono">{head(wallet, SHORTEN.orderWallet)}</span>
    </Hint>
  );
}

/**
 * The dispute's assignee in its details, with "Assign to me" while nobody holds it and "Release" while
 * the admin does, or, for an owner, after a confirmation while another admin does (one away, say).
 * Shows what the server answered (a 409 names the admin who holds it).
 */
export function AssigneeControl({ order }: { order: Order }) {
  const me = useSessionUser()?.publicKey;
  const [assignedTo, setAssignedTo] = useState(order.assignedTo ?? null);
  const invalidate = useInvalidate();
  const queryClient = useQueryClient();
  const { mutation, mutate } = useCustomMutation<Order, ApiHttpError>();
  const pending = mutation.isPending;

  const send = (method: "post" | "delete") =>
    mutate(
      { url: endpoints.orderAssignee(order.id), method, values: {}, successNotification: false, errorNotification: false },
      {
        onSuccess: ({ data }) => setAssignedTo(data.assignedTo ?? null),
        onSettled: () => {
          void invalidate({ resource: "orders", invalidates: ["list"] });
          void queryClient.invalidateQueries({ predicate: isCustomQueryFor([endpoints.orderAssignments]) });
        },
      },
    );

  const mine = assignedTo !== null && assignedTo === me;
  const releaseOthers = useAccess({ resource: "orders", action: "releaseOthers" });
  return (
    <div className="order-assignee">
      <Space wrap size={8}>
        {assignedTo ? <AssigneeTag wallet={assignedTo} me={me} /> : <span>Unassigned</span>}
        {assignedTo === null && order.status === "DISPUTED" ? (
          <AccessButton
            access={{ resource: "orders", action: "take" }}
            size="small"
            type="primary"
            loading={pending}
            onClick={() => send("post")}
          >
            Assign to me
          </AccessButton>
        ) : null}
        {mine ? (
          <AccessButton access={{ resource: "orders", action: "release" }} size="small" loading={pending} onClick={() => send("delete")}>
            Release
          </AccessButton>
        ) : null}
        {assignedTo !== null && !mine ? (
          <Popconfirm
            title="Release this dispute?"
            description={`Held by ${head(assignedTo, SHORTEN.orderWallet)} — it goes back to Unassigned.`}
            okText="Release"
            disabled={!releaseOthers.allowed}
            onConfirm={() => send("delete")}
          >
            <AccessButton access={{ resource: "orders", action: "releaseOthers" }} size="small" loading={pending}>
              Release
            </AccessButton>
          </Popconfirm>
        ) : null}
      </Space>
      {mutation.isError ? (
        <Alert type="error" showIcon className="order-assignee__error" message={mutation.error.serverMessage ?? mutation.error.message} />
      ) : null}
    </div>
  );
}
