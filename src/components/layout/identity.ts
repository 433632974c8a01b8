// Who is signed in, as the sidebar and the small-screen top bar show it.
import { useGetIdentity } from "@refinedev/core";
import { SHORTEN } from "@/config";
import type { AdminIdentity } from "@/providers/auth-provider";
import { avatarInitial, head } from "@/utils/format";

type Identity = Pick<AdminIdentity, "displayName" | "publicKey" | "role">;

/** The sidebar's name: the display name, else the key's first 8 characters and an ellipsis. */
export function sidebarName(user: Identity | null | undefined): string {
  return user?.displayName?.trim() || head(user?.publicKey, SHORTEN.sidebarKey);
}

/** The avatar: the display name's initial, else the key's first 2 characters. */
export function avatarText(user: Identity | null | undefined): string {
  return avatarInitial(user?.displayName, user?.publicKey);
}

export function useSessionUser(): AdminIdentity | null {
  const { data } = useGetIdentity<AdminIdentity | null>();
  return data ?? null;
}
