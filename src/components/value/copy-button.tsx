// Copying a value: a small copy button that says 'Copied' for COPY_CONFIRM_MS after a
// successful copy. Copyable text (an order id) is copy-text.tsx, apart: Typography stays out of the
// chunk of the shell's addresses.
import { useEffect, useRef, useState } from "react";
import { Button } from "antd";
import { CheckOutlined, CopyOutlined } from "@ant-design/icons";
import { COPY_CONFIRM_MS } from "@/config";
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

/** `copied` for COPY_CONFIRM_MS after each `confirm()`. */
export function useCopied() {
  const [copied, setCopied] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const confirm = () => {
    clearTimeout(timer.current);
    setCopied(true);
    timer.current = setTimeout(() => setCopied(false), COPY_CONFIRM_MS);
  };
  return { copied, confirm };
}

export interface CopyButtonProps {
  value: string;
  /** The accessible name, e.g. "Copy address". */
  label: string;
}

/** A small grey copy button, with 'Copied' beside it after a copy (addresses, signatures). */
export function CopyButton({ value, label }: CopyButtonProps) {
  const { copied, confirm } = useCopied();
  const copy = async () => {
    if (await copyText(value)) confirm();
  };
  return (
    <>
      <Button
        type="text"
        size="small"
        className="kit-icon-button"
        aria-label={label}
        icon={copied ? <CheckOutlined /> : <CopyOutlined />}
        onClick={() => void copy()}
      />
      {/* Announced by screen readers too; empty (not removed) so the live region stays in place. */}
      <span className="kit-copied" role="status" aria-live="polite">
        {copied ? "Copied" : ""}
      </span>
    </>
  );
}
