// A resource module added to the list (server/resources/index.ts) is served whole by the app it is
// given to: its table migrated after the core's, its demo rows seeded after the rows they read, its
// routes under its declaration's list path behind the admin guard, its changes audited. The module is
// the throwaway Payouts of docs/adding-a-resource.md (tests/app/payouts/server/), added to the list
// as its line in server/resources/index.ts would.
import { readdirSync, readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { payoutsModule } from "../../app/payouts/server/index.ts";
import { migrationsOf } from "../../../server/resources/define.ts";
import { RESOURCE_MODULES } from "../../../server/resources/index.ts";
import { seedDatabase } from "../../../server/seed/index.ts";
import { inSeedOrder, type SeedStep } from "../../../server/seed/steps.ts";
import { startTestServer, type TestClient, type TestServer } from "../support/harness.ts";

let server: TestServer;
let api: TestClient;
let seeded: Awaited<ReturnType<typeof seedDatabase>>;

beforeAll(async () => {
  const resourceModules = [...RESOURCE_MODULES, payoutsModule];
  server = await startTestServer({
    resourceModules,
    prepare: async (ctx) => {
      seeded = await seedDatabase(ctx.database, { orders: 20, seed: 7, now: ctx.now(), resourceModules });
    },
  });
  api = await server.signIn();
});

afterAll(() => server?.close());

describe("a resource module in the list", () => {
  it("has its table migrated and its rows seeded, three per shop (the table it reads)", async () => {
    expect(seeded.shops).toBeGreaterThan(0);
    expect(seeded.rows.payouts).toBe(3 * seeded.shops);
    const names = (await server.ctx.db.selectFrom("shops").select("name").execute()).map((shop) => shop.name);
    const payees = (await server.ctx.db.selectFrom("payouts").select("shopName").execute()).map((payout) => payout.shopName).sort();
    expect(payees).toEqual([...names, ...names, ...names].sort());
  });

  it("serves its list under its declaration's list path, paged and filtered, behind the admin guard", async () => {
    expect((await server.client().get("/admin/payouts")).status).toBe(401);
    const all = await api.get("/admin/payouts?limit=3");
    expect(all.status).toBe(200);
    expect(all.body.data).toMatchObject({ total: 3 * seeded.shops, page: 1, limit: 3, totalPages: seeded.shops });
    expect(all.body.data.items).toHaveLength(3);
    const paid = await api.get("/admin/payouts?status=PAID&limit=100");
    expect(paid.body.data.items.length).toBe(paid.body.data.total);
    expect(paid.body.data.items.every((payout: { status: string }) => payout.status === "PAID")).toBe(true);
    const wrong = await api.get("/admin/payouts?status=LATE");
    expect(wrong.status).toBe(400);
    expect(wrong.body.errors).toEqual([{ field: "status", message: "Status must be PENDING or PAID" }]);
  });

  it("marks a pending payout paid once, audited against the payout", async () => {
    const pending = (await api.get("/admin/payouts?status=PENDING")).body.data.items[0];
    const marked = await api.patch(`/admin/payouts/${pending.id}`, { status: "PAID" });
    expect(marked.status).toBe(200);
    expect(marked.body.data).toMatchObject({ id: pending.id, status: "PAID" });
    expect((await api.patch(`/admin/payouts/${pending.id}`, { status: "PAID" })).status).toBe(409);
    expect((await api.get("/admin/payouts/nope")).status).toBe(404);
    const trail = await api.get(`/admin/audit?targetType=payout&targetId=${pending.id}`);
    expect(trail.body.data.items).toMatchObject([
      { action: "payout.mark_paid", targetType: "payout", before: { status: "PENDING" }, after: { status: "PAID" } },
    ]);
  });

  it("is in the OpenAPI document with its record's schema, each operation beyond the core API as declared", async () => {
    const document = (await server.client().get("/api/v1/openapi.json")).body;
    expect(document.components.schemas.ShopPayout).toBeDefined();
    const operations = [
      document.paths["/admin/payouts"]?.get,
      document.paths["/admin/payouts/{id}"]?.get,
      document.paths["/admin/payouts/{id}"]?.patch,
    ];
    expect(operations.map((operation) => operation?.["x-beyond-spec"])).toEqual([true, true, true]);
  });
});

describe("putting the modules together", () => {
  it("the guide names its example migration after the core's last, as a database that ran that one requires", () => {
    const guide = readFileSync(new URL("../../../docs/adding-a-resource.md", import.meta.url), "utf8");
    const core = readdirSync(new URL("../../../server/db/migrations/", import.meta.url)).filter((name) => /^\d{3}_/.test(name));
    const last = core.sort().at(-1)!.replace(/\.ts$/, "");
    const example = /### `migrations\/(\d{3}_payouts)\.ts`/.exec(guide)?.[1];
    expect(example, "the guide's heading for its migration").toBeDefined();
    expect(example! > last, `${example} after ${last}`).toBe(true);
    expect(guide).toContain(`\`${last}\``);
  });

  it("refuses a migration name taken twice", () => {
    expect(() => migrationsOf([payoutsModule, payoutsModule])).toThrow("Migration 900_payouts of payouts is taken");
  });

  it("runs each seed step after the tables it reads, and refuses a table no step seeds", () => {
    const step = (table: SeedStep["table"], reads: SeedStep["reads"] = []): SeedStep => ({ table, columns: [], reads, rows: () => [] });
    const order = inSeedOrder([
      step("users"),
      step("products", ["shops"]),
      step("orders", ["users", "products"]),
      step("shops", ["users"]),
    ]);
    expect(order.map((s) => s.table)).toEqual(["users", "shops", "products", "orders"]);
    expect(() => inSeedOrder([step("products", ["shops"])])).toThrow("The seed step of products reads shops, which no step seeds");
  });
});
