// The Products section (contract/resources/products.ts); the palette finds a product by its title.
import type { Product } from "@contract";
import { resourceNamed } from "@contract/resources";
import { contains, itemsOf } from "@/components/palette/record-lookup";
import { screen } from "@/components/routing/lazy-screen";
import { defineSection } from "../define";
import { PRODUCT_FILTERS } from "./filters";

export const productsSection = defineSection("products", {
  load: screen(() => import("./list"), "ProductList"),
  filters: PRODUCT_FILTERS,
  lookup: async (provider, text, limit) => {
    // Searching titles is beyond the core API: without it the API answers its first page, filtered here.
    const { data } = await provider.custom!({
      url: resourceNamed("products").api?.list ?? "",
      method: "get",
      query: { search: text, limit },
    });
    return itemsOf<Product>(data)
      .filter((product) => contains(product.title, text))
      .map((product) => ({ id: String(product.id), name: product.title, subtitle: product.category ?? undefined }));
  },
});
