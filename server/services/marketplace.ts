// The marketplace's on-chain configuration: its status, and the one-time initialization, which
// only the settlement port can perform (no port, no made-up signature: 503). Each initialization is
// a row of the settlement queue (settlement-rows.ts), like a dispute's payout.
import { conflict, unavailable } from "../http/errors.ts";
import { recordAudit } from "./audit.ts";
import { bool, isoNow } from "./context.ts";
import { isUniqueViolation } from "../db/engine.ts";
import type { Db, SettlementRow } from "../db/schema.ts";
import { isSettlementError } from "../settlement/errors.ts";
import type { AdminIdentity, MarketplaceInitialization, ServiceContext } from "./ports.ts";
import { settlementApiError } from "./settlement-errors.ts";
import { claimRows, markConfirmed, markFailed, markSent, openSettlement, releaseClaim, releaseUnsent } from "./settlement-rows.ts";

export const INITIALIZE_UNAVAILABLE =
  "Marketplace initialization runs a blockchain transaction, and this server has no settlement service configured yet: nothing was changed";

/**
 * From the database, where initialize records the config once confirmed. While that says "not
 * initialized", the chain is asked too: a config account whose recording was lost (a stop between
 * confirmation and the write) still counts, since initialize could never run again.
 */
export async function marketplaceStatus(ctx: ServiceContext) {
  const row = await ctx.db.selectFrom("marketplaceConfig").selectAll().where("id", "=", 1).executeTakeFirst();
  const cluster = row?.cluster ?? ctx.settlement?.cluster ?? null;
  if (!bool(row?.initialized) && ctx.settlement?.marketplaceStatus) {
    const chain = await ctx.settlement.marketplaceStatus().catch(() => null);
    if (chain?.initialized) {
      return {
        initialized: true,
        configPDA: chain.configPDA,
        authority: chain.authority,
        disputeResolutionLimit: null,
        reportThreshold: null,
        cluster: chain.cluster,
        transactionSignature: null,
      };
    }
  }
  return {
    initialized: bool(row?.initialized),
    configPDA: row?.configPDA ?? null,
    authority: row?.authority ?? null,
    disputeResolutionLimit: row?.disputeResolutionLimit ?? null,
    reportThreshold: row?.reportThreshold ?? null,
    cluster,
    transactionSignature: row?.transactionSignature ?? null,
  };
}

export const ALREADY_INITIALIZED = "The marketplace is already initialized";
const INITIALIZATION_IN_PROGRESS = "An initialization of the marketplace is already in progress: nothing was sent";

export async function initializeMarketplace(ctx: ServiceContext, admin: AdminIdentity) {
  const before = await marketplaceStatus(ctx);
  if (before.initialized) throw conflict(ALREADY_INITIALIZED);
  if (!ctx.settlement) throw unavailable(INITIALIZE_UNAVAILABLE);
  const row = await claimInitialization(ctx, (trx) => openSettlement(trx, ctx, "marketplace_initialization", admin));
  return runInitialization(ctx, admin, row);
}

/**
 * Opens (or reopens, `open`) the initialization's settlement row: refused while another one is in
 * flight (a unique index: requests on several instances at once send one) or once one was recorded.
 */
export async function claimInitialization<T>(ctx: ServiceContext, open: (trx: Db) => Promise<T>): Promise<T> {
  try {
    return await ctx.db.transaction().execute(async (trx) => {
      const opened = await open(trx);
      // Read with the row in place: an initialization another instance recorded meanwhile shows here.
      const config = await trx.selectFrom("marketplaceConfig").select("initialized").where("id", "=", 1).executeTakeFirst();
      if (bool(config?.initialized)) throw conflict(ALREADY_INITIALIZED);
      return opened;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(INITIALIZATION_IN_PROGRESS);
    throw error;
  }
}

/**
 * Sends the initialization of settlement row `row` (pending) and records its outcome on the row. The
 * port has no signing hook here, so the row is submitted once the chain layer answers; a second
 * initialization can never pay anything (the chain refuses a second config account).
 */
export async function runInitialization(ctx: ServiceContext, admin: AdminIdentity, row: SettlementRow) {
  const port = ctx.settlement;
  if (!port) throw unavailable(INITIALIZE_UNAVAILABLE);
  let result: MarketplaceInitialization;
  try {
    result = await port.initializeMarketplace(admin);
  } catch (error) {
    const failure = settlementApiError(error, "before");
    await recordInitializationError(ctx, row, error, failure.message);
    throw failure;
  }
  await ctx.db.transaction().execute(async (trx) => {
    const values = {
      initialized: 1,
      configPDA: result.configPDA,
      authority: result.authority,
      disputeResolutionLimit: result.disputeResolutionLimit,
      reportThreshold: result.reportThreshold,
      transactionSignature: result.transactionSignature,
      cluster: result.cluster,
      initializedAt: isoNow(ctx),
    };
    await trx
      .insertInto("marketplaceConfig")
      .values({ id: 1, ...values })
      .onConflict((oc) => oc.column("id").doUpdateSet(values))
      .execute();
    await markSent(trx, ctx, row.id, result.transactionSignature);
    await markConfirmed(trx, ctx, row.id, result.transactionSignature, result.cluster);
    await recordAudit(trx, ctx, admin, {
      action: "marketplace.initialize",
      targetType: "marketplace",
      targetId: result.configPDA,
      before: { initialized: false },
      after: { initialized: true, configPDA: result.configPDA, authority: result.authority, settlementId: row.id },
      transactionSignature: result.transactionSignature,
      cluster: result.cluster,
    });
  });
  const status = await marketplaceStatus(ctx);
  return { ...status, transactionSignature: result.transactionSignature, cluster: result.cluster };
}

/**
 * A refusal before sending releases the row; a transaction the chain failed ends it failed; an
 * unknown outcome leaves it submitted for the re-check (resumeInitializations).
 */
async function recordInitializationError(ctx: ServiceContext, row: SettlementRow, error: unknown, reason: string): Promise<void> {
  await ctx.db.transaction().execute(async (trx) => {
    const sent = isSettlementError(error, "CHAIN_TRANSACTION_FAILED", "CHAIN_OUTCOME_UNKNOWN");
    if (!sent) return void (await releaseUnsent(trx, ctx, row, reason));
    const signature = typeof error.details.signature === "string" ? error.details.signature : null;
    await markSent(trx, ctx, row.id, signature);
    if (isSettlementError(error, "CHAIN_TRANSACTION_FAILED")) await markFailed(trx, ctx, row.id, reason, { status: "submitted" });
    else await trx.updateTable("settlements").set({ lastError: reason }).where("id", "=", row.id).execute();
  });
}

/** An initialization sent so long ago that its transaction either landed or never will. */
const INITIALIZATION_SETTLED_AFTER_MS = 120_000;

/**
 * The re-check of initializations whose outcome was not known (or whose request stopped): the chain
 * says whether the config account exists. It does: confirmed. It does not, long after: failed
 * (nothing was created; retry it).
 */
export async function resumeInitializations(ctx: ServiceContext, options: { minAgeMs?: number } = {}): Promise<void> {
  const port = ctx.settlement;
  if (!port?.marketplaceStatus) return;
  const minAgeMs = options.minAgeMs ?? 0;
  const before = new Date(ctx.now() - (minAgeMs === 0 ? 0 : Math.max(minAgeMs, INITIALIZATION_SETTLED_AFTER_MS))).toISOString();
  const owner = ctx.newId();
  const rows = await claimRows(ctx, owner, (q) =>
    q.where("kind", "=", "marketplace_initialization").where("status", "in", ["pending", "submitted"]).where("updatedAt", "<=", before),
  );
  if (rows.length === 0) return;
  try {
    const chain = await port.marketplaceStatus();
    await ctx.db.transaction().execute(async (trx) => {
      for (const row of rows) {
        if (chain.initialized) await markConfirmed(trx, ctx, row.id, row.signature, chain.cluster);
        else
          await markFailed(trx, ctx, row.id, "The initialization did not land: nothing was created. Retry it to send it again", {
            status: row.status as "pending" | "submitted",
          });
      }
    });
  } finally {
    for (const row of rows) await releaseClaim(ctx.db, row.id, owner);
  }
}
