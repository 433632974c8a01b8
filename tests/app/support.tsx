// Shared set-up for the app-shell tests: the real App and providers, HTTP mocked on the real `http`
// instance, a viewport width antd's breakpoints can read, and a signed-in admin.
import { configure, render } from "@testing-library/react";
import MockAdapter from "axios-mock-adapter";
import { afterEach, vi } from "vitest";
import App from "@/App";
import { authStore } from "@/providers/auth-store";
import { http } from "@/providers/http";
import { navigation } from "@/providers/navigation";

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

let mock: MockAdapter | null = null;

/** A fresh mock on the app's own axios instance; anything unmocked answers 404. */
export function mockApi(): MockAdapter {
  mock?.restore();
  mock = new MockAdapter(http);
  // WalletSetup asks for a demo wallet on mount; a real API without one answers 404.
  mock.onGet("/demo/wallet").reply(404, { message: "Not found" });
  return mock;
}

/** Stores a signed-in admin and makes the session check (GET /auth/validate) accept it. */
export function signIn(api: MockAdapter, user: TestUser = alice) {
  authStore.signIn(user, true);
  api.onGet("/auth/validate").reply(200, { data: { valid: true, user: { ...user, isAdmin: true } } });
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
  mock?.restore();
  mock = null;
  authStore.clear();
  window.matchMedia = originalMatchMedia;
  vi.restoreAllMocks();
});
