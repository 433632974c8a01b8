// The whitelist's on-chain check through the API, on the in-process chain: POST /tokens/admin and a
// re-activation refuse risky mints (400 naming mintAddress) and warn of the rest, GET
// /tokens/admin/{id}/risk reports a mint, and a mint paused after it was whitelisted stops the
// settlement in it (fault injection): nothing is paid, the token is flagged, the queue says why.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Keypair, PublicKey } from "@solana/web3.js";
import { createResumeInstruction, TOKEN_2022_PROGRAM_ID } from "@solana/spl-token";
import type { AppContext } from "../../../server/context.ts";
import { UNVERIFIED_IN_PROCESS } from "../../../server/services/token-risk.ts";
import { buildTransaction } from "../../../server/settlement/tx.ts";
import { tokensOf } from "../support/chain-support.ts";
import { createTestWallet, startTestServer, type TestClient, type TestServer } from "../support/harness.ts";
import { createMint, ext, pauseMint, type MintSpec } from "../support/mint-support.ts";
import { fundDispute, settlementsOf } from "../support/settlement-support.ts";

let server: TestServer;
let api: TestClient;
let ctx: AppContext;
const issuer = Keypair.generate();

beforeAll(async () => {
  server = await startTestServer({ settlement: true });
  ctx = server.ctx;
  api = await server.signIn();
  await ctx.settlementBackend!.ledger.airdrop!(issuer.publicKey, 10n ** 12n);
});

afterAll(async () => {
  await server?.close();
});

const mintOf = (spec: MintSpec = {}) => createMint(ctx.settlementBackend!.ledger, issuer, spec);
const tokenBody = (mint: PublicKey | string, decimals = 6) => ({
  mintAddress: String(mint),
  symbol: "TST",
  name: "Test token",
  decimals,
  logoUrl: null,
});
const listed = async (mint: PublicKey) =>
  (await ctx.db.selectFrom("tokens").selectAll().where("mintAddress", "=", mint.toBase58()).executeTakeFirst()) ?? null;

describe("POST /tokens/admin", () => {
  it.each([
    [
      "a permanent delegate",
      () => [ext.permanentDelegate(issuer.publicKey)],
      /Permanent delegate: the permanent delegate \w+ can transfer or burn tokens from any account/,
    ],
    [
      "a transfer hook",
      () => [ext.transferHook(issuer.publicKey, Keypair.generate().publicKey)],
      /Transfer hook: every transfer calls the hook program/,
    ],
    ["a transfer fee", () => [ext.transferFee(null, 100, 10_000n)], /Transfer fee: a transfer fee of 100 bps/],
    ["non-transferable tokens", () => [ext.nonTransferable()], /Non-transferable: the tokens cannot be transferred/],
  ])("refuses a mint with %s: 400 naming mintAddress and the risk, nothing listed", async (_, extensions, risk) => {
    const mint = await mintOf({ extensions: extensions() });
    const res = await api.post("/tokens/admin", tokenBody(mint));
    expect(res.status).toBe(400);
    expect(res.body.errors).toHaveLength(1);
    expect(res.body.errors[0].field).toBe("mintAddress");
    expect(res.body.errors[0].message).toMatch(risk);
    expect(res.body.message).toMatch(/^Invalid request: mintAddress: This mint cannot be whitelisted: /);
    expect(await listed(mint)).toBeNull();
  });

  it("refuses an account that is not a mint, and decimals other than the mint's (400 naming decimals)", async () => {
    const wallet = await api.post("/tokens/admin", tokenBody(issuer.publicKey));
    expect(wallet.status).toBe(400);
    expect(wallet.body.errors[0]).toMatchObject({ field: "mintAddress", message: expect.stringMatching(/not a token mint/) });
    const mint = await mintOf({ decimals: 9 });
    const wrong = await api.post("/tokens/admin", tokenBody(mint, 6));
    expect(wrong.status).toBe(400);
    expect(wrong.body.errors).toEqual([{ field: "decimals", message: "The mint has 9 decimals on localnet-inprocess" }]);
    expect(await listed(mint)).toBeNull();
  });

  it("accepts a plain SPL Token mint, warning of its freeze and mint authorities; the core API's token fields come back as sent", async () => {
    const mint = await mintOf({ freezeAuthority: issuer.publicKey });
    const res = await api.post("/tokens/admin", tokenBody(mint));
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({ ...tokenBody(mint), isActive: true });
    expect(res.body.data.warnings).toEqual([
      `freeze authority ${issuer.publicKey.toBase58()} can freeze the escrow's token account`,
      `mint authority ${issuer.publicKey.toBase58()} can mint more supply`,
    ]);
    expect(res.body.data.risk).toMatchObject({ verdict: "warn", summary: res.body.data.warnings.join("; ") });
    const list = await api.get("/tokens/admin?page=1&limit=20");
    expect(list.body.data.items.find((t: { mintAddress: string }) => t.mintAddress === mint.toBase58()).risk.verdict).toBe("warn");
  });

  it("accepts a Token-2022 mint, and one with only accepted extensions", async () => {
    const plain = await api.post("/tokens/admin", tokenBody(await mintOf({ program: "token-2022" })));
    expect(plain.status).toBe(201);
    const closable = await mintOf({ extensions: [ext.closeAuthority(issuer.publicKey), ext.metadataPointer(issuer.publicKey)] });
    const res = await api.post("/tokens/admin", tokenBody(closable));
    expect(res.status).toBe(201);
    expect(res.body.data.warnings).toContain(
      `Mint close authority: ${issuer.publicKey.toBase58()} can close the mint once its supply is zero`,
    );
  });

  it("accepts an address the in-process chain does not hold, as unverified (it holds only the seed's mints)", async () => {
    const res = await api.post("/tokens/admin", tokenBody(Keypair.generate().publicKey));
    expect(res.status).toBe(201);
    expect(res.body.data.warnings).toEqual([UNVERIFIED_IN_PROCESS]);
    expect(res.body.data.risk).toMatchObject({ verdict: "unverified", summary: UNVERIFIED_IN_PROCESS });
  });
});

describe("GET /tokens/admin/{id}/risk", () => {
  it("reports the mint as the chain holds it now, each extension judged", async () => {
    const mint = await mintOf({
      freezeAuthority: issuer.publicKey,
      extensions: [ext.pausable(issuer.publicKey), ext.interestBearing(issuer.publicKey, 100)],
    });
    const created = await api.post("/tokens/admin", tokenBody(mint));
    expect(created.status).toBe(201);
    const res = await api.get(`/tokens/admin/${created.body.data.id}/risk`);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      program: "token-2022",
      decimals: 6,
      mintAuthority: issuer.publicKey.toBase58(),
      freezeAuthority: issuer.publicKey.toBase58(),
      verdict: "warn",
      refusals: [],
      cluster: "localnet-inprocess",
    });
    expect(res.body.data.extensions.map((e: { name: string; verdict: string }) => [e.name, e.verdict]).sort()).toEqual([
      ["Interest-bearing", "warn"],
      ["Pausable", "warn"],
    ]);
    expect(Date.parse(res.body.data.checkedAt)).not.toBeNaN();
    expect((await api.get("/tokens/admin/no-such-token/risk")).status).toBe(404);
  });
});

describe("GET /tokens/admin/mint-risk", () => {
  it("reads a mint before it is added, whatever its verdict, and lists nothing", async () => {
    const mint = await mintOf({ decimals: 8, extensions: [ext.permanentDelegate(issuer.publicKey)] });
    const res = await api.get(`/tokens/admin/mint-risk?mintAddress=${mint.toBase58()}`);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      program: "token-2022",
      decimals: 8,
      verdict: "reject",
      refusals: [expect.stringMatching(/^Permanent delegate: /)],
    });
    expect(await listed(mint)).toBeNull();
    const bad = await api.get("/tokens/admin/mint-risk?mintAddress=not-a-mint");
    expect(bad.status).toBe(400);
    expect(bad.body.errors.map((e: { field: string }) => e.field)).toEqual(["mintAddress"]);
  });
});

describe("re-activating a token", () => {
  it("checks its mint again: a mint paused while the token was inactive is refused", async () => {
    const mint = await mintOf({ extensions: [ext.pausable(issuer.publicKey)] });
    const { id } = (await api.post("/tokens/admin", tokenBody(mint))).body.data;
    expect((await api.patch(`/tokens/admin/${id}`, { isActive: false })).status).toBe(200);
    await pauseMint(ctx.settlementBackend!.ledger, mint, issuer);
    const res = await api.patch(`/tokens/admin/${id}`, { isActive: true });
    expect(res.status).toBe(400);
    expect(res.body.errors[0]).toMatchObject({ field: "mintAddress", message: expect.stringMatching(/Pausable: the mint is paused/) });
    expect((await listed(mint))?.isActive).toBe(0);
    // Other edits of an inactive token do not ask the chain.
    expect((await api.patch(`/tokens/admin/${id}`, { name: "Renamed" })).status).toBe(200);
  });
});

describe("changing a token's decimals", () => {
  it("is checked against its mint whether the token is active or not: other than the chain's, 400 naming decimals and the chain's value", async () => {
    const mint = await mintOf({ decimals: 6 });
    const { id } = (await api.post("/tokens/admin", tokenBody(mint))).body.data;
    for (const isActive of [true, false]) {
      expect((await api.patch(`/tokens/admin/${id}`, { isActive })).status).toBe(200);
      const res = await api.patch(`/tokens/admin/${id}`, { decimals: 9 });
      expect(res.status, `isActive ${isActive}`).toBe(400);
      expect(res.body.errors).toEqual([{ field: "decimals", message: "The mint has 6 decimals on localnet-inprocess" }]);
      expect(await listed(mint)).toMatchObject({ isActive: Number(isActive), decimals: 6 });
    }
  });

  it("of an inactive token is judged on the decimals alone: a paused mint's own decimals are taken (its risk is a re-activation's to judge)", async () => {
    const mint = await mintOf({ decimals: 6, extensions: [ext.pausable(issuer.publicKey)] });
    const { id } = (await api.post("/tokens/admin", tokenBody(mint))).body.data;
    expect((await api.patch(`/tokens/admin/${id}`, { isActive: false })).status).toBe(200);
    await pauseMint(ctx.settlementBackend!.ledger, mint, issuer);
    // Listed with wrong decimals before every change of them was checked.
    await ctx.db.updateTable("tokens").set({ decimals: 9 }).where("id", "=", id).execute();
    const res = await api.patch(`/tokens/admin/${id}`, { decimals: 6 });
    expect(res.status, res.text).toBe(200);
    expect(res.body.data).toMatchObject({ isActive: false, decimals: 6 });
    expect((await api.patch(`/tokens/admin/${id}`, { isActive: true })).status).toBe(400);
  });

  it("of native SOL: anything but 9 is a 400 naming decimals", async () => {
    const sol = await api.post("/tokens/admin/initialize-sol");
    expect(sol.status).toBe(201);
    const res = await api.patch(`/tokens/admin/${sol.body.data.id}`, { decimals: 6 });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual([{ field: "decimals", message: "Native SOL has 9 decimals" }]);
    expect((await api.patch(`/tokens/admin/${sol.body.data.id}`, { decimals: 9, name: "Solana (native)" })).status).toBe(200);
  });
});

describe("settling in a token whose mint became risky (fault injection)", () => {
  it("a mint paused after whitelisting stops its settlement: nothing paid, token flagged, the queue says why; resumed, the retry pays", async () => {
    const backend = ctx.settlementBackend!;
    // The authority mints the escrows' deposits (seed funding); the issuer holds the pause switch.
    const mint = await mintOf({ mintAuthority: backend.authority, extensions: [ext.pausable(issuer.publicKey)] });
    const created = await api.post("/tokens/admin", tokenBody(mint));
    expect(created.status).toBe(201);
    // An owner's webhook endpoint hears of the flag and of the failed settlement.
    expect(
      (await api.post("/admin/webhooks", { url: "https://hooks.example.com/risk", events: ["token.flagged", "settlement.failed"] })).status,
    ).toBe(201);
    const dispute = (values = {}) =>
      fundDispute(ctx, { currencyMint: mint.toBase58(), currencyDecimals: 6, currencySymbol: "TST", totalPrice: 1_000, ...values });

    // Before the pause, a settlement in this Token-2022 mint goes through.
    const first = await dispute();
    const settled = await api.post(`/admin/orders/${first.id}/resolve-dispute`, { resolution: "REFUND_BUYER", adminNotes: "Refund" });
    expect(settled.status).toBe(200);
    expect(await tokensOf(backend.ledger, mint, new PublicKey(first.buyerWalletAddress), TOKEN_2022_PROGRAM_ID)).toBe(1_000n);

    const second = await dispute();
    await pauseMint(backend.ledger, mint, issuer);
    const stopped = await api.post(`/admin/orders/${second.id}/resolve-dispute`, {
      resolution: "RELEASE_TO_SELLER",
      adminNotes: "Release",
    });
    expect(stopped.status).toBe(409);
    expect(stopped.body.message).toMatch(
      new RegExp(
        `^Settlement stopped before sending: the token's mint ${mint.toBase58()} is no longer safe to settle in \\(Pausable: the mint is paused`,
      ),
    );

    expect(await tokensOf(backend.ledger, mint, new PublicKey(second.sellerWalletAddress), TOKEN_2022_PROGRAM_ID)).toBeNull();
    const order = await ctx.db.selectFrom("orders").selectAll().where("id", "=", second.id).executeTakeFirstOrThrow();
    expect(order).toMatchObject({ status: "DISPUTED", settlementStatus: "FAILED", settlementSignature: null, resolution: null });
    const [row] = await settlementsOf(ctx.db, second.id);
    expect(row).toMatchObject({ status: "failed", signature: null, attempts: 0, lastError: stopped.body.message });
    const queue = await api.get("/admin/settlements?page=1&limit=20");
    expect(queue.body.data.items.find((s: { id: string }) => s.id === row!.id)).toMatchObject({
      status: "failed",
      lastError: stopped.body.message,
    });
    const token = await listed(mint);
    expect(token).toMatchObject({ riskVerdict: "reject", riskSummary: expect.stringMatching(/^Pausable: the mint is paused/) });
    const flags = await ctx.db
      .selectFrom("auditLog")
      .selectAll()
      .where("action", "=", "token.flag")
      .where("targetId", "=", token!.id)
      .execute();
    expect(flags).toHaveLength(1);
    expect(flags[0]).toMatchObject({
      adminPublicKey: server.adminWallet.publicKey,
      reason: token!.riskSummary,
      before: JSON.stringify({ risk: "warn" }),
    });
    const events = await ctx.db.selectFrom("webhookEvents").select(["type", "payload"]).orderBy("createdAt").execute();
    expect(events.map((e) => e.type).sort()).toEqual(["settlement.failed", "token.flagged"]);
    const flagged = JSON.parse(events.find((e) => e.type === "token.flagged")!.payload);
    expect(flagged.data).toMatchObject({
      tokenId: token!.id,
      mintAddress: mint.toBase58(),
      verdict: "reject",
      summary: token!.riskSummary,
    });
    // Another try while it is still paused is stopped the same way; the token is flagged once.
    expect((await api.post(`/admin/settlements/${row!.id}/retry`, { reason: "Try again" })).status).toBe(409);
    expect(
      await ctx.db.selectFrom("auditLog").select("id").where("action", "=", "token.flag").where("targetId", "=", token!.id).execute(),
    ).toHaveLength(1);

    // Once the issuer resumes the mint, the queue's retry settles it, and the flag clears.
    const resume = createResumeInstruction(mint, issuer.publicKey, [], TOKEN_2022_PROGRAM_ID);
    await backend.ledger.submit((l) => buildTransaction([resume], [issuer], l.blockhash));
    const retried = await api.post(`/admin/settlements/${row!.id}/retry`, { reason: "The issuer resumed the mint" });
    expect(retried.status).toBe(200);
    expect(retried.body.data.status).toBe("confirmed");
    expect(await tokensOf(backend.ledger, mint, new PublicKey(second.sellerWalletAddress), TOKEN_2022_PROGRAM_ID)).toBe(1_000n);
    expect((await listed(mint))?.riskVerdict).toBe("warn");
  });

  it("a pause landing between the re-check and the send: refused before signing all the same, nothing paid", async () => {
    const backend = ctx.settlementBackend!;
    const mint = await mintOf({ mintAuthority: backend.authority, extensions: [ext.pausable(issuer.publicKey)] });
    expect((await api.post("/tokens/admin", tokenBody(mint))).status).toBe(201);
    const order = await fundDispute(ctx, { currencyMint: mint.toBase58(), currencyDecimals: 6, currencySymbol: "TST", totalPrice: 500 });
    const port = ctx.settlement!;
    const readMint = port.readMint!.bind(port);
    // The issuer pauses right after the server's re-check read the mint.
    port.readMint = async (address) => {
      const report = await readMint(address);
      await pauseMint(backend.ledger, mint, issuer);
      return report;
    };
    try {
      const res = await api.post(`/admin/orders/${order.id}/resolve-dispute`, { resolution: "REFUND_BUYER", adminNotes: "Refund" });
      expect(res.status).toBe(409);
      expect(res.body.message).toMatch(/cannot be settled: Pausable: the mint is paused/);
    } finally {
      port.readMint = readMint;
    }
    expect(await tokensOf(backend.ledger, mint, new PublicKey(order.buyerWalletAddress), TOKEN_2022_PROGRAM_ID)).toBeNull();
    expect(await ctx.db.selectFrom("orders").selectAll().where("id", "=", order.id).executeTakeFirstOrThrow()).toMatchObject({
      status: "DISPUTED",
      settlementSignature: null,
    });
    expect(await settlementsOf(ctx.db, order.id)).toEqual([]);
  });
});

describe("under four eyes (PAYOUT_APPROVALS=2)", () => {
  it("a mint paused while its payout awaited approval refuses the approval saying why: nothing paid, the proposal kept for a new decision", async () => {
    const second = createTestWallet();
    const fourEyes = await startTestServer({ settlement: true, extraAdminWallets: [second], env: { PAYOUT_APPROVALS: "2" } });
    try {
      const backend = fourEyes.ctx.settlementBackend!;
      await backend.ledger.airdrop!(issuer.publicKey, 10n ** 12n);
      const [proposer, approver] = [await fourEyes.signIn(), await fourEyes.signIn(second)];
      const mint = await createMint(backend.ledger, issuer, {
        mintAuthority: backend.authority,
        extensions: [ext.pausable(issuer.publicKey)],
      });
      expect((await proposer.post("/tokens/admin", tokenBody(mint))).status).toBe(201);
      const order = await fundDispute(fourEyes.ctx, {
        currencyMint: mint.toBase58(),
        currencyDecimals: 6,
        currencySymbol: "TST",
        totalPrice: 700,
      });
      const proposal = await proposer.post(`/admin/orders/${order.id}/resolve-dispute`, {
        resolution: "REFUND_BUYER",
        adminNotes: "Refund",
      });
      expect(proposal.status, proposal.text).toBe(202);

      await pauseMint(backend.ledger, mint, issuer);
      const approved = await approver.post(`/admin/settlements/${proposal.body.data.settlementId}/approve`, {});
      expect(approved.status).toBe(409);
      expect(approved.body.message).toMatch(/^Settlement stopped before sending: .*Pausable: the mint is paused/);
      expect(await tokensOf(backend.ledger, mint, new PublicKey(order.buyerWalletAddress), TOKEN_2022_PROGRAM_ID)).toBeNull();
      expect(await settlementsOf(fourEyes.ctx.db, order.id)).toMatchObject([
        { status: "awaiting_approval", signature: null, approvedBy: null },
      ]);
    } finally {
      await fourEyes.close();
    }
  });
});
