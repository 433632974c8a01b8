// A throwaway resource's table type, exactly as a real module declares it in
// server/resources/<name>/tables.ts (see docs/adding-a-resource.md): joined to Database by
// declaration merging.
import type { Selectable } from "kysely";

export interface PayoutsTable {
  id: string;
  shopName: string;
  /** In the currency's base units. */
  amount: number;
  status: "PENDING" | "PAID";
  createdAt: string;
  updatedAt: string;
}

export type PayoutRow = Selectable<PayoutsTable>;

declare module "../../../../server/db/schema.ts" {
  interface Database {
    payouts: PayoutsTable;
  }
}
