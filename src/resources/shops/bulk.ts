// The Shops list's bulk actions, each row sent as the Edit Shop modal saves it (PATCH
// /admin/shops/:id with both flags, one of them changed), so the server audits each row as if done
// alone. The modal asks no reason, so neither do these.
import { useDataProvider } from "@refinedev/core";
import type { BulkAction } from "@/components/list/bulk/bulk-bar";
import type { Shop } from "@contract";
import { shopFlagsBody, type ShopFlags } from "./flags";

export function useShopBulkActions(): BulkAction<Shop>[] {
  const dataProvider = useDataProvider();
  const setting = (label: string, flag: keyof ShopFlags, value: boolean, danger = false): BulkAction<Shop> => ({
    label,
    danger,
    applies: (shop) => shop[flag] !== value,
    send: (shop) => dataProvider().update({ resource: "shops", id: shop.id, variables: shopFlagsBody({ ...shop, [flag]: value }) }),
  });
  return [
    setting("Verify", "isVerified", true),
    setting("Unverify", "isVerified", false),
    setting("Activate", "isActive", true),
    setting("Deactivate", "isActive", false, true),
  ];
}
