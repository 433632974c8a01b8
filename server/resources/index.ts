// The server's resource modules, one line each (what a module is: define.ts; how to add one:
// docs/adding-a-resource.md). The app serves this list: the route index registers each module's
// routes, the database is migrated with their migrations after the core's, and the seeder writes
// their demo rows. Each module's tables join the Database type where it declares them.
import { migrationsOf, type ResourceModule } from "./define.ts";
import { shopsModule } from "./shops/index.ts";

export const RESOURCE_MODULES: readonly ResourceModule[] = [shopsModule];

/** Every migration of this server: the core's, then the modules'. */
export const MIGRATIONS = migrationsOf(RESOURCE_MODULES);
