import { defineConfig, mergeConfig } from "vitest/config";
import viteConfig from "./vite.config.ts";

export default mergeConfig(
  viteConfig,
  defineConfig({
    test: {
      globals: true,
      environment: "jsdom",
      setupFiles: ["./tests/setup.ts"],
      include: ["tests/**/*.test.{ts,tsx}"],
      exclude: ["tests/e2e/**", "node_modules/**"],
      testTimeout: 20000,
      // Refine's router binding must see the same react-router copy as the app and the tests.
      server: { deps: { inline: [/@refinedev\//] } },
      // Server tests pick the node environment per file with a docblock.
    },
  }),
);
