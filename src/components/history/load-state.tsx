// What a history-like list (the audit history, an order's timeline) shows before its entries: a
// load failure with a Retry, or that it is loading.
import { Button, Spin } from "antd";
import type { HttpError } from "@refinedev/core";
import { errorMessage } from "@/components/list/list-error";

interface Loadable {
  isError: boolean;
  error: HttpError | null;
  isFetching: boolean;
  refetch: () => unknown;
}

/** The failure of `query` with a Retry; `what` names the list ("the history"). Null while it has not failed. */
export function LoadFailed({ query, what }: { query: Loadable; what: string }) {
  if (!query.isError) return null;
  return (
    <div className="kit-history__error" role="alert">
      <span>
        Could not load {what}: {errorMessage(query.error)}
      </span>
      <Button size="small" onClick={() => void query.refetch()} loading={query.isFetching}>
        Retry
      </Button>
    </div>
  );
}

export function Loading({ text }: { text: string }) {
  return (
    <div className="kit-history__muted" role="status">
      <Spin size="small" /> {text}
    </div>
  );
}
