// A link to a record's URL that keeps the list's query string (page, filters), so the record opens
// over the very view it was clicked in; it is a real link, so it also opens in a new tab.
import type { ReactNode } from "react";
import { Link, useLocation } from "react-router";
import { useNavigation, type BaseKey } from "@refinedev/core";

export function RecordLink({ resource, id, children, label }: { resource: string; id: BaseKey; children: ReactNode; label?: string }) {
  const { showUrl } = useNavigation();
  const { search } = useLocation();
  return (
    <Link className="record-link" to={`${showUrl(resource, id)}${search}`} aria-label={label}>
      {children}
    </Link>
  );
}
