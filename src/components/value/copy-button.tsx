// A small copy button that says 'Copied' for COPY_CONFIRM_MS (SPEC §9) after a successful copy.
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

export interface CopyButtonProps {
  value: string;
  /** The accessible name, e.g. "Copy address". */
  label: string;
}

export function CopyButton({ value, label }: CopyButtonProps) {
  const [copied, setCopied] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => () => clearTimeout(timer.current), []);

  const onClick = async () => {
    if (!(await copyText(value))) return;
    clearTimeout(timer.current);
    setCopied(true);
    timer.current = setTimeout(() => setCopied(false), COPY_CONFIRM_MS);
  };

  return (
    <>
      <Button
        type="text"
        size="small"
        className="kit-icon-button"
        aria-label={label}
        icon={copied ? <CheckOutlined /> : <CopyOutlined />}
        onClick={() => void onClick()}
      />
      {/* Announced by screen readers too; empty (not removed) so the live region stays in place. */}
      <span className="kit-copied" role="status" aria-live="polite">
        {copied ? "Copied" : ""}
      </span>
    </>
  );
}
