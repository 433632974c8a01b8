// The users table as the sign-in code reads it (auth/admins.ts decides who is an admin); the API's
// calls on users are the service's, services/users.ts.
import type { Db, UserRow } from "./schema.ts";

export async function userByKey(db: Db, publicKey: string): Promise<UserRow | undefined> {
  return db.selectFrom("users").selectAll().where("publicKey", "=", publicKey).executeTakeFirst();
}

export async function userById(db: Db, id: string): Promise<UserRow | undefined> {
  return db.selectFrom("users").selectAll().where("id", "=", id).executeTakeFirst();
}

/** A new enabled, verified ADMIN user for `publicKey`, unless one exists already (then nothing changes). */
export async function insertAdminUser(db: Db, user: { id: string; publicKey: string; createdAt: string }): Promise<void> {
  await db
    .insertInto("users")
    .values({
      id: user.id,
      publicKey: user.publicKey,
      displayName: null,
      contactInfo: null,
      avatarUrl: null,
      role: "ADMIN",
      verified: 1,
      disabled: 0,
      status: "active",
      deactivationReason: null,
      createdAt: user.createdAt,
      updatedAt: user.createdAt,
    })
    .onConflict((oc) => oc.column("publicKey").doNothing())
    .execute();
}
