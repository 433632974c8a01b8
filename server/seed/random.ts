// The seeded random source of the demo data. Everything derives from one seed, so the same seed,
// sizes and clock give byte-identical databases.
import { createHash } from "node:crypto";
import { Faker, base, en } from "@faker-js/faker";
import bs58 from "bs58";

export class SeedRandom {
  readonly faker: Faker;

  constructor(readonly seed: number) {
    this.faker = new Faker({ locale: [en, base] });
    this.faker.seed(seed);
  }

  /** Integer in [min, max]. */
  int(min: number, max: number): number {
    return this.faker.number.int({ min, max });
  }

  /** Float in [0, 1). */
  unit(): number {
    return this.faker.number.int({ min: 0, max: 999_999 }) / 1_000_000;
  }

  chance(p: number): boolean {
    return this.unit() < p;
  }

  pick<T>(items: readonly T[]): T {
    return items[this.int(0, items.length - 1)];
  }

  /** Picks a key by weight: { A: 3, B: 1 } gives A three times as often. */
  weighted<K extends string>(weights: Record<K, number>): K {
    const entries = Object.entries(weights) as [K, number][];
    let roll = this.unit() * entries.reduce((sum, [, w]) => sum + w, 0);
    for (const [key, weight] of entries) {
      roll -= weight;
      if (roll < 0) return key;
    }
    return entries[entries.length - 1][0];
  }

  uuid(): string {
    return this.faker.string.uuid();
  }

  /**
   * A wallet address: 32 bytes, base58, like any Solana public key. Hashed from the seed and a label
   * (faster than 32 draws, and stable whatever else is generated).
   */
  address(label: string): string {
    return bs58.encode(createHash("sha256").update(`${this.seed}:${label}`).digest());
  }
}
