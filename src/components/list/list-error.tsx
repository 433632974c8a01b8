// A list that failed to load says so, with a way to try again.
import type { ReactNode } from "react";
import { Alert, Button } from "antd";
import "@/styles/kit.css";

export interface ListErrorProps {
  /** The query's error: an HttpError from http.ts, an Error, or anything with a message. */
  error: unknown;
  onRetry: () => void;
  /** True while the retry is in flight. */
  retrying?: boolean;
  title?: ReactNode;
}

export function errorMessage(error: unknown): string {
  if (typeof error === "string" && error) return error;
  if (error && typeof error === "object" && "message" in error) {
    const { message } = error as { message: unknown };
    if (typeof message === "string" && message) return message;
  }
  return "Something went wrong!";
}

export function ListError({ error, onRetry, retrying = false, title = "Could not load this list" }: ListErrorProps) {
  return (
    <Alert
      className="kit-list-error"
      type="error"
      showIcon
      message={title}
      description={errorMessage(error)}
      action={
        <Button size="small" danger onClick={onRetry} loading={retrying}>
          Retry
        </Button>
      }
    />
  );
}

/** What QueryError reads of a React Query query (Refine's hooks hand theirs out as `query`). */
export interface FailedQuery {
  error: unknown;
  isFetching: boolean;
  refetch: () => Promise<unknown>;
}

/** A query that failed: its error, and a Retry that asks again (spinning while it does). */
export function QueryError({ query, title }: { query: FailedQuery; title?: ReactNode }) {
  return <ListError title={title} error={query.error} onRetry={() => void query.refetch()} retrying={query.isFetching} />;
}
