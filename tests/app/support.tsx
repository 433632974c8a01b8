// Shared set-up for the app-shell tests: the real App and providers, the API faked at the network
// layer (msw), a viewport width antd's breakpoints can read, and a signed-in admin.
import { configure, render } from "@testing-library/react";
import { afterEach, vi } from "vitest";
import App from "@/App";
import { authStore } from "@/providers/auth-store";
import { navigation } from "@/providers/navigation";
import { startFakeApi, type FakeApi } from "../support/fake-api";

// Screens are lazy chunks that Vite compiles on first use in a test run; that first load is slow.
configure({ asyncUtilTimeout: 10_000 });

export const ADMIN_KEY = "9xQeWvG816bUx9EPjHmaT23yvVM2ZWbrrpZb9PusVFin";

export interface TestUser {
  id: string;
  publicKey: string;
  displayName: string | null;
  role: string;
}

export const alice: TestUser = { id: "u-1", publicKey: ADMIN_KEY, displayName: "Alice", role: "ADMIN" };

const api = startFakeApi();

/** The fake API without any route or request yet; anything not routed answers 404. */
export function mockApi(): FakeApi {
  api.reset();
  // WalletSetup asks for a demo wallet on mount; a real API without one answers 404.
  api.get("/demo/wallet", [404, { message: "Not found" }]);
  return api;
}

/** Stores a signed-in admin and makes the session check (GET /auth/validate) accept it. */
export function signIn(fake: FakeApi, user: TestUser = alice) {
  authStore.signIn(user, true);
  fake.get("/auth/validate", [200, { data: { valid: true, user: { ...user, isAdmin: true } } }]);
}

/** The requests a screen made: all but the shell's session check and demo-wallet probe. */
export function screenRequests(fake: FakeApi) {
  return fake.requests().filter((request) => request.path !== "/auth/validate" && request.path !== "/demo/wallet");
}

/** What a screen changed: method, path and body of each request other than a GET, in order. */
export function changes(fake: FakeApi) {
  return screenRequests(fake)
    .filter((request) => request.method !== "GET")
    .map(({ method, path, body }) => ({ method, path, body }));
}

/** A promise the test resolves by hand, to hold a response while asserting the waiting state. */
export function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((done) => (resolve = done));
  return { promise, resolve };
}

const originalMatchMedia = window.matchMedia;

/** Makes `(min-width: N px)` / `(max-width: N px)` media queries answer for this viewport width. */
export function setViewportWidth(width: number) {
  window.matchMedia = (query: string) => {
    const min = /min-width:\s*(\d+)/.exec(query);
    const max = /max-width:\s*(\d+)/.exec(query);
    const matches = (!min || width >= Number(min[1])) && (!max || width <= Number(max[1]));
    return {
      matches,
      media: query,
      onchange: null,
      addListener: () => undefined,
      removeListener: () => undefined,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      dispatchEvent: () => false,
    } as MediaQueryList;
  };
}

export const DESKTOP = 1280;
export const PHONE = 390;

/** Logout ends with a full page load; jsdom cannot do one, so it is observed instead. */
export function spyOnFullNavigation() {
  return vi.spyOn(navigation, "toLogin").mockImplementation(() => undefined);
}

export function renderApp(path: string) {
  window.history.replaceState({}, "", path);
  return render(<App />);
}

afterEach(() => {
  authStore.clear();
  window.matchMedia = originalMatchMedia;
  vi.restoreAllMocks();
});
