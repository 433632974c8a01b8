// Products as the API returns them, and a reader for what the screen sent through the mocked http.
import type MockAdapter from "axios-mock-adapter";
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

export interface Sent {
  method: string;
  url: string;
  params?: Record<string, string>;
  body?: unknown;
}

/** Every request the screen made, in order, with its query and parsed body. */
export function sent(api: MockAdapter): Sent[] {
  // The history is one array in request order (its per-verb views are getters over it).
  return (api.history as unknown as { method?: string; url?: string; params?: Record<string, string>; data?: unknown }[]).map(
    (config) => {
      const entry: Sent = { method: (config.method ?? "").toUpperCase(), url: config.url ?? "" };
      if (config.params && Object.keys(config.params).length) entry.params = config.params;
      if (config.data !== undefined) entry.body = typeof config.data === "string" ? JSON.parse(config.data) : config.data;
      return entry;
    },
  );
}

/** Requests other than the session check and the demo-wallet probe the shell makes. */
export function screenRequests(api: MockAdapter): Sent[] {
  return sent(api).filter((request) => request.url !== "/auth/validate" && request.url !== "/demo/wallet");
}

export function requestsTo(api: MockAdapter, method: string, url: string): Sent[] {
  return sent(api).filter((request) => request.method === method && request.url === url);
}
