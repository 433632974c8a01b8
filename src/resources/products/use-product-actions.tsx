// The row actions of Product Management, each pessimistic (the server answers before the table
// changes): the featured star, enable/disable and delete behind a confirmation and a reason prompt,
// and — beyond the core API — an Undo for a deletion while the server offers the restore call, and
// Restore with a reason for a product in the trash (the same call).
import { useCallback, useState, type ReactNode } from "react";
import { Button, notification } from "antd";
import { useCustomMutation, useDelete, useInvalidate, useUpdate, type HttpError } from "@refinedev/core";
import { useReasonPrompt } from "@/components/prompts/reason-prompt";
import { useQueryClient } from "@tanstack/react-query";
import { endpoints } from "@/providers/endpoints";
import { isKnownMissing, rememberMissing } from "@/providers/query-policy";
import type { Product } from "@contract";
import "@/components/antd/setup";
import { useStableCallback } from "@/utils/use-stable-callback";

export type ProductAction = "feature" | "active" | "delete" | "restore";

/** The restore call travels with a reason like every product change; this one says where it came from. */
export const UNDO_REASON = "Deletion undone from the console";
const UNDO_SECONDS = 10;

// Once the server has said it has no restore call (404), the console stops offering Undo for the
// rest of the session instead of showing a button that cannot work (query-policy.ts).
const RESTORE_CALL = "productRestore";

const failure = (message: string) => (error?: HttpError) => ({
  type: "error" as const,
  message,
  description: error?.message,
});

/** The featured star's call (PUT /products/:id/feature): the row action's and the bulk action's. */
export const featureRequest = (product: Product, featured: boolean) => ({
  url: endpoints.productFeature(product.id),
  method: "put" as const,
  values: { featured },
});

/** The reason field's label for enabling (`active` true) or disabling a product. */
export const activeReasonLabel = (active: boolean) => `Reason for ${active ? "enabling" : "disabling"} (required):`;

/** The enable/disable body (PATCH /admin/products/:id): the flag and its reason. */
export const activeValues = (active: boolean, reason: string) => ({ isActive: active, reason });

/** The restore call (POST /admin/products/:id/restore), Undo's and Restore's: the product back, with a reason. */
const restoreRequest = (product: Product, reason: string) => ({
  url: endpoints.productRestore(product.id),
  method: "post" as const,
  values: { reason },
  successNotification: { type: "success" as const, message: `"${product.title}" was restored` },
});

export interface ProductActions {
  busy: (id: string) => ProductAction | undefined;
  toggleFeatured: (product: Product) => Promise<void>;
  toggleActive: (product: Product) => Promise<void>;
  remove: (product: Product) => Promise<void>;
  /** Restores a deleted product after a confirmation and a reason; resolves whether it was restored. */
  restore: (product: Product) => Promise<boolean>;
  /** The prompt and notification holders; render once in the screen. */
  holders: ReactNode;
}

/** What a row's buttons use: the actions without the screen-level holders. */
export type ProductRowActions = Omit<ProductActions, "holders">;

export function useProductActions(onChanged: () => void): ProductActions {
  const { ask, holder: promptHolder } = useReasonPrompt();
  const [notify, notifyHolder] = notification.useNotification();
  const invalidate = useInvalidate();
  const queryClient = useQueryClient();
  const { mutateAsync: update } = useUpdate<Product>();
  const { mutateAsync: deleteOne } = useDelete<Product>();
  const { mutateAsync: custom } = useCustomMutation<Product>();
  const [pending, setPending] = useState<Record<string, ProductAction>>({});

  // Runs one server call for a row, marks the row busy meanwhile, refreshes what it changed.
  // Failures were already shown by the error notification, so they end here. `custom` calls
  // invalidate nothing by themselves (useUpdate/useDelete do, and a second invalidation would
  // cancel theirs and load the list twice).
  async function run(id: string, action: ProductAction, call: () => Promise<unknown>, { custom = false } = {}): Promise<boolean> {
    setPending((current) => ({ ...current, [id]: action }));
    try {
      await call();
      return true;
    } catch {
      return false;
    } finally {
      setPending(({ [id]: _done, ...rest }) => rest);
      if (custom) void invalidate({ resource: "products", invalidates: ["list"] });
      // Every change can move the counts of the Category filter.
      onChanged();
    }
  }

  // A custom call for a row (feature, restore), the list read again after it; `onError` sees a failure first.
  function runCustom(id: string, action: ProductAction, request: Parameters<typeof custom>[0], onError?: (error: HttpError) => void) {
    const call = () =>
      custom(request).catch((error: HttpError) => {
        onError?.(error);
        throw error;
      });
    return run(id, action, call, { custom: true });
  }

  const toggleFeatured = useStableCallback(async (product: Product) => {
    const featured = !product.isFeatured;
    await runCustom(product.id, "feature", {
      ...featureRequest(product, featured),
      successNotification: {
        type: "success",
        message: featured ? `"${product.title}" is now featured` : `"${product.title}" is no longer featured`,
      },
      errorNotification: failure(featured ? `Could not feature "${product.title}"` : `Could not unfeature "${product.title}"`),
    });
  });

  const toggleActive = useStableCallback(async (product: Product) => {
    const verb = product.isActive ? "disable" : "enable";
    const reason = await ask({
      confirmText: `Are you sure you want to ${verb} "${product.title}"?`,
      reasonLabel: activeReasonLabel(!product.isActive),
      okText: product.isActive ? "Disable" : "Enable",
      danger: product.isActive,
    });
    if (reason === null) return;
    await run(product.id, "active", () =>
      update({
        resource: "products",
        id: product.id,
        values: activeValues(!product.isActive, reason),
        mutationMode: "pessimistic",
        successNotification: { type: "success", message: `"${product.title}" is now ${product.isActive ? "inactive" : "active"}` },
        errorNotification: failure(`Could not ${verb} "${product.title}"`),
      }),
    );
  });

  function showDeleted(product: Product, withUndo: boolean) {
    const key = `product-deleted-${product.id}`;
    notify.success({
      key,
      message: `"${product.title}" was deleted`,
      duration: withUndo ? UNDO_SECONDS : 4.5,
      actions: withUndo ? (
        <Button size="small" onClick={() => void undo(product, key)}>
          Undo
        </Button>
      ) : undefined,
    });
  }

  async function undo(product: Product, key: string) {
    notify.destroy(key);
    let missing = false;
    await runCustom(
      product.id,
      "delete",
      {
        ...restoreRequest(product, UNDO_REASON),
        errorNotification: (error?: HttpError) => {
          if (error?.statusCode === 404) return false;
          return failure(`Could not restore "${product.title}"`)(error);
        },
      },
      (error) => {
        missing = error?.statusCode === 404;
      },
    );
    if (missing) {
      rememberMissing(queryClient, RESTORE_CALL);
      showDeleted(product, false);
    }
  }

  const remove = useStableCallback(async (product: Product) => {
    const reason = await ask({
      confirmText: `Are you sure you want to delete "${product.title}"? This action can be reversed by an admin.`,
      reasonLabel: "Reason for deletion (required):",
      okText: "Delete",
      danger: true,
    });
    if (reason === null) return;
    const deleted = await run(product.id, "delete", () =>
      deleteOne({
        resource: "products",
        id: product.id,
        values: { reason },
        mutationMode: "pessimistic",
        successNotification: false,
        errorNotification: failure(`Could not delete "${product.title}"`),
      }),
    );
    if (deleted) showDeleted(product, !isKnownMissing(queryClient, RESTORE_CALL));
  });

  const restore = useStableCallback(async (product: Product) => {
    const reason = await ask({
      confirmText: `Restore "${product.title}"? It is listed again as it was before its deletion.`,
      reasonLabel: "Reason for restoring (required):",
      okText: "Restore",
    });
    if (reason === null) return false;
    // A 409 says why (another admin restored it already, its shop is gone): shown as the description.
    const restored = await runCustom(product.id, "restore", {
      ...restoreRequest(product, reason),
      errorNotification: failure(`Could not restore "${product.title}"`),
    });
    // The open record reads the product again: it is no longer deleted.
    void invalidate({ resource: "products", id: product.id, invalidates: ["detail"] });
    return restored;
  });

  // Stable while nothing is pending, like the handlers: the rows render again only when one is busy.
  const busy = useCallback((id: string) => pending[id], [pending]);
  return {
    busy,
    toggleFeatured,
    toggleActive,
    remove,
    restore,
    holders: (
      <>
        {promptHolder}
        {notifyHolder}
      </>
    ),
  };
}
