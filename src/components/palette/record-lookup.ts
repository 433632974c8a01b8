// What a section gives the command palette to find its records (its section.ts's `lookup`), and the
// helpers those lookups share. Plain functions of Refine's data provider: the sections list, on
// every route's first load, imports them.
import type { DataProvider } from "@refinedev/core";
import type { PagedList } from "@contract";

/** A record the typed text names: "Open <its record label> <name>". */
export interface RecordMatch {
  id: string;
  /** "Alice", "ord12345..." */
  name: string;
  /** What else identifies it: a wallet, a status. */
  subtitle?: string;
}

/**
 * The records `text` names, `limit` at most (more are cut). A lookup that fails, or that the API
 * does not have, adds nothing: the palette stays quiet.
 */
export type RecordLookup = (provider: DataProvider, text: string, limit: number) => Promise<RecordMatch[]>;

/** Whether `value` holds `text`, ignoring case. */
export const contains = (value: string | null | undefined, text: string) => Boolean(value?.toLowerCase().includes(text.toLowerCase()));

/** The items of a paged answer, or [] for anything else. */
export const itemsOf = <T>(data: unknown): T[] => {
  const page = data as Partial<PagedList<T>> | T[] | null;
  return Array.isArray(page) ? page : Array.isArray(page?.items) ? page.items : [];
};
