// The products' trash, beyond the core API: GET /admin/products/deleted lists the deleted products
// with who deleted each, when and why; POST /admin/products/:id/restore brings one back with a reason
// (audited), refuses what is not deleted or has lost its shop (409), and of two admins restoring at
// once exactly one restores and is audited.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MESSAGES } from "../../../contract/index.ts";
import { createProductRecord, createShopRecord, createUserRecord } from "../../../server/seed/records.ts";
import type { TestWallet } from "../../support/api-client.ts";
import { startWithTwoAdmins, type TestClient, type TestServer } from "../support/harness.ts";

let server: TestServer;
let api: TestClient;
let other: TestClient;
let second: TestWallet;
let shopId: string;

beforeAll(async () => {
  ({ server, api, other, otherWallet: second } = await startWithTwoAdmins());
  const seller = await createUserRecord(server.ctx.db, { displayName: "Sam Seller" });
  shopId = (await createShopRecord(server.ctx.db, { sellerId: seller.id, name: "Sam's Home" })).id;
});

afterAll(async () => {
  await server.close();
});

const newProduct = async (title: string) => (await createProductRecord(server.ctx.db, { shopId, title })).id;

async function restoreAudits(id: string) {
  const res = await api.get(`/admin/audit?targetId=${encodeURIComponent(id)}&action=product.restore`);
  expect(res.status).toBe(200);
  return res.body.data.items as { action: string; reason: string; adminPublicKey: string }[];
}

describe("GET /admin/products/deleted", () => {
  it("lists only the deleted products, the latest deletion first, with who deleted each, when and why", async () => {
    const kept = await newProduct("Kept Lamp");
    const first = await newProduct("Old Chair");
    const latest = await newProduct("Broken Vase");
    expect((await api.delete(`/admin/products/${first}`, { reason: "Duplicate listing" })).status).toBe(200);
    server.clock.advance(60_000);
    expect((await other.delete(`/admin/products/${latest}`, { reason: "Counterfeit report" })).status).toBe(200);

    const res = await api.get("/admin/products/deleted?search=a");
    expect(res.status).toBe(200);
    const items = res.body.data.items as { id: string }[];
    expect(items.map((p) => p.id)).not.toContain(kept);
    expect(items.slice(0, 2)).toMatchObject([
      {
        id: latest,
        isDeleted: true,
        deleteReason: "Counterfeit report",
        deletedAt: expect.any(String),
        deletedBy: { publicKey: second.publicKey, displayName: null },
      },
      {
        id: first,
        isDeleted: true,
        deleteReason: "Duplicate listing",
        deletedBy: { publicKey: server.adminWallet.publicKey, displayName: "Dana Admin" },
      },
    ]);
    // The record says the same; a live product names no deleter.
    expect((await api.get(`/products/${first}`)).body.data.deletedBy).toEqual({
      publicKey: server.adminWallet.publicKey,
      displayName: "Dana Admin",
    });
    expect((await api.get(`/products/${kept}`)).body.data.deletedBy).toBeNull();
  });

  it("answers 400 naming the field for a bad page", async () => {
    const res = await api.get("/admin/products/deleted?page=0");
    expect(res.status).toBe(400);
    expect(res.body.errors[0].field).toBe("page");
  });
});

describe("POST /admin/products/:id/restore", () => {
  it("restores with a reason, audited; a reason is required (400 naming it); restoring a live product is a 409", async () => {
    const id = await newProduct("Desk Fan");
    expect((await api.delete(`/admin/products/${id}`, { reason: "Wrong category" })).status).toBe(200);

    const blank = await api.post(`/admin/products/${id}/restore`, { reason: "  " });
    expect(blank.status).toBe(400);
    expect(blank.body.errors).toEqual([{ field: "reason", message: MESSAGES.reasonRequired }]);
    expect((await api.post(`/admin/products/${id}/restore`, {})).body.errors[0].field).toBe("reason");

    const restored = await api.post(`/admin/products/${id}/restore`, { reason: "Category fixed" });
    expect(restored.status).toBe(200);
    expect(restored.body.data).toMatchObject({ isDeleted: false, deletedAt: null, deleteReason: null, deletedBy: null });
    expect(await restoreAudits(id)).toMatchObject([
      { action: "product.restore", reason: "Category fixed", adminPublicKey: server.adminWallet.publicKey },
    ]);
    expect((await api.get("/admin/products/deleted")).body.data.items.map((p: { id: string }) => p.id)).not.toContain(id);

    const again = await other.post(`/admin/products/${id}/restore`, { reason: "Me too" });
    expect(again.status).toBe(409);
    expect(again.body.message).toMatch(/not deleted: another admin may have restored it already/);
  });

  it("refuses a product whose shop is gone with a 409 that says so", async () => {
    const seller = await createUserRecord(server.ctx.db);
    const shop = (await createShopRecord(server.ctx.db, { sellerId: seller.id, name: "Closing Down" })).id;
    const id = (await createProductRecord(server.ctx.db, { shopId: shop, title: "Last Stock" })).id;
    expect((await api.delete(`/admin/products/${id}`, { reason: "Shop closing" })).status).toBe(200);
    await server.ctx.db.deleteFrom("shops").where("id", "=", shop).execute();

    const res = await api.post(`/admin/products/${id}/restore`, { reason: "Try" });
    expect(res.status).toBe(409);
    expect(res.body.message).toMatch(/shop no longer exists/);
    expect(await restoreAudits(id)).toEqual([]);
  });

  it("of two admins restoring at once, exactly one restores and is audited; the other gets a 409", async () => {
    for (let round = 0; round < 5; round++) {
      const id = await newProduct(`Race ${round}`);
      expect((await api.delete(`/admin/products/${id}`, { reason: "Race" })).status).toBe(200);
      const answers = await Promise.all([
        api.post(`/admin/products/${id}/restore`, { reason: "First" }),
        other.post(`/admin/products/${id}/restore`, { reason: "Second" }),
      ]);
      expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
      expect(await restoreAudits(id)).toHaveLength(1);
    }
  });
});
