// The Order Details modal's sections, each a labelled region read off the row's order.
import type { ReactNode } from "react";
import { Descriptions } from "antd";
import type { DescriptionsProps } from "antd";
import { Address } from "@/components/value/address";
import { Amount } from "@/components/value/amount";
import { OrderStatusBadge } from "@/components/value/badges";
import { Picture } from "@/components/value/picture";
import { formatDate } from "@/utils/format";
import type { Order } from "@contract";
import { orderThumbnail, orderTitle } from "./order-text";

type Items = NonNullable<DescriptionsProps["items"]>;

const NA = "N/A";
const text = (value: string | number | null | undefined): ReactNode => (value === null || value === undefined || value === "" ? NA : value);

export function DetailsSection({ id, title, items, children }: { id: string; title: string; items?: Items; children?: ReactNode }) {
  const headingId = `order-details-${id}`;
  return (
    <section className="order-details__section" aria-labelledby={headingId}>
      <h3 id={headingId} className="order-details__heading">
        {title}
      </h3>
      {items?.length ? <Descriptions size="small" bordered column={1} items={items} /> : null}
      {children}
    </section>
  );
}

export function OrderStatusSection({ order }: { order: Order }) {
  const items: Items = [{ key: "status", label: "Status", children: <OrderStatusBadge status={order.status} /> }];
  // The times are listed only when the order has reached them.
  if (order.createdAt) items.push({ key: "created", label: "Created", children: formatDate(order.createdAt) });
  if (order.confirmedAt) items.push({ key: "confirmed", label: "Confirmed", children: formatDate(order.confirmedAt) });
  if (order.shippedAt) items.push({ key: "shipped", label: "Shipped", children: formatDate(order.shippedAt) });
  return <DetailsSection id="status" title="Order Status" items={items} />;
}

export function ProductSection({ order }: { order: Order }) {
  const image = orderThumbnail(order);
  const snapshot = order.productSnapshot;
  const items: Items = [
    { key: "title", label: "Title", children: orderTitle(order) },
    { key: "description", label: "Description", children: text(snapshot?.description) },
    { key: "quantity", label: "Quantity", children: text(order.quantity) },
  ];
  if (snapshot?.price !== undefined && snapshot.price !== null) {
    items.push({ key: "price", label: "Unit Price", children: <Amount value={snapshot.price} currency={order.currency} /> });
  }
  items.push({ key: "total", label: "Total Price", children: <Amount value={order.totalPrice} currency={order.currency} /> });
  return (
    <DetailsSection id="product" title="Product Information">
      <div className="order-details__product">
        <Picture className="order-details__image" src={image} alt={orderTitle(order)} size={96} />
        <Descriptions size="small" bordered column={1} items={items} />
      </div>
    </DetailsSection>
  );
}

export function ShopSection({ order }: { order: Order }) {
  const shop = order.shopSnapshot;
  const name = shop?.name ? (
    <span className="order-details__shop">
      <Picture className="order-details__shop-logo" src={shop.logo} alt="" size={24} />
      {shop.name}
    </span>
  ) : (
    NA
  );
  return (
    <DetailsSection
      id="shop"
      title="Shop Information"
      items={[
        { key: "name", label: "Name", children: name },
        { key: "category", label: "Category", children: text(shop?.category) },
      ]}
    />
  );
}

function wallet(value: string | null | undefined, order: Order) {
  return <Address value={value} display={value ?? ""} kind="address" cluster={order.cluster} />;
}

export function BuyerSection({ order }: { order: Order }) {
  return (
    <DetailsSection
      id="buyer"
      title="Buyer"
      items={[
        { key: "wallet", label: "Wallet", children: wallet(order.buyerWalletAddress, order) },
        { key: "contact", label: "Contact", children: text(order.buyerContactInfo) },
        { key: "address", label: "Shipping Address", children: text(order.buyerShippingAddress) },
      ]}
    />
  );
}

export function SellerSection({ order }: { order: Order }) {
  return (
    <DetailsSection
      id="seller"
      title="Seller"
      items={[
        { key: "wallet", label: "Wallet", children: wallet(order.sellerWalletAddress, order) },
        { key: "contact", label: "Contact", children: text(order.sellerContactInfo) },
      ]}
    />
  );
}

/** Shown only when the order has any shipping information at all. */
export function hasShipping(order: Order): boolean {
  return Boolean(order.shippingState || order.trackingInfo || order.shippingNotes);
}

export function ShippingSection({ order }: { order: Order }) {
  return (
    <DetailsSection
      id="shipping"
      title="Shipping Information"
      items={[
        { key: "state", label: "Shipping State", children: text(order.shippingState) },
        { key: "tracking", label: "Tracking", children: text(order.trackingInfo) },
        { key: "notes", label: "Shipping Notes", children: text(order.shippingNotes) },
      ]}
    />
  );
}

export function BlockchainSection({ order }: { order: Order }) {
  const cluster = order.cluster;
  return (
    <DetailsSection
      id="blockchain"
      title="Blockchain Information"
      items={[
        {
          key: "escrow",
          label: "Escrow Address",
          children: <Address value={order.escrowPDA} display={order.escrowPDA ?? ""} kind="address" cluster={cluster} />,
        },
        {
          key: "signature",
          label: "Transaction Signature",
          children: <Address value={order.transactionSignature} display={order.transactionSignature ?? ""} kind="tx" cluster={cluster} />,
        },
      ]}
    />
  );
}

export function NotesSection({ order }: { order: Order }) {
  return (
    <DetailsSection id="notes" title="Order Notes">
      <p className="order-details__notes">{order.notes?.trim() || "No notes"}</p>
    </DetailsSection>
  );
}
