// "Operations proposes, treasury approves" is a configuration: under four eyes (PAYOUT_APPROVALS=2)
// the proposer needs payouts.propose and the approver payouts.approve, each checked when they act
// and again at approval (a proposer who lost payouts.propose since no longer backs the payout).
// Without four eyes, a resolve pays at once and so needs both.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { permissionDenied } from "../../../contract/permissions.ts";
import { createTestWallet, signInTeamMember, startTestServer, type TestServer } from "../support/harness.ts";
import { approve, fundDispute, resolve, retry, settlementsOf } from "../support/settlement-support.ts";

describe("under PAYOUT_APPROVALS=2, with operations and treasury admins", () => {
  let server: TestServer;
  let operations: Awaited<ReturnType<typeof signInTeamMember>>;
  let treasury: Awaited<ReturnType<typeof signInTeamMember>>;

  beforeAll(async () => {
    server = await startTestServer({ settlement: true, extraAdminWallets: [createTestWallet()], env: { PAYOUT_APPROVALS: "2" } });
    operations = await signInTeamMember(server, "operations");
    treasury = await signInTeamMember(server, "treasury");
  });
  afterAll(async () => {
    await server?.close();
  });

  it("operations proposes and cannot approve; treasury approves and the payout is sent", async () => {
    const order = await fundDispute(server.ctx);
    const proposed = await resolve(operations.client, order.id);
    expect(proposed.status, proposed.text).toBe(202);
    const id = proposed.body.data.settlementId as string;

    const byOperations = await approve(operations.client, id);
    expect(byOperations.status).toBe(403);
    expect(byOperations.body.message).toBe(permissionDenied("payouts.approve"));

    const byTreasury = await approve(treasury.client, id);
    expect(byTreasury.status, byTreasury.text).toBe(200);
    expect(byTreasury.body.data.status).toBe("confirmed");
  });

  it("treasury cannot propose", async () => {
    const order = await fundDispute(server.ctx);
    const res = await resolve(treasury.client, order.id);
    expect(res.status).toBe(403);
    expect(res.body.message).toBe(permissionDenied("payouts.propose"));
  });

  it("operations cannot retry a settlement; treasury may", async () => {
    const order = await fundDispute(server.ctx);
    const proposed = await resolve(operations.client, order.id);
    const id = proposed.body.data.settlementId as string;
    const byOperations = await retry(operations.client, id, { reason: "Try again" });
    expect(byOperations.status).toBe(403);
    expect(byOperations.body.message).toBe(permissionDenied("settlements.retry"));
    // Past the guard: refused by the settlement's state (not failed), not by a permission.
    const byTreasury = await retry(treasury.client, id, { reason: "Try again" });
    expect(byTreasury.status, byTreasury.text).toBe(409);
  });

  it("a proposal whose proposer lost payouts.propose expires when approved, nothing sent", async () => {
    const proposer = await signInTeamMember(server, "operations");
    const order = await fundDispute(server.ctx);
    const proposed = await resolve(proposer.client, order.id);
    const id = proposed.body.data.settlementId as string;
    await server.ctx.db.updateTable("adminTeam").set({ role: "support" }).where("publicKey", "=", proposer.publicKey).execute();

    const res = await approve(treasury.client, id);
    expect(res.status).toBe(409);
    expect(res.body.message).toContain(`${proposer.publicKey} no longer holds payouts.propose`);
    expect((await settlementsOf(server.ctx.db, order.id)).map((s) => s.status)).toEqual(["expired"]);
  });

  it("removing an admin from the team expires its payout proposals at once, nothing sent", async () => {
    const proposer = await signInTeamMember(server, "operations");
    const order = await fundDispute(server.ctx);
    expect((await resolve(proposer.client, order.id)).status).toBe(202);
    const owner = await server.signIn();
    const removed = await owner.delete(`/admin/team/${proposer.publicKey}`, { reason: "Left the company" });
    expect(removed.status, removed.text).toBe(200);
    expect((await settlementsOf(server.ctx.db, order.id)).map((s) => s.status)).toEqual(["expired"]);
    expect((await proposer.client.get("/admin/orders")).status).toBe(401);
  });
});

describe("without four eyes", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => {
    await server?.close();
  });

  it("a resolve pays at once, so it needs payouts.approve besides payouts.propose", async () => {
    const operations = await signInTeamMember(server, "operations");
    const res = await resolve(operations.client, "any-order");
    expect(res.status).toBe(403);
    expect(res.body.message).toBe(permissionDenied("payouts.approve"));
    const treasury = await signInTeamMember(server, "treasury");
    expect((await resolve(treasury.client, "any-order")).body.message).toBe(permissionDenied("payouts.propose"));
  });
});
