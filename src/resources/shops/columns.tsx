// The Shop Management table columns: shop, owner, category, product count (hidden on
// small screens), active badge, verified icon and the edit action.
import type { ColumnsType } from "antd/es/table";
import { EditOutlined } from "@ant-design/icons";
import { SHORTEN } from "@/config";
import { actionsColumn, RowAction } from "@/components/list/row-actions";
import type { DialogIntent } from "@/components/routing/lazy-dialog";
import { Address } from "@/components/value/address";
import { Badge, FlagBadge, VerifiedMark } from "@/components/value/badges";
import { Picture } from "@/components/value/picture";
import { head } from "@/utils/format";
import type { Shop } from "@contract";

/** The logo, or the name's first letter when there is none or it does not load. */
export function ShopLogo({ shop }: { shop: Pick<Shop, "logo" | "name"> }) {
  const initial = (
    <span className="kit-thumb shop-logo shop-logo--placeholder" aria-hidden>
      {shop.name.trim().charAt(0).toUpperCase() || "?"}
    </span>
  );
  // The name is right next to it, so the picture needs no text of its own.
  return <Picture className="kit-thumb shop-logo" src={shop.logo} alt="" size={40} placeholder={initial} />;
}

export function ShopOwner({ seller, keyLength }: { seller: Shop["seller"]; keyLength: number }) {
  return (
    <div className="shop-owner">
      <span className="kit-cell-name">{seller?.displayName || "Unknown"}</span>
      {seller?.publicKey ? <Address value={seller.publicKey} display={head(seller.publicKey, keyLength)} /> : null}
    </div>
  );
}

/** `editIntent`: the Edit buttons' pointer and focus handlers (they fetch the modal's code). */
export function shopColumns(onEdit: (shop: Shop) => void, editIntent?: DialogIntent): ColumnsType<Shop> {
  return [
    {
      key: "shop",
      title: "Shop",
      render: (_, shop) => (
        <div className="shop-cell">
          <ShopLogo shop={shop} />
          <div className="shop-cell__text">
            <span className="kit-cell-name">{shop.name}</span>
            <span className="kit-cell-detail">{shop.slug}</span>
          </div>
        </div>
      ),
    },
    {
      key: "owner",
      title: "Owner",
      render: (_, shop) => <ShopOwner seller={shop.seller} keyLength={SHORTEN.shopOwnerList} />,
    },
    {
      key: "category",
      title: "Category",
      render: (_, shop) => (shop.category ? <Badge color="purple">{shop.category}</Badge> : "N/A"),
    },
    {
      key: "products",
      title: "Products",
      align: "right",
      // Hidden on small screens.
      responsive: ["md"],
      render: (_, shop) => shop.productCount ?? 0,
    },
    {
      key: "status",
      title: "Status",
      render: (_, shop) => <FlagBadge value={shop.isActive} trueText="Active" falseText="Inactive" falseColor="error" />,
    },
    {
      key: "verified",
      title: "Verified",
      align: "center",
      render: (_, shop) => <VerifiedMark verified={shop.isVerified} />,
    },
    actionsColumn<Shop>((shop) => (
      <RowAction
        hint="Edit"
        access={{ resource: "shops", action: "edit" }}
        label={`Edit "${shop.name}"`}
        icon={<EditOutlined />}
        onClick={() => onEdit(shop)}
        {...editIntent}
      />
    )),
  ];
}
