// Over real HTTP: an order's internal notes (stored, audited in the same transaction, validated like
// every body, 404 for an unknown order) and its timeline, put together from the order's own times, the
// audit trail, the settlement rows (a dispute really settled on the in-process chain) and the notes,
// oldest first. Migration 007 is also compiled for PostgreSQL.
import {
  DummyDriver,
  Kysely,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  SqliteAdapter,
  SqliteIntrospector,
  SqliteQueryCompiler,
} from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ORDER_NOTE_MAX, type TimelineEvent } from "../../../contract/index.ts";
import { up as migrate007 } from "../../../server/db/migrations/007_order_notes.ts";
import type { OrderRow } from "../../../server/db/schema.ts";
import { createOrderRecord } from "../../../server/seed/records.ts";
import { startTestServer, type TestClient, type TestServer } from "../support/harness.ts";
import { query } from "../support/test-database.ts";

let server: TestServer;
let api: TestClient;

const HOUR = 3_600_000;
// Raw SQL on either engine (test-database.ts).
const sql = () => query(server.ctx);
const notesOf = (orderId: string) =>
  sql().all<{ id: number; adminPublicKey: string; body: string; createdAt: string }>(
    `SELECT * FROM "orderNotes" WHERE "orderId" = ? ORDER BY id`,
    orderId,
  );
const auditOf = (orderId: string) =>
  sql().all<{ action: string; adminPublicKey: string; reason: string | null; after: string | null }>(
    `SELECT * FROM "auditLog" WHERE "targetType" = 'order' AND "targetId" = ? ORDER BY id`,
    orderId,
  );
const noteCount = async () => (await sql().get<{ n: number }>(`SELECT COUNT(*) AS n FROM "orderNotes"`))!.n;
const ago = (ms: number) => new Date(server.clock.now() - ms).toISOString();
const timeline = async (orderId: string): Promise<TimelineEvent[]> => {
  const response = await api.get(`/admin/orders/${orderId}/timeline`);
  expect(response.status, response.text).toBe(200);
  return response.body.data.events as TimelineEvent[];
};

beforeAll(async () => {
  server = await startTestServer({ settlement: true });
  api = await server.signIn();
});

afterAll(async () => {
  await server?.close();
});

describe("POST /admin/orders/:id/notes", () => {
  it("stores the trimmed note and its audit entry (the text in `after`), and answers 201 with the note", async () => {
    const order = await createOrderRecord(server.ctx.db);
    const response = await api.post(`/admin/orders/${order.id}/notes`, { body: "  Buyer called:\nwill wait two more days  " });
    expect(response.status, response.text).toBe(201);
    const [stored] = await notesOf(order.id);
    expect(stored).toMatchObject({ adminPublicKey: server.adminWallet.publicKey, body: "Buyer called:\nwill wait two more days" });
    expect(response.body.data).toEqual({
      id: String(stored.id),
      orderId: order.id,
      adminPublicKey: server.adminWallet.publicKey,
      body: "Buyer called:\nwill wait two more days",
      createdAt: stored.createdAt,
    });
    const audit = await auditOf(order.id);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ action: "order.note", adminPublicKey: server.adminWallet.publicKey, reason: null });
    expect(JSON.parse(audit[0].after!)).toEqual({ noteId: String(stored.id), body: "Buyer called:\nwill wait two more days" });
  });

  it("takes a note of exactly the limit", async () => {
    const order = await createOrderRecord(server.ctx.db);
    const response = await api.post(`/admin/orders/${order.id}/notes`, { body: "n".repeat(ORDER_NOTE_MAX) });
    expect(response.status, response.text).toBe(201);
    expect((await notesOf(order.id))[0].body).toHaveLength(ORDER_NOTE_MAX);
  });

  it.each([
    ["blank", { body: "  \n " }, "body: Note is required"],
    ["missing", {}, "body: Note is required"],
    ["not text", { body: 42 }, "body: Note is required"],
    ["one over the limit", { body: "n".repeat(ORDER_NOTE_MAX + 1) }, `body: Note must be at most ${ORDER_NOTE_MAX} characters`],
    ["a control character", { body: "before\u0000after" }, "body: Note must not contain control or bidirectional-override characters"],
  ])("refuses a %s note with a 400 naming the field, and writes nothing", async (_, body, message) => {
    const order = await createOrderRecord(server.ctx.db);
    const response = await api.post(`/admin/orders/${order.id}/notes`, body);
    expect(response.status, response.text).toBe(400);
    expect(response.body.message).toBe(`Invalid request: ${message}`);
    expect(response.body.errors).toEqual([{ field: "body", message: message.slice("body: ".length) }]);
    expect(await notesOf(order.id)).toEqual([]);
    expect(await auditOf(order.id)).toEqual([]);
  });

  it("answers 404 for an unknown order and writes nothing", async () => {
    const before = await noteCount();
    const response = await api.post("/admin/orders/no-such-order/notes", { body: "Hello" });
    expect(response.status).toBe(404);
    expect(response.body).toEqual({ message: "Order not found" });
    expect(await noteCount()).toBe(before);
    expect(await auditOf("no-such-order")).toEqual([]);
  });

  it("keeps no note whose audit entry could not be written (one transaction)", async () => {
    const order = await createOrderRecord(server.ctx.db);
    const sqlite = server.ctx.database.engine === "sqlite";
    if (sqlite) {
      await sql().run(
        `CREATE TRIGGER refuse_note_audit BEFORE INSERT ON "auditLog" WHEN NEW.action = 'order.note' BEGIN SELECT RAISE(ABORT, 'audit refused'); END`,
      );
    } else {
      await sql().run(
        `CREATE FUNCTION refuse_note_audit() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'audit refused'; END $$`,
      );
      await sql().run(
        `CREATE TRIGGER refuse_note_audit BEFORE INSERT ON "auditLog" FOR EACH ROW WHEN (NEW.action = 'order.note') EXECUTE FUNCTION refuse_note_audit()`,
      );
    }
    try {
      const response = await api.post(`/admin/orders/${order.id}/notes`, { body: "Lost with its audit entry" });
      expect(response.status).toBe(500);
    } finally {
      if (sqlite) {
        await sql().run("DROP TRIGGER refuse_note_audit");
      } else {
        await sql().run(`DROP TRIGGER refuse_note_audit ON "auditLog"`);
        await sql().run("DROP FUNCTION refuse_note_audit()");
      }
    }
    expect(await notesOf(order.id)).toEqual([]);
    expect(await auditOf(order.id)).toEqual([]);
  });

  it("is refused without a session, and without the XSRF header", async () => {
    const order = await createOrderRecord(server.ctx.db);
    expect((await server.client().post(`/admin/orders/${order.id}/notes`, { body: "x" })).status).toBe(401);
    expect((await api.post(`/admin/orders/${order.id}/notes`, { body: "x" }, { xsrf: false })).status).toBe(403);
    expect((await server.client().get(`/admin/orders/${order.id}/timeline`)).status).toBe(401);
    expect(await notesOf(order.id)).toEqual([]);
  });
});

describe("GET /admin/orders/:id/timeline", () => {
  /** A DISPUTED SOL order created an hour ago, disputed half an hour ago, its escrow funded on the in-process chain. */
  async function fundedDispute(): Promise<OrderRow> {
    const backend = server.ctx.settlementBackend!;
    const created = await createOrderRecord(server.ctx.db, {
      status: "DISPUTED",
      createdAt: ago(HOUR),
      disputeRaisedAt: ago(HOUR / 2),
      disputeDescription: "The parcel arrived empty",
    });
    const { escrow, signature } = await backend.chain.fundEscrow(created);
    const db = server.ctx.db;
    await db
      .updateTable("orders")
      .set({ escrowPDA: escrow, transactionSignature: signature, cluster: backend.cluster })
      .where("id", "=", created.id)
      .execute();
    return db.selectFrom("orders").selectAll().where("id", "=", created.id).executeTakeFirstOrThrow();
  }

  const displayNameOf = async (wallet: string) =>
    (await server.ctx.db.selectFrom("users").select("displayName").where("publicKey", "=", wallet).executeTakeFirst())?.displayName ?? null;

  it("tells a settled dispute oldest first: created, paid, disputed, notes, the settlement with its signature, the admin's decision with its reason", async () => {
    const order = await fundedDispute();
    expect((await api.post(`/admin/orders/${order.id}/notes`, { body: "Asked the seller for the packing photos" })).status).toBe(201);
    server.clock.advance(1_000);
    const resolved = await api.post(`/admin/orders/${order.id}/resolve-dispute`, {
      resolution: "PARTIAL_REFUND",
      refundPercentage: 40,
      adminNotes: "Photos show a half-empty box",
    });
    expect(resolved.status, resolved.text).toBe(200);
    const signature: string = resolved.body.data.transactionSignature;
    server.clock.advance(1_000);
    expect((await api.post(`/admin/orders/${order.id}/notes`, { body: "Buyer accepted the split" })).status).toBe(201);

    const events = await timeline(order.id);
    const steps = events.map((e) => `${e.kind}: ${e.title}`);
    expect(steps.slice(0, 4)).toEqual([
      "created: Order created",
      "funded: Paid into escrow",
      "disputed: Dispute raised",
      "note: Internal note",
    ]);
    expect(steps.at(-1)).toBe("note: Internal note");
    // The confirmation, the admin's entry and the order's completion are written within a millisecond
    // or two of each other: the completion may read first. The chain's steps come in their order.
    const settled = steps.slice(4, -1);
    expect([...settled].sort()).toEqual([
      "admin-action: Dispute resolved",
      "settlement: Settlement confirmed",
      "settlement: Settlement submitted",
      "status: Completed",
    ]);
    expect(settled.filter((step) => step !== "status: Completed")).toEqual([
      "settlement: Settlement submitted",
      "settlement: Settlement confirmed",
      "admin-action: Dispute resolved",
    ]);
    const times = events.map((e) => Date.parse(e.at));
    expect(times).toEqual([...times].sort((a, b) => a - b));
    expect(new Set(events.map((e) => e.id)).size).toBe(events.length);

    const [created, funded, disputed, firstNote] = events;
    const lastNote = events.at(-1)!;
    const pick = (title: string) => events.find((e) => e.title === title)!;
    const [submitted, confirmed, decision] = [pick("Settlement submitted"), pick("Settlement confirmed"), pick("Dispute resolved")];
    expect(created).toEqual({
      id: "order-created",
      at: order.createdAt,
      kind: "created",
      title: "Order created",
      detail: null,
      actor: order.buyerWalletAddress,
      actorName: await displayNameOf(order.buyerWalletAddress),
      changes: null,
      reason: null,
      signature: null,
      cluster: null,
      signedBy: null,
    });
    expect(funded).toMatchObject({
      signature: order.transactionSignature,
      detail: `Escrow ${order.escrowPDA}`,
      cluster: "localnet-inprocess",
    });
    expect(disputed).toMatchObject({ at: order.disputeRaisedAt, detail: "The parcel arrived empty", actor: order.buyerWalletAddress });
    expect(firstNote).toMatchObject({ detail: "Asked the seller for the packing photos", actor: server.adminWallet.publicKey });
    expect(submitted).toMatchObject({ signature, actor: server.adminWallet.publicKey, cluster: "localnet-inprocess" });
    expect(confirmed).toMatchObject({ signature });
    expect(decision).toMatchObject({
      actor: server.adminWallet.publicKey,
      reason: "Photos show a half-empty box",
      detail: "Partial refund: 40% to the buyer",
      signature,
      cluster: "localnet-inprocess",
      signedBy: null,
    });
    // The admin by display name beside the wallet, and what the decision changed field by field.
    await server.ctx.db
      .updateTable("users")
      .set({ displayName: "Ops Olivia" })
      .where("publicKey", "=", server.adminWallet.publicKey)
      .execute();
    const named = (await timeline(order.id)).find((e) => e.title === "Dispute resolved")!;
    expect(named.actorName).toBe("Ops Olivia");
    expect(named.changes).toContainEqual({ field: "resolution", before: null, after: "PARTIAL_REFUND" });
    expect(named.changes).toContainEqual({ field: "refundPercentage", before: null, after: 40 });
    expect(lastNote.detail).toBe("Buyer accepted the split");
    // The notes' own audit entries are the notes: not shown a second time as admin actions.
    expect((await auditOf(order.id)).map((a) => a.action)).toEqual(["order.note", "order.resolve_dispute", "order.note"]);
    expect(events.filter((e) => e.kind === "admin-action")).toHaveLength(1);
  });

  it("shows a failed settlement with its error, a request never signed, and the order's own times", async () => {
    const order = await createOrderRecord(server.ctx.db, {
      status: "DISPUTED",
      createdAt: ago(5 * HOUR),
      confirmedAt: ago(4 * HOUR),
      shippedAt: ago(3 * HOUR),
      trackingInfo: "UPS 1Z999",
      disputeRaisedAt: ago(2 * HOUR),
      disputeDescription: null,
    });
    const insert = (...values: unknown[]) =>
      sql().run(
        `INSERT INTO settlements (id, "orderId", kind, status, attempts, signature, "submittedAt", "lastError", cluster, "requestedBy", "requestedByUserId", "createdAt", "updatedAt")
         VALUES (?, ?, 'dispute_payout', ?, ?, ?, ?, ?, 'devnet', ?, 'u-1', ?, ?)`,
        ...values,
      );
    const admin = server.adminWallet.publicKey;
    await insert(
      "s-failed",
      order.id,
      "failed",
      2,
      "FailedSig1111",
      ago(90 * 60_000),
      "Transaction failed: custom program error",
      admin,
      ago(HOUR + 60_000),
      ago(HOUR),
    );
    await insert("s-pending", order.id, "pending", 0, null, null, null, admin, ago(30 * 60_000), ago(30 * 60_000));

    const events = await timeline(order.id);
    expect(events.map((e) => e.id)).toEqual([
      "order-created",
      "order-confirmed",
      "order-shipped",
      "order-disputed",
      "settlement-s-failed-submitted",
      "settlement-s-failed-failed",
      "settlement-s-pending-requested",
    ]);
    // No escrow and no payment signature: no payment is made up.
    expect(events.find((e) => e.kind === "funded")).toBeUndefined();
    expect(events.find((e) => e.id === "order-shipped")).toMatchObject({ kind: "status", detail: "UPS 1Z999" });
    expect(events.find((e) => e.id === "order-disputed")).toMatchObject({ detail: null });
    expect(events.find((e) => e.id === "settlement-s-failed-submitted")).toMatchObject({
      title: "Settlement submitted (attempt 2)",
      signature: "FailedSig1111",
      cluster: "devnet",
      detail: null,
    });
    expect(events.find((e) => e.id === "settlement-s-failed-failed")).toMatchObject({
      title: "Settlement failed",
      detail: "Transaction failed: custom program error",
    });
    expect(events.find((e) => e.id === "settlement-s-pending-requested")).toMatchObject({
      title: "Settlement requested",
      actor: admin,
      signature: null,
    });
  });

  it("tells a resolution without its audit entry from the order's own record", async () => {
    const order = await createOrderRecord(server.ctx.db, {
      status: "REFUNDED",
      createdAt: ago(2 * HOUR),
      resolution: "REFUND_BUYER",
      refundPercentage: 100,
      resolvedAt: ago(HOUR),
      resolvedBy: server.adminWallet.publicKey,
      settlementSignature: "ResolvedSig111",
    });
    const events = await timeline(order.id);
    expect(events.map((e) => e.id)).toEqual(["order-created", "order-resolved"]);
    expect(events[1]).toMatchObject({
      kind: "status",
      title: "Dispute resolved",
      detail: "Refund to the buyer",
      actor: server.adminWallet.publicKey,
      signature: "ResolvedSig111",
    });
  });

  it("answers 404 for an unknown order", async () => {
    const response = await api.get("/admin/orders/no-such-order/timeline");
    expect(response.status).toBe(404);
    expect(response.body).toEqual({ message: "Order not found" });
  });
});

describe("migration 007", () => {
  /** The SQL the migration sends on a dialect, without a database behind it. */
  async function sqlOf(postgres: boolean): Promise<string[]> {
    const sent: string[] = [];
    const db = new Kysely<unknown>({
      dialect: {
        createAdapter: () => (postgres ? new PostgresAdapter() : new SqliteAdapter()),
        createDriver: () => new DummyDriver(),
        createIntrospector: (k) => (postgres ? new PostgresIntrospector(k) : new SqliteIntrospector(k)),
        createQueryCompiler: () => (postgres ? new PostgresQueryCompiler() : new SqliteQueryCompiler()),
      },
      log: (event) => void sent.push(event.query.sql),
    });
    await migrate007(db);
    await db.destroy();
    return sent;
  }

  it("numbers notes with AUTOINCREMENT on SQLite and an identity column on PostgreSQL, indexed by (orderId, id)", async () => {
    const [sqliteTable, sqliteIndex] = await sqlOf(false);
    expect(sqliteTable).toMatch(/"id" integer primary key autoincrement/);
    expect(sqliteIndex).toBe('create index "order_notes_order" on "orderNotes" ("orderId", "id")');
    const [postgresTable, postgresIndex] = await sqlOf(true);
    expect(postgresTable).toMatch(
      /"id" integer (primary key generated by default as identity|generated by default as identity primary key)/,
    );
    expect(postgresTable).not.toMatch(/auto_?increment/);
    expect(postgresTable).toContain('"orderId" text not null references "orders" ("id")');
    expect(postgresIndex).toBe(sqliteIndex);
  });
});
