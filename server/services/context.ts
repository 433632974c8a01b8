// Helpers every service shares. What the services are given (ServiceContext: the database and the
// ports) is declared in ./ports.ts and built by the composition root, server/context.ts.
import type { Clock } from "./ports.ts";

export type { ServiceContext } from "./ports.ts";

export const isoNow = (ctx: Clock): string => new Date(ctx.now()).toISOString();

/** Maps SQLite's 0/1 to a JSON boolean. */
export const bool = (value: number | null | undefined): boolean => value === 1;

/** Parses a JSON column; a malformed value reads as null rather than failing the whole list. */
export function json<T>(text: string | null): T | null {
  if (text === null) return null;
  try {
    return JSON.parse(text) as T;
  } catch {
    return null;
  }
}

/** The named keys of `row`, for an audit entry's before/after. */
export function pick<T extends object>(row: T, keys: readonly string[]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const key of keys) out[key] = (row as Record<string, unknown>)[key];
  return out;
}
