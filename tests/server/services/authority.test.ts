// GET /admin/authority: the settlement authority's cluster, balance, and how many settlements that
// balance still pays for, from the real in-process chain and from a port whose authority is nearly
// empty.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AUTHORITY_LOW_SETTLEMENTS } from "../../../contract/index.ts";
import { startTestServer, type TestClient, type TestServer } from "../support/harness.ts";

let server: TestServer;
let api: TestClient;

beforeAll(async () => {
  server = await startTestServer({ settlement: true });
  api = await server.signIn();
});

afterAll(() => server.close());

describe("GET /admin/authority", () => {
  it("reports the in-process authority, its balance from the chain, and that it is well funded", async () => {
    const response = await api.get("/admin/authority");
    expect(response.status).toBe(200);
    const health = response.body.data;
    expect(health.cluster).toBe("localnet-inprocess");
    expect(health.authority).toMatch(/^[1-9A-HJ-NP-Za-km-z]{32,44}$/);
    // The chain's own figure for that account, not a made-up one.
    const settlement = server.ctx.settlement!;
    const funds = await settlement.authorityFunds!();
    expect(health.lamports).toBe(String(funds.lamports));
    expect(BigInt(health.lamports)).toBeGreaterThan(0n);
    // One signature's fee and two token accounts' rent (165 bytes each: 2 039 280 lamports).
    expect(health.settlementCostLamports).toBe(String(5_000n + 2n * 2_039_280n));
    expect(health.settlementsCovered).toBeGreaterThanOrEqual(AUTHORITY_LOW_SETTLEMENTS);
    expect(health.low).toBe(false);
  });

  it("says low when the balance covers fewer than 20 settlements, with the number it does cover", async () => {
    const real = server.ctx.settlement;
    const cost = 4_083_560n;
    server.ctx.settlement = {
      ...real!,
      authorityFunds: async () => ({
        cluster: "devnet",
        authority: server.adminWallet.publicKey,
        lamports: cost * 19n + 1n,
        settlementCostLamports: cost,
      }),
    };
    try {
      const health = (await api.get("/admin/authority")).body.data;
      expect(health).toMatchObject({ cluster: "devnet", settlementsCovered: 19, low: true, lamports: String(cost * 19n + 1n) });
    } finally {
      server.ctx.settlement = real;
    }
  });

  it("answers 503 with a message when the server has no settlement service, and 401 without a session", async () => {
    const real = server.ctx.settlement;
    server.ctx.settlement = null;
    try {
      const response = await api.get("/admin/authority");
      expect(response.status).toBe(503);
      expect(response.body.message).toMatch(/no settlement service/);
    } finally {
      server.ctx.settlement = real;
    }
    expect((await server.client().get("/admin/authority")).status).toBe(401);
  });
});
