// What the live-updates feed (http/live-feed.ts) reads from the database at each poll: the open
// disputes' and proposed payouts' counts and the settlement rows whose status changed. From the database, not from this
// process: the server runs as several instances on one database, and a change made through one
// must reach the consoles listening on every other.
import type { DisputesEvent, SettlementEvent } from "../../contract/index.ts";
import { orderStatusCountName } from "../db/list-families.ts";
import { approvalsRequired } from "./payout-rules.ts";
import type { ServiceContext } from "./ports.ts";

const DISPUTED = orderStatusCountName("DISPUTED");

/**
 * The orders in DISPUTED now (one lookup in the trigger-kept counts, migration 002), and the payouts
 * proposed and awaiting a second admin (few: read through the status index).
 */
export async function openDisputes(ctx: ServiceContext): Promise<DisputesEvent> {
  const [open, waiting] = await Promise.all([
    ctx.lists.totals([DISPUTED]).then((totals) => totals[DISPUTED]),
    ctx.db
      .selectFrom("settlements")
      .select((eb) => eb.fn.countAll<number | string>().as("n"))
      .where("status", "=", "awaiting_approval")
      .executeTakeFirstOrThrow(),
  ]);
  const awaitingApproval = Number(waiting.n);
  // A server where one admin settles says what it always said (proposals left from a four-eyes run aside).
  return awaitingApproval > 0 || approvalsRequired(ctx) > 1 ? { open, awaitingApproval } : { open };
}

/**
 * How far back each poll looks at settlements' updatedAt. A row's updatedAt is the clock of the
 * instance that wrote it, taken before its transaction commits: another instance's clock may be
 * behind ours, or the commit may come later. Rows of the window already seen in the same status are
 * not sent again (SettlementWatch), so a wide window costs a few rows read, never repeated events.
 */
export const SETTLEMENT_WINDOW_MS = 60_000;

/**
 * Which settlements changed status since the last look. The first look only learns the statuses:
 * what was there before anyone listened is not news.
 */
export class SettlementWatch {
  private readonly seen = new Map<string, { status: string; updatedAt: string }>();
  private started = false;

  constructor(private readonly ctx: ServiceContext) {}

  async changes(): Promise<SettlementEvent[]> {
    const since = new Date(this.ctx.now() - SETTLEMENT_WINDOW_MS).toISOString();
    const rows = await this.ctx.db
      .selectFrom("settlements")
      .select(["id", "orderId", "status", "updatedAt"])
      .where("updatedAt", ">=", since)
      .orderBy("updatedAt")
      .orderBy("id")
      .execute();
    const changed = rows.filter((row) => this.seen.get(row.id)?.status !== row.status);
    for (const row of rows) this.seen.set(row.id, { status: row.status, updatedAt: row.updatedAt });
    // Rows that left the window can no longer be read again: forget them.
    for (const [id, { updatedAt }] of this.seen) if (updatedAt < since) this.seen.delete(id);
    const first = !this.started;
    this.started = true;
    return first ? [] : changed.map(({ id, orderId, status }) => ({ id, orderId, status }));
  }
}
