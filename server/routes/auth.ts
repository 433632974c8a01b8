// /api/v1/auth/*: nonce → verify (signature, whitelist, role) → cookie session → validate → logout.
import type { FastifyReply, FastifyRequest } from "fastify";
import {
  logoutResponseSchema,
  nonceQuerySchema,
  nonceResponseSchema,
  signInInputSchema,
  validateResponseSchema,
  verifyRequestSchema,
  verifyResponseSchema,
  type VerifyRequest,
} from "../../contract/index.ts";
import type { AppContext } from "../context.ts";
import { badRequest, unauthorized } from "../http/errors.ts";
import { BEYOND_SPEC, documentedAs, error, errors, NEEDS, ok, type RoutePlugin } from "../http/route-schema.ts";
import { assertAdmin, findOrCreateAdminUser, findUserById, toSessionUser, type AdminStanding } from "../auth/admins.ts";
import { isPublicKey } from "../auth/base58.ts";
import { assertCsrfSafe, clearXsrfCookie, isValidXsrfToken, requestBinding, setXsrfCookie, XSRF_COOKIE } from "../auth/csrf.ts";
import { ANY_ADDRESS, clearRequesterCookie, issuedInput, issueNonce, issueSignInInput, requesterOf, takeNonce } from "../auth/nonces.ts";
import {
  clearSessionCookie,
  createSession,
  deleteDeadSessions,
  findLiveSession,
  hashSessionToken,
  readSessionToken,
  revokeSession,
  revokeWalletSessions,
  setSessionCookie,
} from "../auth/sessions.ts";
import { SESSION_REQUIRED } from "../auth/guard.ts";
import { memoTransactionProblem, memoTransactionSignature } from "../auth/memo-transaction.ts";
import { verifySolanaSignature } from "../auth/signature.ts";
import { screenAdminWallet } from "../services/screening.ts";
import { signedMessageProblem } from "../auth/siws.ts";

export const BAD_SIGNATURE = "Invalid signature or expired nonce";

/** Why the body's signature is not its key's over its message (signed as is, or as a memo transaction). */
function signatureProblem(body: VerifyRequest): string | null {
  if (body.signedTransaction === undefined)
    return verifySolanaSignature(body.publicKey, body.signature, body.message) ? null : "bad signature";
  if (memoTransactionSignature(body.signedTransaction) !== body.signature) return "signature is not the transaction's";
  return memoTransactionProblem(body.publicKey, body.signedTransaction, body.message);
}

const about = documentedAs("Auth");
const NOT_ADMIN = "The wallet is not on the admin whitelist, its user is disabled, or it has no admin role";
const NO_CSRF = "No valid X-XSRF-TOKEN header echoing the XSRF-TOKEN cookie";

export const authRoutes: RoutePlugin<AppContext> = async (app, { ctx }) => {
  const limited = { rateLimit: { max: ctx.config.authRateLimit.max, timeWindow: ctx.config.authRateLimit.windowMs } };
  const csrf = async (request: FastifyRequest) => assertCsrfSafe(ctx, request);

  app.get(
    "/nonce",
    {
      config: limited,
      schema: {
        ...about("getNonce", "A sign-in challenge for a wallet: the message it must sign", "public"),
        querystring: nonceQuerySchema,
        response: {
          ...ok(nonceResponseSchema),
          ...errors(429),
          ...error(400, "publicKey is missing or not a base58 Solana address"),
          ...error(503, "Too many sign-ins are pending: try again shortly"),
        },
      },
    },
    async (request, reply) => {
      const { publicKey } = request.query;
      if (!isPublicKey(publicKey)) {
        throw badRequest("publicKey must be a base58 Solana address (32 bytes)", [
          { field: "publicKey", message: "Invalid Solana address" },
        ]);
      }
      // Same work and same answer for every key: the whitelist is only consulted at verify.
      const challenge = await issueNonce(ctx, publicKey, requesterOf(ctx, request, reply) ?? "");
      // A pre-session CSRF token, so the verify POST can be protected like every other one.
      ensureXsrfCookie(ctx, request, reply);
      return { data: challenge };
    },
  );

  // One-step sign-in: the challenge comes before the wallet is connected, so it names no address.
  app.get(
    "/sign-in-input",
    {
      config: limited,
      schema: {
        ...about(
          "getSignInInput",
          "A sign-in challenge without an address, as the input of the wallet's solana:signIn",
          "public",
          BEYOND_SPEC,
        ),
        response: { ...ok(signInInputSchema), ...errors(429), ...error(503, "Too many sign-ins are pending: try again shortly") },
      },
    },
    async (request, reply) => {
      const input = await issueSignInInput(ctx, requesterOf(ctx, request, reply) ?? "");
      ensureXsrfCookie(ctx, request, reply);
      return { data: input };
    },
  );

  // The CSRF check runs before the body is validated: a forged request is refused (403) as such.
  app.post(
    "/admin/verify",
    {
      config: limited,
      preValidation: csrf,
      schema: {
        ...about(
          "verifyAdmin",
          "Verify the signed challenge; on success a session cookie is set. For a nonce of GET /auth/sign-in-input, " +
            "`message` is the text the wallet signed and `publicKey` its account. Beyond the core API, a wallet that signs " +
            "only transactions sends `signedTransaction` (its memo the message) and, as `signature`, that transaction's",
          "public",
        ),
        ...NEEDS.xsrf,
        body: verifyRequestSchema,
        response: {
          ...ok(verifyResponseSchema),
          ...errors(400, 429),
          ...error(401, BAD_SIGNATURE),
          ...error(403, `${NOT_ADMIN}; or ${NO_CSRF.toLowerCase()}; or the wallet is on a screening list (the message names it)`),
        },
      },
    },
    async (request, reply) => {
      const { body } = request;
      const stored = await takeNonce(ctx, body.nonce);
      const now = ctx.now();
      const problem = !stored
        ? "unknown nonce"
        : stored.expiresAt <= now
          ? "expired nonce"
          : !stored.requester || stored.requester !== requesterOf(ctx, request)
            ? "nonce issued to another browser"
            : stored.publicKey === ANY_ADDRESS
              ? signedMessageProblem(issuedInput(stored), body.publicKey, body.message)
              : stored.publicKey !== body.publicKey
                ? "nonce issued for another key"
                : stored.message !== body.message
                  ? "message differs from the issued text"
                  : null;
      // Over the posted text, which the checks above tied to the nonce: byte-equal to the issued text,
      // or (one-step) a text naming this key whose every field is the issued one. A hardware wallet
      // signs it as the memo of a transaction never sent (auth/memo-transaction.ts).
      const refused = problem ?? signatureProblem(body);
      if (refused || !stored) {
        ctx.metrics.signInFailures.inc({ reason: refused ?? "unknown nonce" });
        request.log.info({ publicKey: body.publicKey, problem: refused }, "sign-in refused");
        throw unauthorized(BAD_SIGNATURE);
      }

      const found = await findOrCreateAdminUser(ctx, body.publicKey);
      let standing: AdminStanding;
      try {
        standing = await assertAdmin(ctx, found, body.publicKey);
      } catch (error) {
        ctx.metrics.signInFailures.inc({ reason: "not an admin" });
        request.log.info({ publicKey: body.publicKey, reason: (error as Error).message }, "sign-in forbidden");
        throw error;
      }
      const { user, role } = standing;
      // A whitelisted wallet on a screening list is refused too (403 saying which list; audited).
      try {
        await screenAdminWallet(ctx, { userId: user.id, publicKey: user.publicKey });
      } catch (error) {
        ctx.metrics.signInFailures.inc({ reason: "screened" });
        request.log.info({ publicKey: body.publicKey, reason: (error as Error).message }, "sign-in refused by screening");
        throw error;
      }

      // Rotation: whatever session the browser held before is ended, a fresh id is issued.
      const previous = readSessionToken(ctx, request);
      if (previous) await revokeSession(ctx, hashSessionToken(previous));
      if (ctx.config.session.revokeOthers) await revokeWalletSessions(ctx, user.publicKey);
      await deleteDeadSessions(ctx);
      const session = await createSession(ctx, user, request);
      clearRequesterCookie(ctx, reply);
      setSessionCookie(ctx, reply, session.token);
      setXsrfCookie(ctx, reply, session.id);
      request.log.info({ publicKey: user.publicKey }, "admin signed in");
      return { data: { isAdmin: true, adminWalletAuthorized: true, user: toSessionUser(user, role) } };
    },
  );

  app.get(
    "/validate",
    {
      schema: {
        ...about("validateSession", "Whether the session cookie is live, and whose", "session"),
        ...NEEDS.session,
        response: { ...ok(validateResponseSchema), ...error(401, SESSION_REQUIRED), ...error(403, NOT_ADMIN) },
      },
    },
    async (request, reply) => {
      const session = await findLiveSession(ctx, request);
      if (!session) throw unauthorized(SESSION_REQUIRED);
      const { user, role } = await assertAdmin(ctx, await findUserById(ctx, session.userId), session.publicKey);
      ensureXsrfCookie(ctx, request, reply);
      return { data: { valid: true, user: toSessionUser(user, role) } };
    },
  );

  app.post(
    "/logout",
    {
      preValidation: csrf,
      schema: {
        ...about("logout", "End the session", "public"),
        ...NEEDS.xsrf,
        response: { ...ok(logoutResponseSchema), ...error(403, NO_CSRF) },
      },
    },
    async (request, reply) => {
      const token = readSessionToken(ctx, request);
      if (token) {
        await revokeSession(ctx, hashSessionToken(token));
        request.log.info("session revoked at logout");
      }
      clearSessionCookie(ctx, reply);
      clearXsrfCookie(ctx, reply);
      reply.header("Clear-Site-Data", '"cookies"');
      return { data: { success: true } };
    },
  );
};

/** Issues an XSRF token for the request's current binding unless it already holds a valid one. */
function ensureXsrfCookie(ctx: AppContext, request: FastifyRequest, reply: FastifyReply): void {
  const binding = requestBinding(ctx, request);
  if (!isValidXsrfToken(ctx, request.cookies[XSRF_COOKIE], binding)) setXsrfCookie(ctx, reply, binding);
}
