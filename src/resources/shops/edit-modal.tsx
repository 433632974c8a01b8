// The Edit Shop modal (SPEC §2): the shop's details read-only, the Active Status and Verified
// Status toggles (SPEC §5: booleans), 'Update Shop', and the shop's admin history. The save is
// pessimistic; a failed save keeps the toggles as set and shows the server's message.
import { useState } from "react";
import { Alert, Descriptions, Form, Modal, Spin, Switch } from "antd";
import { useModalForm } from "@refinedev/antd";
import type { HttpError } from "@refinedev/core";
import { SHORTEN } from "@/config";
import { AuditHistory } from "@/components/history/audit-history";
import { Address } from "@/components/value/address";
import { Badge } from "@/components/value/badges";
import { head } from "@/utils/format";
import type { Shop } from "@contract";
import "@/components/antd/setup";

/** Exactly what PATCH /admin/shops/{id} receives. */
export interface ShopFlags {
  isActive: boolean;
  isVerified: boolean;
}

const count = (value: number | undefined) => (value ?? 0).toLocaleString("en-US");

function ModalOwner({ seller }: { seller: Shop["seller"] }) {
  if (seller?.displayName) return <>{seller.displayName}</>;
  if (seller?.publicKey) return <Address value={seller.publicKey} display={head(seller.publicKey, SHORTEN.shopOwnerModal)} />;
  return <>Unknown</>;
}

function ShopDetails({ shop }: { shop: Shop }) {
  return (
    <Descriptions
      size="small"
      bordered
      column={1}
      className="shop-details"
      items={[
        { key: "name", label: "Name", children: shop.name },
        { key: "description", label: "Description", children: shop.description || "N/A" },
        { key: "category", label: "Category", children: shop.category ? <Badge color="purple">{shop.category}</Badge> : "N/A" },
        { key: "owner", label: "Owner", children: <ModalOwner seller={shop.seller} /> },
        { key: "products", label: "Products", children: count(shop.productCount) },
        { key: "orders", label: "Orders", children: count(shop.orderCount) },
        { key: "views", label: "Views", children: count(shop.viewCount) },
      ]}
    />
  );
}

export function useShopEditModal() {
  const [saveError, setSaveError] = useState<string>();
  const { modalProps, formProps, show, query, id } = useModalForm<Shop, HttpError, ShopFlags>({
    resource: "shops",
    action: "edit",
    redirect: false,
    mutationMode: "pessimistic",
    // Refine keeps the previous record as a placeholder while the next loads; never show it here.
    queryOptions: { placeholderData: undefined },
    successNotification: (data) => ({ type: "success", message: `"${data?.data.name ?? "Shop"}" updated` }),
    // Shown in the modal, next to the toggles it is about.
    errorNotification: false,
    onMutationError: (error) => setSaveError(error.message),
  });

  const loaded = query?.data?.data;
  // The record of this open only: not a placeholder, not another shop's.
  const shop = loaded && !query?.isPlaceholderData && String(loaded.id) === String(id) ? loaded : undefined;

  const onFinish = async (values: ShopFlags) => {
    setSaveError(undefined);
    try {
      // Only the two flags: the read-only details are not form fields and are never sent.
      await formProps.onFinish?.({ isActive: values.isActive, isVerified: values.isVerified });
    } catch {
      // The message is in saveError; the modal stays open with the toggles as the admin set them.
    }
  };

  const element = (
    <Modal
      {...modalProps}
      title="Edit Shop"
      okText="Update Shop"
      width={560}
      centered
      okButtonProps={{ ...modalProps.okButtonProps, disabled: !shop || modalProps.okButtonProps?.disabled }}
    >
      <Form<ShopFlags> {...formProps} onFinish={onFinish} layout="vertical" name="shop-edit">
        {shop ? (
          <>
            <ShopDetails shop={shop} />
            {saveError ? (
              <Alert className="shop-edit__error" type="error" showIcon message="Could not update the shop" description={saveError} />
            ) : null}
            <div className="shop-edit__toggles">
              <Form.Item name="isActive" label="Active Status" valuePropName="checked" extra="Inactive shops are hidden from public view">
                <Switch />
              </Form.Item>
              <Form.Item
                name="isVerified"
                label="Verified Status"
                valuePropName="checked"
                extra="Verified shops show a badge and rank higher in search"
              >
                <Switch />
              </Form.Item>
            </div>
          </>
        ) : (
          <div className="shop-edit__loading">
            <Spin aria-label="Loading shop" />
          </div>
        )}
      </Form>
      {shop ? <AuditHistory targetType="shop" targetId={shop.id} /> : null}
    </Modal>
  );

  return {
    show: (shopId: string) => {
      setSaveError(undefined);
      show(shopId);
    },
    element,
  };
}
