// A throwaway resource's demo rows, exactly as a real module writes them in
// server/resources/<name>/seed.ts (see docs/adding-a-resource.md): a payout for each seeded shop,
// about a third of them paid.
import type { SeedShop } from "../../../../server/resources/shops/seed.ts";
import { DAY, iso, type SeedStep } from "../../../../server/seed/steps.ts";

export const payoutsSeed: SeedStep = {
  table: "payouts",
  columns: ["id", "shopName", "amount", "status", "createdAt", "updatedAt"],
  reads: ["shops"],
  rows: ({ r, now, rows }) =>
    rows<SeedShop>("shops").map((shop, i) => {
      const at = iso(now - (i + 1) * DAY);
      return { id: r.uuid(), shopName: shop.name, amount: r.int(1, 5000) * 1_000_000, status: r.chance(0.33) ? "PAID" : "PENDING", createdAt: at, updatedAt: at };
    }),
};
