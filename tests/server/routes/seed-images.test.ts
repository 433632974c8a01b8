// The demo data's pictures are the reference server's own: every image URL the seeder writes
// (avatars, shop logos, product images and thumbnails, and the copies orders keep of them) is a
// same-origin path that answers 200 with an SVG, so a first run without a network shows them.
// Unknown kinds and malformed names are 404s; a name always draws the same picture.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedDatabase } from "../../../server/seed/index.ts";
import { SEED_IMAGES_PREFIX } from "../../../server/routes/seed-images.ts";
import { pageCsp } from "../../../server/plugins/security-headers.ts";
import { startTestServer, type TestServer } from "../support/harness.ts";

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({
    prepare: (ctx) => seedDatabase(ctx.database, { orders: 60, seed: 3, now: ctx.now() }).then(() => undefined),
  });
});
afterAll(() => server?.close());

type Snapshot = { images?: { url?: string | null; thumbnailUrl?: string | null }[]; logo?: string | null };

/** Every picture URL in the seeded tables, with where it was found. */
async function seededImageUrls(): Promise<{ where: string; url: string }[]> {
  const db = server.ctx.db;
  const found: { where: string; url: string | null | undefined }[] = [];
  for (const user of await db.selectFrom("users").select(["id", "avatarUrl"]).execute()) {
    found.push({ where: `user ${user.id} avatar`, url: user.avatarUrl });
  }
  for (const token of await db.selectFrom("tokens").select(["symbol", "logoUrl"]).execute()) {
    found.push({ where: `token ${token.symbol} logo`, url: token.logoUrl });
  }
  for (const shop of await db.selectFrom("shops").select(["id", "logo"]).execute()) {
    found.push({ where: `shop ${shop.id} logo`, url: shop.logo });
  }
  for (const image of await db.selectFrom("productImages").select(["id", "url", "thumbnailUrl"]).execute()) {
    found.push({ where: `image ${image.id}`, url: image.url }, { where: `image ${image.id} thumbnail`, url: image.thumbnailUrl });
  }
  for (const order of await db.selectFrom("orders").select(["id", "productSnapshot", "shopSnapshot"]).execute()) {
    const product = JSON.parse(order.productSnapshot ?? "{}") as Snapshot;
    const shop = JSON.parse(order.shopSnapshot ?? "{}") as Snapshot;
    for (const image of product.images ?? []) {
      found.push({ where: `order ${order.id} image`, url: image.url }, { where: `order ${order.id} thumbnail`, url: image.thumbnailUrl });
    }
    found.push({ where: `order ${order.id} shop logo`, url: shop.logo });
  }
  return found.filter((entry): entry is { where: string; url: string } => typeof entry.url === "string" && entry.url !== "");
}

describe("the seeded pictures", () => {
  it("are all same-origin paths of the server's own picture route", async () => {
    const urls = await seededImageUrls();
    const kinds = new Set(urls.map(({ url }) => url.split("/")[2]));
    // Avatars, shop logos and product images are all there to check (the seed leaves some empty).
    expect([...kinds].sort()).toEqual(["avatar", "product", "shop"]);
    const elsewhere = urls.filter(({ url }) => !url.startsWith(`${SEED_IMAGES_PREFIX}/`));
    expect(elsewhere).toEqual([]);
  });

  it("each answers 200 with an SVG image, allowed by the pages' CSP", async () => {
    const distinct = [...new Set((await seededImageUrls()).map(({ url }) => url))];
    expect(distinct.length).toBeGreaterThan(50);
    const failures: string[] = [];
    for (const url of distinct) {
      const response = await fetch(server.baseUrl + url);
      const body = await response.text();
      const type = response.headers.get("content-type") ?? "";
      if (response.status !== 200 || !type.startsWith("image/svg+xml") || !body.startsWith("<svg")) {
        failures.push(`${url}: ${response.status} ${type}`);
      }
    }
    expect(failures).toEqual([]);
    expect(pageCsp(server.ctx.config)).toMatch(/img-src 'self'/);
  });

  it("draws the same picture for the same name, and another for another name", async () => {
    const first = await (await fetch(`${server.baseUrl}${SEED_IMAGES_PREFIX}/product/abc123-0.svg`)).text();
    const again = await (await fetch(`${server.baseUrl}${SEED_IMAGES_PREFIX}/product/abc123-0.svg`)).text();
    const other = await (await fetch(`${server.baseUrl}${SEED_IMAGES_PREFIX}/product/abc123-1.svg`)).text();
    expect(again).toBe(first);
    expect(other).not.toBe(first);
    const shop = await (await fetch(`${server.baseUrl}${SEED_IMAGES_PREFIX}/shop/kuhn-store-7.svg`)).text();
    expect(shop).toContain(">K</text>");
  });

  it("answers 404 for an unknown kind or a malformed name", async () => {
    for (const path of ["token/usdc.svg", "product/abc.png", "product/ABC.svg", "product/a%3Cb.svg", "product/.svg", "x/y.svg"]) {
      const response = await fetch(`${server.baseUrl}${SEED_IMAGES_PREFIX}/${path}`);
      expect(response.status, path).toBe(404);
    }
  });
});
