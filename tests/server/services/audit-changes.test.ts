// What GET /admin/audit says an audited change changed (beyond the core API, the Activity screen and the
// histories): each changed field before and after, none that kept its value; the admin's display name and
// the record's name beside their ids; entries written before the changes column still read as before; and
// the signed-decision check of `npm run audit:verify` still holds with the new column.
import type { Insertable } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AuditLogTable } from "../../../server/db/schema.ts";
import { seedDatabase } from "../../../server/seed/index.ts";
import { recordAudit } from "../../../server/services/audit.ts";
import { verifyAuditSignatures } from "../../../server/services/audit-verify.ts";
import { startTestServer, type TestClient, type TestServer } from "../support/harness.ts";

let server: TestServer;
let api: TestClient;

const ADMIN_NAME = "Ops Olivia";

beforeAll(async () => {
  server = await startTestServer({
    prepare: async (ctx) => {
      await seedDatabase(ctx.database, { orders: 20, users: 10, seed: 7, now: ctx.now() });
    },
  });
  api = await server.signIn();
  await server.ctx.db.updateTable("users").set({ displayName: ADMIN_NAME }).where("publicKey", "=", server.adminWallet.publicKey).execute();
});

afterAll(async () => {
  await server.close();
});

interface Entry {
  action: string;
  adminPublicKey: string;
  adminName: string | null;
  targetId: string;
  targetName: string | null;
  before: unknown;
  after: unknown;
  changes: { field: string; before: unknown; after: unknown }[] | null;
}

async function history(targetType: string, targetId: string): Promise<Entry[]> {
  const res = await api.get(`/admin/audit?targetType=${targetType}&targetId=${encodeURIComponent(targetId)}&limit=10`);
  expect(res.status, res.text).toBe(200);
  return res.body.data.items;
}

async function someId(table: "users" | "shops" | "products" | "tokens"): Promise<{ id: string }> {
  return server.ctx.db.selectFrom(table).select("id").orderBy("id").executeTakeFirstOrThrow();
}

type StoredAudit = Pick<Insertable<AuditLogTable>, "action" | "targetType" | "targetId"> & Partial<Insertable<AuditLogTable>>;

/** Audit entries written straight to the table, as an older server or another admin left them: by this server's admin unless said. */
async function storeAudit(...entries: StoredAudit[]): Promise<void> {
  const by = { createdAt: "2026-11-01T00:00:00.000Z", adminPublicKey: server.adminWallet.publicKey };
  await server.ctx.db
    .insertInto("auditLog")
    .values(entries.map((entry) => ({ ...by, ...entry })))
    .execute();
}

describe("an audited change's fields", () => {
  it("records both fields of a two-field edit before → after, and not a field sent with its own value", async () => {
    const shop = await server.ctx.db.selectFrom("shops").selectAll().orderBy("id").executeTakeFirstOrThrow();
    const res = await api.patch(`/admin/shops/${shop.id}`, { isActive: shop.isActive !== 1, isVerified: shop.isVerified !== 1 });
    expect(res.status, res.text).toBe(200);
    const [entry] = await history("shop", shop.id);
    expect(entry.changes).toEqual([
      { field: "isActive", before: shop.isActive === 1, after: shop.isActive !== 1 },
      { field: "isVerified", before: shop.isVerified === 1, after: shop.isVerified !== 1 },
    ]);

    const again = await api.patch(`/admin/shops/${shop.id}`, { isActive: shop.isActive === 1, isVerified: shop.isVerified !== 1 });
    expect(again.status, again.text).toBe(200);
    const [second] = await history("shop", shop.id);
    expect(second.changes).toEqual([{ field: "isActive", before: shop.isActive !== 1, after: shop.isActive === 1 }]);
  });

  it("records a user's edit field by field, leaving out the name sent unchanged", async () => {
    const user = await server.ctx.db
      .selectFrom("users")
      .selectAll()
      .where("publicKey", "!=", server.adminWallet.publicKey)
      .orderBy("id")
      .executeTakeFirstOrThrow();
    const res = await api.patch(`/users/${user.id}`, {
      displayName: user.displayName,
      verified: user.verified !== 1,
      contactInfo: "ops@example.com",
    });
    expect(res.status, res.text).toBe(200);
    const [entry] = await history("user", user.id);
    expect(entry.action).toBe("user.update");
    expect(entry.changes).toHaveLength(2);
    expect(entry.changes).toEqual(
      expect.arrayContaining([
        { field: "contactInfo", before: user.contactInfo, after: "ops@example.com" },
        { field: "verified", before: user.verified === 1, after: user.verified !== 1 },
      ]),
    );
  });

  it("records nothing as changed for a creation (no before) or a note", async () => {
    const [order] = await server.ctx.db.selectFrom("orders").select("id").limit(1).execute();
    const res = await api.post(`/admin/orders/${order.id}/notes`, { body: "Called the buyer" });
    expect(res.status, res.text).toBe(201);
    const [entry] = await history("order", order.id);
    expect(entry.action).toBe("order.note");
    expect(entry.changes).toBeNull();
  });
});

describe("the names beside the ids", () => {
  it("names the admin by display name and each kind of record by its name or title", async () => {
    const user = await server.ctx.db
      .selectFrom("users")
      .select(["id", "displayName"])
      .where("displayName", "is not", null)
      .orderBy("id")
      .executeTakeFirstOrThrow();
    const product = await server.ctx.db.selectFrom("products").select(["id", "title"]).orderBy("id").executeTakeFirstOrThrow();
    const token = await server.ctx.db.selectFrom("tokens").select(["id", "symbol"]).orderBy("id").executeTakeFirstOrThrow();
    const order = await server.ctx.db
      .selectFrom("orders")
      .innerJoin("products", "products.id", "orders.productId")
      .select(["orders.id", "products.title"])
      .orderBy("orders.id")
      .executeTakeFirstOrThrow();
    const shop = await server.ctx.db.selectFrom("shops").select(["id", "name"]).orderBy("id").executeTakeFirstOrThrow();
    const rows = [
      { targetType: "user", targetId: user.id },
      { targetType: "product", targetId: product.id },
      { targetType: "token", targetId: token.id },
      { targetType: "order", targetId: order.id },
      { targetType: "shop", targetId: shop.id },
      { targetType: "product", targetId: "gone-for-good" },
      { targetType: "marketplace", targetId: "marketplace" },
    ];
    await storeAudit(...rows.map((row) => ({ ...row, action: "test.named" })));

    const res = await api.get(`/admin/audit?action=test.named&limit=20`);
    expect(res.status, res.text).toBe(200);
    const named = Object.fromEntries(res.body.data.items.map((e: Entry) => [e.targetId, e.targetName]));
    expect(named).toEqual({
      [user.id]: user.displayName,
      [product.id]: product.title,
      [token.id]: token.symbol,
      [order.id]: order.title,
      [shop.id]: shop.name,
      "gone-for-good": null,
      marketplace: null,
    });
    expect(new Set(res.body.data.items.map((e: Entry) => e.adminName))).toEqual(new Set([ADMIN_NAME]));
  });

  it("leaves the name null for an admin wallet without a user record", async () => {
    const product = await someId("products");
    const stranger = "11111111111111111111111111111112";
    await storeAudit({ adminPublicKey: stranger, action: "test.stranger", targetType: "product", targetId: product.id });
    const res = await api.get(`/admin/audit?action=test.stranger`);
    expect(res.body.data.items[0]).toMatchObject({ adminName: null, adminPublicKey: stranger });
  });
});

describe("entries written before the changes column", () => {
  it("read as they were stored: their snapshots, no changes", async () => {
    const user = await someId("users");
    await storeAudit({
      createdAt: "2026-10-01T00:00:00.000Z",
      action: "user.update",
      targetType: "user",
      targetId: user.id,
      before: JSON.stringify({ verified: false, disabled: false }),
      after: JSON.stringify({ verified: true, disabled: false }),
    });
    const entries = await history("user", user.id);
    const old = entries.find((e) => e.before !== null && (e.before as { disabled?: boolean }).disabled === false && e.changes === null);
    expect(old).toMatchObject({ before: { verified: false, disabled: false }, after: { verified: true, disabled: false }, changes: null });
  });

  it("leave `npm run audit:verify` checking signed decisions, the changes column outside what is signed", async () => {
    const order = await server.ctx.db.selectFrom("orders").select("id").orderBy("id").executeTakeFirstOrThrow();
    const admin = { userId: "admin", publicKey: server.adminWallet.publicKey };
    const message = `Resolve dispute\nOrder: ${order.id}\nAdmin: ${admin.publicKey}`;
    await server.ctx.db.transaction().execute((trx) =>
      recordAudit(trx, server.ctx, admin, {
        action: "order.resolve_dispute",
        targetType: "order",
        targetId: order.id,
        before: { status: "disputed" },
        after: { status: "resolved" },
        signed: { message, signature: server.adminWallet.sign(message) },
      }),
    );
    const signed = await server.ctx.db.selectFrom("auditLog").selectAll().where("decisionMessage", "=", message).executeTakeFirstOrThrow();
    expect(JSON.parse(signed.changes ?? "null")).toEqual([{ field: "status", before: "disputed", after: "resolved" }]);
    expect(await verifyAuditSignatures(server.ctx.db)).toEqual({ checked: 1, failures: [] });

    // The column is what the server read from the two snapshots, not what the admin signed.
    await server.ctx.db.updateTable("auditLog").set({ changes: null }).where("id", "=", signed.id).execute();
    expect((await verifyAuditSignatures(server.ctx.db)).failures).toEqual([]);
    await server.ctx.db
      .updateTable("auditLog")
      .set({ decisionMessage: `${message}\nextra` })
      .where("id", "=", signed.id)
      .execute();
    expect((await verifyAuditSignatures(server.ctx.db)).failures).toHaveLength(1);
  });
});
