// The demo shops: one per forty users (at least eight), each owned by a user from the older two
// thirds. The products' step reads them (a product belongs to a shop), so they are seeded right
// after the users, which they read.
import { SHOP_CATEGORIES } from "../../../contract/index.ts";
import { seedImageUrl } from "../../http/seed-image-urls.ts";
import type { SeedRandom } from "../../seed/random.ts";
import { DAY, iso, type SeedStep } from "../../seed/steps.ts";
import type { SeedUser } from "../../seed/users.ts";
import type { ShopRow } from "./tables.ts";

export const shopsSeed: SeedStep = {
  table: "shops",
  columns: [
    "id",
    "name",
    "slug",
    "logo",
    "description",
    "category",
    "sellerId",
    "viewCount",
    "isActive",
    "isVerified",
    "createdAt",
    "updatedAt",
  ],
  reads: ["users"],
  rows: ({ r, now, adminWallets, rows }) => {
    const users = rows<SeedUser>("users");
    return generateShops(r, Math.max(8, Math.round(users.length / 40)), users, adminWallets.length, now);
  },
};

/** A shops row (every seeded shop has a category and a seller), plus what the generator needs. */
export interface SeedShop extends ShopRow {
  category: string;
  sellerId: string;
  seller: SeedUser;
  createdMs: number;
}

function generateShops(r: SeedRandom, count: number, users: readonly SeedUser[], adminCount: number, now: number): SeedShop[] {
  const shops: SeedShop[] = [];
  const candidates = users.slice(adminCount);
  const used = new Set<number>();
  for (let i = 0; i < count; i++) {
    // Sellers come from the older two thirds of users, each owning one shop.
    let index = r.int(0, Math.max(0, Math.floor(candidates.length * 0.66) - 1));
    while (used.has(index) && used.size < candidates.length) index = (index + 1) % candidates.length;
    used.add(index);
    const seller = candidates[index];
    const name = r.chance(0.5)
      ? `${r.faker.company.name()}`
      : `${r.faker.person.lastName()}'s ${r.pick(["Goods", "Store", "Supply", "Market", "Workshop"])}`;
    const slug = `${name
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, "-")
      .replace(/^-|-$/g, "")}-${i.toString(36)}`;
    const createdMs = Math.min(now - DAY, seller.createdMs + r.int(1, 60) * DAY);
    shops.push({
      id: r.uuid(),
      name,
      slug,
      logo: r.chance(0.2) ? null : seedImageUrl("shop", slug),
      description: r.chance(0.1) ? null : r.faker.company.catchPhrase(),
      // Each category appears once among the first eight shops.
      category: i < SHOP_CATEGORIES.length ? SHOP_CATEGORIES[i] : r.pick(SHOP_CATEGORIES),
      sellerId: seller.id,
      viewCount: r.int(0, 25_000),
      isActive: r.chance(0.9) ? 1 : 0,
      isVerified: r.chance(0.5) ? 1 : 0,
      createdAt: iso(createdMs),
      updatedAt: iso(createdMs),
      seller,
      createdMs,
    });
  }
  return shops.sort((a, b) => a.createdMs - b.createdMs);
}
