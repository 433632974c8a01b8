// The SPL token whitelist: list, add, edit, deactivate, hard delete, and the one-off native SOL entry.
import type { ExpressionBuilder } from "kysely";
import { WRAPPED_SOL_MINT, type MintRiskReport, type TokenCreateInput, type TokenUpdateInput } from "../../contract/index.ts";
import type { AuditAction } from "../../contract/resources/index.ts";
import { isUniqueViolation } from "../db/engine.ts";
import type { Database, Db, TokenRow } from "../db/schema.ts";
import { badRequest, conflict, invalidRequest, notFound } from "../http/errors.ts";
import { recordAudit } from "./audit.ts";
import { bool, changed, findById, flag, isoNow } from "./context.ts";
import { pageOf, type Paged } from "./paging.ts";
import type { AdminIdentity, ServiceContext } from "./ports.ts";
import { screenDecimals, screenMint, toTokenRisk, type RiskColumns } from "./token-risk.ts";

/** Native SOL is listed under the wrapped-SOL mint, as wallets and DEXes do. */
export const NATIVE_SOL = {
  mintAddress: WRAPPED_SOL_MINT,
  symbol: "SOL",
  name: "Solana",
  decimals: 9,
  logoUrl: null,
} as const;

export function toToken(row: TokenRow) {
  return {
    id: row.id,
    mintAddress: row.mintAddress,
    symbol: row.symbol,
    name: row.name,
    decimals: row.decimals,
    logoUrl: row.logoUrl,
    isActive: bool(row.isActive),
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
    risk: toTokenRisk(row),
  };
}
export type TokenBody = ReturnType<typeof toToken>;

export async function listTokens(ctx: ServiceContext, q: { page: number; limit: number; isActive?: boolean }): Promise<Paged<TokenBody>> {
  let query = ctx.db.selectFrom("tokens");
  if (q.isActive !== undefined) query = query.where("isActive", "=", flag(q.isActive));
  return pageOf(query, query.selectAll().orderBy("createdAt", "desc").orderBy("id", "desc"), q, (rows) => rows.map(toToken));
}

const findToken = (db: Db, id: string) => findById(db, "tokens", id);

/** A 409 when `mintAddress` is listed: what an add of it answers. */
type MintFree = (db: Db, mintAddress: string) => Promise<void>;

const assertMintFree: MintFree = async (db, mintAddress) => {
  const existing = await db.selectFrom("tokens").select("symbol").where("mintAddress", "=", mintAddress).executeTakeFirst();
  if (existing) throw conflict(`A token with mint address ${mintAddress} is already listed (${existing.symbol})`);
};

const assertSolFree: MintFree = async (db, mintAddress) => {
  const existing = await db.selectFrom("tokens").select("id").where("mintAddress", "=", mintAddress).executeTakeFirst();
  if (existing) throw conflict("Native SOL is already initialized");
};

/**
 * Lists `input`, whose mint `assertFree` found free before. An add of the same mint (on any instance)
 * that came in between is refused by the unique index on mintAddress, and this one answers the 409
 * `assertFree` gives. (No read before the insert: on SQLite a transaction that read first cannot
 * write once another committed.)
 */
async function insertToken(
  ctx: ServiceContext,
  admin: AdminIdentity,
  input: TokenCreateInput | typeof NATIVE_SOL,
  action: AuditAction,
  assertFree: MintFree,
  risk: Partial<RiskColumns> = {},
): Promise<TokenBody> {
  try {
    return await ctx.db.transaction().execute(async (trx) => {
      const now = isoNow(ctx);
      const id = ctx.newId();
      await trx
        .insertInto("tokens")
        .values({ id, ...input, logoUrl: input.logoUrl ?? null, isActive: 1, ...risk, createdAt: now, updatedAt: now })
        .execute();
      const token = toToken(await findToken(trx, id));
      await recordAudit(trx, ctx, admin, { action, targetType: "token", targetId: id, before: null, after: token });
      return token;
    });
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    await assertFree(ctx.db, input.mintAddress);
    // Listed and delisted again since.
    throw conflict(`A token with mint address ${input.mintAddress} was listed meanwhile: reload and try again`);
  }
}

/** Adds a token once its mint passed the on-chain check; the answer carries what the check warns of. */
export async function createToken(ctx: ServiceContext, admin: AdminIdentity, input: TokenCreateInput) {
  // A listed mint is a 409 before the chain is read.
  await assertMintFree(ctx.db, input.mintAddress);
  const { report, columns } = await screenMint(ctx, admin, input.mintAddress, input.decimals);
  const token = await insertToken(ctx, admin, input, "token.create", assertMintFree, columns);
  return { ...token, warnings: report.warnings };
}

/** Adds native SOL once; a second call is a 409. */
export async function initializeSol(ctx: ServiceContext, admin: AdminIdentity): Promise<TokenBody> {
  await assertSolFree(ctx.db, NATIVE_SOL.mintAddress);
  return insertToken(ctx, admin, NATIVE_SOL, "token.initialize_sol", assertSolFree);
}

/** The answer to an edit whose token kept changing while the edit was checked against the chain. */
export const TOKEN_CHANGED_MEANWHILE = "The token changed meanwhile (another edit came first): reload it and try again";

/** How many times an edit is checked again when its token changed between its read and its write. */
const EDIT_ATTEMPTS = 3;

/**
 * Re-activating a token (or changing an active token's decimals) checks its mint again first, as an
 * add does; the answer then carries what the check warns of. Any other change of decimals is checked
 * against the mint's. The check is made on the row as read, outside any transaction (it waits on the
 * chain), so the write takes only if the row is still that row: if another edit (on any instance)
 * came in between, this one is decided again on the row as it is now, and after EDIT_ATTEMPTS such
 * turns answers 409.
 */
export async function updateToken(
  ctx: ServiceContext,
  admin: AdminIdentity,
  id: string,
  input: TokenUpdateInput,
): Promise<TokenBody & { warnings?: string[] }> {
  for (let attempt = 1; ; attempt++) {
    const current = await findToken(ctx.db, id);
    assertSameMint(current, input.mintAddress);
    const screened = await screenEdit(ctx, admin, current, input);
    const updated = await applyUpdate(ctx, admin, current, input, screened?.columns ?? {});
    if (updated) return screened ? { ...updated, warnings: screened.report.warnings } : updated;
    if (attempt === EDIT_ATTEMPTS) throw conflict(TOKEN_CHANGED_MEANWHILE);
  }
}

function assertSameMint(current: TokenRow, mintAddress: string | undefined): void {
  if (mintAddress === undefined || mintAddress === current.mintAddress) return;
  throw badRequest("Invalid request: mintAddress: The mint address of a listed token cannot be changed", [
    { field: "mintAddress", message: "The mint address of a listed token cannot be changed" },
  ]);
}

/** Checks `input` against the chain as the edit of `current` needs; the report when the mint was screened. */
async function screenEdit(
  ctx: ServiceContext,
  admin: AdminIdentity,
  current: TokenRow,
  input: TokenUpdateInput,
): Promise<{ report: MintRiskReport; columns: RiskColumns } | null> {
  const decimals = input.decimals ?? current.decimals;
  const newDecimals = decimals !== current.decimals;
  const activates = (input.isActive ?? bool(current.isActive)) && (!current.isActive || newDecimals);
  // Native SOL's mint is the same on every cluster, and not always held by the in-process chain.
  if (current.mintAddress === NATIVE_SOL.mintAddress) {
    if (newDecimals && decimals !== NATIVE_SOL.decimals)
      throw invalidRequest([{ field: "decimals", message: `Native SOL has ${NATIVE_SOL.decimals} decimals` }]);
    return null;
  }
  if (activates) return screenMint(ctx, admin, current.mintAddress, decimals);
  if (newDecimals) await screenDecimals(ctx, current.mintAddress, decimals);
  return null;
}

/** Every column of the token's row as in `row` (nulls equal): no other write came in between. */
function unchanged(row: TokenRow) {
  return (eb: ExpressionBuilder<Database, "tokens">) =>
    eb.and(
      Object.entries(row).map(([column, value]) => eb(column as keyof TokenRow, "is not distinct from", value as string | number | null)),
    );
}

/** Writes the edit of `current` if the row is still `current`; null when it changed meanwhile (or is gone). */
async function applyUpdate(
  ctx: ServiceContext,
  admin: AdminIdentity,
  current: TokenRow,
  input: TokenUpdateInput,
  risk: Partial<RiskColumns>,
): Promise<TokenBody | null> {
  const { mintAddress: _, ...rest } = input;
  const changes = Object.fromEntries(Object.entries(rest).filter(([, v]) => v !== undefined)) as Omit<TokenUpdateInput, "mintAddress">;
  const keys = Object.keys(changes);
  // Only the locked mint address was sent: nothing changes, nothing to audit.
  if (keys.length === 0) return toToken(current);
  return ctx.db.transaction().execute(async (trx) => {
    // The write comes first: SQLite takes its write lock on it, and a read before it could be stale.
    const { numUpdatedRows } = await trx
      .updateTable("tokens")
      .set({ ...changes, isActive: flag(changes.isActive), ...risk, updatedAt: isoNow(ctx) })
      .where("id", "=", current.id)
      .where(unchanged(current))
      .executeTakeFirst();
    if (numUpdatedRows === 0n) return null;
    const after = await findToken(trx, current.id);
    await recordAudit(trx, ctx, admin, {
      action: "token.update",
      targetType: "token",
      targetId: current.id,
      ...changed(keys, toToken(current), toToken(after)),
    });
    return toToken(after);
  });
}

/**
 * Deactivates the token if it is active, audited once: the write decides (another instance's
 * deactivation that came first leaves this one nothing to do), and comes first in its transaction
 * (on SQLite a transaction that read first cannot write once another committed).
 */
export async function deactivateToken(ctx: ServiceContext, admin: AdminIdentity, id: string): Promise<TokenBody> {
  return ctx.db.transaction().execute(async (trx) => {
    const { numUpdatedRows } = await trx
      .updateTable("tokens")
      .set({ isActive: 0, updatedAt: isoNow(ctx) })
      .where("id", "=", id)
      .where("isActive", "=", 1)
      .executeTakeFirst();
    const after = await findToken(trx, id);
    if (numUpdatedRows === 0n) return toToken(after);
    await recordAudit(trx, ctx, admin, {
      action: "token.deactivate",
      targetType: "token",
      targetId: id,
      before: { isActive: true },
      after: { isActive: false },
    });
    return toToken(after);
  });
}

/** Deletes the token; the answer and the audit carry the row as deleted, whatever was written just before. */
export async function hardDeleteToken(ctx: ServiceContext, admin: AdminIdentity, id: string): Promise<TokenBody> {
  return ctx.db.transaction().execute(async (trx) => {
    const deleted = await trx.deleteFrom("tokens").where("id", "=", id).returningAll().executeTakeFirst();
    if (!deleted) throw notFound("Token");
    const before = toToken(deleted);
    await recordAudit(trx, ctx, admin, { action: "token.delete", targetType: "token", targetId: id, before, after: null });
    return before;
  });
}
