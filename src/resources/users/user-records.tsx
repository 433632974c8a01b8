// A user's records, beyond the core API: their orders as buyer and as seller (each a link to the
// Orders list narrowed to them) and the shops they own (each shop a link to it, and all of them the
// Shops list narrowed to them). Shown in the user's record (edit-modal.tsx); each row only where
// the API applies its filter (list-filter-support.ts), the whole block not at all against the core API.
import { Descriptions } from "antd";
import type { DescriptionsProps } from "antd";
import { FilteredListLink, useFilteredRows, type FilteredRows } from "@/components/record/filtered-list-link";
import { RecordLink } from "@/components/record/record-link";
import type { Shop, User } from "@contract";

type Items = NonNullable<DescriptionsProps["items"]>;

/** The shops named one by one; a user owning more is sent to the Shops list for the rest. */
const SHOPS_SHOWN = 5;

const plural = (n: number, one: string, many: string) => `${n.toLocaleString("en-US")} ${n === 1 ? one : many}`;

function OrdersLink({ user, field, role, found }: { user: User; field: string; role: string; found: FilteredRows<unknown> }) {
  if (found.total === 0) return <>None</>;
  const count = plural(found.total, "order", "orders");
  return (
    <FilteredListLink resource="orders" field={field} id={user.id} label={`${count} as ${role}`}>
      {count}
    </FilteredListLink>
  );
}

function ShopLinks({ user, found }: { user: User; found: FilteredRows<Shop> }) {
  if (found.total === 0) return <>None</>;
  return (
    <ul className="user-records__shops">
      {found.rows.map((shop) => (
        <li key={shop.id}>
          <RecordLink resource="shops" id={shop.id}>
            {shop.name}
          </RecordLink>
        </li>
      ))}
      {found.total > found.rows.length ? (
        <li>
          <FilteredListLink resource="shops" field="sellerId" id={user.id}>
            All {plural(found.total, "shop", "shops")}
          </FilteredListLink>
        </li>
      ) : null}
    </ul>
  );
}

export function UserRecords({ user }: { user: User }) {
  const asBuyer = useFilteredRows("orders", "buyerId", user.id);
  const asSeller = useFilteredRows("orders", "sellerId", user.id);
  const shops = useFilteredRows<Shop>("shops", "sellerId", user.id, SHOPS_SHOWN);
  const items: Items = [];
  if (asBuyer)
    items.push({
      key: "buyer",
      label: "Orders as buyer",
      children: <OrdersLink user={user} field="buyerId" role="buyer" found={asBuyer} />,
    });
  if (asSeller)
    items.push({
      key: "seller",
      label: "Orders as seller",
      children: <OrdersLink user={user} field="sellerId" role="seller" found={asSeller} />,
    });
  if (shops) items.push({ key: "shops", label: "Shops", children: <ShopLinks user={user} found={shops} /> });
  if (items.length === 0) return null;
  // Drawn as the record's other section under the form, its history (kit.css).
  return (
    <section className="kit-history user-records" aria-labelledby="user-records-title">
      <h3 className="kit-history__title" id="user-records-title">
        Orders and shops
      </h3>
      <Descriptions size="small" bordered column={1} items={items} />
    </section>
  );
}
