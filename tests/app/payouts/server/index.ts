// A throwaway resource's server module, exactly as a real one is put together in
// server/resources/<name>/index.ts (see docs/adding-a-resource.md); the test adds it to the
// modules list as server/resources/index.ts would.
import { defineResourceModule } from "../../../../server/resources/define.ts";
import { payouts } from "../resource.ts";
import * as m900 from "./migrations/900_payouts.ts";
import { payoutRoutes } from "./routes.ts";
import { payoutsSeed } from "./seed.ts";

export const payoutsModule = defineResourceModule(payouts, {
  routes: payoutRoutes,
  migrations: { "900_payouts": m900 },
  seed: [payoutsSeed],
});
