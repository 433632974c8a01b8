// Live updates in the browser, against the reference server's event stream: a dispute opened in the
// server's database appears on /orders and raises the Orders badge without a reload, and a settlement's
// status change shows on /settlements without a reload; at desktop size and at 390×844, where the badge
// is in the navigation drawer, with axe. (The console's fallback against an API without the stream:
// tests/layout/live-updates.test.tsx.)
import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import type { Locator, Page } from "playwright-core";
import { createOrderRecord } from "../../server/seed/records.ts";
import { reopenSettlement } from "../../server/services/settlement-rows.ts";
import { browser, consoleServer, db, page, signedInForThisFile } from "./support/session.ts";
import { openWithWallet, PHONE, row, signIn } from "./support/screens.ts";
import { expectAccessible } from "./support/axe.ts";
import { IN_DISPUTE_URL } from "./support/orders.ts";
import { createTestWallet } from "./support/test-wallet.ts";

const admin = createTestWallet("E2E Live Admin");

signedInForThisFile(admin);

const openDisputes = async () => (await db().selectFrom("orders").select("id").where("status", "=", "DISPUTED").execute()).length;
const badge = (within: Page | Locator) => within.getByRole("status", { name: /^\d+ open disputes?$/ });
const badgeName = (n: number) => `${n} open ${n === 1 ? "dispute" : "disputes"}`;

async function openDispute(): Promise<string> {
  // Raised long ago: In Dispute opens with the nearest deadline first, so it is on the first page.
  const order = await createOrderRecord(db(), { status: "DISPUTED", disputeRaisedAt: "2001-01-01T00:00:00.000Z" });
  return order.id;
}

describe("live updates", () => {
  it("a new dispute appears on /orders and raises the Orders badge without a reload (desktop)", async () => {
    await page.goto(`${consoleServer.origin}${IN_DISPUTE_URL}`);
    const before = await openDisputes();
    await expect.poll(() => badge(page).getAttribute("aria-label")).toBe(badgeName(before));
    await expectAccessible(page, "orders with the disputes badge (desktop)");

    const reloads: string[] = [];
    page.on("framenavigated", (frame) => frame === page.mainFrame() && reloads.push(frame.url()));
    const id = await openDispute();
    await row(page, id).waitFor();
    await expect.poll(() => badge(page).getAttribute("aria-label")).toBe(badgeName(before + 1));
    expect(reloads).toEqual([]);
  });

  it("a settlement's status change shows on /settlements without a reload", async () => {
    // A failed payout: nothing pending or submitted, so the screen has no polling of its own.
    const orderId = await openDispute();
    const id = randomUUID();
    const at = new Date().toISOString();
    const user = await db()
      .selectFrom("users")
      .select(["id", "publicKey"])
      .where("publicKey", "=", admin.address)
      .executeTakeFirstOrThrow();
    await db()
      .insertInto("settlements")
      .values({
        id,
        orderId,
        kind: "dispute_payout",
        status: "failed",
        attempts: 1,
        lastError: "Blockhash expired",
        requestedBy: user.publicKey,
        requestedByUserId: user.id,
        resolution: "REFUND_BUYER",
        adminNotes: "Never arrived",
        createdAt: at,
        updatedAt: at,
      })
      .execute();
    await page.goto(`${consoleServer.origin}/settlements`);
    await row(page, id).getByText("Failed", { exact: true }).waitFor();

    const reloads: string[] = [];
    page.on("framenavigated", (frame) => frame === page.mainFrame() && reloads.push(frame.url()));
    // Retried elsewhere (another admin, another instance): failed → pending.
    await reopenSettlement(db(), consoleServer.server.ctx, id);
    await row(page, id).getByText("Pending", { exact: true }).waitFor();
    expect(reloads).toEqual([]);
    await expectAccessible(page, "settlements after a live change");
  });

  it("at 390×844 the badge is in the navigation drawer and rises there too", async () => {
    const phone = await openWithWallet(browser, admin, PHONE);
    try {
      await signIn(phone, consoleServer.origin, admin);
      await phone.goto(`${consoleServer.origin}${IN_DISPUTE_URL}`);
      await phone.getByRole("button", { name: "Open navigation" }).click();
      const nav = phone.getByRole("navigation", { name: "Sections" });
      const before = await openDisputes();
      await expect.poll(() => badge(nav).getAttribute("aria-label")).toBe(badgeName(before));
      await expectAccessible(phone, "navigation drawer with the disputes badge (phone)");

      await openDispute();
      await expect.poll(() => badge(nav).getAttribute("aria-label")).toBe(badgeName(before + 1));
    } finally {
      await phone.context().close();
    }
  });
});
