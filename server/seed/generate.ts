// The demo products and orders, generated in creation order (the lists page by insertion order).
// Sizes scale with the order count; every field a screen shows is filled, except a few optional ones
// left empty on purpose so the console's fallbacks ('No Name', 'No Email', 'No Img', 'N/A') get
// exercised. The users are users.ts's; the shops their module's (server/resources/shops/seed.ts).
import { ORDER_STATUSES, type OrderStatusValue } from "../../contract/index.ts";
import type { ProductRow } from "../db/schema.ts";
import { seedImageUrl } from "../http/seed-image-urls.ts";
import type { SeedShop } from "../resources/shops/seed.ts";
import {
  CARRIERS,
  DELETE_REASONS,
  DISPUTE_TEMPLATES,
  ORDER_NOTES,
  PRODUCT_NOUNS,
  SHIPPING_NOTES,
  SHOP_CATEGORIES,
  SOL,
  STATUS_REASONS,
  USDC,
} from "./catalog.ts";
import type { SeedRandom } from "./random.ts";
import { DAY, iso, MINUTE } from "./steps.ts";
import type { SeedUser } from "./users.ts";

/** A products row (every seeded product has a shop), its images, and what the generator needs. */
export interface SeedProduct extends ProductRow {
  shopId: string;
  images: { id: string; url: string; thumbnailUrl: string | null; position: number }[];
  shop: SeedShop;
  /** The JSON an order keeps of this product. */
  snapshot: string;
  createdMs: number;
}

/** A price in base units: SOL from 0.01 to ~25 SOL, USDC from $2 to ~$900, rounded like real listings. */
function price(r: SeedRandom): { amount: number; currency: typeof SOL | typeof USDC } {
  if (r.chance(0.55)) {
    const sol = Math.round(Math.exp(Math.log(0.01) + r.unit() * (Math.log(25) - Math.log(0.01))) * 1000) / 1000;
    return { amount: Math.max(10_000_000, Math.round(sol * 1e9)), currency: SOL };
  }
  const dollars = Math.round(Math.exp(Math.log(2) + r.unit() * (Math.log(900) - Math.log(2)))) - 0.01;
  return { amount: Math.round(Math.max(1.99, dollars) * 1e6), currency: USDC };
}

export function generateProducts(r: SeedRandom, shops: readonly SeedShop[], now: number): SeedProduct[] {
  const products: SeedProduct[] = [];
  for (const shop of shops) {
    const count = r.int(2, 10);
    for (let k = 0; k < count; k++) {
      const category = r.chance(0.02) ? null : r.chance(0.85) ? shop.category : r.pick(SHOP_CATEGORIES);
      const noun = r.pick(PRODUCT_NOUNS[(category ?? "Other") as keyof typeof PRODUCT_NOUNS]);
      const title = r.chance(0.5) ? `${r.faker.commerce.productAdjective()} ${noun}` : `${noun} (${r.faker.color.human()})`;
      const { amount, currency } = price(r);
      const createdMs = Math.min(now - MINUTE, shop.createdMs + r.int(0, 120) * DAY + r.int(0, 1440) * MINUTE);
      const id = r.uuid();
      const images = Array.from({ length: r.chance(0.08) ? 0 : r.int(1, 3) }, (_, position) => ({
        id: r.uuid(),
        // An SVG scales: the picture and its thumbnail are the one drawing.
        url: seedImageUrl("product", `${id.slice(0, 8)}-${position}`),
        thumbnailUrl: seedImageUrl("product", `${id.slice(0, 8)}-${position}`),
        position,
      }));
      const deleted = r.chance(0.03);
      const active = r.chance(0.9);
      const description = r.chance(0.05) ? null : r.faker.commerce.productDescription();
      products.push({
        id,
        shopId: shop.id,
        title,
        description,
        price: amount,
        currencySymbol: currency.symbol,
        currencyDecimals: currency.decimals,
        currencyMint: currency.mint,
        category,
        stockQuantity: r.chance(0.12) ? 0 : r.int(1, 500),
        isFeatured: r.chance(0.1) ? 1 : 0,
        isActive: active ? 1 : 0,
        statusReason: active ? null : r.pick(STATUS_REASONS),
        deletedAt: deleted ? iso(Math.min(now - MINUTE, createdMs + r.int(1, 90) * DAY)) : null,
        deleteReason: deleted ? r.pick(DELETE_REASONS) : null,
        createdAt: iso(createdMs),
        updatedAt: iso(createdMs),
        images,
        shop,
        snapshot: JSON.stringify({
          title,
          description,
          price: amount,
          images: images.map((i) => ({ url: i.url, thumbnailUrl: i.thumbnailUrl })),
        }),
        createdMs,
      });
    }
  }
  return products.sort((a, b) => a.createdMs - b.createdMs);
}

export type SeedOrder = Record<string, string | number | null>;

/** Older orders have mostly settled; recent ones are still in flight. */
function statusFor(r: SeedRandom, ageDays: number): OrderStatusValue {
  if (ageDays < 3) return r.weighted({ ACTIVE: 80, DISPUTED: 5, COMPLETED: 5, CANCELLED: 10, REFUNDED: 0 });
  if (ageDays < 30) return r.weighted({ ACTIVE: 35, DISPUTED: 10, COMPLETED: 40, CANCELLED: 8, REFUNDED: 7 });
  return r.weighted({ ACTIVE: 3, DISPUTED: 3, COMPLETED: 78, CANCELLED: 8, REFUNDED: 8 });
}

/**
 * Orders over the past year, oldest first, each row ready to insert as it is asked for, so a million
 * orders never sit in memory at once. The first five orders take the five statuses, so every status
 * exists at any size.
 */
export function* generateOrders(
  r: SeedRandom,
  count: number,
  users: readonly SeedUser[],
  products: readonly SeedProduct[],
  now: number,
): Generator<SeedOrder> {
  const start = now - 365 * DAY;
  let buyers = 0;
  let listed = 0;
  for (let i = 0; i < count; i++) {
    const createdMs = Math.floor(start + 365 * DAY * ((i + r.unit()) / count)) - MINUTE;
    // Only users and products that exist by then take part.
    while (buyers < users.length && users[buyers].createdMs < createdMs) buyers++;
    while (listed < products.length && products[listed].createdMs < createdMs) listed++;
    const product = products[r.int(0, Math.max(listed, 1) - 1)];
    const seller = product.shop.seller;
    let buyerIndex = r.int(0, Math.max(buyers, 2) - 1);
    if (users[buyerIndex].id === seller.id) buyerIndex = (buyerIndex + 1) % users.length;
    const buyer = users[buyerIndex];

    const status = i < ORDER_STATUSES.length ? ORDER_STATUSES[i] : statusFor(r, (now - createdMs) / DAY);
    const cap = (ms: number) => Math.min(ms, now - MINUTE);
    const confirmed = status === "CANCELLED" ? r.chance(0.4) : status === "ACTIVE" ? r.chance(0.85) : true;
    const confirmedMs = confirmed ? cap(createdMs + r.int(2, 180) * MINUTE) : null;
    const shipped =
      confirmedMs !== null &&
      (status === "COMPLETED" ||
        (status === "ACTIVE" && r.chance(0.45)) ||
        (status === "DISPUTED" && r.chance(0.65)) ||
        (status === "REFUNDED" && r.chance(0.5)));
    const shippedMs = shipped && confirmedMs !== null ? cap(confirmedMs + r.int(6, 96) * 60 * MINUTE) : null;
    const completedMs = status === "COMPLETED" && shippedMs !== null ? cap(shippedMs + r.int(2, 10) * DAY) : null;
    const disputed = status === "DISPUTED";
    const disputeMs = disputed ? cap((shippedMs ?? confirmedMs ?? createdMs) + r.int(1, 5) * DAY) : null;
    const qty = Number(r.weighted({ "1": 75, "2": 18, "3": 4, "4": 2, "5": 1 }));
    const shippingState = shipped
      ? status === "COMPLETED"
        ? "DELIVERED"
        : status === "REFUNDED"
          ? "RETURNED"
          : r.pick(["SHIPPED", "IN_TRANSIT", "DELIVERED"])
      : status === "CANCELLED"
        ? "CANCELLED"
        : confirmed
          ? "PROCESSING"
          : "PENDING";
    const days = Math.max(1, Math.round((now - (shippedMs ?? createdMs)) / DAY));
    yield {
      id: r.uuid(),
      status,
      productId: product.id,
      shopId: product.shopId,
      productSnapshot: r.chance(0.01) ? null : product.snapshot,
      shopSnapshot: JSON.stringify({ name: product.shop.name, logo: product.shop.logo, category: product.shop.category }),
      quantity: qty,
      totalPrice: product.price * qty,
      currencySymbol: product.currencySymbol,
      currencyDecimals: product.currencyDecimals,
      currencyMint: product.currencyMint,
      buyerWalletAddress: buyer.publicKey,
      buyerContactInfo: buyer.contactInfo,
      buyerShippingAddress: buyer.shippingAddress,
      sellerWalletAddress: seller.publicKey,
      sellerContactInfo: seller.contactInfo,
      shippingState,
      trackingInfo: shipped && r.chance(0.9) ? `${r.pick(CARRIERS)} ${r.faker.string.alphanumeric({ length: 12, casing: "upper" })}` : null,
      shippingNotes: shipped && r.chance(0.15) ? r.pick(SHIPPING_NOTES) : null,
      disputeRaisedAt: disputeMs === null ? null : iso(disputeMs),
      disputeDescription: disputed
        ? r
            .pick(DISPUTE_TEMPLATES)
            .replace("{product}", product.title.toLowerCase())
            .replace("{days}", String(Math.min(days, 30)))
            .replace("{qty}", String(Math.max(1, qty - 1)))
            .replace("{ordered}", String(Math.max(2, qty)))
        : null,
      // The seed's chain side (seed/escrows.ts) funds escrows for these orders and fills both fields;
      // until then no chain data exists, and none is made up.
      escrowPDA: null,
      transactionSignature: null,
      notes: r.chance(0.12) ? r.pick(ORDER_NOTES) : null,
      createdAt: iso(createdMs),
      confirmedAt: confirmedMs === null ? null : iso(confirmedMs),
      shippedAt: shippedMs === null ? null : iso(shippedMs),
      completedAt: completedMs === null ? null : iso(completedMs),
      updatedAt: iso(Math.max(createdMs, confirmedMs ?? 0, shippedMs ?? 0, completedMs ?? 0, disputeMs ?? 0)),
    };
  }
}
