// Deactivation is confirmed, then needs a non-empty reason; nothing is sent otherwise.
// It waits for the server (no optimistic mode), then the list, the counts and the history refresh.
import { useReasonedCall } from "@/components/prompts/use-reasoned-call";
import { endpoints } from "@/providers/endpoints";
import type { User } from "@contract";
import { userName } from "./columns";
import { useRefreshUsers } from "./refresh";

/** The deactivation call of one user, sent with `{ reason }`: the row action's and the bulk action's. */
export const deactivateRequest = (user: User) => ({ url: endpoints.userDeactivate(user.id), method: "patch" as const });
export const DEACTIVATE_REASON_LABEL = "Reason for deactivation (required):";

export function useDeactivateUser() {
  const refresh = useRefreshUsers();
  const { run, runningId, holder } = useReasonedCall<User, User>({
    prompt: (user) => ({
      confirmText: `Are you sure you want to deactivate ${userName(user)}?`,
      reasonLabel: DEACTIVATE_REASON_LABEL,
      okText: "Deactivate",
      danger: true,
    }),
    request: deactivateRequest,
    success: (user) => ({ type: "success", message: "User deactivated", description: userName(user) }),
    failure: "Could not deactivate the user",
    after: (user) => refresh(user.id),
  });
  return { deactivate: run, deactivatingId: runningId, holder };
}
