// The accessibility bar every screen is held to: no serious or critical axe-core violation.
import { AxeBuilder } from "@axe-core/playwright";
import type { Page } from "playwright-core";
import { expect } from "vitest";
import { settled } from "./screens.ts";

export async function expectAccessible(page: Page, where: string): Promise<void> {
  await settled(page); // a fading dialog would fail colour contrast for the wrong reason
  // Only violations are read: axe then details one node per passing rule instead of every node,
  // a fifth of each check's time.
  const { violations } = await new AxeBuilder({ page }).options({ resultTypes: ["violations"] }).analyze();
  const bad = violations
    .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
    .map(
      (violation) =>
        // The node's own finding too: for contrast, the two colours and the ratio.
        `${where}: ${violation.id} (${violation.impact}) ${violation.nodes.map((node) => `${node.target.join(" ")} [${node.any[0]?.message ?? ""}]`).join(", ")}`,
    );
  expect(bad).toEqual([]);
}
