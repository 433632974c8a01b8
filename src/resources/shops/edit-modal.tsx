// The Edit Shop modal: the shop's details read-only (GET /admin/shops/:id), the Active
// Status and Verified Status toggles, 'Update Shop', and the shop's history; beyond the core API,
// its product and order counts open those lists narrowed to the shop, and its owner opens the user. A
// lazy dialog of the Shops screen (list.tsx), which it opens at /shops/:id.
import { Descriptions, Form, Switch } from "antd";
import { SHORTEN } from "@/config";
import type { EditDialogProps } from "@/components/forms/edit-dialog";
import { useEditModal } from "@/components/forms/edit-modal";
import { FilteredListLink } from "@/components/record/filtered-list-link";
import { useListFilterSupport } from "@/components/record/list-filter-support";
import { RecordLink } from "@/components/record/record-link";
import { Address } from "@/components/value/address";
import { Badge } from "@/components/value/badges";
import { head } from "@/utils/format";
import type { Shop } from "@contract";
import { shopFlagsBody, type ShopFlags } from "./flags";

const count = (value: number | undefined) => (value ?? 0).toLocaleString("en-US");

function ModalOwner({ seller }: { seller: Shop["seller"] }) {
  // The owner's record, when the shop names it (GET /users/:id, a core call).
  if (seller?.id) {
    return (
      <RecordLink resource="users" id={seller.id}>
        {seller.displayName || head(seller.publicKey, SHORTEN.shopOwnerModal)}
      </RecordLink>
    );
  }
  if (seller?.displayName) return <>{seller.displayName}</>;
  if (seller?.publicKey) return <Address value={seller.publicKey} display={head(seller.publicKey, SHORTEN.shopOwnerModal)} />;
  return <>Unknown</>;
}

/**
 * A count of the shop's products or orders: beyond the core API, a link to that list narrowed to the
 * shop, where the API applies the filter (list-filter-support.ts); a plain number otherwise.
 */
function CountLink({ shop, list, value, noun }: { shop: Shop; list: "products" | "orders"; value: number | undefined; noun: string }) {
  const applied = useListFilterSupport(list, "shopId");
  if (!applied || !value) return <>{count(value)}</>;
  return (
    <FilteredListLink resource={list} field="shopId" id={shop.id} label={`${count(value)} ${noun} of ${shop.name}`}>
      {count(value)}
    </FilteredListLink>
  );
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
        {
          key: "products",
          label: "Products",
          children: <CountLink shop={shop} list="products" value={shop.productCount} noun="products" />,
        },
        { key: "orders", label: "Orders", children: <CountLink shop={shop} list="orders" value={shop.orderCount} noun="orders" /> },
        { key: "views", label: "Views", children: count(shop.viewCount) },
      ]}
    />
  );
}

export function ShopEditModal({ request }: EditDialogProps<Shop>) {
  return useEditModal<Shop, ShopFlags>({
    resource: "shops",
    routed: true,
    request,
    recordName: (shop) => shop.name,
    action: "edit",
    noun: "shop",
    title: "Edit Shop",
    okText: "Update Shop",
    // Only the two flags: the read-only details are not form fields and are never sent.
    toBody: shopFlagsBody,
    history: "shop",
    successNotification: (data) => ({ type: "success", message: `"${data?.data.name ?? "Shop"}" updated` }),
    fields: (shop) =>
      shop ? (
        <>
          <ShopDetails shop={shop} />
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
      ) : null,
  });
}
