// Refine's authProvider for wallet sign-in: the login flow, who may enter, the session check and the
// login error texts (LOGIN_ERRORS).
// Refine's contract: every method resolves, never rejects; failures travel as `{ success: false, error }`.
// The auth calls go straight to the HTTP client (an auth provider is not a data-provider consumer),
// with their paths from the endpoints module like every other call.
import type { AuthActionResponse, AuthProvider, CheckResponse, OnErrorResponse } from "@refinedev/core";
import type { SolanaSignInInput, SolanaSignInOutput } from "@solana/wallet-standard-features";
import bs58 from "bs58";
import { authStore, type AuthState } from "@/providers/auth-store";
import { endpoints } from "@/providers/endpoints";
import { http, type ApiHttpError } from "@/providers/http";
import type { SignTransaction } from "@/providers/memo-transaction";
import { navigation } from "@/providers/navigation";
import { signingPath } from "@/providers/transaction-signing";
import type { NonceResponse, SessionUser, SignInInputResponse, ValidateResponse, VerifyRequest, VerifyResponse } from "@contract";

/**
 * What the login page passes to `useLogin().mutate(...)`: the connected wallet's address and signer;
 * or, for one step, the wallet's Sign In With Solana and the server's challenge for it.
 */
export interface WalletLoginParams {
  publicKey?: string | null;
  signMessage?: ((message: Uint8Array) => Promise<Uint8Array>) | null;
  /** A hardware wallet's way: the text signed as the memo of a transaction never sent (transaction-signing.ts). */
  signTransaction?: SignTransaction | null;
  /** The admin chose the transaction even though the wallet can sign messages. */
  withTransaction?: boolean;
  signIn?: ((input: SolanaSignInInput) => Promise<SolanaSignInOutput>) | null;
  signInInput?: SignInInputResponse | null;
}

export const LOGIN_ERRORS = {
  notConnected: "Wallet not properly connected",
  notAdmin: "Admin authorization failed. Your wallet must be in the admin whitelist and have admin privileges.",
  forbidden: "Access denied. Your wallet is not authorized for admin access.",
  unauthorized: "Invalid signature or expired nonce. Please try again.",
  fallback: "Authentication failed. Please try again.",
} as const;

const LOGIN_PATH = "/login";

function statusOf(error: unknown): number | undefined {
  if (typeof error !== "object" || error === null) return undefined;
  const status = (error as { statusCode?: unknown }).statusCode;
  return typeof status === "number" ? status : undefined;
}

function nonEmpty(value: unknown): string | undefined {
  return typeof value === "string" && value.trim() ? value : undefined;
}

/** The login error text: status first, then the server's words, then the error's own, then the fallback. */
export function loginErrorMessage(error: unknown): string {
  const status = statusOf(error);
  if (status === 403) return LOGIN_ERRORS.forbidden;
  if (status === 401) return LOGIN_ERRORS.unauthorized;
  const { serverMessage, message } = (error ?? {}) as Partial<ApiHttpError>;
  return nonEmpty(serverMessage) ?? nonEmpty(message) ?? LOGIN_ERRORS.fallback;
}

function failure(message: string): AuthActionResponse {
  return { success: false, error: { name: "Login failed", message } };
}

// The server only answers with a session after admin verification, so a session user whose payload
// omits `isAdmin` is still the admin who signed in; an explicit flag from the server always wins.
function adminFlag(user: SessionUser, previous: SessionUser | null): boolean {
  if (typeof user.isAdmin === "boolean") return user.isAdmin;
  if (previous && previous.publicKey === user.publicKey) return previous.isAdmin;
  return true;
}

// The team role and its permissions (beyond the core API) are kept only when the API sends them:
// without them the access control allows everything (src/providers/access-control.ts).
function storedUser(user: SessionUser): Omit<SessionUser, "isAdmin"> {
  const { id, displayName, publicKey, role, teamRole, permissions } = user;
  return { id, displayName, publicKey, role, ...(teamRole ? { teamRole } : {}), ...(permissions ? { permissions } : {}) };
}

/**
 * The challenge for a one-step sign-in, or null when the server has no such call (404): the console
 * then connects and signs in two steps.
 */
export async function fetchSignInInput(): Promise<SignInInputResponse | null> {
  try {
    return (await http.get<SignInInputResponse>(endpoints.auth.signInInput)).data;
  } catch (error) {
    if (statusOf(error) === 404) return null;
    throw error;
  }
}

/** Nonce for the address, then the server's text signed untouched: it compares it byte for byte. */
async function signedChallenge(publicKey: string, signMessage: (message: Uint8Array) => Promise<Uint8Array>): Promise<VerifyRequest> {
  const challenge = (await http.get<NonceResponse>(endpoints.auth.nonce, { params: { publicKey } })).data;
  const signature = await signMessage(new TextEncoder().encode(challenge.message));
  return { publicKey, signature: bs58.encode(signature), nonce: challenge.nonce, message: challenge.message };
}

/** The wallet connects and writes and signs the text in one step; the server checks each field of it. */
async function signedInput(
  signIn: (input: SolanaSignInInput) => Promise<SolanaSignInOutput>,
  input: SignInInputResponse,
): Promise<VerifyRequest> {
  const output = await signIn(input);
  return {
    publicKey: output.account.address,
    signature: bs58.encode(output.signature),
    nonce: input.nonce,
    // Sent as signed: a wallet that wrapped or prefixed the text gets the server's refusal, not a guess.
    message: new TextDecoder("utf-8", { ignoreBOM: true }).decode(output.signedMessage),
  };
}

/**
 * Nonce for the address, then the server's text signed as the only memo of a transaction that is never
 * sent (a hardware wallet's way): the request carries the transaction and, as its signature, the transaction's.
 */
async function signedChallengeTransaction(publicKey: string, signTransaction: SignTransaction): Promise<VerifyRequest> {
  const challenge = (await http.get<NonceResponse>(endpoints.auth.nonce, { params: { publicKey } })).data;
  const { signAsMemoTransaction } = await import("@/providers/memo-transaction");
  const signed = await signAsMemoTransaction(publicKey, challenge.message, signTransaction);
  return { publicKey, nonce: challenge.nonce, message: challenge.message, ...signed };
}

/** How these params sign the server's challenge, or null when the wallet cannot sign. */
function signer(params: WalletLoginParams | undefined): (() => Promise<VerifyRequest>) | null {
  const { signIn, signInInput, signMessage, signTransaction, withTransaction = false } = params ?? {};
  if (typeof signIn === "function" && signInInput && !withTransaction) return () => signedInput(signIn, signInInput);
  const publicKey = nonEmpty(params?.publicKey);
  if (!publicKey) return null;
  const path = signingPath({ signMessage, signTransaction }, withTransaction);
  if (path === "transaction" && signTransaction) return () => signedChallengeTransaction(publicKey, signTransaction);
  if (path === "message" && signMessage) return () => signedChallenge(publicKey, signMessage);
  return null;
}

async function login(params: WalletLoginParams | undefined): Promise<AuthActionResponse> {
  const sign = signer(params);
  if (!sign) return failure(LOGIN_ERRORS.notConnected);

  try {
    const body = await sign();
    const verdict = (await http.post<VerifyResponse>(endpoints.auth.verify, body)).data;
    if (verdict?.isAdmin !== true || verdict?.adminWalletAuthorized !== true || !verdict.user) {
      return failure(LOGIN_ERRORS.notAdmin);
    }
    authStore.signIn(storedUser({ ...verdict.user, publicKey: verdict.user.publicKey ?? body.publicKey }), true);
    return { success: true, redirectTo: "/" };
  } catch (error) {
    return failure(loginErrorMessage(error));
  }
}

// Refine asks `check` on every guarded navigation; concurrent asks share one request.
let pendingCheck: Promise<CheckResponse> | null = null;

function sameUser(a: SessionUser | null, b: SessionUser): boolean {
  return (
    !!a &&
    a.id === b.id &&
    a.publicKey === b.publicKey &&
    (a.displayName ?? null) === (b.displayName ?? null) &&
    a.role === b.role &&
    a.isAdmin === b.isAdmin &&
    (a.teamRole ?? null) === (b.teamRole ?? null) &&
    JSON.stringify(a.permissions ?? null) === JSON.stringify(b.permissions ?? null)
  );
}

/** Refreshes the stored user from the server's answer (display name or role may have changed). */
function refresh(user: SessionUser) {
  const current = authStore.get();
  const next = { ...storedUser(user), isAdmin: adminFlag(user, current.user) };
  if (current.isAuthenticated && sameUser(current.user, next)) return;
  authStore.signIn(storedUser(next), next.isAdmin);
}

function signedOut(before: AuthState): CheckResponse {
  // A sign-in that finished while the request was in flight owns a newer session: keep it.
  const now = authStore.get();
  if (now !== before && now.isAuthenticated) return { authenticated: true };
  authStore.clear();
  return { authenticated: false, logout: true, redirectTo: LOGIN_PATH };
}

async function validate(): Promise<CheckResponse> {
  const before = authStore.get();
  const generation = authStore.generation();
  let answer: ValidateResponse | undefined;
  try {
    answer = (await http.get<ValidateResponse>(endpoints.auth.validate)).data;
  } catch (error) {
    const status = statusOf(error);
    if (status === 401 || status === 403) return signedOut(before);
    // Any other validation failure (server down, 500) lets a signed-in admin carry on.
    if (authStore.get().isAuthenticated) {
      console.warn("Session validation failed; continuing with the stored session.", error);
      return { authenticated: true };
    }
    return { authenticated: false, redirectTo: LOGIN_PATH };
  }
  if (answer?.valid !== true || !answer.user?.publicKey) return signedOut(before);
  // A sign-out since the request left wins over its answer; a sign-in after that owns its own session.
  if (authStore.generation() !== generation) return signedOut(before);
  refresh(answer.user);
  return { authenticated: true };
}

function check(): Promise<CheckResponse> {
  // Fast path: with no stored sign-in there is no session to validate. Refine asks on every route
  // change, /login included, and a guaranteed 401 there would only add noise (and could race a sign-in).
  if (!authStore.get().isAuthenticated) {
    return Promise.resolve({ authenticated: false, redirectTo: LOGIN_PATH });
  }
  pendingCheck ??= validate().finally(() => {
    pendingCheck = null;
  });
  return pendingCheck;
}

async function logout(): Promise<AuthActionResponse> {
  try {
    await http.post(endpoints.auth.logout);
  } catch {
    // The server session may already be gone; the console signs out either way.
  }
  authStore.clear();
  // A full load (not a router push) so no query cache or wallet state of the old session survives.
  navigation.toLogin();
  return { success: true };
}

async function onError(error: unknown): Promise<OnErrorResponse> {
  const status = statusOf(error);
  if (status === 401 || status === 410) return { logout: true, redirectTo: LOGIN_PATH };
  return {};
}

export interface AdminIdentity {
  id: string;
  name: string;
  publicKey: string;
  role: string;
  isAdmin: boolean;
  displayName?: string | null;
}

async function getIdentity(): Promise<AdminIdentity | null> {
  const { user, isAuthenticated } = authStore.get();
  if (!isAuthenticated || !user) return null;
  return {
    id: user.id ?? user.publicKey,
    name: nonEmpty(user.displayName) ?? user.publicKey,
    displayName: user.displayName ?? null,
    publicKey: user.publicKey,
    role: user.role,
    isAdmin: user.isAdmin,
  };
}

async function getPermissions(): Promise<string | null> {
  const { user, isAuthenticated } = authStore.get();
  return isAuthenticated && user ? user.role : null;
}

export const authProvider: AuthProvider = {
  login,
  check,
  logout,
  onError,
  getIdentity,
  getPermissions,
};
