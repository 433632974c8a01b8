// The Product Management table columns: image, title with description, price, category,
// stock, the featured star, status and the row actions; in the trash (the Deleted filter), who
// deleted each product, when and why, and Restore.
import { Button } from "antd";
import type { ColumnsType } from "antd/es/table";
import { CheckCircleOutlined, DeleteOutlined, RollbackOutlined, StarFilled, StarOutlined, StopOutlined } from "@ant-design/icons";
import { useAccess } from "@/components/access/use-access";
import { Hint } from "@/components/value/hint";
import { actionsColumn, RowAction, RowActions } from "@/components/list/row-actions";
import { RecordLink } from "@/components/record/record-link";
import { FlagBadge } from "@/components/value/badges";
import { Picture } from "@/components/value/picture";
import { Amount } from "@/components/value/amount";
import { Address } from "@/components/value/address";
import { SHORTEN } from "@/config";
import { formatDate, head } from "@/utils/format";
import type { Product } from "@contract";
import type { ProductRowActions } from "./use-product-actions";

/** The first image's thumbnail; 'No Img' without one, or when it does not load (an offline CDN). */
function ProductThumb({ product }: { product: Product }) {
  const first = product.images?.[0];
  // The title is in the next cell, so the picture needs no text of its own.
  return (
    <Picture
      className="kit-thumb product-thumb"
      src={first?.thumbnailUrl || first?.url}
      alt=""
      size={48}
      placeholder={<div className="kit-thumb product-thumb product-thumb--empty">No Img</div>}
    />
  );
}

function FeaturedStar({ product, actions }: { product: Product; actions: ProductRowActions }) {
  const busy = actions.busy(product.id) === "feature";
  const { allowed, reason } = useAccess({ resource: "products", action: "edit" });
  const hint = product.isFeatured ? "Remove from featured" : "Mark as featured";
  return (
    <Hint title={allowed ? hint : `${hint}: ${reason ?? "not allowed"}`}>
      <Button
        disabled={!allowed}
        type="text"
        aria-label={`Featured: ${product.title}`}
        aria-pressed={product.isFeatured}
        className={product.isFeatured ? "product-star product-star--on" : "product-star"}
        icon={product.isFeatured ? <StarFilled /> : <StarOutlined />}
        loading={busy}
        onClick={() => void actions.toggleFeatured(product)}
      />
    </Hint>
  );
}

function ProductActions({ product, actions }: { product: Product; actions: ProductRowActions }) {
  const busy = actions.busy(product.id);
  const verb = product.isActive ? "Disable" : "Enable";
  return (
    <RowActions>
      <RowAction
        hint={verb}
        access={{ resource: "products", action: "edit" }}
        label={`${verb} "${product.title}"`}
        icon={product.isActive ? <StopOutlined /> : <CheckCircleOutlined />}
        loading={busy === "active"}
        disabled={busy !== undefined && busy !== "active"}
        onClick={() => void actions.toggleActive(product)}
      />
      <RowAction
        hint="Delete"
        access={{ resource: "products", action: "delete" }}
        label={`Delete "${product.title}"`}
        danger
        icon={<DeleteOutlined />}
        loading={busy === "delete"}
        disabled={busy !== undefined && busy !== "delete"}
        onClick={() => void actions.remove(product)}
      />
    </RowActions>
  );
}

/** Who deleted the product: their display name, else their shortened wallet (the full one on hover). */
export function DeletedBy({ product }: { product: Product }) {
  const by = product.deletedBy;
  if (!by) return <span>an unknown admin</span>;
  return <Address value={by.publicKey} display={by.displayName || head(by.publicKey, SHORTEN.sidebarKey)} />;
}

/** When, by whom and why a product was deleted: the trash's column. */
function Deletion({ product }: { product: Product }) {
  return (
    <div className="product-deletion">
      <span>
        {formatDate(product.deletedAt)} by <DeletedBy product={product} />
      </span>
      <span className="product-deletion__reason">{product.deleteReason || "No reason given"}</span>
    </div>
  );
}

function RestoreAction({ product, actions }: { product: Product; actions: ProductRowActions }) {
  return (
    <RowActions>
      <RowAction
        hint="Restore"
        access={{ resource: "products", action: "edit" }}
        label={`Restore "${product.title}"`}
        icon={<RollbackOutlined />}
        loading={actions.busy(product.id) === "restore"}
        onClick={() => void actions.restore(product)}
      />
    </RowActions>
  );
}

export function productColumns(actions: ProductRowActions, { trash = false } = {}): ColumnsType<Product> {
  const listed = listedColumns(actions);
  if (!trash) return listed;
  // The trash keeps what names the product, adds what its deletion was, and offers only Restore.
  return [
    ...listed.filter((column) => NAMING.includes(String(column.key))),
    { key: "deleted", title: "Deleted", render: (_, product) => <Deletion product={product} /> },
    actionsColumn<Product>((product) => <RestoreAction product={product} actions={actions} />),
  ];
}

const NAMING = ["image", "title", "price", "category"];

function listedColumns(actions: ProductRowActions): ColumnsType<Product> {
  return [
    { key: "image", title: "Image", width: 72, render: (_, product) => <ProductThumb product={product} /> },
    {
      key: "title",
      title: "Title",
      render: (_, product) => (
        <div className="product-title">
          <RecordLink resource="products" id={product.id}>
            <span className="kit-cell-name">{product.title}</span>
          </RecordLink>
          {product.description ? <span className="kit-cell-detail product-title__description">{product.description}</span> : null}
        </div>
      ),
    },
    {
      key: "price",
      title: "Price",
      align: "right",
      render: (_, product) => <Amount className="product-price" value={product.price} currency={product.currency} />,
    },
    { key: "category", title: "Category", render: (_, product) => product.category || "N/A" },
    {
      key: "stock",
      title: "Stock",
      align: "right",
      render: (_, product) => (
        <span className={product.stockQuantity > 0 ? "product-stock product-stock--in" : "product-stock product-stock--out"}>
          {product.stockQuantity}
        </span>
      ),
    },
    {
      key: "featured",
      title: "Featured",
      align: "center",
      render: (_, product) => <FeaturedStar product={product} actions={actions} />,
    },
    {
      key: "status",
      title: "Status",
      render: (_, product) => <FlagBadge value={product.isActive} trueText="Active" falseText="Inactive" />,
    },
    actionsColumn<Product>((product) => <ProductActions product={product} actions={actions} />),
  ];
}
