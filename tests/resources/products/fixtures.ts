// Products as the API returns them.
import type { Product } from "@contract";

export function product(id: string, overrides: Partial<Product> = {}): Product {
  return {
    id,
    title: `Product ${id}`,
    description: `About ${id}`,
    price: 1_500_000_000,
    currency: { symbol: "SOL", decimals: 9 },
    category: "Books",
    stockQuantity: 3,
    isFeatured: false,
    isActive: true,
    images: [{ url: `https://img.test/${id}.jpg`, thumbnailUrl: `https://img.test/${id}-thumb.jpg` }],
    ...overrides,
  };
}

export function paged<T>(items: T[], total = items.length, page = 1, limit = 20) {
  return { data: { items, total, page, limit, totalPages: Math.ceil(total / limit) } };
}
