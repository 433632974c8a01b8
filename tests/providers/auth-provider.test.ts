import bs58 from "bs58";
import { waitFor } from "@testing-library/react";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { STORAGE_KEYS } from "@/config";
import type { SolanaSignInInput } from "@solana/wallet-standard-features";
import { createSignInMessageText } from "@solana/wallet-standard-util";
import { authProvider, fetchSignInInput, LOGIN_ERRORS, type WalletLoginParams } from "@/providers/auth-provider";
import { authStore } from "@/providers/auth-store";
import { http, NETWORK_ERROR_MESSAGE } from "@/providers/http";
import { navigation } from "@/providers/navigation";
import { makeWalletKey } from "../support/ed25519";
import { fakeApiForThisFile } from "../support/fake-api";
import { SIGN_IN_INPUT } from "../support/sign-in-input";

// Non-ASCII on purpose: the signed bytes must be the UTF-8 of the exact server text.
const MESSAGE = (address: string) =>
  `localhost:5173 wants you to sign in with your Solana account:\n${address}\n\nSign in to Marketplace Admin — admin console\n\nNonce: 4f1c2a9be0d34e5f`;
const NONCE = "4f1c2a9be0d34e5f";

const serverUser = (address: string) => ({
  id: "u-1",
  publicKey: address,
  displayName: "Alice Admin",
  role: "ADMIN",
});

const mock = fakeApiForThisFile();
let toLogin: ReturnType<typeof vi.spyOn>;

beforeEach(() => {
  authStore.clear();
  toLogin = vi.spyOn(navigation, "toLogin").mockImplementation(() => undefined);
});

function login(params: WalletLoginParams) {
  return authProvider.login(params);
}

describe("authProvider.login", () => {
  it("runs nonce → sign exact text → verify and stores the admin", async () => {
    const wallet = await makeWalletKey();
    mock.get("/auth/nonce", [200, { data: { nonce: NONCE, message: MESSAGE(wallet.address) } }], { query: { publicKey: wallet.address } });
    mock.post("/auth/admin/verify", [
      200,
      {
        data: { isAdmin: true, adminWalletAuthorized: true, user: serverUser(wallet.address) },
      },
    ]);

    const result = await login({ publicKey: wallet.address, signMessage: wallet.signMessage });

    expect(result).toEqual({ success: true, redirectTo: "/" });
    expect(mock.requests("GET")).toHaveLength(1);
    expect(mock.requests("GET")[0].path).toBe("/auth/nonce");
    expect(mock.requests("GET")[0].query).toEqual({ publicKey: wallet.address });

    const signed = wallet.signMessage.mock.calls[0][0];
    expect(new TextDecoder().decode(signed)).toBe(MESSAGE(wallet.address));
    expect(Array.from(signed)).toEqual(Array.from(new TextEncoder().encode(MESSAGE(wallet.address))));

    expect(mock.requests("POST")).toHaveLength(1);
    const post = mock.requests("POST")[0];
    expect(post.path).toBe("/auth/admin/verify");
    const body = post.body as Record<string, string>;
    expect(Object.keys(body).sort()).toEqual(["message", "nonce", "publicKey", "signature"]);
    expect(body).toMatchObject({ publicKey: wallet.address, nonce: NONCE, message: MESSAGE(wallet.address) });
    const returned = await wallet.signMessage.mock.results[0].value;
    expect(body.signature).toBe(bs58.encode(returned));
    expect(bs58.decode(body.signature)).toHaveLength(64);
    expect(await wallet.verifies(MESSAGE(wallet.address), bs58.decode(body.signature))).toBe(true);

    expect(authStore.get()).toEqual({
      isAuthenticated: true,
      user: { ...serverUser(wallet.address), isAdmin: true },
    });
  });

  it("persists the signed-in state under admin-auth-storage and restores it on load", async () => {
    const wallet = await makeWalletKey();
    mock.get("/auth/nonce", [200, { data: { nonce: NONCE, message: MESSAGE(wallet.address) } }]);
    mock.post("/auth/admin/verify", [
      200,
      {
        data: { isAdmin: true, adminWalletAuthorized: true, user: serverUser(wallet.address) },
      },
    ]);
    await login({ publicKey: wallet.address, signMessage: wallet.signMessage });

    const stored = JSON.parse(window.localStorage.getItem(STORAGE_KEYS.auth) ?? "null");
    expect(stored).toEqual({ isAuthenticated: true, user: { ...serverUser(wallet.address), isAdmin: true } });
    expect(authStore.reload()).toEqual(stored);
  });

  it.each([
    ["isAdmin false", { isAdmin: false, adminWalletAuthorized: true }],
    ["adminWalletAuthorized false", { isAdmin: true, adminWalletAuthorized: false }],
    ["flags missing", {}],
    ["flags as strings", { isAdmin: "true", adminWalletAuthorized: "true" }],
  ])("refuses a verification with %s", async (_case, flags) => {
    const wallet = await makeWalletKey();
    mock.get("/auth/nonce", [200, { data: { nonce: NONCE, message: MESSAGE(wallet.address) } }]);
    mock.post("/auth/admin/verify", [200, { data: { ...flags, user: serverUser(wallet.address) } }]);

    const result = await login({ publicKey: wallet.address, signMessage: wallet.signMessage });

    expect(result.success).toBe(false);
    expect(result.error?.message).toBe(LOGIN_ERRORS.notAdmin);
    expect(result.error?.message).toBe("Admin authorization failed. Your wallet must be in the admin whitelist and have admin privileges.");
    expect(authStore.get().isAuthenticated).toBe(false);
  });

  it.each([
    [403, { message: "Wallet not whitelisted" }, "Access denied. Your wallet is not authorized for admin access."],
    [401, { message: "Bad signature" }, "Invalid signature or expired nonce. Please try again."],
    [400, { message: "signature must be base58" }, "signature must be base58"],
    [500, undefined, "Request failed with status code 500"],
  ])("maps a verify answer %i to its login error text", async (status, body, text) => {
    const wallet = await makeWalletKey();
    mock.get("/auth/nonce", [200, { data: { nonce: NONCE, message: MESSAGE(wallet.address) } }]);
    mock.post("/auth/admin/verify", [status, body]);

    const result = await login({ publicKey: wallet.address, signMessage: wallet.signMessage });

    expect(result).toMatchObject({ success: false, error: { message: text } });
    expect(authStore.get().isAuthenticated).toBe(false);
  });

  it("maps a failing nonce request the same way (403, server message)", async () => {
    const wallet = await makeWalletKey();
    mock.get("/auth/nonce", [403, { message: "nope" }], { once: true });
    expect((await login({ publicKey: wallet.address, signMessage: wallet.signMessage })).error?.message).toBe(LOGIN_ERRORS.forbidden);
    mock.get("/auth/nonce", [429, { message: "Too many sign-in attempts, retry in 60 s" }], { once: true });
    expect((await login({ publicKey: wallet.address, signMessage: wallet.signMessage })).error?.message).toBe(
      "Too many sign-in attempts, retry in 60 s",
    );
    expect(wallet.signMessage).not.toHaveBeenCalled();
    expect(mock.requests("POST")).toHaveLength(0);
  });

  it("uses the error's own message when the API is unreachable", async () => {
    const wallet = await makeWalletKey();
    mock.get("/auth/nonce", "network-error");
    const result = await login({ publicKey: wallet.address, signMessage: wallet.signMessage });
    expect(result.error?.message).toBe(NETWORK_ERROR_MESSAGE);
  });

  it("shows the wallet's own rejection message and never calls verify", async () => {
    const wallet = await makeWalletKey();
    mock.get("/auth/nonce", [200, { data: { nonce: NONCE, message: MESSAGE(wallet.address) } }]);
    const rejection = Object.assign(new Error("User rejected the request."), { name: "WalletSignMessageError" });
    const signMessage = vi.fn().mockRejectedValue(rejection);

    const result = await login({ publicKey: wallet.address, signMessage });

    expect(result).toMatchObject({ success: false, error: { message: "User rejected the request." } });
    expect(mock.requests("POST")).toHaveLength(0);
  });

  it("falls back to the generic text when nothing has a message", async () => {
    const wallet = await makeWalletKey();
    mock.get("/auth/nonce", [200, { data: { nonce: NONCE, message: MESSAGE(wallet.address) } }]);
    const result = await login({ publicKey: wallet.address, signMessage: vi.fn().mockRejectedValue(new Error("")) });
    expect(result.error?.message).toBe("Authentication failed. Please try again.");
  });

  it.each([
    ["no signer", (address: string) => ({ publicKey: address, signMessage: undefined })],
    ["no address", () => ({ publicKey: null, signMessage: vi.fn() })],
    ["nothing at all", () => ({})],
  ])("answers 'Wallet not properly connected' with %s, without any request", async (_case, build) => {
    const wallet = await makeWalletKey();
    const result = await login(build(wallet.address) as WalletLoginParams);
    expect(result).toMatchObject({ success: false, error: { message: "Wallet not properly connected" } });
    expect(mock.requests("GET")).toHaveLength(0);
    expect(mock.requests("POST")).toHaveLength(0);
  });
});

describe("one-step sign-in (solana:signIn)", () => {
  const INPUT = { ...SIGN_IN_INPUT, nonce: NONCE };

  /** A wallet's signIn: it writes the text from the input with its own address and signs it. */
  function walletSignIn(wallet: Awaited<ReturnType<typeof makeWalletKey>>) {
    return vi.fn(async (input: SolanaSignInInput) => {
      const signedMessage = new TextEncoder().encode(createSignInMessageText({ ...input, domain: input.domain!, address: wallet.address }));
      const signature = await wallet.signMessage(signedMessage);
      return {
        account: { address: wallet.address, publicKey: bs58.decode(wallet.address), chains: [], features: [] },
        signedMessage,
        signature,
      };
    });
  }

  it("hands the server's input to the wallet and posts the text it signed, under the account it answered with", async () => {
    const wallet = await makeWalletKey();
    mock.post("/auth/admin/verify", [200, { data: { isAdmin: true, adminWalletAuthorized: true, user: serverUser(wallet.address) } }]);
    const signIn = walletSignIn(wallet);

    const result = await login({ signIn, signInInput: INPUT });

    expect(result).toEqual({ success: true, redirectTo: "/" });
    expect(signIn).toHaveBeenCalledExactlyOnceWith(INPUT);
    expect(mock.requests("GET")).toHaveLength(0);
    const body = mock.requests("POST")[0].body as Record<string, string>;
    const text = createSignInMessageText({ ...INPUT, address: wallet.address });
    expect(body).toEqual({ publicKey: wallet.address, nonce: NONCE, message: text, signature: expect.any(String) });
    expect(await wallet.verifies(text, bs58.decode(body.signature))).toBe(true);
    expect(authStore.get()).toMatchObject({ isAuthenticated: true, user: { publicKey: wallet.address, isAdmin: true } });
  });

  it("gives the login error texts for the server's refusals, and the wallet's own for its rejection", async () => {
    const wallet = await makeWalletKey();
    mock.post("/auth/admin/verify", [401, { message: "Invalid signature or expired nonce" }]);
    expect((await login({ signIn: walletSignIn(wallet), signInInput: INPUT })).error?.message).toBe(LOGIN_ERRORS.unauthorized);

    const rejected = vi.fn().mockRejectedValue(Object.assign(new Error("User rejected the request."), { name: "WalletSignInError" }));
    expect((await login({ signIn: rejected, signInInput: INPUT })).error?.message).toBe("User rejected the request.");
    expect(mock.requests("POST")).toHaveLength(1);
  });

  it("fetches the input, or answers null from a server without the call (404) so the console signs in two steps", async () => {
    mock.get("/auth/sign-in-input", [200, { data: INPUT }], { once: true });
    await expect(fetchSignInInput()).resolves.toEqual(INPUT);
    mock.get("/auth/sign-in-input", [404, { message: "Not found" }], { once: true });
    await expect(fetchSignInInput()).resolves.toBeNull();
    mock.get("/auth/sign-in-input", [503, { message: "Too many sign-ins in progress" }], { once: true });
    await expect(fetchSignInInput()).rejects.toMatchObject({ statusCode: 503 });
  });
});

describe("authProvider.check", () => {
  const admin = { id: "u-1", publicKey: "AdminKey1111111111111111111111111111111111", displayName: "Alice", role: "ADMIN" };

  it("calls /auth/validate and refreshes the stored user from the answer", async () => {
    authStore.signIn(admin, true);
    mock.get("/auth/validate", [
      200,
      {
        data: { valid: true, user: { ...admin, displayName: "Alice Renamed", role: "MARKETPLACE_AUTHORITY" } },
      },
    ]);

    expect(await authProvider.check()).toEqual({ authenticated: true });
    expect(mock.requests("GET").map((r) => r.path)).toEqual(["/auth/validate"]);
    expect(authStore.get().user).toEqual({ ...admin, displayName: "Alice Renamed", role: "MARKETPLACE_AUTHORITY", isAdmin: true });
  });

  it("answers signed out from the store without a request when nobody signed in", async () => {
    expect(await authProvider.check()).toEqual({ authenticated: false, redirectTo: "/login" });
    expect(mock.requests("GET")).toHaveLength(0);
  });

  it("takes isAdmin from the server when it states it", async () => {
    authStore.signIn(admin, true);
    mock.get("/auth/validate", [200, { data: { valid: true, user: { ...admin, isAdmin: false } } }]);
    expect(await authProvider.check()).toEqual({ authenticated: true });
    expect(authStore.get().user?.isAdmin).toBe(false);
  });

  it.each([401, 403])("logs out on %i and clears the store", async (status) => {
    authStore.signIn(admin, true);
    mock.get("/auth/validate", [status, { message: "Session expired" }]);

    expect(await authProvider.check()).toEqual({ authenticated: false, logout: true, redirectTo: "/login" });
    expect(authStore.get()).toEqual({ user: null, isAuthenticated: false });
    expect(JSON.parse(window.localStorage.getItem(STORAGE_KEYS.auth) ?? "{}").isAuthenticated).toBe(false);
  });

  it("treats { valid: false } as signed out", async () => {
    authStore.signIn(admin, true);
    mock.get("/auth/validate", [200, { data: { valid: false } }]);
    expect(await authProvider.check()).toMatchObject({ authenticated: false, logout: true });
    expect(authStore.get().isAuthenticated).toBe(false);
  });

  it("lets a signed-in admin continue on a 500, with a console warning", async () => {
    authStore.signIn(admin, true);
    const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    mock.get("/auth/validate", [500, { message: "db down" }]);

    expect(await authProvider.check()).toEqual({ authenticated: true });
    expect(warn).toHaveBeenCalledTimes(1);
    expect(authStore.get().user).toEqual({ ...admin, isAdmin: true });
  });

  it("keeps a sign-in that finished while an older session was being refused", async () => {
    authStore.signIn(admin, true);
    let answer!: () => void;
    mock.get("/auth/validate", () => new Promise((resolve) => (answer = () => resolve([401, {}]))));
    const pending = authProvider.check();
    await waitFor(() => expect(answer).toBeTypeOf("function"));
    authStore.signIn({ ...admin, id: "u-2" }, true); // a fresh login lands first
    answer();
    expect(await pending).toEqual({ authenticated: true });
    expect(authStore.get().user?.id).toBe("u-2");
  });

  it("stays signed out when a 410 on a list call lands while a session check is in flight that then answers 200", async () => {
    authStore.signIn(admin, true);
    let release!: () => void;
    mock.get("/auth/validate", () => new Promise((resolve) => (release = () => resolve([200, { data: { valid: true, user: admin } }]))));
    mock.get("/admin/products", [410, { message: "Session expired" }]);
    const pending = authProvider.check();
    await waitFor(() => expect(release).toBeTypeOf("function"));

    await expect(http.get("/admin/products")).rejects.toMatchObject({ statusCode: 410 });
    expect(authStore.get().isAuthenticated).toBe(false);
    release(); // the session check left before the sign-out: its 200 must not sign the admin back in

    expect(await pending).toEqual({ authenticated: false, logout: true, redirectTo: "/login" });
    expect(authStore.get()).toEqual({ user: null, isAuthenticated: false });
    expect(JSON.parse(window.localStorage.getItem(STORAGE_KEYS.auth) ?? "{}").isAuthenticated).toBe(false);
    expect(toLogin).toHaveBeenCalled();
  });

  it("shares one request between concurrent checks", async () => {
    authStore.signIn(admin, true);
    mock.get("/auth/validate", [200, { data: { valid: true, user: admin } }]);
    const results = await Promise.all([authProvider.check(), authProvider.check(), authProvider.check()]);
    expect(results).toEqual([{ authenticated: true }, { authenticated: true }, { authenticated: true }]);
    expect(mock.requests("GET")).toHaveLength(1);
  });
});

describe("authProvider.logout", () => {
  it.each([
    ["succeeds", 200],
    ["fails", 500],
  ])("clears the store and navigates to /login when the server call %s", async (_case, status) => {
    authStore.signIn({ publicKey: "AdminKey", role: "ADMIN" }, true);
    mock.post("/auth/logout", [status, status === 200 ? { data: { success: true } } : { message: "boom" }]);

    const result = await authProvider.logout({});

    expect(result).toEqual({ success: true });
    expect(mock.requests("POST").map((r) => r.path)).toEqual(["/auth/logout"]);
    expect(authStore.get()).toEqual({ user: null, isAuthenticated: false });
    expect(JSON.parse(window.localStorage.getItem(STORAGE_KEYS.auth) ?? "{}")).toEqual({
      user: null,
      isAuthenticated: false,
    });
    expect(toLogin).toHaveBeenCalledTimes(1);
  });

  it("still signs out when the API cannot be reached", async () => {
    authStore.signIn({ publicKey: "AdminKey", role: "ADMIN" }, true);
    mock.post("/auth/logout", "network-error");
    expect(await authProvider.logout({})).toEqual({ success: true });
    expect(authStore.get().isAuthenticated).toBe(false);
    expect(toLogin).toHaveBeenCalledTimes(1);
  });
});

describe("authProvider.onError", () => {
  it.each([401, 410])("asks Refine to log out on %i", async (statusCode) => {
    expect(await authProvider.onError({ statusCode, message: "gone" })).toEqual({ logout: true, redirectTo: "/login" });
  });

  it.each([400, 403, 404, 500, 0])("leaves the session alone on %i", async (statusCode) => {
    expect(await authProvider.onError({ statusCode, message: "x" })).toEqual({});
  });

  it("ignores errors without a status", async () => {
    expect(await authProvider.onError(new Error("render failed"))).toEqual({});
  });
});

describe("authProvider.getIdentity / getPermissions", () => {
  it("returns the session user with the display name as name", async () => {
    authStore.signIn({ id: "u-9", publicKey: "Key9", displayName: "Bob", role: "MARKETPLACE_AUTHORITY" }, true);
    expect(await authProvider.getIdentity?.()).toEqual({
      id: "u-9",
      name: "Bob",
      displayName: "Bob",
      publicKey: "Key9",
      role: "MARKETPLACE_AUTHORITY",
      isAdmin: true,
    });
    expect(await authProvider.getPermissions?.()).toBe("MARKETPLACE_AUTHORITY");
  });

  it("falls back to the public key when there is no display name", async () => {
    authStore.signIn({ publicKey: "KeyOnly", role: "ADMIN", displayName: null }, true);
    expect(await authProvider.getIdentity?.()).toMatchObject({ id: "KeyOnly", name: "KeyOnly", publicKey: "KeyOnly" });
  });

  it("returns null when signed out", async () => {
    expect(await authProvider.getIdentity?.()).toBeNull();
    expect(await authProvider.getPermissions?.()).toBeNull();
  });
});
