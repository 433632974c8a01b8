// The marketplace's on-chain configuration: its status, and the one-time initialization, which
// only the settlement port can perform (no port, no made-up signature: 503).
import { conflict, unavailable } from "../http/errors.ts";
import { recordAudit } from "./audit.ts";
import { bool, isoNow } from "./context.ts";
import type { AdminIdentity, ServiceContext } from "./ports.ts";
import { settlementApiError } from "./settlement-errors.ts";

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

export async function initializeMarketplace(ctx: ServiceContext, admin: AdminIdentity) {
  const before = await marketplaceStatus(ctx);
  if (before.initialized) throw conflict("The marketplace is already initialized");
  if (!ctx.settlement) throw unavailable(INITIALIZE_UNAVAILABLE);
  const result = await ctx.settlement.initializeMarketplace(admin).catch((error: unknown) => {
    throw settlementApiError(error, "before");
  });
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
    await recordAudit(trx, ctx, admin, {
      action: "marketplace.initialize",
      targetType: "marketplace",
      targetId: result.configPDA,
      before: { initialized: false },
      after: { initialized: true, configPDA: result.configPDA, authority: result.authority },
      transactionSignature: result.transactionSignature,
      cluster: result.cluster,
    });
  });
  const status = await marketplaceStatus(ctx);
  return { ...status, transactionSignature: result.transactionSignature, cluster: result.cluster };
}
