// Re-screening across instances: two app instances on one database, each polling the same list file.
// A list rewritten with new addresses is recorded as a new version once (one reload audited, by the
// instance that recorded it), and that instance re-screens the open disputes' parties and the payees
// of the last SCREENING_RESCREEN_DAYS: an open dispute's buyer and a recent payee are flagged, with
// what was paid when, on the Screening API of every instance; an older payee is not. An admin
// acknowledges a hit with a reason (audited); a later version finds it again without reopening it.
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { Keypair } from "@solana/web3.js";
import { createOrderRecord } from "../../../server/seed/records.ts";
import { startTwoInstances, type TestClient, type TwoInstances } from "../support/harness.ts";
import { listFile, type ListFile } from "../support/screening-support.ts";

const DAY = 86_400_000;
const address = () => Keypair.generate().publicKey.toBase58();

let list: ListFile;
let instances: TwoInstances;
let onFirst: TestClient;
let onSecond: TestClient;

beforeAll(async () => {
  list = listFile();
  list.write([{ address: address(), list: "OFAC SDN", entryId: "SDN-1" }]);
  instances = await startTwoInstances({
    env: { SCREENING_LISTS: list.path, SCREENING_POLL_SECONDS: "0.05", SCREENING_RESCREEN_DAYS: "30" },
  });
  [onFirst, onSecond] = await Promise.all([instances.first.signIn(), instances.second.signIn(instances.first.adminWallet)]);
});

afterAll(async () => {
  await instances?.close();
  list?.remove();
});

const hitsOn = async (client: TestClient) => {
  const res = await client.get("/admin/screening?limit=100");
  expect(res.status, res.text).toBe(200);
  return res.body.data.items as { id: string; orderId: string; party: string; address: string; status: string }[];
};

describe("a list reloaded with new addresses", () => {
  it("flags an open dispute and a recent payee once, on every instance; an admin acknowledges a hit", async () => {
    const { db } = instances.first.ctx;
    const now = instances.first.clock.now();
    const [buyer, payee, oldPayee] = [address(), address(), address()];
    const dispute = await createOrderRecord(db, {
      status: "DISPUTED",
      buyerWalletAddress: buyer,
      disputeRaisedAt: new Date(now - DAY).toISOString(),
    });
    const paid = await createOrderRecord(db, {
      status: "COMPLETED",
      sellerWalletAddress: payee,
      totalPrice: 7_500_000_000,
      completedAt: new Date(now - 10 * DAY).toISOString(),
    });
    await createOrderRecord(db, {
      status: "COMPLETED",
      sellerWalletAddress: oldPayee,
      completedAt: new Date(now - 200 * DAY).toISOString(),
    });
    const versionsBefore = await db.selectFrom("screeningVersions").select("seq").execute();

    list.write([
      { address: buyer, list: "OFAC SDN", entryId: "SDN-2", reason: "Mixer" },
      { address: payee, list: "EU Consolidated", entryId: "EU-9" },
      { address: oldPayee, list: "OFAC SDN", entryId: "SDN-3" },
    ]);

    const expected = [
      expect.objectContaining({
        kind: "rescreen",
        orderId: dispute.id,
        party: "buyer",
        address: buyer,
        listName: "OFAC SDN",
        entryId: "SDN-2",
        paid: null,
      }),
      expect.objectContaining({
        kind: "rescreen",
        orderId: paid.id,
        party: "seller",
        address: payee,
        listName: "EU Consolidated",
        paid: { amount: "7500000000", uiAmount: "7.5", symbol: "SOL", decimals: 9, at: paid.completedAt },
      }),
    ];
    for (const client of [onFirst, onSecond]) {
      await vi.waitFor(async () => expect(await hitsOn(client)).toEqual(expect.arrayContaining(expected)), {
        timeout: 10_000,
        interval: 50,
      });
    }
    const hits = await hitsOn(onSecond);
    expect(hits.filter((hit) => hit.address === oldPayee)).toEqual([]);
    expect(hits).toHaveLength(2);

    // Both instances read the new file; one recorded it, and audited it once.
    await vi.waitFor(async () => {
      for (const instance of [instances.first, instances.second]) {
        const lists = await (instance === instances.first ? onFirst : onSecond).get("/admin/screening/lists");
        expect(lists.body.data).toMatchObject({ enabled: true, lists: ["EU Consolidated", "OFAC SDN"], entries: 3 });
      }
    });
    const versions = await db.selectFrom("screeningVersions").selectAll().orderBy("seq").execute();
    expect(versions).toHaveLength(versionsBefore.length + 1);
    expect(versions.at(-1)).toMatchObject({ version: instances.second.ctx.screening!.current().version, rescreenedAt: expect.any(String) });
    const reloads = await db.selectFrom("auditLog").selectAll().where("action", "=", "screening.reload").execute();
    expect(reloads).toHaveLength(versions.length);

    // Acknowledged on one instance, with a reason; audited; a second acknowledgement is refused.
    const hit = hits.find((h) => h.address === buyer)!;
    const missing = await onSecond.post(`/admin/screening/${hit.id}/acknowledge`, {});
    expect(missing.status).toBe(400);
    expect(missing.body.errors).toEqual([expect.objectContaining({ field: "reason" })]);
    const acknowledged = await onSecond.post(`/admin/screening/${hit.id}/acknowledge`, { reason: "Checked with compliance: a namesake" });
    expect(acknowledged.status, acknowledged.text).toBe(200);
    expect(acknowledged.body.data).toMatchObject({
      status: "acknowledged",
      acknowledgedBy: instances.first.adminWallet.publicKey,
      acknowledgement: "Checked with compliance: a namesake",
    });
    expect((await onFirst.post(`/admin/screening/${hit.id}/acknowledge`, { reason: "again" })).status).toBe(409);
    const entries = await db.selectFrom("auditLog").selectAll().where("action", "=", "screening.acknowledge").execute();
    expect(entries).toEqual([
      expect.objectContaining({ targetType: "screening", targetId: hit.id, reason: "Checked with compliance: a namesake" }),
    ]);
    expect((await onFirst.get("/admin/screening?status=open")).body.data.items).toEqual([expect.objectContaining({ address: payee })]);

    // A later version finds the buyer again: still one hit, still acknowledged.
    list.write([
      { address: buyer, list: "OFAC SDN", entryId: "SDN-2", reason: "Mixer" },
      { address: payee, list: "EU Consolidated", entryId: "EU-9" },
      { address: address(), list: "UN", entryId: "UN-1" },
    ]);
    await vi.waitFor(async () => {
      const latest = await db.selectFrom("screeningVersions").selectAll().orderBy("seq", "desc").executeTakeFirstOrThrow();
      expect(latest).toMatchObject({ seq: versions.at(-1)!.seq + 1, rescreenedAt: expect.any(String) });
    });
    const again = await hitsOn(onFirst);
    expect(again.filter((h) => h.address === buyer)).toEqual([expect.objectContaining({ id: hit.id, status: "acknowledged" })]);
    expect(again).toHaveLength(2);
  });
});
