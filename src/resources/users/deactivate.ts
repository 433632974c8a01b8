// SPEC §4/§5: deactivation is confirmed, then needs a non-empty reason; nothing is sent otherwise.
// It waits for the server (no optimistic mode), then the list, the counts and the history refresh.
import { useState } from "react";
import { useCustomMutation, type HttpError } from "@refinedev/core";
import { useReasonPrompt } from "@/components/prompts/reason-prompt";
import { endpoints } from "@/providers/endpoints";
import type { User } from "@contract";
import { userName } from "./columns";
import { useRefreshUsers } from "./refresh";

export function useDeactivateUser() {
  const { ask, holder } = useReasonPrompt();
  const { mutateAsync } = useCustomMutation<User, HttpError, { reason: string }>();
  const refresh = useRefreshUsers();
  const [deactivatingId, setDeactivatingId] = useState<string>();

  async function deactivate(user: User) {
    const reason = await ask({
      confirmText: `Are you sure you want to deactivate ${userName(user)}?`,
      reasonLabel: "Reason for deactivation (required):",
      okText: "Deactivate",
      danger: true,
    });
    if (reason === null) return;
    setDeactivatingId(user.id);
    try {
      await mutateAsync({
        url: endpoints.userDeactivate(user.id),
        method: "patch",
        values: { reason },
        successNotification: { type: "success", message: "User deactivated", description: userName(user) },
        errorNotification: (error) => ({
          type: "error",
          message: "Could not deactivate the user",
          description: error?.message,
        }),
      });
      await refresh(user.id);
    } catch {
      // Shown by the error notification above; the row stays as it was.
    } finally {
      setDeactivatingId(undefined);
    }
  }

  return { deactivate, deactivatingId, holder };
}
