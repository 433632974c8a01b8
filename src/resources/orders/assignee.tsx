// Who works a dispute (beyond the core API): the Orders list shows the assignee (under the status)
// and filters by it; taking and releasing are in the details (assignee-control.tsx, which loads with
// them, not with the list). All of it only where the API answers
// GET /admin/orders/assignments: a core API answers 404, and assignment then hides itself for the
// session without a word.
import { useCustom, type HttpError } from "@refinedev/core";
import { SHORTEN } from "@/config";
import { Badge } from "@/components/value/badges";
import { Hint } from "@/components/value/hint";
import { endpoints } from "@/providers/endpoints";
import { useKnownMissing, useRememberMissing, useRememberPresent } from "@/providers/query-policy";
import { head } from "@/utils/format";
import type { OrderAssignments } from "@contract";

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
