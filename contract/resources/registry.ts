// The registry: every resource of the stack, declared once in a file of its own beside this one
// (what a declaration holds: define.ts). Everything that lists resources, record types or audit
// actions is derived from this list (index.ts, imported as @contract/resources): the console's
// sections, data provider, record links and Activity filters; the server's audit types and lookups.
// Adding a resource is one file here and one line below (docs/adding-a-resource.md).
//
// The order is the Activity screen's: its Record and Action filters list them so. The sidebar's
// order is the console's sections list (src/resources/index.ts).
import { activity } from "./activity.ts";
import { dashboard } from "./dashboard.ts";
import { marketplace } from "./marketplace.ts";
import { orders } from "./orders.ts";
import { products } from "./products.ts";
import { screening } from "./screening.ts";
import { settlements } from "./settlements.ts";
import { shops } from "./shops.ts";
import { team } from "./team.ts";
import { tokens } from "./tokens.ts";
import { users } from "./users.ts";
import { webhooks } from "./webhooks.ts";

export const RESOURCES = [
  dashboard,
  users,
  tokens,
  products,
  shops,
  orders,
  settlements,
  screening,
  activity,
  marketplace,
  team,
  webhooks,
] as const;
