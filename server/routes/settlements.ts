import {
  approvalRequestSchema,
  approvalResultSchema,
  reasonSchema,
  settlementListQuerySchema,
  settlementListSchema,
  settlementRetrySchema,
  settlementSchema,
  settlementTotalsQuerySchema,
  settlementTotalsSchema,
} from "../../contract/index.ts";
import { changeRoute, documentedAs, proposal, readRoute, type RoutePlugin } from "../http/route-schema.ts";
import { approvePayout, rejectPayout } from "../services/payout-approvals.ts";
import { toSettlement } from "../services/settlement-rows.ts";
import { settlementTotals } from "../services/settlement-totals.ts";
import { listSettlements, retrySettlement } from "../services/settlements.ts";

// The settlement queue: every dispute payout and marketplace initialization, and the retry of a
// failed one. Behind the admin guard like every /admin route. Beyond the core API as the
// Settlements resource is (contract/resources/settlements.ts): the route index marks each operation.
const about = documentedAs("Settlements");

export const settlementRoutes: RoutePlugin = async (app, { ctx }) => {
  readRoute(
    app,
    "",
    about("listSettlements", "The settlement queue, newest first, optionally one status's (beyond the core API)", "read"),
    {
      payload: settlementListSchema,
      querystring: settlementListQuerySchema,
      read: (query) => listSettlements(ctx, query),
    },
  );

  // What the dispute payouts confirmed in a period paid, per token: the Settlements screen's totals.
  const totals = "The dispute payouts confirmed in a period (from/to inclusive, either open), summed per token (beyond the core API)";
  readRoute(app, "/totals", about("settlementTotals", totals, "read"), {
    payload: settlementTotalsSchema,
    querystring: settlementTotalsQuerySchema,
    read: (query) => settlementTotals(ctx, query),
  });

  // Under the rules in force now: the same checks as a first attempt (a dispute's order must still be
  // DISPUTED), a signed decision when they are required, and under four eyes a payout two current
  // admins did not approve becomes the retrying admin's proposal (202). Once sent, the same outcomes:
  // 502 when the chain fails it again, 504 when its outcome is not known yet.
  const retry =
    "Send a failed settlement again under today's rules (or, under four eyes, propose it again: 202); audited with the reason (beyond the core API)";
  changeRoute(app, "POST", "/:id/retry", about("retrySettlement", retry, "settlements.retry"), {
    body: settlementRetrySchema,
    item: settlementSchema,
    proposed: settlementSchema,
    change: async (id, input, admin) => {
      const outcome = await retrySettlement(ctx, admin, id, input);
      return outcome.proposed ? proposal(outcome.settlement) : outcome.settlement;
    },
    also: [502, 503, 504],
    invalid:
      "Invalid request (`errors` names each bad field), a split the chain cannot pay, or a signedDecision that is missing (REQUIRE_SIGNED_DECISIONS), expired, used, for another payout or not by the session's wallet",
    forbidden: "The local demo wallet cannot decide payouts under PAYOUT_APPROVALS=2 (or the usual admin-guard refusals)",
    conflict:
      "Only a failed settlement can be retried, and a dispute's only while its order is DISPUTED and not being settled; or its escrow changed since the payout was decided",
  });

  // Four eyes (PAYOUT_APPROVALS=2): a proposed payout is sent once another admin than its proposer
  // approves it; the same outcomes as a resolve (502, 504) once it is sent.
  const approve = "Approve a proposed dispute payout as a second admin: it is sent on chain (beyond the core API)";
  changeRoute(app, "POST", "/:id/approve", about("approveSettlement", approve, "payouts.approve"), {
    body: approvalRequestSchema,
    item: approvalResultSchema,
    change: (id, { decision }, admin) => approvePayout(ctx, admin, id, decision),
    also: [502, 503, 504],
    invalid:
      "Invalid request, or a `decision` signature that is missing (REQUIRE_SIGNED_DECISIONS), expired, used, for another payout or not by the session's wallet",
    forbidden:
      "Another admin must approve this payout: its proposer cannot, nor the local demo wallet under PAYOUT_APPROVALS=2 (or the usual admin-guard refusals)",
    conflict:
      "Only a proposal awaiting approval, not expired, whose proposer is still an admin and whose order is DISPUTED, can be approved; the escrow no longer pays what was proposed; or a concurrent approval already sent it",
  });

  const reject = "Reject a proposed dispute payout: nothing is sent, the order stays DISPUTED (beyond the core API)";
  changeRoute(app, "POST", "/:id/reject", about("rejectSettlement", reject, "payouts.approve"), {
    body: reasonSchema,
    item: settlementSchema,
    change: async (id, { reason }, admin) => toSettlement(await rejectPayout(ctx, admin, id, reason)),
    conflict: "Only a proposal awaiting approval can be rejected",
  });
};
