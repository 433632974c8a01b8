// Taking and releasing a dispute in its details (beyond the core API): "Assign to me" while nobody
// holds it, "Release" while the admin does, and an owner's Release, confirmed, of one another admin
// holds. Loaded with the details dialog: the list needs none of it.
import { useState } from "react";
import { Alert, Popconfirm, Space } from "antd";
import { useCustomMutation, useInvalidate } from "@refinedev/core";
import { useQueryClient } from "@tanstack/react-query";
import { AccessButton } from "@/components/access/access-button";
import { useAccess } from "@/components/access/use-access";
import { useSessionUser } from "@/components/layout/identity";
import { SHORTEN } from "@/config";
import { endpoints } from "@/providers/endpoints";
import type { ApiHttpError } from "@/providers/http";
import { isCustomQueryFor } from "@/providers/query-policy";
import { head } from "@/utils/format";
import type { Order } from "@contract";
import { AssigneeTag } from "./assignee";

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
