// The shapes the migrations repeat, for Kysely's table builder (`.$call(...)`) and index builder, so a
// migration says which columns a table has and leaves how each kind is declared to one place.
import { sql, type ColumnDataType, type CreateTableBuilder, type Kysely } from "kysely";
import { engineOf } from "./engine.ts";

type Table<TB extends string, C extends string> = CreateTableBuilder<TB, C>;

/** A text primary key (the id most tables have, or a natural key such as a nonce). */
export const textKey =
  (name = "id") =>
  <TB extends string, C extends string>(table: Table<TB, C>): Table<TB, C> =>
    table.addColumn(name, "text", (c) => c.primaryKey());

/** Columns of one type that always hold a value, in this order. */
export const required =
  (type: ColumnDataType, ...names: string[]) =>
  <TB extends string, C extends string>(table: Table<TB, C>): Table<TB, C> =>
    names.reduce((t, name) => t.addColumn(name, type, (c) => c.notNull()), table);

/** Columns of one type that may be null, in this order. */
export const optional =
  (type: ColumnDataType, ...names: string[]) =>
  <TB extends string, C extends string>(table: Table<TB, C>): Table<TB, C> =>
    names.reduce((t, name) => t.addColumn(name, type), table);

/** When a row was created and last changed (ISO times). */
export const timestamps = required("text", "createdAt", "updatedAt");

/** An integer id the database numbers itself: an identity on PostgreSQL, AUTOINCREMENT on SQLite. */
export const autoIncrementKey =
  (db: Kysely<unknown>) =>
  <TB extends string, C extends string>(table: Table<TB, C>): Table<TB, C> => {
    const postgres = engineOf(db) === "postgres";
    return table.addColumn("id", "integer", (c) =>
      postgres ? c.primaryKey().generatedByDefaultAsIdentity() : c.primaryKey().autoIncrement(),
    );
  };

/** A plain index over `columns` of `table`, in this order. */
export const createIndex = (db: Kysely<unknown>, name: string, table: string, columns: string[]): Promise<void> =>
  db.schema.createIndex(name).on(table).columns(columns).execute();

/** An index over `columns` of `table` that holds only the rows where `whereSet` is not null (partial). */
export const createIndexWhereSet = (db: Kysely<unknown>, name: string, table: string, columns: string[], whereSet: string): Promise<void> =>
  db.schema.createIndex(name).on(table).columns(columns).where(sql.ref(whereSet), "is not", null).execute();
