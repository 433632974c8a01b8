// The shops table, created by the first migration (server/db/migrations/001_initial.ts), and its
// place in the Database interface: declared here, joined to it by declaration merging.
import type { Selectable } from "kysely";
import type { Bool } from "../../db/schema.ts";

export interface ShopsTable {
  id: string;
  name: string;
  slug: string;
  logo: string | null;
  description: string | null;
  category: string | null;
  sellerId: string | null;
  viewCount: number;
  isActive: Bool;
  isVerified: Bool;
  createdAt: string;
  updatedAt: string;
}

export type ShopRow = Selectable<ShopsTable>;

declare module "../../db/schema.ts" {
  interface Database {
    shops: ShopsTable;
  }
}
