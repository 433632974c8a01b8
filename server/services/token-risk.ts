// The whitelist's on-chain check of a token's mint: the settlement port reads and judges the mint
// (settlement/mint-risk.ts), this decides what the answer means here. Adding or re-activating a token
// refuses a risky mint (400 naming mintAddress, or decimals when they differ from the chain's);
// `GET /tokens/admin/{id}/risk` reports it; and every settlement in a token checks its mint again just
// before sending, because an issuer can pause it, raise its fee or set a hook after it was whitelisted:
// such a settlement is stopped and the token flagged. Each check is kept on the token (migration 014).
// A change of an inactive token's decimals is checked against the mint's too: no token is ever active
// with decimals other than its mint's.
import type { MintRiskReport, TokenRisk } from "../../contract/index.ts";
import type { OrderRow, TokenRow } from "../db/schema.ts";
import { ApiError, invalidRequest } from "../http/errors.ts";
import { recordAudit } from "./audit.ts";
import { recordEvent } from "./webhooks.ts";
import { findById, isoNow } from "./context.ts";
import type { AdminIdentity, ServiceContext } from "./ports.ts";
import { screenedUnderColumn, screenToken } from "./screening.ts";
import { settlementApiError } from "./settlement-errors.ts";

export const NO_CHAIN = "Not checked on chain: this server has no settlement chain configured";
export const UNVERIFIED_IN_PROCESS = "Unverified: the in-process chain holds only the seed's mints, so this mint could not be checked";

/** Reads and judges the mint on the configured chain; a risky mint is a verdict here, not an error. */
export async function checkMint(ctx: ServiceContext, mintAddress: string): Promise<MintRiskReport> {
  const port = ctx.settlement;
  const base = {
    program: null,
    decimals: null,
    mintAuthority: null,
    freezeAuthority: null,
    extensions: [],
    refusals: [],
    checkedAt: isoNow(ctx),
    cluster: port?.cluster ?? null,
  };
  if (!port?.readMint) return { ...base, verdict: "unverified", warnings: [NO_CHAIN] };
  const read = await port.readMint(mintAddress).catch((error: unknown) => {
    throw settlementApiError(error, "before");
  });
  const { exists, ...facts } = read;
  if (!exists && port.inProcess) return { ...base, verdict: "unverified", warnings: [UNVERIFIED_IN_PROCESS] };
  const refusals = exists ? facts.refusals : [`no mint at this address on ${port.cluster ?? "the configured cluster"}`];
  const verdict = refusals.length > 0 ? "reject" : facts.warnings.length > 0 ? "warn" : "ok";
  return { ...base, ...facts, refusals, verdict };
}

/**
 * The check an add or a re-activation must pass: a refused mint is a 400 naming mintAddress and the
 * risk in words; decimals other than the mint's, a 400 naming decimals; a mint or authority on a
 * screening list, a 400 naming mintAddress and the list (services/screening.ts). Returns the report
 * and the token columns that keep the check and what it was screened under.
 */
export async function screenMint(
  ctx: ServiceContext,
  admin: AdminIdentity,
  mintAddress: string,
  decimals: number,
): Promise<{ report: MintRiskReport; columns: RiskColumns }> {
  const report = await checkMint(ctx, mintAddress);
  if (report.verdict === "reject") {
    throw invalidRequest([{ field: "mintAddress", message: `This mint cannot be whitelisted: ${report.refusals.join("; ")}` }]);
  }
  assertDecimals(report, decimals);
  const screened = await screenToken(ctx, admin, mintAddress, report);
  return { report, columns: { ...riskColumns(report), screenedUnder: screenedUnderColumn(screened) } };
}

/**
 * The check a change of an inactive token's decimals must pass: the mint's decimals, and only them
 * (whether the mint is safe to settle in is for its re-activation to judge).
 */
export async function screenDecimals(ctx: ServiceContext, mintAddress: string, decimals: number): Promise<void> {
  assertDecimals(await checkMint(ctx, mintAddress), decimals);
}

function assertDecimals(report: MintRiskReport, decimals: number): void {
  if (report.decimals !== null && report.decimals !== decimals) {
    throw invalidRequest([{ field: "decimals", message: `The mint has ${report.decimals} decimals on ${report.cluster ?? "chain"}` }]);
  }
}

export type RiskColumns = Pick<TokenRow, "riskVerdict" | "riskSummary" | "riskCheckedAt"> & { screenedUnder?: string | null };

/** The token columns that keep a check (migration 014). */
export function riskColumns(report: MintRiskReport): RiskColumns {
  const words = report.verdict === "reject" ? report.refusals : report.warnings;
  return { riskVerdict: report.verdict, riskSummary: words.join("; ") || null, riskCheckedAt: report.checkedAt };
}

/** The token's last check as the list shows it; null: never checked (listed before the check existed, or native SOL). */
export function toTokenRisk(row: TokenRow): TokenRisk | null {
  if (!row.riskVerdict || !row.riskCheckedAt) return null;
  return { verdict: row.riskVerdict, summary: row.riskSummary, checkedAt: row.riskCheckedAt };
}

/**
 * Keeps a check on the listed token of `mintAddress`. A check that newly refuses the mint flags the
 * token: audited ("token.flag", under `admin`: who asked for the report, or whose settlement it
 * stopped), with the risk as reason.
 */
async function keep(ctx: ServiceContext, admin: AdminIdentity, mintAddress: string, report: MintRiskReport): Promise<void> {
  await ctx.db.transaction().execute(async (trx) => {
    const token = await trx.selectFrom("tokens").select(["id", "riskVerdict"]).where("mintAddress", "=", mintAddress).executeTakeFirst();
    if (!token) return;
    const columns = riskColumns(report);
    await trx.updateTable("tokens").set(columns).where("id", "=", token.id).execute();
    if (report.verdict !== "reject" || token.riskVerdict === "reject") return;
    await recordAudit(trx, ctx, admin, {
      action: "token.flag",
      targetType: "token",
      targetId: token.id,
      reason: columns.riskSummary,
      before: { risk: token.riskVerdict },
      after: { risk: report.verdict },
      cluster: report.cluster,
    });
    await recordEvent(trx, ctx, "token.flagged", {
      tokenId: token.id,
      mintAddress,
      verdict: report.verdict,
      summary: columns.riskSummary,
      by: admin.publicKey,
    });
  });
}

/** `GET /tokens/admin/{id}/risk`: the mint checked now, and kept. */
export async function tokenRiskReport(ctx: ServiceContext, admin: AdminIdentity, id: string): Promise<MintRiskReport> {
  const token = await findById(ctx.db, "tokens", id);
  const report = await checkMint(ctx, token.mintAddress);
  await keep(ctx, admin, token.mintAddress, report);
  return report;
}

/** A settlement stopped before signing because its token's mint became risky (409: nothing was sent). */
export class MintRiskStop extends ApiError {
  constructor(mintAddress: string, refusals: readonly string[]) {
    super(
      409,
      `Settlement stopped before sending: the token's mint ${mintAddress} is no longer safe to settle in (${refusals.join("; ")}). The token is flagged; nothing was sent`,
    );
  }
}

/**
 * Called just before a settlement in a token is signed: checks the mint again, keeps the check on
 * the token (a refused one flags it) and throws MintRiskStop when the mint is now refused. SOL
 * orders and ports that cannot read mints pass.
 */
export async function recheckMintBeforeSettlement(
  ctx: ServiceContext,
  admin: AdminIdentity,
  order: Pick<OrderRow, "currencyMint">,
): Promise<void> {
  if (!order.currencyMint || !ctx.settlement?.readMint) return;
  const report = await checkMint(ctx, order.currencyMint);
  await keep(ctx, admin, order.currencyMint, report);
  if (report.verdict === "reject") throw new MintRiskStop(order.currencyMint, report.refusals);
}
