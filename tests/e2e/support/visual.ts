// The visual regression guard: a screen's viewport, as the browser paints it, against the PNG
// committed under tests/e2e/baselines/. Pixels match only when nothing moves between runs: the
// caller's server and page stand still in time (FIXED_NOW) and its wallets are derived, not drawn;
// motion is off, the caret hidden, the mouse parked, and what still varies is masked. Small
// differences pass (anti-aliasing, a glyph's sub-pixel placement); a control that changes size does
// not. `npm run test:e2e:update-baselines` rewrites the baselines: see docs/testing.md.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join, relative } from "node:path";
import type { Locator, Page } from "playwright-core";
import pixelmatch from "pixelmatch";
import { PNG } from "pngjs";
import { settled } from "./screens.ts";

export const BASELINE_DIR = join(process.cwd(), "tests", "e2e", "baselines");
const RESULT_DIR = join(process.cwd(), "test-results", "e2e", "visual");

/** Set by `npm run test:e2e:update-baselines`: write what is seen as the new baselines instead of comparing. */
export const UPDATE_BASELINES = process.env.E2E_UPDATE_BASELINES === "1";

/** The moment the server's clock and the page's stand still at (the seeded data is laid out against it). */
export const FIXED_NOW = Date.UTC(2026, 0, 15, 9, 30);

/** The size the baselines are taken at on a desktop (the issue's, a common laptop's). */
export const BASELINE_DESKTOP = { width: 1440, height: 900 };

/**
 * How far a pixel may drift before it counts as different (pixelmatch's YIQ distance, 0 to 1), and
 * the share of the screen that may differ: a glyph's edge, not a control.
 */
const PIXEL_THRESHOLD = 0.1;
const MAX_DIFF_RATIO = 0.001;

const relativePath = (path: string) => relative(process.cwd(), path);

export interface LookOptions {
  /** Painted over with a solid box in both the baseline and the comparison: what still varies. */
  mask?: Locator[];
  /** CSS applied while the screenshot is taken (e.g. a decorative gradient flattened, which PNG stores badly). */
  style?: string;
}

/** The page's viewport as a PNG, once it has settled: what differenceFromBaseline compares. */
export async function captureViewport(page: Page, { mask = [], style }: LookOptions = {}): Promise<Buffer> {
  await settled(page);
  await visibleImagesLoaded(page);
  await canvasesStill(page);
  // A pointer left over a button would show its hover and, a moment later, its tooltip.
  await page.mouse.move(0, 0);
  return page.screenshot({ animations: "disabled", caret: "hide", scale: "css", mask, maskColor: "#ff00ff", style });
}

/**
 * Compares a captured viewport with the baseline `name`; writes it as the baseline instead when
 * updating. Returns what is wrong (for the caller to assert, after its other modes), or null.
 * Synchronous: the caller may have the browser repaint meanwhile.
 */
export function differenceFromBaseline(name: string, shot: Buffer): string | null {
  const baselinePath = join(BASELINE_DIR, `${name}.png`);
  if (UPDATE_BASELINES) {
    mkdirSync(BASELINE_DIR, { recursive: true });
    writeFileSync(baselinePath, recompressed(shot));
    return null;
  }
  if (!existsSync(baselinePath)) {
    const actual = keep(name, "actual", shot);
    return `${name}: no baseline at ${relativePath(baselinePath)} (what the page shows: ${actual}). Run \`npm run test:e2e:update-baselines\` to create the baselines, look at them, and commit them.`;
  }
  const expected = PNG.sync.read(readFileSync(baselinePath));
  const actual = PNG.sync.read(shot);
  if (expected.width !== actual.width || expected.height !== actual.height) {
    return `${name}: the screenshot is ${actual.width}×${actual.height}, the baseline ${expected.width}×${expected.height} (actual: ${keep(name, "actual", shot)})`;
  }
  const diff = new PNG({ width: actual.width, height: actual.height });
  const differing = pixelmatch(expected.data, actual.data, diff.data, actual.width, actual.height, { threshold: PIXEL_THRESHOLD });
  const ratio = differing / (actual.width * actual.height);
  if (ratio <= MAX_DIFF_RATIO) return null;
  return (
    `${name}: ${differing} pixels (${(ratio * 100).toFixed(2)} %, more than ${MAX_DIFF_RATIO * 100} %) differ from ${relativePath(baselinePath)}; ` +
    `actual: ${keep(name, "actual", shot)}, diff: ${keep(name, "diff", PNG.sync.write(diff))}. ` +
    "If the change is intended, run `npm run test:e2e:update-baselines` and commit the new baselines."
  );
}

/** Writes a failure's picture into test-results/ and says where. */
function keep(name: string, kind: "actual" | "diff", png: Buffer): string {
  mkdirSync(RESULT_DIR, { recursive: true });
  const path = join(RESULT_DIR, `${name}.${kind}.png`);
  writeFileSync(path, png);
  return relativePath(path);
}

/** Chromium's PNG without its (opaque) alpha channel and deflated harder: the baselines are committed. */
function recompressed(png: Buffer): Buffer {
  return PNG.sync.write(PNG.sync.read(png), { colorType: 2, deflateLevel: 9, deflateStrategy: 1 });
}

/** How long the canvases in view must not have changed to count as drawn. */
const CANVAS_STILL_MS = 250;

/**
 * Waits until the canvases in view (the dashboard's charts) have not changed for CANVAS_STILL_MS: G2
 * draws and animates them by script, after the theme or the data changed, which `settled` cannot
 * see. The page's Date stands still; performance.now() does not.
 */
async function canvasesStill(page: Page): Promise<void> {
  await page.waitForFunction(
    ({ stillMs, key }) => {
      const inView = (box: DOMRect) => box.bottom > 0 && box.right > 0 && box.top < innerHeight && box.left < innerWidth && box.width > 0;
      const canvases = Array.from(document.querySelectorAll("canvas")).filter((canvas) => inView(canvas.getBoundingClientRect()));
      if (canvases.length === 0) return true;
      const drawn = canvases.map((canvas) => canvas.toDataURL()).join(" ");
      const seen = window as unknown as Record<string, { drawn: string; since: number } | undefined>;
      const last = seen[key];
      if (last?.drawn !== drawn) {
        seen[key] = { drawn, since: performance.now() };
        return false;
      }
      return performance.now() - last.since >= stillMs;
    },
    { stillMs: CANVAS_STILL_MS, key: `__canvasesStill${Math.random()}` },
    { polling: 50 },
  );
}

/** Waits until every picture in view has loaded (or failed): lazy ones load as they come into view. */
async function visibleImagesLoaded(page: Page): Promise<void> {
  await page.waitForFunction(() =>
    Array.from(document.images).every((image) => {
      const box = image.getBoundingClientRect();
      const inView = box.bottom > 0 && box.right > 0 && box.top < innerHeight && box.left < innerWidth && box.width > 0;
      return !inView || image.complete;
    }),
  );
}
