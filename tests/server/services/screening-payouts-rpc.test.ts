// Screening under four eyes on an RPC cluster (the development chain `npm run chain` runs): a seller
// on SCREENING_LISTS' list refuses the proposal (409 naming the seller and the list), nothing is
// broadcast and the order is flagged; once the list drops the address the payout is proposed, approved
// and sent. A seller listed between proposal and approval refuses the approval: the proposal ends
// failed with the reason, nothing sent.
import { Keypair } from "@solana/web3.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { lamportsOf } from "../support/chain-support.ts";
import { listFile, type ListFile } from "../support/screening-support.ts";
import { fundDispute, settlementsOf, startFourEyesOnRpc, type FourEyesOnRpc } from "../support/settlement-support.ts";

const PRICE = 2_000_000_000;
const RELEASE = { resolution: "RELEASE_TO_SELLER", adminNotes: "Delivered, tracking confirms" };

let list: ListFile;
let rig: FourEyesOnRpc;

beforeAll(async () => {
  list = listFile("json");
  rig = await startFourEyesOnRpc({ env: { SCREENING_LISTS: list.path, SCREENING_POLL_SECONDS: "3600" } });
});

afterAll(async () => {
  await rig?.server.close();
  await rig?.loop.close();
  list?.remove();
});

const dispute = (seller: string) =>
  fundDispute(rig.server.ctx, {
    sellerWalletAddress: seller,
    currencyMint: null,
    currencyDecimals: 9,
    currencySymbol: "SOL",
    totalPrice: PRICE,
  });

async function relist(rows: { address: string; list: string; entryId?: string }[]): Promise<void> {
  list.write(rows);
  await rig.server.ctx.screeningWatch!.run();
}

describe("a sanctioned seller under four eyes", () => {
  it("refuses the proposal, sends nothing, flags the order; after the list drops the address the payout goes through", async () => {
    const seller = Keypair.generate().publicKey.toBase58();
    await relist([{ address: seller, list: "OFAC SDN", entryId: "SDN-42" }]);
    const order = await dispute(seller);
    rig.loop.broadcasts.length = 0;

    const refused = await rig.proposer.post(`/admin/orders/${order.id}/resolve-dispute`, RELEASE);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toMatch(/cannot be proposed: the seller wallet \w+ is on the list "OFAC SDN" \(entry SDN-42\)/);
    expect(rig.loop.broadcasts).toEqual([]);
    expect(await settlementsOf(rig.server.ctx.db, order.id)).toEqual([]);
    const flagged = await rig.approver.get("/admin/screening");
    expect(flagged.body.data.items).toContainEqual(
      expect.objectContaining({ kind: "payout", orderId: order.id, party: "seller", listName: "OFAC SDN", entryId: "SDN-42" }),
    );

    await relist([]);
    const proposed = await rig.proposer.post(`/admin/orders/${order.id}/resolve-dispute`, RELEASE);
    expect(proposed.status, proposed.text).toBe(202);
    const approved = await rig.approver.post(`/admin/settlements/${proposed.body.data.settlementId}/approve`, {});
    expect(approved.status, approved.text).toBe(200);
    expect(rig.loop.broadcasts).toEqual([approved.body.data.transactionSignature]);
    expect(await lamportsOf(rig.server.ctx.settlementBackend!.ledger, seller)).toBe(BigInt(PRICE));
  });

  it("refuses the approval of a proposal whose seller was listed since: the proposal ends failed, nothing sent", async () => {
    const seller = Keypair.generate().publicKey.toBase58();
    await relist([]);
    const order = await dispute(seller);
    const proposed = await rig.proposer.post(`/admin/orders/${order.id}/resolve-dispute`, RELEASE);
    expect(proposed.status, proposed.text).toBe(202);
    await relist([{ address: seller, list: "UN Security Council", entryId: "UN-5" }]);
    rig.loop.broadcasts.length = 0;

    const refused = await rig.approver.post(`/admin/settlements/${proposed.body.data.settlementId}/approve`, {});
    expect(refused.status).toBe(409);
    expect(refused.body.message).toMatch(/cannot be approved: the seller wallet \w+ is on the list "UN Security Council"/);
    expect(rig.loop.broadcasts).toEqual([]);
    expect(await settlementsOf(rig.server.ctx.db, order.id)).toEqual([
      expect.objectContaining({ status: "failed", lastError: expect.stringContaining("UN Security Council") }),
    ]);
  });
});
