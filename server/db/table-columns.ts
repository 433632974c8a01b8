import type { CreateTableBuilder } from "kysely";

// The column shapes every migration's tables repeat, for `.$call(...)` on a createTable: one way to
// declare them, so a new table (core or a resource module's) gets exactly the columns the others have.

/** Columns of one type, all not null, in the order given. */
export function required<N extends string>(type: "text" | "integer" | "bigint", ...names: N[]) {
  return <TB extends string, C extends string>(table: CreateTableBuilder<TB, C>): CreateTableBuilder<TB, C | N> =>
    names.reduce<CreateTableBuilder<TB, C | N>>((t, name) => t.addColumn(name, type, (c) => c.notNull()), table);
}

/** The text primary key `id` most tables open with. */
export function textId<TB extends string, C extends string>(table: CreateTableBuilder<TB, C>): CreateTableBuilder<TB, C | "id"> {
  return table.addColumn("id", "text", (c) => c.primaryKey());
}

/** createdAt and updatedAt (ISO text), the columns most tables close with. */
export const timestamps = required("text", "createdAt", "updatedAt");
