// The Users list's bulk actions, each row sent as its own single action sends it: Deactivate is the
// row's deactivation (PATCH /users/:id/deactivate with the reason), Activate the Edit User save with
// Disabled off (PATCH /users/:id, the six fields) — so the server audits each row as if done alone.
import { useDataProvider } from "@refinedev/core";
import type { BulkAction } from "@/components/list/bulk/bulk-bar";
import type { User } from "@contract";
import { DEACTIVATE_REASON_LABEL, deactivateRequest } from "./deactivate";
import { userUpdateBody } from "./update-body";

export function useUserBulkActions(): BulkAction<User>[] {
  const dataProvider = useDataProvider();
  return [
    {
      label: "Activate",
      applies: (user) => user.disabled,
      send: (user) => dataProvider().update({ resource: "users", id: user.id, variables: userUpdateBody({ ...user, disabled: false }) }),
    },
    {
      label: "Deactivate",
      danger: true,
      reasonLabel: DEACTIVATE_REASON_LABEL,
      applies: (user) => !user.disabled,
      send: (user, reason) => {
        const { url, method } = deactivateRequest(user);
        return dataProvider().custom!({ url, method, payload: { reason } });
      },
    },
  ];
}
