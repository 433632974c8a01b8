// Four eyes on an RPC cluster (the development chain `npm run chain` runs, in memory, with a fee
// market): under PAYOUT_APPROVALS=2 admin A's resolution answers 202 and sends nothing; A cannot
// approve it; of 20 concurrent approvals by admin B one answers 200, one transaction is broadcast and
// confirmed, the seller is paid once; and the payout read back with getTransaction carries its compute
// unit limit and price.
import { ComputeBudgetProgram } from "@solana/web3.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { RpcLedger } from "../../../server/settlement/index.ts";
import { lamportsOf } from "../support/chain-support.ts";
import { fundDispute, settlementsOf, startFourEyesOnRpc, type FourEyesOnRpc } from "../support/settlement-support.ts";

const PRICE = 2_000_000_000;
const RECENT_FEES = [0, 500, 2_000, 40_000];

let rig: FourEyesOnRpc;

beforeAll(async () => {
  rig = await startFourEyesOnRpc({ fees: { percentile: 75, maxMicroLamports: 1_000_000 }, recentFees: RECENT_FEES });
});

afterAll(async () => {
  await rig?.server.close();
  await rig?.loop.close();
});

describe("four eyes on an RPC cluster", () => {
  it("A proposes (202, nothing sent), cannot approve; 20 concurrent approvals by B send one payout with its compute budget", async () => {
    const order = await fundDispute(rig.server.ctx, { currencyMint: null, currencyDecimals: 9, currencySymbol: "SOL", totalPrice: PRICE });
    rig.loop.broadcasts.length = 0;
    const sellerBefore = await lamportsOf(rig.server.ctx.settlementBackend!.ledger, order.sellerWalletAddress);

    const proposed = await rig.proposer.post(`/admin/orders/${order.id}/resolve-dispute`, {
      resolution: "RELEASE_TO_SELLER",
      adminNotes: "Delivered, tracking confirms",
    });
    expect(proposed.status, proposed.text).toBe(202);
    expect(proposed.body.data).toMatchObject({ status: "awaiting_approval" });
    const { settlementId } = proposed.body.data as { settlementId: string };
    expect(rig.loop.broadcasts).toEqual([]);

    const own = await rig.proposer.post(`/admin/settlements/${settlementId}/approve`, {});
    expect(own.status).toBe(403);
    expect(own.body.message).toMatch(/another admin/i);
    expect(rig.loop.broadcasts).toEqual([]);

    const answers = await Promise.all(
      Array.from({ length: 20 }, () => rig.approver.post(`/admin/settlements/${settlementId}/approve`, {})),
    );
    const statuses = answers.map((answer) => answer.status).sort();
    expect(statuses).toEqual([200, ...Array<number>(19).fill(409)]);
    const approved = answers.find((answer) => answer.status === 200)!;
    expect(approved.body.data).toMatchObject({ status: "confirmed", transactionSignature: expect.any(String) });

    const signature = approved.body.data.transactionSignature as string;
    expect(new Set(rig.loop.broadcasts)).toEqual(new Set([signature]));
    expect(await settlementsOf(rig.server.ctx.db, order.id)).toEqual([expect.objectContaining({ status: "confirmed", signature })]);
    expect(await lamportsOf(rig.server.ctx.settlementBackend!.ledger, order.sellerWalletAddress)).toBe(
      (sellerBefore ?? 0n) + BigInt(PRICE),
    );

    // The payout as the cluster keeps it: a compute unit limit and a compute unit price first.
    const { connection } = rig.server.ctx.settlementBackend!.ledger as RpcLedger;
    const landed = await connection.getTransaction(signature, { maxSupportedTransactionVersion: 0, commitment: "confirmed" });
    const keys = landed!.transaction.message.staticAccountKeys;
    const budget = landed!.transaction.message.compiledInstructions.filter((ix) =>
      keys[ix.programIdIndex]!.equals(ComputeBudgetProgram.programId),
    );
    // SetComputeUnitLimit is instruction 2 of the program, SetComputeUnitPrice 3 (their first data byte).
    expect(budget.map((ix) => ix.data[0]).sort()).toEqual([2, 3]);
  });
});
