// The Order Details modal's sections, each a labelled region read off the row's order. The order
// links to its product, its shop, and its buyer's and seller's user records (all core calls).
import type { ReactNode } from "react";
import { Descriptions } from "antd";
import type { DescriptionsProps } from "antd";
import { useCustom, type HttpError } from "@refinedev/core";
import { itemsOf } from "@/components/palette/record-lookup";
import { RecordLink } from "@/components/record/record-link";
import { endpoints } from "@/providers/endpoints";
import { Address } from "@/components/value/address";
import { Amount } from "@/components/value/amount";
import { OrderStatusBadge } from "@/components/value/badges";
import { Picture } from "@/components/value/picture";
import { formatDate, userLabel } from "@/utils/format";
import type { Order, PagedList, User } from "@contract";
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
    {
      key: "title",
      label: "Title",
      children: order.productId ? (
        <RecordLink resource="products" id={order.productId}>
          {orderTitle(order)}
        </RecordLink>
      ) : (
        orderTitle(order)
      ),
    },
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
      {order.shopId ? (
        <RecordLink resource="shops" id={order.shopId}>
          {shop.name}
        </RecordLink>
      ) : (
        shop.name
      )}
    </span>
  ) : order.shopId ? (
    <RecordLink resource="shops" id={order.shopId}>
      Open the shop
    </RecordLink>
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

/** Users holding this wallet are few (one, in any marketplace): the search's first page covers them. */
const WALLET_MATCHES = 10;

/**
 * The user whose wallet is `wallet`, found by the users' search (GET /users/search/{term}, a core
 * call matching the wallet), or undefined while it is not known or when no user holds it.
 */
function useUserOfWallet(wallet: string | null | undefined): User | undefined {
  const { query } = useCustom<PagedList<User>, HttpError>({
    url: endpoints.userSearch(wallet ?? ""),
    method: "get",
    config: { query: { limit: WALLET_MATCHES } },
    // A user that cannot be found is simply not linked.
    errorNotification: false,
    queryOptions: { enabled: Boolean(wallet), retry: false },
  });
  return itemsOf<User>(query.data?.data).find((user) => user.publicKey === wallet);
}

/** The party's user record, as a row of its section, once found. */
function userItem(user: User | undefined): Items {
  if (!user) return [];
  return [
    {
      key: "user",
      label: "User",
      children: (
        <RecordLink resource="users" id={user.id}>
          {userLabel(user)}
        </RecordLink>
      ),
    },
  ];
}

export function BuyerSection({ order }: { order: Order }) {
  return (
    <PartySection
      id="buyer"
      title="Buyer"
      order={order}
      wallet={order.buyerWalletAddress}
      contact={order.buyerContactInfo}
      extra={[{ key: "address", label: "Shipping Address", children: text(order.buyerShippingAddress) }]}
    />
  );
}

export function SellerSection({ order }: { order: Order }) {
  return <PartySection id="seller" title="Seller" order={order} wallet={order.sellerWalletAddress} contact={order.sellerContactInfo} />;
}

interface PartySectionProps {
  id: string;
  title: string;
  order: Order;
  wallet: Order["buyerWalletAddress"];
  contact: Order["buyerContactInfo"];
  /** What only this side of the order has (the buyer's shipping address). */
  extra?: Items;
}

/** A side of the order (buyer or seller): the user behind the wallet, the wallet and the contact. */
function PartySection({ id, title, order, wallet: address, contact, extra = [] }: PartySectionProps) {
  const user = useUserOfWallet(address);
  return (
    <DetailsSection
      id={id}
      title={title}
      items={[
        ...userItem(user),
        { key: "wallet", label: "Wallet", children: wallet(address, order) },
        { key: "contact", label: "Contact", children: text(contact) },
        ...extra,
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
