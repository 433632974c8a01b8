// The seed data's chain side, on a chain that grants airdrops (the in-process one, `npm run chain`,
// a local validator): each open order's escrow really holds the order's amount, and its buyer and
// seller wallets exist on chain, so every seeded dispute can be settled (a payout below the
// rent-exempt minimum to a wallet that does not exist would be refused).
import { PublicKey } from "@solana/web3.js";
import type { ExpressionBuilder } from "kysely";
import type { OpenedDatabase } from "../db/connection.ts";
import type { Database, Db, OrderRow } from "../db/schema.ts";
import { isSettlementError, type FundingResult, type Settlement } from "../settlement/index.ts";

/**
 * At most this many open orders hold a funded escrow after a start (DISPUTED first, newest first).
 * The default seed (2000 orders) has about 200 open orders, so all of them; a 1 000 000-order
 * benchmark database (about 96 000 open orders) gets its newest 500 disputes, so its first start
 * spends a few seconds on this instead of minutes (measured: 2000 escrows took 12 s on a busy 2-core VM).
 */
export const ESCROW_FUNDING_LIMIT = 500;
/** 0.01 SOL for each party's wallet: it then exists, and any share to it can be paid. */
export const WALLET_AIRDROP_LAMPORTS = 10_000_000n;

export interface FundingSummary {
  /** Escrows funded by this call. */
  funded: number;
  /** Wallets that received an airdrop. */
  wallets: number;
  /** Open orders still without an escrow (beyond the limit, or in a token this chain cannot mint). */
  unfunded: number;
  ms: number;
}

const OPEN = ["ACTIVE", "DISPUTED"] as const;

/**
 * Never touched by a settlement: a PENDING one may have emptied its escrow already, and funding it
 * again would put new money where a resumed settlement could pay it out a second time.
 */
const unfunded = (eb: ExpressionBuilder<Database, "orders">) =>
  eb.and([eb("escrowPDA", "is", null), eb("settlementStatus", "is", null), eb("settlementSignature", "is", null)]);

/** One pass over the open orders (the status index, then each row): funded ones and never-funded ones. */
async function openEscrowCounts(db: Db): Promise<{ funded: number; unfunded: number }> {
  const counts = await db
    .selectFrom("orders")
    .select((eb) => [
      eb.fn.countAll<number>().filterWhere("escrowPDA", "is not", null).as("funded"),
      eb.fn.countAll<number>().filterWhere(unfunded).as("unfunded"),
    ])
    .where("status", "in", OPEN)
    .executeTakeFirstOrThrow();
  return { funded: Number(counts.funded), unfunded: Number(counts.unfunded) };
}

/** Newest first, one status at a time, so SQLite walks the (status, createdAt, id) index. */
async function unfundedOrders(db: Db, budget: number): Promise<OrderRow[]> {
  const rows: OrderRow[] = [];
  for (const status of ["DISPUTED", "ACTIVE"] as const) {
    if (rows.length >= budget) break;
    const batch = await db
      .selectFrom("orders")
      .selectAll()
      .where("status", "=", status)
      .where(unfunded)
      .orderBy("createdAt", "desc")
      .orderBy("id", "desc")
      .limit(budget - rows.length)
      .execute();
    rows.push(...batch);
  }
  return rows;
}

/**
 * Funds the escrows of open orders that have none yet (idempotent: an interrupted run is finished by
 * the next), airdrops to their parties' wallets, and stores escrowPDA, the funding signature and the
 * cluster on each order. Does nothing unless the chain grants airdrops (`ledger.airdrop`: in-process,
 * or an RPC chain grantsAirdrops found). An SPL order whose mint the chain neither holds nor can create
 * (a local validator has no test mint at the USDC address) is left without an escrow.
 */
export async function fundOpenEscrows(
  opened: Pick<OpenedDatabase, "db">,
  settlement: Pick<Settlement, "chain" | "ledger" | "cluster">,
  options: { limit?: number } = {},
): Promise<FundingSummary> {
  const started = Date.now();
  const { db } = opened;
  const { chain, ledger } = settlement;
  if (!ledger.airdrop) return { funded: 0, wallets: 0, unfunded: 0, ms: 0 };
  const limit = options.limit ?? ESCROW_FUNDING_LIMIT;
  const before = await openEscrowCounts(db);
  const budget = Math.max(0, limit - before.funded);
  const orders = budget > 0 ? await unfundedOrders(db, budget) : [];

  const seen = new Set<string>();
  let wallets = 0;
  let funded = 0;
  for (const order of orders) {
    for (const wallet of [order.buyerWalletAddress, order.sellerWalletAddress]) {
      if (seen.has(wallet)) continue;
      seen.add(wallet);
      const key = new PublicKey(wallet);
      if (await ledger.getAccount(key)) continue;
      await ledger.airdrop(key, WALLET_AIRDROP_LAMPORTS);
      wallets += 1;
    }
    let result: FundingResult;
    try {
      result = await chain.fundEscrow(order);
    } catch (error) {
      if (isSettlementError(error, "ESCROW_FUNDING_UNSUPPORTED")) continue;
      throw error;
    }
    const { escrow, signature } = result;
    funded += 1;
    await db
      .updateTable("orders")
      .set((eb) => ({
        escrowPDA: escrow,
        transactionSignature: eb.fn.coalesce("transactionSignature", eb.val(signature)),
        cluster: settlement.cluster,
      }))
      .where("id", "=", order.id)
      .execute();
  }
  return { funded, wallets, unfunded: before.unfunded - funded, ms: Date.now() - started };
}
