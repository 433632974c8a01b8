// The Users section (contract/resources/users.ts); the palette finds a user by name, email or wallet.
import type { User } from "@contract";
import { itemsOf } from "@/components/palette/record-lookup";
import { screen } from "@/components/routing/lazy-screen";
import { endpoints } from "@/providers/endpoints";
import { shortWallet } from "@/utils/format";
import { defineSection } from "../define";
import { USER_FILTERS } from "./filters";

export const usersSection = defineSection("users", {
  load: screen(() => import("./list"), "UserList"),
  filters: USER_FILTERS,
  lookup: async (provider, text, limit) => {
    const { data } = await provider.custom!({ url: endpoints.userSearch(text), method: "get", query: { limit } });
    return itemsOf<User>(data).map((user) => ({
      id: String(user.id),
      name: user.displayName || shortWallet(user.publicKey),
      subtitle: user.publicKey,
    }));
  },
});
