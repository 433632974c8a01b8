// A link to a record's URL that keeps the list's query string (page, filters) when the record is
// of the list it was clicked in, so the record opens over that very view; a record of another
// resource (an order's buyer) opens over its own list as it first shows. It is a real link, so it
// also opens in a new tab.
import type { ReactNode } from "react";
import { Link, useLocation } from "react-router";
import { useNavigation, type BaseKey } from "@refinedev/core";

export function RecordLink({ resource, id, children, label }: { resource: string; id: BaseKey; children: ReactNode; label?: string }) {
  const { showUrl, listUrl } = useNavigation();
  const { pathname, search } = useLocation();
  const list = listUrl(resource);
  // Another list's page and filters mean nothing to this one.
  const sameList = pathname === list || pathname.startsWith(`${list}/`);
  return (
    <Link className="record-link" to={`${showUrl(resource, id)}${sameList ? search : ""}`} aria-label={label}>
      {children}
    </Link>
  );
}
