// Remove an admin, with a reason (DELETE /admin/team/:publicKey { reason }): confirm, then the
// reason (the shared prompt), then the call; their sessions end on the server.
import { useInvalidate } from "@refinedev/core";
import { SHORTEN } from "@/config";
import { useReasonedCall } from "@/components/prompts/use-reasoned-call";
import { endpoints } from "@/providers/endpoints";
import { head } from "@/utils/format";
import type { TeamRow } from "./roles";
import { roleLabel } from "./roles";

export function useTeamRemove() {
  const invalidate = useInvalidate();
  return useReasonedCall<TeamRow>({
    prompt: (member) => ({
      confirmText: `Remove ${member.displayName || head(member.publicKey, SHORTEN.sidebarKey)} (${roleLabel(member.role)}) from the admin team? Their sessions end at once.`,
      reasonLabel: "Reason for removal (required):",
      okText: "Remove",
      danger: true,
    }),
    request: (member) => ({ url: endpoints.teamMember(member.publicKey), method: "delete" }),
    success: () => ({ type: "success", message: "Admin removed" }),
    failure: "Could not remove the admin",
    after: () => invalidate({ resource: "team", invalidates: ["list"] }),
  });
}
