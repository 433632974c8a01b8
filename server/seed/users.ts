// The demo users, oldest first: the admin wallets first (as verified ADMIN users), then sign-ups
// growing toward today. What the shops' and the orders' steps read of them rides along (SeedUser).
import type { UserRow } from "../db/schema.ts";
import { seedImageUrl } from "../http/seed-image-urls.ts";
import { DEACTIVATION_REASONS } from "./catalog.ts";
import type { SeedRandom } from "./random.ts";
import { DAY, iso, MINUTE } from "./steps.ts";

/** A users row, plus what the generator needs to know of it. */
export interface SeedUser extends UserRow {
  /** Not a column: where this user's orders ship to. */
  shippingAddress: string | null;
  createdMs: number;
}

function userStatus(r: SeedRandom): string | null {
  const status = r.weighted({ active: 85, pending_verification: 5, none: 10 });
  return status === "none" ? null : status;
}

export function generateUsers(r: SeedRandom, count: number, adminWallets: readonly string[], now: number): SeedUser[] {
  const start = now - 730 * DAY;
  const users: SeedUser[] = [];
  for (let i = 0; i < count; i++) {
    const admin = i < adminWallets.length;
    // Sign-ups grow over time: the spacing shrinks toward today, and ~5% are from the last 30 days.
    const createdMs = admin ? start + i * MINUTE : Math.floor(start + 730 * DAY * Math.pow((i + r.unit()) / count, 0.8));
    const first = r.faker.person.firstName();
    const last = r.faker.person.lastName();
    const disabled = !admin && r.chance(0.03);
    const role = admin ? "ADMIN" : i === adminWallets.length ? "MARKETPLACE_AUTHORITY" : r.chance(0.001) ? "ADMIN" : "USER";
    users.push({
      id: r.uuid(),
      publicKey: admin ? adminWallets[i] : r.address(`user:${i}`),
      displayName: admin
        ? `Admin ${i + 1}`
        : r.chance(0.1)
          ? null
          : r.chance(0.3)
            ? r.faker.internet.username({ firstName: first, lastName: last })
            : `${first} ${last}`,
      contactInfo: r.chance(0.15) ? null : r.faker.internet.email({ firstName: first, lastName: last }).toLowerCase(),
      // Pictures are drawn by the reference server itself (no network needed on a first run).
      avatarUrl: r.chance(0.6) ? null : seedImageUrl("avatar", `${i}-${r.int(0, 9999)}`),
      role,
      verified: admin || r.chance(0.45) ? 1 : 0,
      disabled: disabled ? 1 : 0,
      status: disabled ? "suspended" : userStatus(r),
      deactivationReason: disabled ? r.pick(DEACTIVATION_REASONS) : null,
      createdAt: iso(createdMs),
      updatedAt: iso(createdMs),
      shippingAddress: r.chance(0.1)
        ? null
        : `${r.faker.location.streetAddress()}, ${r.faker.location.city()}, ${r.faker.location.state({ abbreviated: true })} ${r.faker.location.zipCode("#####")}, USA`,
      createdMs,
    });
  }
  return users;
}
