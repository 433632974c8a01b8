// bench:nav's ways of following a sidebar link, and what it makes of several runs of them.
//   preloaded: hover, wait until the preload has finished (chunk and first query), click: the best case.
//   hover:     hover for HOVER_MS, as a person's pointer rests before a click, then click: the preload
//              has started (after ROUTER.preloadDelayMs), rarely finished.
//   direct:    the link's click() with no hover and no focus before it (a quick click, or the keyboard's
//              Enter on a link reached by Tab a moment ago): no preload at all.
// Before each click the cache's inactive queries are dropped, so every mode fetches the screen's first
// page itself (or the preload does); the screens' code is loaded by the untimed first cycle in every mode.
import { loadavg } from "node:os";

export const MODES = ["hover", "direct", "preloaded"] as const;
export type Mode = (typeof MODES)[number];

/** How long a person's pointer rests on a link before clicking. */
export const HOVER_MS = 150;

export const MODE_LABEL: Record<Mode, string> = {
  hover: `after a ${HOVER_MS} ms hover`,
  direct: "no hover (link.click())",
  preloaded: "after the preload finished",
};

export function parseModes(value: string | undefined): Mode[] {
  if (value === undefined) return [...MODES];
  const names = value.split(",").map((name) => name.trim());
  const unknown = names.filter((name) => !(MODES as readonly string[]).includes(name));
  if (unknown.length) throw new Error(`--modes: unknown ${unknown.join(", ")} (known: ${MODES.join(", ")})`);
  return names as Mode[];
}

export interface Stats {
  median: number;
  min: number;
  max: number;
  n: number;
}

export function stats(values: number[]): Stats {
  const sorted = [...values].sort((a, b) => a - b);
  const n = sorted.length;
  if (n === 0) return { median: NaN, min: NaN, max: NaN, n };
  const median = n % 2 ? sorted[(n - 1) / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2;
  return { median, min: sorted[0], max: sorted[n - 1], n };
}

/** The machine's load averages (1, 5, 15 min), as uptime prints them: the machine is shared. */
export function load(): string {
  return loadavg()
    .map((value) => value.toFixed(2))
    .join(", ");
}

/** One run's navigation samples: mode → section → each round's ms (and the most API calls / leftovers seen). */
export type RunSamples = Map<Mode, Map<string, { ms: number[]; calls: number; old: number }>>;

export interface ModeSummary {
  section: string;
  /** Each run's median, in run order. */
  perRun: number[];
  /** Median over the runs of each run's median. */
  ms: Stats;
  /** Median over the runs of (this section's run median − Marketplace's run median); NaN without Marketplace. */
  overMarketplace: Stats;
  calls: number;
  old: number;
}

/** Each section's figure per run (its median over the run's rounds), summed up over the runs. */
export function summarize(runs: RunSamples[], mode: Mode, sections: string[]): ModeSummary[] {
  const runMedian = (run: RunSamples, section: string) => stats(run.get(mode)?.get(section)?.ms ?? []).median;
  return sections.map((section) => {
    const perRun = runs.map((run) => runMedian(run, section));
    const over = runs.map((run) => runMedian(run, section) - runMedian(run, "Marketplace"));
    return {
      section,
      perRun,
      ms: stats(perRun.filter(Number.isFinite)),
      overMarketplace: stats(over.filter(Number.isFinite)),
      calls: Math.max(...runs.map((run) => run.get(mode)?.get(section)?.calls ?? 0)),
      old: Math.max(...runs.map((run) => run.get(mode)?.get(section)?.old ?? 0)),
    };
  });
}
