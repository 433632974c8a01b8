// Wallet screening (beyond the core API): an admin's wallet at sign-in, a dispute payout's buyer and
// seller before it is proposed, approved or sent, a token's mint and its authorities at whitelisting,
// all against the lists of the screening port (ctx.screening; none = nothing screened). A listed
// address refuses the step; the hit is stored (with the list, entry and version that decided it) and
// the refusal audited. When the lists change, the instance that records the new version audits the
// reload and re-screens the open disputes' parties and the recent payees (rescreen).
import type { PayoutPreview, ScreeningHit, ScreeningHitListQuery, ScreeningListsInfo } from "../../contract/index.ts";
import { formatBaseUnits } from "../../contract/index.ts";
import { isUniqueViolation } from "../db/engine.ts";
import type { Db, OrderRow, ScreeningHitRow, ScreeningHitsTable } from "../db/schema.ts";
import { ApiError, conflict, forbidden, invalidRequest } from "../http/errors.ts";
import { recordAudit } from "./audit.ts";
import { confirmedPayouts } from "./settlement-rows.ts";
import { pageOf } from "./paging.ts";
import { recordEvent } from "./webhooks.ts";
import { findById, isoNow, json } from "./context.ts";
import type { AdminIdentity, ScreeningEntry, ScreeningLists, ServiceContext } from "./ports.ts";

export type HitParty = ScreeningHitsTable["party"];
export type HitKind = ScreeningHitsTable["kind"];

/** Who the audit trail names for what the server does by itself (a reload): the system program's address, no admin's. */
export const SERVER_ACTOR: AdminIdentity = { userId: "server", publicKey: "11111111111111111111111111111111" };

export const DEFAULT_RESCREEN_DAYS = 90;

/** What a decision was made under: the lists' names and version, as recorded beside it. */
export interface ScreenedUnder {
  lists: string[];
  version: string;
}

/** The version as texts name it: its first 8 hex digits. */
export const shortVersion = (version: string) => version.slice(0, 8);

const underOf = (lists: ScreeningLists): ScreenedUnder => ({ lists: [...lists.names], version: lists.version });

/** "OFAC SDN, EU (version 1a2b3c4d)". */
export const describeLists = (under: ScreenedUnder) =>
  `${under.lists.length ? under.lists.join(", ") : "no lists"} (version ${shortVersion(under.version)})`;

const PARTY_WORDS: Record<HitParty, string> = {
  buyer: "buyer",
  seller: "seller",
  admin: "admin",
  mint: "mint",
  mint_authority: "mint authority",
  freeze_authority: "freeze authority",
};

interface Party {
  party: HitParty;
  address: string;
}

interface Listed extends Party {
  entry: ScreeningEntry;
}

/** The parties on a list now, with what they were screened under; null when nothing is screened. */
async function findListed(ctx: ServiceContext, parties: readonly Party[]): Promise<{ under: ScreenedUnder; listed: Listed[] } | null> {
  const port = ctx.screening;
  if (!port) return null;
  // Read before screening: what the answer was made under, even if a reload lands meanwhile.
  const under = underOf(port.current());
  const found = await port.screen([...new Set(parties.map((p) => p.address))]);
  const listed = parties.flatMap((p) => (found.get(p.address) ?? []).map((entry) => ({ ...p, entry })));
  return { under, listed };
}

/** One listed party in words: "the seller wallet X is on OFAC SDN (entry 123: reason)". */
function describeListed({ party, address, entry }: Listed): string {
  const what = entry.entryId
    ? ` (entry ${entry.entryId}${entry.reason ? `: ${entry.reason}` : ""})`
    : entry.reason
      ? ` (${entry.reason})`
      : "";
  return `the ${PARTY_WORDS[party]} ${party === "mint" ? "" : "wallet "}${address} is on the list "${entry.list}"${what}`;
}

export interface NewHit {
  kind: HitKind;
  orderId?: string | null;
  tokenMint?: string | null;
  party: HitParty;
  address: string;
  entry: ScreeningEntry;
  version: string;
  paid?: { amount: string; symbol: string; decimals: number; at: string } | null;
}

const dedupeKeyOf = (hit: NewHit) =>
  [hit.orderId ?? hit.tokenMint ?? "-", hit.party, hit.address, hit.entry.list, hit.entry.entryId ?? ""].join("|");

/**
 * The one place a screening hit is stored: the refusals' and the re-screens' alike. Returns the hit
 * and whether it is new (a hit for the same order or token, party, address, list and entry is kept
 * once, acknowledged or not). A new hit is what a notification of it (webhooks) would hook into.
 */
export async function recordScreeningHit(db: Db, ctx: ServiceContext, hit: NewHit): Promise<{ row: ScreeningHitRow; created: boolean }> {
  const dedupeKey = dedupeKeyOf(hit);
  const inserted = await db
    .insertInto("screeningHits")
    .values({
      id: ctx.newId(),
      dedupeKey,
      kind: hit.kind,
      orderId: hit.orderId ?? null,
      tokenMint: hit.tokenMint ?? null,
      party: hit.party,
      address: hit.address,
      listName: hit.entry.list,
      entryId: hit.entry.entryId,
      entryReason: hit.entry.reason,
      listVersion: hit.version,
      paidAmount: hit.paid?.amount ?? null,
      paidSymbol: hit.paid?.symbol ?? null,
      paidDecimals: hit.paid?.decimals ?? null,
      paidAt: hit.paid?.at ?? null,
      status: "open",
      acknowledgedBy: null,
      acknowledgedAt: null,
      acknowledgement: null,
      createdAt: isoNow(ctx),
    })
    .onConflict((oc) => oc.column("dedupeKey").doNothing())
    .returningAll()
    .executeTakeFirst();
  if (inserted) {
    // A new hit is what the team hears of (webhooks), in the same transaction as the hit itself.
    await recordEvent(db, ctx, "screening.hit", {
      hitId: inserted.id,
      kind: inserted.kind,
      orderId: inserted.orderId,
      tokenMint: inserted.tokenMint,
      party: inserted.party,
      address: inserted.address,
      listName: inserted.listName,
      entryId: inserted.entryId,
      listVersion: inserted.listVersion,
    });
    return { row: inserted, created: true };
  }
  const row = await db.selectFrom("screeningHits").selectAll().where("dedupeKey", "=", dedupeKey).executeTakeFirstOrThrow();
  return { row, created: false };
}

/** A step refused because a party is listed: stores the hits and audits the refusal, then answers `refusal`. */
async function refuse(
  ctx: ServiceContext,
  actor: AdminIdentity,
  found: { under: ScreenedUnder; listed: Listed[] },
  where: { kind: HitKind; orderId?: string; tokenMint?: string },
  refusal: (message: string) => ApiError,
  message: string,
): Promise<never> {
  await ctx.db.transaction().execute(async (trx) => {
    const hits = [];
    for (const listed of found.listed) {
      hits.push(
        await recordScreeningHit(trx, ctx, {
          kind: where.kind,
          orderId: where.orderId,
          tokenMint: where.tokenMint,
          party: listed.party,
          address: listed.address,
          entry: listed.entry,
          version: found.under.version,
        }),
      );
    }
    await recordAudit(trx, ctx, actor, {
      action: "screening.refuse",
      ...(where.orderId ? { targetType: "order", targetId: where.orderId } : { targetType: "screening", targetId: hits[0]?.row.id ?? "" }),
      reason: message,
      after: {
        step: where.kind,
        hits: hits.map(({ row }) => ({ id: row.id, party: row.party, address: row.address, list: row.listName, entryId: row.entryId })),
        ...found.under,
      },
    });
  });
  throw refusal(message);
}

/** Sign-in of an admin wallet on a list: refused (403) with the reason, audited; passes when nothing is screened. */
export async function screenAdminWallet(ctx: ServiceContext, admin: AdminIdentity): Promise<void> {
  const found = await findListed(ctx, [{ party: "admin", address: admin.publicKey }]);
  if (!found?.listed.length) return;
  const message = `Sign-in refused by screening: ${describeListed(found.listed[0]!)}; screened against ${describeLists(found.under)}`;
  await refuse(ctx, admin, found, { kind: "sign_in" }, forbidden, message);
}

/** A payout refused because a party is on a list (409): nothing was sent. */
export class ScreeningStop extends ApiError {
  constructor(message: string) {
    super(409, message);
  }
}

const payoutParties = (order: Pick<OrderRow, "buyerWalletAddress" | "sellerWalletAddress">): Party[] => [
  { party: "buyer", address: order.buyerWalletAddress },
  { party: "seller", address: order.sellerWalletAddress },
];

/**
 * The buyer and seller of a dispute payout, screened before it is `step`: a listed one refuses it
 * (ScreeningStop, 409 naming the party and the list) with the hit stored against the order (the order
 * is flagged) and the refusal audited. Returns what it passed under; null when nothing is screened.
 */
export async function screenPayout(
  ctx: ServiceContext,
  admin: AdminIdentity,
  order: OrderRow,
  step: "proposed" | "approved" | "sent",
): Promise<ScreenedUnder | null> {
  const found = await findListed(ctx, payoutParties(order));
  if (!found) return null;
  if (found.listed.length === 0) return found.under;
  const message = `This payout cannot be ${step}: ${found.listed.map(describeListed).join("; ")}. Screened against ${describeLists(found.under)}; the order is flagged and nothing was sent`;
  return refuse(ctx, admin, found, { kind: "payout", orderId: order.id }, (m) => new ScreeningStop(m), message);
}

/** What a payout records of its screening (settlements.screenedUnder). */
export const screenedUnderColumn = (under: ScreenedUnder | null) => (under ? JSON.stringify(under) : null);

/** The payout preview's screening: the lists, their version and the listed parties; nothing stored. */
export async function previewScreening(ctx: ServiceContext, order: OrderRow): Promise<PayoutPreview["screening"]> {
  const found = await findListed(ctx, payoutParties(order));
  if (!found) return undefined;
  return {
    ...found.under,
    listed: found.listed.map(({ party, address, entry }) => ({
      party: party as "buyer" | "seller",
      wallet: address,
      list: entry.list,
      entryId: entry.entryId,
    })),
  };
}

/**
 * A token's mint and its mint and freeze authorities (as the chain reported them), screened at
 * whitelisting: a listed one is a 400 naming mintAddress, the hit stored and the refusal audited.
 */
export async function screenToken(
  ctx: ServiceContext,
  admin: AdminIdentity,
  mintAddress: string,
  authorities: { mintAuthority: string | null; freezeAuthority: string | null },
): Promise<ScreenedUnder | null> {
  const parties: Party[] = [{ party: "mint", address: mintAddress }];
  if (authorities.mintAuthority) parties.push({ party: "mint_authority", address: authorities.mintAuthority });
  if (authorities.freezeAuthority) parties.push({ party: "freeze_authority", address: authorities.freezeAuthority });
  const found = await findListed(ctx, parties);
  if (!found) return null;
  if (found.listed.length === 0) return found.under;
  const message = `This mint cannot be whitelisted: ${found.listed.map(describeListed).join("; ")} (screened against ${describeLists(found.under)})`;
  return refuse(
    ctx,
    admin,
    found,
    { kind: "token", tokenMint: mintAddress },
    (m) => invalidRequest([{ field: "mintAddress", message: m }]),
    message,
  );
}

// ---- List versions and re-screening ----

/**
 * Records the lists this instance holds as the latest version, unless they already are: of several
 * instances loading the same new lists, one inserts the next seq and the others' inserts collide.
 * That one audits the reload. Returns whether this instance recorded it, and whether the lists are
 * now the latest recorded.
 */
export async function recordListVersion(ctx: ServiceContext): Promise<{ recorded: boolean; latest: boolean }> {
  const port = ctx.screening;
  if (!port) return { recorded: false, latest: true };
  const lists = port.current();
  const previous = await ctx.db.selectFrom("screeningVersions").selectAll().orderBy("seq", "desc").limit(1).executeTakeFirst();
  if (previous?.version === lists.version) return { recorded: false, latest: true };
  const seq = (previous?.seq ?? 0) + 1;
  try {
    await ctx.db.transaction().execute(async (trx) => {
      await trx
        .insertInto("screeningVersions")
        .values({
          seq,
          version: lists.version,
          lists: JSON.stringify(lists.names),
          entries: lists.entries,
          loadedAt: lists.loadedAt,
          recordedAt: isoNow(ctx),
          rescreenedAt: null,
        })
        .execute();
      await recordAudit(trx, ctx, SERVER_ACTOR, {
        action: "screening.reload",
        targetType: "screening",
        targetId: `version-${seq}`,
        reason: `Screening lists loaded: ${describeLists(underOf(lists))}, ${lists.entries} entries`,
        before: previous ? { version: previous.version, lists: json<string[]>(previous.lists) } : null,
        after: { version: lists.version, lists: lists.names, entries: lists.entries, loadedAt: lists.loadedAt },
      });
    });
  } catch (error) {
    // Another instance recorded this seq first: this one's lists are the latest only if it recorded the same.
    if (!isUniqueViolation(error)) throw error;
    const winner = await ctx.db.selectFrom("screeningVersions").select("version").where("seq", "=", seq).executeTakeFirst();
    return { recorded: false, latest: winner?.version === lists.version };
  }
  return { recorded: true, latest: true };
}

const paidOf = (
  amount: string | number | bigint | null,
  order: Pick<OrderRow, "currencySymbol" | "currencyDecimals">,
  at: string | null,
) =>
  amount !== null && at !== null && BigInt(amount) > 0n
    ? { amount: String(amount), symbol: order.currencySymbol, decimals: order.currencyDecimals, at }
    : null;

interface Candidate extends Party {
  orderId: string;
  paid: NewHit["paid"];
}

/** The open disputes' parties, and the payees of the last `days` days with what they were paid and when. */
async function rescreenCandidates(ctx: ServiceContext, days: number): Promise<Candidate[]> {
  const since = new Date(ctx.now() - days * 86_400_000).toISOString();
  const candidates: Candidate[] = [];
  const disputes = await ctx.db
    .selectFrom("orders")
    .select(["id", "buyerWalletAddress", "sellerWalletAddress"])
    .where("status", "=", "DISPUTED")
    .execute();
  for (const order of disputes) {
    for (const party of payoutParties(order)) candidates.push({ ...party, orderId: order.id, paid: null });
  }
  if (days <= 0) return candidates;
  const payouts = await confirmedPayouts(ctx.db)
    .select([
      "o.id",
      "o.buyerWalletAddress",
      "o.sellerWalletAddress",
      "o.currencySymbol",
      "o.currencyDecimals",
      "s.paidBuyer",
      "s.paidSeller",
      "s.confirmedAt",
    ])
    .where("s.confirmedAt", ">=", since)
    .execute();
  for (const row of payouts) {
    const buyer = paidOf(row.paidBuyer, row, row.confirmedAt);
    const seller = paidOf(row.paidSeller, row, row.confirmedAt);
    if (buyer) candidates.push({ party: "buyer", address: row.buyerWalletAddress, orderId: row.id, paid: buyer });
    if (seller) candidates.push({ party: "seller", address: row.sellerWalletAddress, orderId: row.id, paid: seller });
  }
  // Orders the buyer released: the seller was paid the total when it completed.
  const completed = await ctx.db
    .selectFrom("orders")
    .select(["id", "sellerWalletAddress", "totalPrice", "currencySymbol", "currencyDecimals", "completedAt"])
    .where("status", "=", "COMPLETED")
    .where("completedAt", ">=", since)
    .where("resolution", "is", null)
    .execute();
  for (const order of completed) {
    const paid = paidOf(order.totalPrice, order, order.completedAt);
    candidates.push({ party: "seller", address: order.sellerWalletAddress, orderId: order.id, paid });
  }
  return candidates;
}

/**
 * Screens the open disputes' parties and the last SCREENING_RESCREEN_DAYS' payees against the lists
 * in force, storing each hit once; returns the new hits. Run by the instance that recorded a new version.
 */
export async function rescreen(ctx: ServiceContext): Promise<ScreeningHitRow[]> {
  const port = ctx.screening;
  if (!port) return [];
  const candidates = await rescreenCandidates(ctx, ctx.rescreenDays ?? DEFAULT_RESCREEN_DAYS);
  const under = underOf(port.current());
  const found = await port.screen([...new Set(candidates.map((c) => c.address))]);
  const created: ScreeningHitRow[] = [];
  for (const candidate of candidates) {
    for (const entry of found.get(candidate.address) ?? []) {
      const { row, created: isNew } = await ctx.db.transaction().execute((trx) =>
        recordScreeningHit(trx, ctx, {
          kind: "rescreen",
          orderId: candidate.orderId,
          party: candidate.party,
          address: candidate.address,
          entry,
          version: under.version,
          paid: candidate.paid,
        }),
      );
      if (isNew) created.push(row);
    }
  }
  return created;
}

/**
 * What each instance runs when its lists may have changed: records their version when new and, if
 * this instance did, re-screens. Returns whether the lists it holds are now the latest recorded.
 */
export async function syncScreening(ctx: ServiceContext): Promise<boolean> {
  const { recorded, latest } = await recordListVersion(ctx);
  if (recorded) {
    await rescreen(ctx);
    const version = ctx.screening!.current().version;
    await ctx.db
      .updateTable("screeningVersions")
      .set({ rescreenedAt: isoNow(ctx) })
      .where("version", "=", version)
      .where("rescreenedAt", "is", null)
      .execute();
  }
  return latest;
}

// ---- The Screening screen ----

export function toScreeningHit(row: ScreeningHitRow): ScreeningHit {
  return {
    id: row.id,
    kind: row.kind,
    orderId: row.orderId,
    tokenMint: row.tokenMint,
    party: row.party,
    address: row.address,
    listName: row.listName,
    entryId: row.entryId,
    entryReason: row.entryReason,
    listVersion: row.listVersion,
    paid:
      row.paidAmount !== null && row.paidAt !== null
        ? {
            amount: row.paidAmount,
            uiAmount: formatBaseUnits(BigInt(row.paidAmount), row.paidDecimals ?? 0),
            symbol: row.paidSymbol ?? "",
            decimals: row.paidDecimals ?? 0,
            at: row.paidAt,
          }
        : null,
    status: row.status,
    acknowledgedBy: row.acknowledgedBy,
    acknowledgedAt: row.acknowledgedAt,
    acknowledgement: row.acknowledgement,
    createdAt: row.createdAt,
  };
}

export async function listScreeningHits(ctx: ServiceContext, q: ScreeningHitListQuery): Promise<{ items: ScreeningHit[]; total: number }> {
  let query = ctx.db.selectFrom("screeningHits");
  if (q.status) query = query.where("status", "=", q.status);
  const ordered = query.selectAll().orderBy("createdAt", "desc").orderBy("id", "desc");
  const { items, total } = await pageOf(query, ordered, q, (rows) => rows.map(toScreeningHit));
  return { items, total };
}

/** The lists this instance holds. */
export function screeningLists(ctx: ServiceContext): ScreeningListsInfo {
  const lists = ctx.screening?.current();
  if (!lists) return { enabled: false, lists: [], version: null, loadedAt: null, entries: 0 };
  return { enabled: true, lists: [...lists.names], version: lists.version, loadedAt: lists.loadedAt, entries: lists.entries };
}

/** An admin's acknowledgement of an open hit, with the reason; audited. Already acknowledged: 409. */
export async function acknowledgeHit(ctx: ServiceContext, admin: AdminIdentity, id: string, reason: string): Promise<ScreeningHit> {
  const before = await findById(ctx.db, "screeningHits", id);
  return ctx.db.transaction().execute(async (trx) => {
    const now = isoNow(ctx);
    const row = await trx
      .updateTable("screeningHits")
      .set({ status: "acknowledged", acknowledgedBy: admin.publicKey, acknowledgedAt: now, acknowledgement: reason })
      .where("id", "=", id)
      .where("status", "=", "open")
      .returningAll()
      .executeTakeFirst();
    if (!row) throw conflict(`This hit was already acknowledged by ${before.acknowledgedBy ?? "another admin"}`);
    await recordAudit(trx, ctx, admin, {
      action: "screening.acknowledge",
      targetType: "screening",
      targetId: id,
      reason,
      before: { status: before.status },
      after: { status: row.status, orderId: row.orderId, party: row.party, address: row.address, list: row.listName },
    });
    return toScreeningHit(row);
  });
}
