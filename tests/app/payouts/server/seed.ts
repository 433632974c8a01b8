// A throwaway resource's demo rows, exactly as a real module writes them in
// server/resources/<name>/seed.ts (see docs/adding-a-resource.md): a payout to each seeded shop for
// each of the last three months, about a third of them paid.
import type { SeedShop } from "../../../../server/resources/shops/seed.ts";
import { DAY, iso, type SeedStep } from "../../../../server/seed/steps.ts";

export const payoutsSeed: SeedStep = {
  table: "payouts",
  columns: ["id", "shopName", "amount", "status", "createdAt", "updatedAt"],
  reads: ["shops"],
  rows: ({ r, now, rows }) =>
    [1, 2, 3].flatMap((month) =>
      rows<SeedShop>("shops").map((shop, i) => {
        const at = iso(now - (month * 30 + i) * DAY);
        return {
          id: r.uuid(),
          shopName: shop.name,
          amount: r.int(1, 5000) * 1_000_000,
          status: r.chance(0.33) ? "PAID" : "PENDING",
          createdAt: at,
          updatedAt: at,
        };
      }),
    ),
};
