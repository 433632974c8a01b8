// A record's URL (Refine's show route, e.g. /orders/:id) opens it over its list: the list stays
// mounted, and the query string — the list's page, filters and sort — travels both ways, so closing
// the record returns to the very view it was opened from, and a shared or reloaded link opens both.
import { useLocation } from "react-router";
import { useGo, useNavigation, useOne, useParsed, type BaseKey, type BaseRecord, type HttpError } from "@refinedev/core";
import { useStableCallback } from "@/utils/use-stable-callback";

export interface RecordRoute {
  /** The id in the URL, when a record is open. */
  id?: string;
  open: (id: BaseKey) => void;
  close: () => void;
  /** Where close goes, for a link: the list with the query string it was opened with. */
  listHref: string;
}

export function useRecordRoute(resource: string): RecordRoute {
  const { id } = useParsed();
  const go = useGo();
  const { listUrl } = useNavigation();
  const { search } = useLocation();
  // Stable (useGo's function is not), so that the rows that open records need not render again.
  const open = useStableCallback((recordId: BaseKey) =>
    go({ to: { resource, action: "show", id: recordId }, options: { keepQuery: true }, type: "push" }),
  );
  const close = useStableCallback(() => go({ to: { resource, action: "list" }, options: { keepQuery: true }, type: "push" }));
  return { id: id === undefined || id === "" ? undefined : String(id), open, close, listHref: `${listUrl(resource)}${search}` };
}

export interface RoutedRecord<TData> extends RecordRoute {
  /** The open record: its row of the loaded page, else read by id (a shared or reloaded link). */
  record?: TData;
  loading: boolean;
  error?: HttpError | null;
  retry: () => void;
}

/**
 * The record the URL names, for a screen that opens records over its list. The list's row is used
 * when the page holds it (what the admin clicked, no extra call); otherwise the resource's `one`
 * path is read.
 */
export function useRoutedRecord<TData extends BaseRecord>(resource: string, rows: readonly TData[] | undefined): RoutedRecord<TData> {
  const route = useRecordRoute(resource);
  const row = route.id === undefined ? undefined : rows?.find((candidate) => String(candidate.id) === route.id);
  const { result, query } = useOne<TData, HttpError>({
    resource,
    id: route.id ?? "",
    queryOptions: { enabled: route.id !== undefined && row === undefined },
    // The record's dialog says it in place, with Retry.
    errorNotification: false,
  });
  const fetched = route.id !== undefined && row === undefined;
  return {
    ...route,
    record: row ?? (fetched ? result : undefined),
    loading: fetched && query.isLoading,
    error: fetched ? query.error : undefined,
    retry: () => void query.refetch(),
  };
}
