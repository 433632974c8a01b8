// Copyable text (an order id): antd's copyable Typography.Text, and a live region saying 'Copied'.
import type { ReactNode } from "react";
import { Typography } from "antd";
import { useCopied } from "./copy-button";
import "@/styles/kit.css";

export interface CopyTextProps {
  /** What is copied. */
  value: string;
  /** What is shown (a shortened id). */
  children: ReactNode;
  /** The button's name and hint, e.g. "Copy order id". */
  label: string;
  className?: string;
}

/**
 * Text with a link-coloured copy icon after it: antd's copyable Typography.Text, its tooltip saying the
 * label, then 'Copied' (antd's own timing), and a live region saying it to screen readers.
 */
export function CopyText({ value, children, label, className }: CopyTextProps) {
  const { copied, confirm } = useCopied();
  return (
    <Typography.Text className={className} copyable={{ text: value, tooltips: [label, "Copied"], onCopy: confirm }}>
      {children}
      <span className="kit-visually-hidden" role="status" aria-live="polite">
        {copied ? "Copied" : ""}
      </span>
    </Typography.Text>
  );
}
