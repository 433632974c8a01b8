// Order Management: the table's columns, in their fixed order.
import type { ColumnsType, SortOrder } from "antd/es/table/interface";
import { EyeOutlined } from "@ant-design/icons";
import { actionsColumn, RowAction } from "@/components/list/row-actions";
import { SHORTEN } from "@/config";
import type { DialogIntent } from "@/components/routing/lazy-dialog";
import { Address } from "@/components/value/address";
import { Amount } from "@/components/value/amount";
import { CopyText } from "@/components/value/copy-text";
import { OrderStatusBadge } from "@/components/value/badges";
import { Picture } from "@/components/value/picture";
import { formatDate, head } from "@/utils/format";
import type { Order } from "@contract";
import { AssigneeTag } from "./assignee";
import { DisputeDeadline } from "./dispute-deadline";
import { orderThumbnail, orderTitle } from "./order-text";

import { DEADLINE_SORT } from "./deadline-sort";

export { DEADLINE_SORT };

export interface OrderColumnOptions {
  /** The marketplace's dispute resolution limit (seconds); without it there is no Deadline column. */
  disputeLimit?: number;
  /** The Deadline column's sort as the table's sorters hold it. */
  deadlineSort?: SortOrder;
  /** The View buttons' pointer and focus handlers (they fetch the details' code). */
  viewIntent?: DialogIntent;
  /** A phone: the reduced set, each order's summary (id, status, title, amount, deadline) and its actions. */
  phone?: boolean;
  /** Beyond the core API: who took each dispute (the session admin's wallet, to say "You"); no column without it. */
  assignee?: { me: string | undefined };
}

export function orderColumns(
  onView: (order: Order) => void,
  { disputeLimit, deadlineSort = null, viewIntent, phone = false, assignee }: OrderColumnOptions = {},
): ColumnsType<Order> {
  const actions = actionsColumn<Order>(
    (order) => (
      <RowAction
        hint="View details"
        label={`View details of order ${order.id.slice(0, SHORTEN.orderId)}`}
        icon={<EyeOutlined />}
        onClick={() => onView(order)}
        {...viewIntent}
      />
    ),
    64,
  );
  // Nine columns need a laptop: a phone gets what an admin works from without scrolling sideways.
  if (phone)
    return [
      { title: "Order", key: "summary", render: (_, order) => <OrderSummary order={order} limit={disputeLimit} assignee={assignee} /> },
      actions,
    ];
  // Beyond the core API, so only when it has something to say: each dispute's time left, sortable.
  const deadline: ColumnsType<Order> =
    disputeLimit === undefined
      ? []
      : [
          {
            title: "Deadline",
            key: DEADLINE_SORT,
            sorter: true,
            sortDirections: ["ascend"],
            sortOrder: deadlineSort,
            showSorterTooltip: { title: "Disputes first, the nearest deadline first" },
            render: (_, order) => <DisputeDeadline order={order} limit={disputeLimit} />,
          },
        ];
  return [
    {
      title: "Order ID",
      dataIndex: "id",
      key: "id",
      render: (id: string) => (
        <CopyText className="mono" value={id} label="Copy order id">
          {head(id, SHORTEN.orderId)}
        </CopyText>
      ),
    },
    {
      title: "Image",
      key: "thumbnail",
      width: 64,
      render: (_, order) => <OrderThumbnail src={orderThumbnail(order)} />,
    },
    {
      title: "Product",
      key: "title",
      render: (_, order) => (
        <div className="orders-title">
          <span className="orders-title__text">{orderTitle(order)}</span>
          <span className="orders-title__qty">Qty: {order.quantity ?? "N/A"}</span>
        </div>
      ),
    },
    {
      title: "Buyer",
      dataIndex: "buyerWalletAddress",
      key: "buyer",
      render: (wallet: string | null | undefined, order) => (
        <Address value={wallet} display={head(wallet, SHORTEN.orderWallet)} kind="address" cluster={order.cluster} />
      ),
    },
    {
      title: "Seller",
      dataIndex: "sellerWalletAddress",
      key: "seller",
      render: (wallet: string | null | undefined, order) => (
        <Address value={wallet} display={head(wallet, SHORTEN.orderWallet)} kind="address" cluster={order.cluster} />
      ),
    },
    {
      title: "Amount",
      key: "amount",
      align: "right",
      render: (_, order) => <Amount className="orders-amount" value={order.totalPrice} currency={order.currency} />,
    },
    {
      title: "Status",
      dataIndex: "status",
      key: "status",
      // Who took the dispute goes under its status, not in a column of its own: the table fits a laptop.
      render: (status: Order["status"], order) => (
        <div className="orders-status">
          <OrderStatusBadge status={status} />
          {assignee ? <AssigneeTag wallet={order.assignedTo} me={assignee.me} /> : null}
        </div>
      ),
    },
    ...deadline,
    {
      title: "Date",
      dataIndex: "createdAt",
      key: "createdAt",
      render: (createdAt: Order["createdAt"]) => <OrderDate value={createdAt} />,
    },
    actions,
  ];
}

/** A phone's row: id and status, the product's title, the amount and, for a dispute, its deadline. */
function OrderSummary({ order, limit, assignee }: { order: Order; limit: number | undefined; assignee: OrderColumnOptions["assignee"] }) {
  const title = orderTitle(order);
  return (
    <div className="orders-summary">
      <div className="orders-summary__head">
        <CopyText className="mono" value={order.id} label="Copy order id">
          {head(order.id, SHORTEN.orderId)}
        </CopyText>
        <OrderStatusBadge status={order.status} />
        {assignee ? <AssigneeTag wallet={order.assignedTo} me={assignee.me} /> : null}
      </div>
      <span className="orders-summary__title" title={title}>
        {title}
      </span>
      <Amount className="orders-amount" value={order.totalPrice} currency={order.currency} />
      <DisputeDeadline order={order} limit={limit} />
    </div>
  );
}

/** A fixed-size slot, so rows line up whether or not the product has a picture. */
function OrderThumbnail({ src }: { src: string | undefined }) {
  return <Picture className="orders-thumb" src={src} alt="" size={40} />;
}

/** Date over time ("3/4/25," / "3:06 PM"), so the column stays narrow enough for the table to fit a laptop. */
function OrderDate({ value }: { value: Order["createdAt"] }) {
  const [date, time] = formatDate(value).split(", ");
  return (
    <span className="orders-date">
      <span>{time ? `${date},` : date}</span> {time ? <span>{time}</span> : null}
    </span>
  );
}
