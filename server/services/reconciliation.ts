// Reconciliation: every order that has an escrow, compared with that escrow on chain. The database
// says what should be there (an open order's total, nothing once settled, this server's authority);
// the settlement port says what is (reads only). Served at GET /admin/reconciliation and run by
// `npm run reconcile` (scripts/reconcile.ts) over the same function.
import type { Mismatch, MismatchKind, Reconciliation } from "../../contract/index.ts";
import type { OrderRow } from "../db/schema.ts";
import { unavailable } from "../http/errors.ts";
import { isoNow } from "./context.ts";
import type { EscrowOnChain, ServiceContext } from "./ports.ts";
import { settlementApiError } from "./settlement-errors.ts";

export const RECONCILIATION_UNAVAILABLE = "Reconciliation reads the escrows on chain, and this server has no settlement service configured";

const OPEN = ["ACTIVE", "DISPUTED"] as const;
const SETTLED = ["COMPLETED", "REFUNDED"] as const;
/** Orders read per query: a million-order database is walked, never loaded at once. */
const BATCH = 500;

/**
 * The orders with an escrow on this cluster: a recorded escrowPDA, or an open order the database
 * says was paid (transactionSignature) whose escrow is then derivable. Other statuses (CANCELLED)
 * are not judged: where their funds should be is not the server's to say.
 */
async function* ordersWithEscrow(ctx: ServiceContext, cluster: string): AsyncGenerator<OrderRow> {
  let after = "";
  for (;;) {
    const rows = await ctx.db
      .selectFrom("orders")
      .selectAll()
      .where("id", ">", after)
      .where((eb) =>
        eb.or([
          eb.and([eb("escrowPDA", "is not", null), eb("status", "in", [...OPEN, ...SETTLED])]),
          eb.and([eb("status", "in", OPEN), eb("transactionSignature", "is not", null)]),
        ]),
      )
      // Signatures and escrows of another cluster cannot be checked here.
      .where((eb) => eb.or([eb("cluster", "is", null), eb("cluster", "=", cluster)]))
      .orderBy("id")
      .limit(BATCH)
      .execute();
    yield* rows;
    if (rows.length < BATCH) return;
    after = rows[rows.length - 1].id;
  }
}

/** What is wrong with one order's escrow, if anything. */
export function judge(order: OrderRow, onChain: EscrowOnChain, authority: string | null): Mismatch | null {
  const found = (kind: MismatchKind, expected: string | null, actual: string | null, detail: string): Mismatch => ({
    orderId: order.id,
    kind,
    escrow: onChain.escrow,
    expected,
    actual,
    detail,
  });
  if (!onChain.ours) {
    const owner = onChain.controlledBy ?? "another authority key";
    return found(
      "wrong_authority",
      authority,
      onChain.controlledBy,
      `The escrow belongs to ${owner}, not to this server's authority: it cannot settle it`,
    );
  }
  const held = onChain.amount.toString();
  if ((SETTLED as readonly string[]).includes(order.status)) {
    if (onChain.amount === 0n) return null;
    return found("funds_left_after_settlement", "0", held, `The order is ${order.status} but its escrow still holds ${held} base units`);
  }
  // A settlement in flight may have emptied the escrow already: the settlement queue owns that case.
  if (order.settlementStatus === "PENDING") return null;
  const total = String(order.totalPrice);
  if (!onChain.exists) return found("escrow_missing", total, null, `The order is ${order.status} but its escrow account does not exist`);
  if (onChain.amount === 0n) return found("escrow_empty", total, "0", `The order is ${order.status} but its escrow holds nothing`);
  if (held !== total) return found("amount_differs", total, held, `The escrow holds ${held} base units, the order's total is ${total}`);
  return null;
}

export async function reconcile(ctx: ServiceContext): Promise<Reconciliation> {
  const port = ctx.settlement;
  if (!port?.inspectEscrow) throw unavailable(RECONCILIATION_UNAVAILABLE);
  const cluster = port.cluster ?? "unknown";
  const checkedAt = isoNow(ctx);
  const mismatches: Mismatch[] = [];
  let ordersChecked = 0;
  for await (const order of ordersWithEscrow(ctx, cluster)) {
    let onChain: EscrowOnChain;
    try {
      onChain = await port.inspectEscrow(order);
    } catch (error) {
      throw settlementApiError(error, "before");
    }
    ordersChecked += 1;
    const mismatch = judge(order, onChain, port.authority ?? null);
    if (mismatch) mismatches.push(mismatch);
  }
  return { checkedAt, cluster, ordersChecked, mismatches };
}
