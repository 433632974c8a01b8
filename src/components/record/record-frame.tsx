// What every record opened by URL shows around its details: the breadcrumb back to its list (the
// list keeps its page and filters), and — while a shared or reloaded link reads the record — a
// spinner, or the load error with Retry (a record that does not exist says so).
import type { ReactNode } from "react";
import { Breadcrumb } from "antd";
import type { HttpError } from "@refinedev/core";
import { ListError } from "@/components/list/list-error";
import { LoadingStatus } from "@/components/loading-status";
import "./record.css";

export interface RecordFrameProps {
  /** The list's label, e.g. "Orders". */
  section: string;
  /** The record's name in the breadcrumb, e.g. "Order 1a2b3c4d". */
  name?: string;
  /** The list's URL with its page and filters; following it closes the record. */
  backHref: string;
  onBack: () => void;
  loading?: boolean;
  error?: HttpError | null;
  onRetry?: () => void;
  children?: ReactNode;
}

/** The way back from a record to its list: "Orders / Order 1a2b3c4d". */
export function RecordCrumbs({ section, name, backHref, onBack }: Pick<RecordFrameProps, "section" | "name" | "backHref" | "onBack">) {
  const items = [
    {
      title: (
        <a
          href={backHref}
          onClick={(event) => {
            event.preventDefault();
            onBack();
          }}
        >
          {section}
        </a>
      ),
    },
    ...(name ? [{ title: <span aria-current="page">{name}</span> }] : []),
  ];
  return <Breadcrumb className="record-frame__crumbs" items={items} />;
}

export function RecordFrame({ section, name, backHref, onBack, loading, error, onRetry, children }: RecordFrameProps) {
  return (
    <>
      <RecordCrumbs section={section} name={name} backHref={backHref} onBack={onBack} />
      {error ? (
        <ListError
          error={error}
          title={error.statusCode === 404 ? "This record does not exist" : "Could not load this record"}
          onRetry={() => onRetry?.()}
        />
      ) : loading ? (
        <LoadingStatus />
      ) : (
        children
      )}
    </>
  );
}
