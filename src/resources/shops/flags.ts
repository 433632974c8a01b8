// What PATCH /admin/shops/{id} receives: the Edit Shop modal's save and the list's bulk actions.
// Apart from the modal, so the list loads without it.

/** Exactly what PATCH /admin/shops/{id} receives. */
export interface ShopFlags {
  isActive: boolean;
  isVerified: boolean;
}

/** Exactly the two flags, nothing else of the shop: the modal's save and the list's bulk actions send this. */
export const shopFlagsBody = ({ isActive, isVerified }: ShopFlags): ShopFlags => ({ isActive, isVerified });
