// The demo data is written one table at a time, each by a seed step: the core's (seed/index.ts) and
// each resource module's (server/resources/<name>/seed.ts). A step makes its table's rows from the
// seeded random source, the clock and the rows of the tables it reads, which are seeded before it.
import type { Database } from "../db/schema.ts";
import type { SeedRandom } from "./random.ts";

export const MINUTE = 60_000;
export const DAY = 86_400_000;

/** An instant of the demo's clock as the tables keep times. */
export const iso = (ms: number): string => new Date(ms).toISOString();

/** What a step makes its rows from. */
export interface Demo {
  /** The one seeded random source, drawn from in seed order: the same seed, sizes and clock, the same rows. */
  r: SeedRandom;
  /** The clock the data is laid out against (epoch ms). */
  now: number;
  /** The wallets created first, as ADMIN users (the users' first rows). */
  adminWallets: readonly string[];
  /** The rows made for `table`, one of the step's `reads` (each row as its step made it, extra fields included). */
  rows<Row extends object>(table: string): readonly Row[];
}

/** One table's demo rows. */
export interface SeedStep {
  /** The table they go to. */
  table: keyof Database & string;
  /** The columns written, taken from each row (a row may carry more, for the steps that read it). */
  columns: readonly string[];
  /** The tables whose rows it reads through `demo.rows`: seeded before it. */
  reads?: readonly (keyof Database & string)[];
  /** The rows, in insertion order (a generator for a big table: only the rows other steps read are kept). */
  rows(demo: Demo): Iterable<object>;
}

/**
 * The steps in the order they run: each in its list order, except that the steps of the tables it
 * reads run first (so a module's table that a core table refers to, the shops of the products, runs
 * where the core needs it, and every other module's after the core's).
 */
export function inSeedOrder(steps: readonly SeedStep[]): SeedStep[] {
  const byTable = new Map(steps.map((step) => [step.table, step]));
  if (byTable.size < steps.length) throw new Error("Two seed steps write one table: one step per table");
  const ordered: SeedStep[] = [];
  const place = (step: SeedStep, readers: readonly string[]): void => {
    if (ordered.includes(step)) return;
    if (readers.includes(step.table)) throw new Error(`Seed steps read each other: ${[...readers, step.table].join(" → ")}`);
    for (const table of step.reads ?? []) {
      const read = byTable.get(table);
      if (!read) throw new Error(`The seed step of ${step.table} reads ${table}, which no step seeds`);
      place(read, [...readers, step.table]);
    }
    ordered.push(step);
  };
  for (const step of steps) place(step, []);
  return ordered;
}
