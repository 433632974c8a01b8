// What a resource module of the server is: one folder per resource (server/resources/<name>/), listed
// in index.ts beside this file, serving the resource its registry declaration names
// (contract/resources/<name>.ts). Its parts, each in the layer of its kind:
//   routes.ts      its API routes (an encapsulated plugin), registered by the route index under its prefix;
//   service.ts     what the routes call: the rules and the SQL;
//   tables.ts      its tables' types, added to Database by declaration merging;
//   migrations/    its tables' migrations, run after the core's (server/db/migrations/);
//   seed.ts        its demo rows (a seed step, server/seed/steps.ts).
// index.ts puts them together with defineResourceModule.
import type { Migration } from "kysely/migration";
import type { ResourceDeclaration } from "../../contract/resources/index.ts";
import { migrations as coreMigrations } from "../db/migrations/index.ts";
import type { RoutePlugin } from "../http/route-schema.ts";
import type { SeedStep } from "../seed/steps.ts";

export interface ResourceModule {
  /** Its declaration in the registry: its name, its API paths, whether it is beyond the core API. */
  resource: ResourceDeclaration;
  routes: RoutePlugin;
  /** Where its routes are registered, under /api/v1. */
  prefix: string;
  /** By name, "NNN_<what>": numbered after every migration before it, the core's and the other modules'. */
  migrations: Readonly<Record<string, Migration>>;
  /** Its tables' demo rows, one step per table. */
  seed: readonly SeedStep[];
}

export interface ResourceModuleParts {
  routes: RoutePlugin;
  /** Default: the declaration's list path (`api.list`, "/admin/shops"). */
  prefix?: string;
  migrations?: Record<string, Migration>;
  seed?: readonly SeedStep[];
}

/** The module serving `resource`. */
export function defineResourceModule(
  resource: ResourceDeclaration,
  { routes, prefix, migrations = {}, seed = [] }: ResourceModuleParts,
): ResourceModule {
  const at = prefix ?? resource.api?.list;
  if (at === undefined) throw new Error(`${resource.name}: its routes need a prefix (its declaration has no api.list)`);
  return { resource, routes, prefix: at, migrations, seed };
}

/** The database's migrations: the core's (server/db/migrations/), then each module's; a name taken twice is an error. */
export function migrationsOf(modules: readonly ResourceModule[]): Record<string, Migration> {
  const all: Record<string, Migration> = { ...coreMigrations };
  for (const module of modules) {
    for (const [name, migration] of Object.entries(module.migrations)) {
      if (Object.hasOwn(all, name)) throw new Error(`Migration ${name} of ${module.resource.name} is taken: number it after the others`);
      all[name] = migration;
    }
  }
  return all;
}
