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
