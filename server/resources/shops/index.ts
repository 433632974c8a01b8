// The shops' server module (contract/resources/shops.ts): their routes and their demo rows. Their
// table is the first migration's (server/db/migrations/001_initial.ts), so they bring no migration.
import { shops } from "../../../contract/resources/shops.ts";
import { defineResourceModule } from "../define.ts";
import { shopRoutes } from "./routes.ts";
import { shopsSeed } from "./seed.ts";

export const shopsModule = defineResourceModule(shops, { routes: shopRoutes, seed: [shopsSeed] });
