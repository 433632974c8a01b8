// The demo data's pictures, drawn here rather than fetched from elsewhere, so a first run without a
// network still shows them: GET /seed-images/{kind}/{name}.svg answers an SVG made from the name
// alone (a colour from its hash, and an initial or a glyph), the same every time. The seeder writes
// these URLs (seedImageUrl, http/seed-image-urls.ts); real data points at real hosts and never reaches this route.
// It is a file route, like the console's own files: outside the API and its document, and an
// unknown kind or a malformed name is a plain 404.
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { fileNotFound } from "../http/errors.ts";
import { needs } from "../http/route-schema.ts";
import { SEED_IMAGE_KINDS, SEED_IMAGES_PREFIX, type SeedImageKind } from "../http/seed-image-urls.ts";

export { SEED_IMAGES_PREFIX };

/** Lowercase letters, digits and dashes: what the seeder's names are made of, nothing to escape. */
const NAME = /^([a-z0-9-]{1,120})\.svg$/;

/** FNV-1a: a spread-out number from a name, so neighbouring names get unlike colours. */
function hash(text: string): number {
  let value = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    value ^= text.charCodeAt(i);
    value = Math.imul(value, 0x01000193);
  }
  return value >>> 0;
}

// White glyphs on these backgrounds (lightness 38%) are above 4.5:1 whatever the hue.
const background = (seed: number) => `hsl(${seed % 360} 55% 38%)`;

const GLYPHS = {
  // A parcel: a box with its lid's band.
  product:
    '<path d="M60 78 100 58l40 20v46l-40 20-40-20z" fill="none" stroke="#fff" stroke-width="8" stroke-linejoin="round"/>' +
    '<path d="M60 78l40 20 40-20M100 98v46" fill="none" stroke="#fff" stroke-width="8" stroke-linejoin="round"/>',
  // Head and shoulders.
  avatar: '<circle cx="100" cy="80" r="28" fill="#fff"/><path d="M48 160c6-30 28-46 52-46s46 16 52 46z" fill="#fff"/>',
};

/** The picture of `name`, 200×200 (it scales: product pages ask the same URL at every size). */
export function seedImageSvg(kind: SeedImageKind, name: string): string {
  const seed = hash(`${kind}:${name}`);
  const shape = kind === "avatar" ? '<circle cx="100" cy="100" r="100"' : '<rect width="200" height="200" rx="24"';
  // A shop: its name's initial (the name has only letters, digits and dashes: nothing to escape).
  const initial = name.replace(/-/g, "").charAt(0).toUpperCase() || "?";
  const figure =
    kind === "shop"
      ? `<text x="100" y="100" dy="0.35em" text-anchor="middle" font-family="system-ui, sans-serif" font-weight="600" font-size="96" fill="#fff">${initial}</text>`
      : GLYPHS[kind];
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="200" height="200" viewBox="0 0 200 200">` +
    `${shape} fill="${background(seed)}"/>` +
    // A lighter corner, so a grid of them does not read as flat swatches.
    `<circle cx="170" cy="30" r="70" fill="#fff" fill-opacity="0.12"/>` +
    `${figure}</svg>`
  );
}

/** Registered under SEED_IMAGES_PREFIX. Any kind and file reach the handler, which answers 404 for those it does not draw. */
export const seedImageRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/:kind/:file",
    { schema: { ...needs("public"), params: z.object({ kind: z.string(), file: z.string() }) } },
    async (request, reply) => {
      const { kind, file } = request.params;
      const name = NAME.exec(file)?.[1];
      if (!name || !(SEED_IMAGE_KINDS as readonly string[]).includes(kind)) throw fileNotFound();
      return (
        reply
          .type("image/svg+xml; charset=utf-8")
          // The same name always draws the same picture.
          .header("Cache-Control", "public, max-age=86400")
          .send(seedImageSvg(kind as SeedImageKind, name))
      );
    },
  );
};
