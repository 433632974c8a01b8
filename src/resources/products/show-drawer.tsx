// A product's own page, /products/:id: a drawer over the list with what the row cannot hold (every
// image, the full description, the status reason, deletion, dates) and its admin history. Read by
// GET /products/:id when the page does not hold it; the row actions stay in the list, but a deleted
// product offers Restore here (beyond the core API: left out when the API has no trash). It names
// and links its shop.
import { Button, Descriptions, Drawer, Grid } from "antd";
import { RollbackOutlined } from "@ant-design/icons";
import { useOne, type HttpError } from "@refinedev/core";
import type { Product, Shop } from "@contract";
import { AuditHistory } from "@/components/history/audit-history";
import { RecordFrame } from "@/components/record/record-frame";
import { RecordLink } from "@/components/record/record-link";
import type { RoutedRecord } from "@/components/routing/use-record-route";
import { FlagBadge } from "@/components/value/badges";
import { formatDate } from "@/utils/format";
import { Amount } from "@/components/value/amount";
import { Picture } from "@/components/value/picture";
import { DeletedBy } from "./columns";

interface ProductShowProps {
  details: RoutedRecord<Product>;
  /** Restore with a reason (use-product-actions.tsx); undefined when the API has no trash. */
  restore?: (product: Product) => Promise<boolean>;
}

export function ProductShowDrawer({ details, restore }: ProductShowProps) {
  const wide = Grid.useBreakpoint().md === true;
  const product = details.record;
  return (
    <Drawer
      open={details.id !== undefined}
      onClose={details.close}
      title={product ? product.title : "Product"}
      width={wide ? 560 : "100%"}
      destroyOnHidden
      className="product-show"
      extra={
        product?.isDeleted && restore ? (
          <Button aria-label={`Restore "${product.title}"`} icon={<RollbackOutlined />} onClick={() => void restore(product)}>
            Restore
          </Button>
        ) : null
      }
    >
      <RecordFrame
        section="Products"
        name={product?.title}
        backHref={details.listHref}
        onBack={details.close}
        loading={details.loading}
        error={details.error}
        onRetry={details.retry}
      >
        {product ? <ProductShow product={product} /> : null}
      </RecordFrame>
    </Drawer>
  );
}

/** The product's shop by name (GET /admin/shops/:id, a core call), a link to it; until then, or if it cannot be read, "Open the shop". */
function ProductShop({ shopId }: { shopId: string }) {
  const { result } = useOne<Shop, HttpError>({ resource: "shops", id: shopId, errorNotification: false, queryOptions: { retry: false } });
  return (
    <RecordLink resource="shops" id={shopId}>
      {result?.name || "Open the shop"}
    </RecordLink>
  );
}

function ProductShow({ product }: { product: Product }) {
  const images = product.images ?? [];
  return (
    <>
      {images.length > 0 ? (
        <div className="product-show__images">
          {images.map((image, index) => (
            <Picture
              key={index}
              src={image.url || image.thumbnailUrl}
              alt={`${product.title}, picture ${index + 1}`}
              size={120}
              className="product-show__image"
            />
          ))}
        </div>
      ) : null}
      <Descriptions
        column={1}
        size="small"
        bordered
        items={[
          { key: "description", label: "Description", children: product.description?.trim() || "N/A" },
          { key: "price", label: "Price", children: <Amount value={product.price} currency={product.currency} /> },
          { key: "category", label: "Category", children: product.category || "N/A" },
          { key: "stock", label: "Stock", children: product.stockQuantity },
          { key: "featured", label: "Featured", children: product.isFeatured ? "Yes" : "No" },
          {
            key: "status",
            label: "Status",
            children: <FlagBadge value={product.isActive} trueText="Active" falseText="Inactive" />,
          },
          ...(product.statusReason ? [{ key: "reason", label: "Status reason", children: product.statusReason }] : []),
          ...(product.isDeleted
            ? [
                { key: "deleted", label: "Deleted", children: formatDate(product.deletedAt) },
                ...(product.deletedBy ? [{ key: "deletedBy", label: "Deleted by", children: <DeletedBy product={product} /> }] : []),
                { key: "deleteReason", label: "Deletion reason", children: product.deleteReason || "No reason given" },
              ]
            : []),
          ...(product.shopId
            ? [
                {
                  key: "shop",
                  label: "Shop",
                  children: <ProductShop shopId={product.shopId} />,
                },
              ]
            : []),
          { key: "created", label: "Created", children: formatDate(product.createdAt) },
          { key: "updated", label: "Updated", children: formatDate(product.updatedAt) },
        ]}
      />
      <AuditHistory targetType="product" targetId={product.id} />
    </>
  );
}
