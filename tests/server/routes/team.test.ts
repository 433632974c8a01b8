// The admin team without a restart: an owner adds, changes and removes wallets, each change read by
// every instance at its next request (two app instances on one database), a removed admin's open
// session ends, a guarded grant under four eyes waits for a second owner, and no change may leave the
// team without an owner.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CONFIGURATION_MEMBER, NO_OWNER_LEFT, SELF_APPROVAL } from "../../../server/services/team.ts";
import { createTestWallet, restartable, startTestServer, type Restartable, type TestClient, type TestServer } from "../support/harness.ts";

const REASON = { reason: "Joins the support rota" };

describe("two instances on one database", () => {
  let data: Restartable;
  let first: TestServer;
  let second: TestServer;
  let owner: TestClient;

  beforeAll(async () => {
    data = await restartable();
    const adminWallet = createTestWallet();
    first = await startTestServer({ reuse: data, adminWallet });
    second = await startTestServer({ reuse: data, adminWallet });
    owner = await first.signIn();
  });
  afterAll(async () => {
    await first?.close();
    await second?.close();
    await data?.remove();
  });

  it("a wallet added on one instance signs in on the other, with its role; removed, its open session answers 401", async () => {
    const wallet = createTestWallet();
    await expect(second.signIn(wallet)).rejects.toThrow();

    const added = await owner.post("/admin/team", { publicKey: wallet.publicKey, role: "operations", ...REASON });
    expect(added.status, added.text).toBe(201);
    expect(added.body.data.member).toMatchObject({
      publicKey: wallet.publicKey,
      role: "operations",
      source: "team",
      addedBy: first.adminWallet.publicKey,
    });

    const member = await second.signIn(wallet);
    const validate = await member.get("/auth/validate");
    expect(validate.body.data.user).toMatchObject({ teamRole: "operations", role: "ADMIN" });
    expect((await member.get("/users")).status).toBe(200);

    const list = await owner.get("/admin/team");
    const sources = new Map(list.body.data.items.map((m: { publicKey: string; source: string }) => [m.publicKey, m.source]));
    expect(sources.get(first.adminWallet.publicKey)).toBe("configuration");
    expect(sources.get(wallet.publicKey)).toBe("team");

    const removed = await owner.delete(`/admin/team/${wallet.publicKey}`, { reason: "Left the company" });
    expect(removed.status, removed.text).toBe(200);
    expect((await member.get("/users")).status).toBe(401);
    await expect(second.signIn(wallet)).rejects.toThrow();

    const audit = await first.ctx.db.selectFrom("auditLog").selectAll().where("targetId", "=", wallet.publicKey).orderBy("id").execute();
    expect(audit.map((a) => [a.action, a.targetType, a.reason])).toEqual([
      ["team.add", "admin", REASON.reason],
      ["team.remove", "admin", "Left the company"],
    ]);
  });

  it("refuses a bad address (400 naming publicKey) and a change to ADMIN_WALLETS' owner (409)", async () => {
    const bad = await owner.post("/admin/team", { publicKey: "not-a-key", role: "support", ...REASON });
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toEqual([expect.objectContaining({ field: "publicKey" })]);
    const configured = await owner.patch(`/admin/team/${first.adminWallet.publicKey}`, { role: "support", ...REASON });
    expect(configured.status).toBe(409);
    expect(configured.body.message).toBe(CONFIGURATION_MEMBER);
  });

  it("refuses removing or demoting the last owner", async () => {
    const teamOwner = createTestWallet();
    expect((await owner.post("/admin/team", { publicKey: teamOwner.publicKey, role: "owner", ...REASON })).status).toBe(201);
    const client = await first.signIn(teamOwner);
    // As after a restart whose ADMIN_WALLETS no longer lists the first owner: the team owner is the last one.
    (first.ctx.adminWallets as Set<string>).delete(first.adminWallet.publicKey);
    try {
      const demoted = await client.patch(`/admin/team/${teamOwner.publicKey}`, { role: "operations", ...REASON });
      expect(demoted.status).toBe(409);
      expect(demoted.body.message).toBe(NO_OWNER_LEFT);
      const removed = await client.delete(`/admin/team/${teamOwner.publicKey}`, REASON);
      expect(removed.status).toBe(409);
      expect(removed.body.message).toBe(NO_OWNER_LEFT);
    } finally {
      (first.ctx.adminWallets as Set<string>).add(first.adminWallet.publicKey);
    }
  });
});

describe("under PAYOUT_APPROVALS=2", () => {
  let server: TestServer;
  let ownerA: TestClient;
  let ownerB: TestClient;
  const secondOwner = createTestWallet();

  beforeAll(async () => {
    server = await startTestServer({ extraAdminWallets: [secondOwner], env: { PAYOUT_APPROVALS: "2" } });
    ownerA = await server.signIn();
    ownerB = await server.signIn(secondOwner);
  });
  afterAll(async () => {
    await server?.close();
  });

  it("granting treasury waits for a second owner: 202, not its proposer, then applied", async () => {
    const wallet = createTestWallet();
    const proposed = await ownerA.post("/admin/team", { publicKey: wallet.publicKey, role: "treasury", ...REASON });
    expect(proposed.status, proposed.text).toBe(202);
    const proposal = proposed.body.data.proposal;
    expect(proposal).toMatchObject({ kind: "add", publicKey: wallet.publicKey, role: "treasury", status: "pending" });
    await expect(server.signIn(wallet)).rejects.toThrow();

    const own = await ownerA.post(`/admin/team/proposals/${proposal.id}/approve`);
    expect(own.status).toBe(403);
    expect(own.body.message).toBe(SELF_APPROVAL);

    const approved = await ownerB.post(`/admin/team/proposals/${proposal.id}/approve`);
    expect(approved.status, approved.text).toBe(200);
    expect(approved.body.data.member).toMatchObject({ publicKey: wallet.publicKey, role: "treasury" });
    const signedIn = await server.signIn(wallet);
    expect((await signedIn.get("/auth/validate")).body.data.user.teamRole).toBe("treasury");
    expect((await ownerA.get("/admin/team/proposals")).body.data[0]).toMatchObject({
      id: proposal.id,
      status: "approved",
      decidedBy: secondOwner.publicKey,
    });
  });

  it("a non-guarded role is granted at once; a rejected grant changes nothing", async () => {
    const support = createTestWallet();
    expect((await ownerA.post("/admin/team", { publicKey: support.publicKey, role: "support", ...REASON })).status).toBe(201);
    const promote = await ownerA.patch(`/admin/team/${support.publicKey}`, { role: "owner", ...REASON });
    expect(promote.status).toBe(202);
    const rejected = await ownerB.post(`/admin/team/proposals/${promote.body.data.proposal.id}/reject`, { reason: "Not yet" });
    expect(rejected.status, rejected.text).toBe(200);
    expect(rejected.body.data.status).toBe("rejected");
    const list = await ownerA.get("/admin/team");
    expect(list.body.data.items.find((m: { publicKey: string }) => m.publicKey === support.publicKey).role).toBe("support");
  });

  it("refuses a change leaving fewer holders of payouts.approve than PAYOUT_APPROVALS", async () => {
    // As after a restart whose ADMIN_WALLETS lists only the first owner: it and the treasury wallets approve.
    (server.ctx.adminWallets as Set<string>).delete(secondOwner.publicKey);
    try {
      const team = (await ownerA.get("/admin/team")).body.data.items as { publicKey: string; role: string; source: string }[];
      const treasuries = team.filter((m) => m.role === "treasury" && m.source === "team").map((m) => m.publicKey);
      expect(treasuries).toHaveLength(1);
      const demoted = await ownerA.patch(`/admin/team/${treasuries[0]}`, { role: "support", ...REASON });
      expect(demoted.status).toBe(409);
      expect(demoted.body.message).toContain("PAYOUT_APPROVALS needs 2");
    } finally {
      (server.ctx.adminWallets as Set<string>).add(secondOwner.publicKey);
    }
  });
});
