// The accessibility bar every screen is held to: no serious or critical axe-core violation.
import { AxeBuilder } from "@axe-core/playwright";
import type { Page } from "playwright-core";
import { expect } from "vitest";
import { settled } from "./screens.ts";

export async function expectAccessible(page: Page, where: string): Promise<void> {
  await settled(page); // a fading dialog would fail colour contrast for the wrong reason
  // Only violations are read: axe then details one node per passing rule instead of every node,
  // a fifth of each check's time.
  // A page without frames is checked by axe.run in the page itself (the builder's legacy mode): its
  // default runs each frame's part, then opens a blank page in the context to put them together, a
  // new renderer and a second copy of axe for every check (measured: 3 to 9 s a list screen on the
  // loaded machine against under 1 s). Same rules, same DOM; a page with frames keeps the default,
  // which reaches into frames of other origins.
  const framed = page.frames().length > 1;
  const { violations } = await new AxeBuilder({ page })
    .setLegacyMode(!framed)
    .options({ resultTypes: ["violations"] })
    .analyze();
  const bad = violations
    .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
    .map(
      (violation) =>
        // The node's own finding too: for contrast, the two colours and the ratio.
        `${where}: ${violation.id} (${violation.impact}) ${violation.nodes.map((node) => `${node.target.join(" ")} [${node.any[0]?.message ?? ""}]`).join(", ")}`,
    );
  expect(bad).toEqual([]);
}
