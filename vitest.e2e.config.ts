import { defineConfig } from "vitest/config";
import { fileURLToPath, URL } from "node:url";

// Browser tests: the built console served by the real reference server, driven in headless Chromium.
export default defineConfig({
  resolve: {
    alias: {
      "@": fileURLToPath(new URL("./src", import.meta.url)),
      "@contract": fileURLToPath(new URL("./contract/index.ts", import.meta.url)),
    },
  },
  test: {
    environment: "node",
    include: ["tests/e2e/**/*.e2e.test.ts"],
    // Each file has its own server, database and browser; they mostly wait on the browser, so several
    // run side by side even on two cores.
    maxWorkers: 3,
    testTimeout: 120_000,
    hookTimeout: 180_000,
  },
});
