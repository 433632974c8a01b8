// Who works a dispute, beyond the core API: POST /admin/orders/:id/assignee takes a DISPUTED order for
// the session's admin and DELETE lets it go (each audited, before → after); a dispute another admin
// holds answers 409 naming them, also when two admins take it at once, and only its holder or an
// owner releases it; GET /admin/orders?assignee=me|none lists what the admin holds or nobody does;
// GET /admin/orders/assignments counts both.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MESSAGES } from "../../../contract/index.ts";
import { createOrderRecord } from "../../../server/seed/records.ts";
import { signInTeamMember, startWithTwoAdmins, type TestClient, type TestServer, type TestWallet } from "../support/harness.ts";

let server: TestServer;
let api: TestClient;
let other: TestClient;
let otherWallet: TestWallet;

beforeAll(async () => {
  ({ server, api, other, otherWallet } = await startWithTwoAdmins());
});

afterAll(async () => {
  await server.close();
});

const newDispute = async () =>
  (await createOrderRecord(server.ctx.db, { status: "DISPUTED", disputeRaisedAt: new Date(server.clock.now()).toISOString() })).id;

async function audits(id: string) {
  const res = await api.get(`/admin/audit?targetId=${encodeURIComponent(id)}`);
  expect(res.status).toBe(200);
  return (res.body.data.items as { action: string; adminPublicKey: string; changes?: unknown }[]).filter(
    (entry) => entry.action.startsWith("order.assign") || entry.action === "order.release",
  );
}

describe("taking and releasing a dispute", () => {
  it("takes a dispute for the session's admin and releases it, each audited as before → after", async () => {
    const id = await newDispute();
    const taken = await api.post(`/admin/orders/${id}/assignee`);
    expect(taken.status, taken.text).toBe(200);
    expect(taken.body.data).toMatchObject({ id, assignedTo: server.adminWallet.publicKey, assignedAt: expect.any(String) });
    expect((await api.get(`/admin/orders/${id}`)).body.data.assignedTo).toBe(server.adminWallet.publicKey);
    // Taking one's own again changes nothing and records nothing.
    expect((await api.post(`/admin/orders/${id}/assignee`)).status).toBe(200);

    const released = await api.delete(`/admin/orders/${id}/assignee`);
    expect(released.status, released.text).toBe(200);
    expect(released.body.data).toMatchObject({ id, assignedTo: null, assignedAt: null });
    expect((await audits(id)).reverse()).toMatchObject([
      {
        action: "order.assign",
        adminPublicKey: server.adminWallet.publicKey,
        changes: [{ field: "assignedTo", before: null, after: server.adminWallet.publicKey }],
      },
      {
        action: "order.release",
        adminPublicKey: server.adminWallet.publicKey,
        changes: [{ field: "assignedTo", before: server.adminWallet.publicKey, after: null }],
      },
    ]);
  });

  it("answers 409 naming the holder to a second admin's take, and 409 / 404 for what cannot be taken", async () => {
    const id = await newDispute();
    expect((await api.post(`/admin/orders/${id}/assignee`)).status).toBe(200);
    const take = await other.post(`/admin/orders/${id}/assignee`);
    expect(take.status).toBe(409);
    expect(take.body.message).toBe(`This dispute is already taken by Dana Admin (${server.adminWallet.publicKey})`);
    expect((await api.get(`/admin/orders/${id}`)).body.data.assignedTo).toBe(server.adminWallet.publicKey);

    const active = (await createOrderRecord(server.ctx.db, { status: "ACTIVE" })).id;
    const notDisputed = await api.post(`/admin/orders/${active}/assignee`);
    expect(notDisputed.status).toBe(409);
    expect(notDisputed.body.message).toBe("Only a DISPUTED order can be taken: this order is ACTIVE");
    expect((await api.post("/admin/orders/no-such-order/assignee")).status).toBe(404);
    expect(await audits(active)).toEqual([]);
  });

  it("lets an owner release a dispute another admin holds, audited with whom it was taken from; anyone else gets 409 naming the holder", async () => {
    const operations = await signInTeamMember(server, "operations");
    const id = await newDispute();
    expect((await api.post(`/admin/orders/${id}/assignee`)).status).toBe(200);

    const refused = await operations.client.delete(`/admin/orders/${id}/assignee`);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(
      `This dispute is taken by Dana Admin (${server.adminWallet.publicKey}): only they or an owner can release it`,
    );
    expect((await api.get(`/admin/orders/${id}`)).body.data.assignedTo).toBe(server.adminWallet.publicKey);

    // `other` is an owner (ADMIN_WALLETS, no team role): the holder may be away.
    const released = await other.delete(`/admin/orders/${id}/assignee`);
    expect(released.status, released.text).toBe(200);
    expect(released.body.data).toMatchObject({ id, assignedTo: null, assignedAt: null });
    expect(await audits(id)).toMatchObject([
      {
        action: "order.release",
        adminPublicKey: otherWallet.publicKey,
        changes: [{ field: "assignedTo", before: server.adminWallet.publicKey, after: null }],
      },
      { action: "order.assign", adminPublicKey: server.adminWallet.publicKey },
    ]);
    // Back among the unassigned: the operations admin takes it now.
    expect((await operations.client.post(`/admin/orders/${id}/assignee`)).status).toBe(200);
  });

  it("of two admins taking the same dispute at once, exactly one holds it and is audited; the other is told who", async () => {
    for (let round = 0; round < 5; round++) {
      const id = await newDispute();
      const answers = await Promise.all([api.post(`/admin/orders/${id}/assignee`), other.post(`/admin/orders/${id}/assignee`)]);
      expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
      const winner = answers.find((a) => a.status === 200)!.body.data.assignedTo as string;
      const loser = answers.find((a) => a.status === 409)!;
      expect(loser.body.message).toContain(winner);
      expect(await audits(id)).toMatchObject([{ action: "order.assign", adminPublicKey: winner }]);
    }
  });
});

describe("the assignee filter and counts", () => {
  it("lists the disputes the admin took (assignee=me) and those nobody took (assignee=none), with the status filter and sort", async () => {
    const mine = await newDispute();
    const theirs = await newDispute();
    const nobodys = await newDispute();
    expect((await api.post(`/admin/orders/${mine}/assignee`)).status).toBe(200);
    expect((await other.post(`/admin/orders/${theirs}/assignee`)).status).toBe(200);

    const ids = async (query: string) => {
      const res = await api.get(`/admin/orders?${query}&limit=100`);
      expect(res.status, res.text).toBe(200);
      expect(res.body.data.total).toBe(res.body.data.items.length);
      return res.body.data.items.map((o: { id: string }) => o.id) as string[];
    };
    const mineNow = await ids("assignee=me&filter=in_dispute&sort=deadline");
    expect(mineNow).toContain(mine);
    expect(mineNow).not.toContain(theirs);
    expect(mineNow).not.toContain(nobodys);
    const unassigned = await ids("assignee=none&filter=in_dispute");
    expect(unassigned).toContain(nobodys);
    expect(unassigned).not.toContain(mine);
    expect(unassigned).not.toContain(theirs);
    // The other admin's "me" is their own.
    const theirsNow = (await other.get("/admin/orders?assignee=me&limit=100")).body.data.items.map((o: { id: string }) => o.id);
    expect(theirsNow).toContain(theirs);
    expect(theirsNow).not.toContain(mine);

    const counts = await api.get("/admin/orders/assignments");
    expect(counts.status).toBe(200);
    expect(counts.body.data).toEqual({ mine: mineNow.length, unassigned: unassigned.length });
  });

  it("refuses a bad assignee with a 400 naming the field", async () => {
    const res = await api.get("/admin/orders?assignee=someone");
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual([{ field: "assignee", message: MESSAGES.orderAssignee }]);
  });
});
