// Wallet screening through the API on the in-process chain (SCREENING_LISTS, a CSV file): a listed
// admin wallet cannot sign in (403, audited); a listed mint or mint authority cannot be whitelisted
// (400 naming mintAddress); a payout to a listed seller is refused before anything is signed (409
// naming the party and the list; the settlement row failed with the reason, the order flagged), and
// goes through once the list drops the address; the preview says what it was screened against.
import { Keypair } from "@solana/web3.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AppContext } from "../../../server/context.ts";
import { lamportsOf } from "../support/chain-support.ts";
import { createTestWallet, startTestServer, type TestClient, type TestServer } from "../support/harness.ts";
import { createMint } from "../support/mint-support.ts";
import { listFile, type ListFile, type ListRow } from "../support/screening-support.ts";
import { fundDispute, REFUND, resolve, settlementsOf } from "../support/settlement-support.ts";

const listedAdmin = createTestWallet();
const issuer = Keypair.generate();
const listedMint = Keypair.generate().publicKey.toBase58();
const listedAuthority = Keypair.generate();
const seller = Keypair.generate().publicKey.toBase58();

const BASE: ListRow[] = [
  { address: listedAdmin.publicKey, list: "OFAC SDN", entryId: "SDN-1", reason: "Test entity one" },
  { address: listedMint, list: "EU Consolidated", entryId: "EU-7" },
  { address: listedAuthority.publicKey.toBase58(), list: "OFAC SDN", entryId: "SDN-2" },
];

let list: ListFile;
let server: TestServer;
let ctx: AppContext;
let api: TestClient;

beforeAll(async () => {
  list = listFile();
  list.write(BASE);
  server = await startTestServer({
    settlement: true,
    extraAdminWallets: [listedAdmin],
    env: { SCREENING_LISTS: list.path, SCREENING_POLL_SECONDS: "3600" },
  });
  ctx = server.ctx;
  api = await server.signIn();
  await ctx.settlementBackend!.ledger.airdrop!(issuer.publicKey, 10n ** 12n);
});

afterAll(async () => {
  await server?.close();
  list?.remove();
});

/** The lists changed on disk, and this instance has read them (as its poll would). */
async function relist(rows: ListRow[]): Promise<void> {
  list.write(rows);
  await ctx.screeningWatch!.run();
}

const auditOf = (action: string) => ctx.db.selectFrom("auditLog").selectAll().where("action", "=", action).orderBy("id").execute();

describe("sign-in", () => {
  it("refuses a whitelisted admin wallet on a list: 403 naming the list, audited; others sign in", async () => {
    await expect(server.signIn(listedAdmin)).rejects.toThrow(/403.*Sign-in refused by screening.*OFAC SDN.*SDN-1/s);
    const [entry] = (await auditOf("screening.refuse")).filter((row) => row.adminPublicKey === listedAdmin.publicKey);
    expect(entry).toMatchObject({ targetType: "screening", reason: expect.stringContaining("OFAC SDN") });
    const hits = await api.get("/admin/screening");
    expect(hits.body.data.items).toContainEqual(
      expect.objectContaining({ kind: "sign_in", party: "admin", address: listedAdmin.publicKey, listName: "OFAC SDN", entryId: "SDN-1" }),
    );
    expect((await api.get("/auth/validate")).status).toBe(200);
  });
});

describe("token whitelisting", () => {
  const body = (mint: string) => ({ mintAddress: mint, symbol: "TST", name: "Test token", decimals: 6, logoUrl: null });

  it("refuses a listed mint: 400 naming mintAddress and the list; nothing listed", async () => {
    const res = await api.post("/tokens/admin", body(listedMint));
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual([{ field: "mintAddress", message: expect.stringMatching(/mint .* is on the list "EU Consolidated"/) }]);
    expect(await ctx.db.selectFrom("tokens").select("id").where("mintAddress", "=", listedMint).execute()).toEqual([]);
  });

  it("refuses a mint whose mint authority is listed; whitelists a clean one, recording the lists' version", async () => {
    const risky = await createMint(ctx.settlementBackend!.ledger, issuer, {
      mintAuthority: listedAuthority.publicKey,
      freezeAuthority: null,
    });
    const refused = await api.post("/tokens/admin", body(risky.toBase58()));
    expect(refused.status).toBe(400);
    expect(refused.body.errors[0].message).toMatch(/mint authority wallet \w+ is on the list "OFAC SDN" \(entry SDN-2\)/);

    const clean = await createMint(ctx.settlementBackend!.ledger, issuer, { freezeAuthority: null });
    const added = await api.post("/tokens/admin", body(clean.toBase58()));
    expect(added.status, added.text).toBe(201);
    const row = await ctx.db
      .selectFrom("tokens")
      .select("screenedUnder")
      .where("mintAddress", "=", clean.toBase58())
      .executeTakeFirstOrThrow();
    expect(JSON.parse(row.screenedUnder!)).toEqual({ lists: ["EU Consolidated", "OFAC SDN"], version: ctx.screening!.current().version });
  });
});

describe("a dispute payout to a listed seller", () => {
  it("is refused before signing (409 naming the seller and the list; row failed; order flagged) and goes through once delisted", async () => {
    await relist([...BASE, { address: seller, list: "OFAC SDN", entryId: "SDN-9", reason: "Sanctioned exchange" }]);
    const order = await fundDispute(ctx, { sellerWalletAddress: seller, currencyMint: null, currencyDecimals: 9, currencySymbol: "SOL" });
    const release = { resolution: "RELEASE_TO_SELLER", adminNotes: "Delivered, tracking confirms" };
    const version = ctx.screening!.current().version;

    const preview = await api.post(`/admin/orders/${order.id}/resolve-dispute/preview`, { resolution: "RELEASE_TO_SELLER" });
    expect(preview.status, preview.text).toBe(200);
    expect(preview.body.data.screening).toEqual({
      lists: ["EU Consolidated", "OFAC SDN"],
      version,
      listed: [{ party: "seller", wallet: seller, list: "OFAC SDN", entryId: "SDN-9" }],
    });

    const refused = await resolve(api, order.id, release);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toMatch(/the seller wallet \w+ is on the list "OFAC SDN" \(entry SDN-9: Sanctioned exchange\)/);
    expect(refused.body.message).toContain(`version ${version.slice(0, 8)}`);
    expect(await lamportsOf(ctx.settlementBackend!.ledger, seller)).toBeNull();
    const [failed] = await settlementsOf(ctx.db, order.id);
    expect(failed).toMatchObject({ status: "failed", signature: null, lastError: expect.stringContaining('"OFAC SDN"') });
    const after = await ctx.db.selectFrom("orders").selectAll().where("id", "=", order.id).executeTakeFirstOrThrow();
    expect(after).toMatchObject({ status: "DISPUTED", settlementStatus: "FAILED" });
    const hits = await api.get("/admin/screening?status=open");
    expect(hits.body.data.items).toContainEqual(
      expect.objectContaining({
        kind: "payout",
        orderId: order.id,
        party: "seller",
        address: seller,
        listName: "OFAC SDN",
        listVersion: version,
      }),
    );
    expect((await auditOf("screening.refuse")).filter((row) => row.targetId === order.id)).toHaveLength(1);

    await relist(BASE);
    const paid = await resolve(api, order.id, release);
    expect(paid.status, paid.text).toBe(200);
    const rows = await settlementsOf(ctx.db, order.id);
    expect(rows.map((row) => row.status)).toEqual(["failed", "confirmed"]);
    expect(JSON.parse(rows[1]!.screenedUnder!)).toMatchObject({ version: ctx.screening!.current().version });
    expect(await lamportsOf(ctx.settlementBackend!.ledger, seller)).toBeGreaterThan(0n);
  });

  it("refuses a refund to a listed buyer the same way", async () => {
    const buyer = Keypair.generate().publicKey.toBase58();
    await relist([...BASE, { address: buyer, list: "UN", entryId: "UN-3" }]);
    const order = await fundDispute(ctx, { buyerWalletAddress: buyer, currencyMint: null, currencyDecimals: 9, currencySymbol: "SOL" });
    const refused = await resolve(api, order.id, REFUND);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toMatch(/the buyer wallet \w+ is on the list "UN" \(entry UN-3\)/);
    expect(await lamportsOf(ctx.settlementBackend!.ledger, buyer)).toBeNull();
  });
});

describe("the Screening API", () => {
  it("is beyond the core API, reading needs read and acknowledging payouts.approve", async () => {
    const doc = (await api.get("/api/v1/openapi.json")).body;
    const operation = (path: string, method: string) => doc.paths[path][method];
    expect(operation("/admin/screening", "get")).toMatchObject({ "x-permission": "read", "x-beyond-spec": true });
    expect(operation("/admin/screening/lists", "get")).toMatchObject({ "x-permission": "read", "x-beyond-spec": true });
    expect(operation("/admin/screening/{id}/acknowledge", "post")).toMatchObject({
      "x-permission": "payouts.approve",
      "x-beyond-spec": true,
    });
    const lists = await api.get("/admin/screening/lists");
    expect(lists.body.data).toEqual({
      enabled: true,
      lists: ctx.screening!.current().names,
      version: ctx.screening!.current().version,
      loadedAt: expect.any(String),
      entries: expect.any(Number),
    });
  });
});
