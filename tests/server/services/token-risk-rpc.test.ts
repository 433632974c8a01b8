// Acceptance of the whitelist's mint check on `npm run chain` (the JSON-RPC node over LiteSVM, in
// memory here): mints created by real transactions sent over RPC, read back by the server through
// its RPC ledger. Risky mints are refused naming the extension, plain ones accepted, a freeze
// authority reported as a warning, and an address the cluster does not hold refused.
import { afterAll, beforeAll, expect, it } from "vitest";
import { Keypair, type PublicKey } from "@solana/web3.js";
import { AccountState } from "@solana/spl-token";
import { startTestServer, type TestClient, type TestServer } from "../support/harness.ts";
import { createMint, ext, type MintSpec } from "../support/mint-support.ts";
import { startRpcLoopback, type Loopback } from "../support/rpc-loopback.ts";

let loop: Loopback | null;
let server: TestServer;
let api: TestClient;
const issuer = Keypair.generate();

beforeAll(async () => {
  loop = await startRpcLoopback();
  server = await startTestServer({ settlement: { cluster: loop.url, rpc: { pollIntervalMs: 5, airdrop: true } } });
  api = await server.signIn();
  await server.ctx.settlementBackend!.ledger.airdrop!(issuer.publicKey, 10n ** 11n);
});

afterAll(async () => {
  await server?.close();
  await loop?.close();
});

const mintOf = (spec: MintSpec = {}) => createMint(server.ctx.settlementBackend!.ledger, issuer, spec);
const add = (mint: PublicKey) =>
  api.post("/tokens/admin", { mintAddress: mint.toBase58(), symbol: "RPC", name: "Over RPC", decimals: 6, logoUrl: null });

it.each([
  ["Permanent delegate", () => [ext.permanentDelegate(issuer.publicKey)]],
  ["Transfer hook", () => [ext.transferHook(issuer.publicKey, Keypair.generate().publicKey)]],
  ["Transfer fee", () => [ext.transferFee(issuer.publicKey, 25, 1_000n)]],
  ["Non-transferable", () => [ext.nonTransferable()]],
  ["Default account state", () => [ext.defaultState(AccountState.Frozen)]],
])("refuses a mint with the extension %s: 400 naming mintAddress and the extension", async (name, extensions) => {
  const res = await add(await mintOf({ freezeAuthority: issuer.publicKey, extensions: extensions() }));
  expect(res.status).toBe(400);
  expect(res.body.errors).toEqual([
    { field: "mintAddress", message: expect.stringContaining(`This mint cannot be whitelisted: ${name}: `) },
  ]);
});

it("accepts plain SPL Token and Token-2022 mints, and reports a freeze authority as a warning", async () => {
  const spl = await add(await mintOf({ freezeAuthority: issuer.publicKey }));
  expect(spl.status).toBe(201);
  expect(spl.body.data.warnings).toContain(`freeze authority ${issuer.publicKey.toBase58()} can freeze the escrow's token account`);
  const token2022 = await add(await mintOf({ program: "token-2022" }));
  expect(token2022.status).toBe(201);
  expect(token2022.body.data.risk.verdict).toBe("warn");
  const report = await api.get(`/tokens/admin/${token2022.body.data.id}/risk`);
  expect(report.body.data).toMatchObject({ program: "token-2022", decimals: 6, freezeAuthority: null, extensions: [], refusals: [] });
});

it("refuses an address the cluster does not hold (no unverified pass outside the in-process chain)", async () => {
  const res = await add(Keypair.generate().publicKey);
  expect(res.status).toBe(400);
  expect(res.body.errors).toEqual([
    { field: "mintAddress", message: "This mint cannot be whitelisted: no mint at this address on localnet" },
  ]);
});

it("answers 502 when the cluster cannot be reached, and lists nothing", async () => {
  const mint = await mintOf();
  await loop!.close();
  loop = null;
  const res = await add(mint);
  expect(res.status).toBe(502);
  expect(res.body.message).toMatch(/^The cluster could not be reached: /);
  expect(
    await server.ctx.db.selectFrom("tokens").select("id").where("mintAddress", "=", mint.toBase58()).executeTakeFirst(),
  ).toBeUndefined();
});
