// What the team's add and change say once the server has agreed: the member as it now stands
// (201/200), or, for a grant of owner or treasury while payouts need two approvals, a proposal that
// waits for a second owner (202).
import type { OpenNotificationParams } from "@refinedev/core";
import type { TeamChangeResult } from "@contract";
import { AWAITING_SECOND_OWNER } from "./roles";

export function teamSaved(done: string) {
  return (response: { data?: unknown } | undefined): OpenNotificationParams => {
    const result = response?.data as TeamChangeResult | undefined;
    return result?.proposal
      ? { type: "success", message: AWAITING_SECOND_OWNER, description: "Another owner must approve this role before it applies" }
      : { type: "success", message: done };
  };
}
