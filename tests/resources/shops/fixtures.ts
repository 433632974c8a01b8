// Shops as the API returns them: the list is `{ data: Shop[], meta }`, one shop is `{ data }`.
import type { Shop } from "@contract";

export const SELLER_KEY = "7Np41oeYqPefeNQEHSv1UDhYrehxin3NStELsSKCT4K2";

export function shop(id: string, overrides: Partial<Shop> = {}): Shop {
  return {
    id,
    name: `Shop ${id}`,
    slug: `shop-${id}`,
    logo: `https://logo.test/${id}.svg`,
    description: `About shop ${id}`,
    category: "Electronics",
    seller: { displayName: `Seller ${id}`, publicKey: SELLER_KEY },
    productCount: 12,
    orderCount: 30,
    viewCount: 1500,
    isActive: true,
    isVerified: false,
    ...overrides,
  };
}

export function shopPage(items: Shop[], total = items.length, page = 1, limit = 20) {
  return { data: items, meta: { total, totalPages: Math.ceil(total / limit), page, limit } };
}
