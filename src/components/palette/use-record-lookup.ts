// The command palette's record lookup: once typing pauses, the text is looked up as an order id
// (GET one order), a user's name or wallet (the SPEC's user search) and a product's or shop's name
// (their lists' search), a few of each, through Refine's data provider. A lookup that fails or that
// the API does not have adds nothing: the palette stays quiet (no toast, no error line).
import { useEffect, useState } from "react";
import { useQuery } from "@tanstack/react-query";
import { useDataProvider, type BaseRecord, type DataProvider } from "@refinedev/core";
import { SHORTEN } from "@/config";
import { endpoints } from "@/providers/endpoints";
import { adminResources } from "@/resources";
import { head, shortWallet } from "@/utils/format";
import type { Order, PagedList, Product, Shop, User } from "@contract";
import type { RecordType } from "@/components/record/record-url";

/** How long typing must pause before the lookup is sent. */
export const LOOKUP_DEBOUNCE_MS = 300;
/** Results per kind of record. */
export const LOOKUP_LIMIT = 4;
/** Shorter texts are not looked up (too many matches to mean anything). */
export const LOOKUP_MIN_LENGTH = 2;

export interface RecordHit {
  type: RecordType;
  id: string;
  /** "Open user Alice" */
  name: string;
  /** What else identifies it: a wallet, a status. */
  subtitle?: string;
}

const NONE: RecordHit[] = [];

// Order ids are long opaque keys: only text that could be one is asked for.
const ORDER_ID = /^[\w-]{8,}$/;

const listPath = (name: string) => adminResources.find((entry) => entry.resource.name === name)?.api?.list ?? "";

const contains = (value: string | null | undefined, text: string) => Boolean(value?.toLowerCase().includes(text.toLowerCase()));

/** The items of a paged answer, or [] for anything else. */
const itemsOf = <T>(data: unknown): T[] => {
  const page = data as Partial<PagedList<T>> | T[] | null;
  return Array.isArray(page) ? page : Array.isArray(page?.items) ? page.items : [];
};

async function lookUp(provider: DataProvider, text: string): Promise<RecordHit[]> {
  const quietly = <T>(call: () => Promise<T[]>) => call().catch(() => [] as T[]);
  const [orders, users, products, shops] = await Promise.all([
    quietly(async () => (ORDER_ID.test(text) ? [(await provider.getOne<Order>({ resource: "orders", id: text })).data] : [])),
    quietly(async () => {
      const { data } = await provider.custom!<BaseRecord>({ url: endpoints.userSearch(text), method: "get", query: { limit: LOOKUP_LIMIT } });
      return itemsOf<User>(data);
    }),
    quietly(async () => {
      // The title search is beyond SPEC: an API without it answers its first page, which is filtered here.
      const { data } = await provider.custom!<BaseRecord>({ url: listPath("products"), method: "get", query: { search: text, limit: LOOKUP_LIMIT } });
      return itemsOf<Product>(data).filter((product) => contains(product.title, text));
    }),
    quietly(async () => {
      const { data } = await provider.getList<Shop>({
        resource: "shops",
        filters: [{ field: "search", operator: "eq", value: text }],
        pagination: { currentPage: 1, pageSize: LOOKUP_LIMIT },
      });
      return data;
    }),
  ]);
  return [
    ...orders.filter((order) => order?.id).map((order) => ({ type: "order" as const, id: String(order.id), name: `Open order ${head(String(order.id), SHORTEN.orderId)}`, subtitle: order.status })),
    ...users.slice(0, LOOKUP_LIMIT).map((user) => ({
      type: "user" as const,
      id: String(user.id),
      name: `Open user ${user.displayName || shortWallet(user.publicKey)}`,
      subtitle: user.publicKey,
    })),
    ...products.slice(0, LOOKUP_LIMIT).map((product) => ({ type: "product" as const, id: String(product.id), name: `Open product ${product.title}`, subtitle: product.category ?? undefined })),
    ...shops.slice(0, LOOKUP_LIMIT).map((shop) => ({ type: "shop" as const, id: String(shop.id), name: `Open shop ${shop.name}`, subtitle: shop.category ?? undefined })),
  ];
}

/** The records `text` names, once typing has paused; `searching` while a lookup is on its way. */
export function useRecordLookup(text: string): { hits: RecordHit[]; term: string; searching: boolean } {
  const provider = useDataProvider()();
  const [term, setTerm] = useState("");
  useEffect(() => {
    const next = text.trim();
    const timer = setTimeout(() => setTerm(next), LOOKUP_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text]);
  const enabled = term.length >= LOOKUP_MIN_LENGTH;
  const query = useQuery({
    queryKey: ["palette", "records", term],
    queryFn: () => lookUp(provider, term),
    enabled,
    staleTime: 30_000,
    retry: false,
  });
  // The same empty list every time: the palette re-registers its actions when the hits change.
  return { hits: (enabled && query.data) || NONE, term, searching: enabled && query.isFetching };
}
