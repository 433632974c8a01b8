// Copying a value: a small copy button that says 'Copied' for COPY_CONFIRM_MS after a
// successful copy, and copyable text (an order id) whose hint says it.
import { useEffect, useRef, useState, type ReactNode } from "react";
import classNames from "classnames";
import { CheckOutlined, CopyOutlined } from "@ant-design/icons-svg";
import { useRowClasses } from "@/components/antd/row-styles";
import { COPY_CONFIRM_MS } from "@/config";
import { Hint } from "./hint";
import { refreshHint } from "./hint-layer";
import { IconButton } from "./icon-button";
import { RowIcon } from "./row-icon";
import "@/styles/kit.css";

/** Writes to the clipboard; falls back to a hidden textarea where the async API is missing (plain http). */
export async function copyText(text: string): Promise<boolean> {
  try {
    if (navigator.clipboard?.writeText) {
      await navigator.clipboard.writeText(text);
      return true;
    }
  } catch {
    // Permission refused or not focused: try the old way below.
  }
  const area = document.createElement("textarea");
  area.value = text;
  area.setAttribute("readonly", "");
  area.style.position = "fixed";
  area.style.opacity = "0";
  document.body.appendChild(area);
  area.select();
  try {
    return document.execCommand?.("copy") ?? false;
  } catch {
    return false;
  } finally {
    area.remove();
  }
}

/** Copies `value` on `copy()`, then says so (`copied`) for COPY_CONFIRM_MS. */
function useCopied(value: string) {
  const [copied, setCopied] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const copy = async () => {
    if (!(await copyText(value))) return;
    clearTimeout(timer.current);
    setCopied(true);
    timer.current = setTimeout(() => setCopied(false), COPY_CONFIRM_MS);
  };
  return { copied, copy };
}

export interface CopyButtonProps {
  value: string;
  /** The accessible name, e.g. "Copy address". */
  label: string;
}

/** A small grey copy button, with 'Copied' beside it after a copy (addresses, signatures). */
export function CopyButton({ value, label }: CopyButtonProps) {
  const { copied, copy } = useCopied(value);
  return (
    <>
      <IconButton
        size="small"
        className="kit-icon-button"
        aria-label={label}
        icon={<RowIcon icon={copied ? CheckOutlined : CopyOutlined} />}
        onClick={() => void copy()}
      />
      {/* Announced by screen readers too; empty (not removed) so the live region stays in place. */}
      <span className="kit-copied" role="status" aria-live="polite">
        {copied ? "Copied" : ""}
      </span>
    </>
  );
}

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
 * Text with a link-coloured copy icon after it: antd's copyable Typography.Text, drawn by antd's styles
 * (row-styles.tsx), with the hint saying 'Copied' after a copy.
 */
export function CopyText({ value, children, label, className }: CopyTextProps) {
  const { copied, copy } = useCopied(value);
  const { typography, hash } = useRowClasses();
  const hint = copied ? "Copied" : label;
  const button = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (button.current) refreshHint(button.current);
  }, [hint]);
  return (
    <span className={classNames(typography, className, hash)}>
      {children}
      <Hint title={hint}>
        <button
          ref={button}
          type="button"
          className={classNames(`${typography}-copy`, copied && `${typography}-copy-success`)}
          aria-label={label}
          onClick={() => void copy()}
        >
          <RowIcon icon={copied ? CheckOutlined : CopyOutlined} />
        </button>
      </Hint>
      <span className="kit-visually-hidden" role="status" aria-live="polite">
        {copied ? "Copied" : ""}
      </span>
    </span>
  );
}
