// Helpers every service shares. What the services are given (ServiceContext: the database and the
// ports) is declared in ./ports.ts and built by the composition root, server/context.ts.
import type { Selectable } from "kysely";
import { RESOURCES, type RecordTable, type ResourceDeclaration } from "../../contract/resources/index.ts";
import type { Database, Db } from "../db/schema.ts";
import { notFound } from "../http/errors.ts";
import type { Clock } from "./ports.ts";

export type { ServiceContext } from "./ports.ts";

export const isoNow = (ctx: Clock): string => new Date(ctx.now()).toISOString();

/** Maps SQLite's 0/1 to a JSON boolean. */
export const bool = (value: number | null | undefined): boolean => value === 1;

/** A boolean as stored (0/1); undefined stays undefined (not given, not changed). */
export function flag(value: boolean): number;
export function flag(value: boolean | undefined): number | undefined;
export function flag(value: boolean | undefined): number | undefined {
  return value === undefined ? undefined : Number(value);
}

const registered: readonly ResourceDeclaration[] = RESOURCES;

/** What one record of each table is called, as the registry declares it ("users": "User"). */
const RECORD_LABELS: ReadonlyMap<string, string> = new Map(
  registered.flatMap(({ record }) => (record?.table ? [[record.table, record.label]] : [])),
);

/**
 * The `table` row with this id (a table of the registry's records), or a 404 naming the record ("User
 * not found"). Each table the registry declares must be in Database: a new resource's joins it in its
 * module's tables.ts, and until then the type check fails here.
 */
export async function findById<T extends RecordTable>(db: Db, table: T, id: string): Promise<Selectable<Database[T]>> {
  // One table of several, whose type Kysely cannot narrow from a type parameter.
  const row = await db
    .selectFrom(table as "users")
    .selectAll()
    .where("id", "=", id)
    .executeTakeFirst();
  if (!row) throw notFound(RECORD_LABELS.get(table) ?? table);
  return row as unknown as Selectable<Database[T]>;
}

/** Parses a JSON column; a malformed value reads as null rather than failing the whole list. */
export function json<T>(text: string | null): T | null {
  if (text === null) return null;
  try {
    return JSON.parse(text) as T;
  } catch {
    return null;
  }
}

/** The named keys of `row`. */
function pick(row: object, keys: readonly string[]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const key of keys) out[key] = (row as Record<string, unknown>)[key];
  return out;
}

/** An audit entry's before and after of an edit: the changed `keys` of the record, as the API shows it. */
export const changed = (keys: readonly string[], before: object, after: object) => ({
  before: pick(before, keys),
  after: pick(after, keys),
});
