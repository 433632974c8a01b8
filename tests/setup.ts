// The console files' set-up (they run in Chromium): Testing Library's matchers, and each test's
// screen and stored session gone before the next.
import { afterEach } from "vitest";
import "@testing-library/jest-dom/vitest";
import { cleanup } from "@testing-library/react";

afterEach(() => {
  cleanup();
  window.localStorage.clear();
});
