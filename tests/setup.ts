// The console files' set-up (they run in Chromium), once per test file: Testing Library's
// matchers, the fake API's hooks, and each test's screen and stored session gone before the next.
// Spies and stubbed globals are undone by the project's config (restoreMocks, unstubGlobals).
import { afterEach } from "vitest";
import "@testing-library/jest-dom/vitest";
import { cleanup } from "@testing-library/react";
import { authStore } from "@/providers/auth-store";
import { fakeApiHooks } from "./support/fake-api";

fakeApiHooks();

afterEach(() => {
  cleanup();
  authStore.clear();
  window.localStorage.clear();
});
