// The Shops section (contract/resources/shops.ts); the palette finds a shop by its name (the list's search).
import type { Shop } from "@contract";
import { screen } from "@/components/routing/lazy-screen";
import { defineSection } from "../define";
import { SHOP_FILTERS } from "./filters";

export const shopsSection = defineSection("shops", {
  load: screen(() => import("./list"), "ShopList"),
  filters: SHOP_FILTERS,
  lookup: async (provider, text, limit) => {
    const { data } = await provider.getList<Shop>({
      resource: "shops",
      filters: [{ field: "search", operator: "eq", value: text }],
      pagination: { currentPage: 1, pageSize: limit },
    });
    return data.map((shop) => ({ id: String(shop.id), name: shop.name, subtitle: shop.category ?? undefined }));
  },
});
