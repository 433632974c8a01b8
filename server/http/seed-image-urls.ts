// Where the demo data's pictures are: the seeder writes these URLs into the rows it makes, and the
// seed images route (routes/seed-images.ts) answers them with a picture drawn from the name alone.
// Kept here, below both: a seeder does not import a route module.

export const SEED_IMAGES_PREFIX = "/seed-images";

export const SEED_IMAGE_KINDS = ["product", "shop", "avatar"] as const;
export type SeedImageKind = (typeof SEED_IMAGE_KINDS)[number];

/** The URL the seeder stores for a picture. */
export const seedImageUrl = (kind: SeedImageKind, name: string): string => `${SEED_IMAGES_PREFIX}/${kind}/${name}.svg`;
