// How a screen, or a part of one, shows that it waits: antd's spinner, named for screen readers by
// what it waits for. Centred in its own band unless inline (beside a heading's text).
import { Spin } from "antd";
import "@/styles/kit.css";

export interface LoadingStatusProps {
  /** What is loading, as a screen reader says it. */
  label?: string;
  size?: "small" | "default" | "large";
  inline?: boolean;
}

export function LoadingStatus({ label = "Loading", size, inline = false }: LoadingStatusProps) {
  return (
    <span className={inline ? undefined : "kit-loading"} role="status" aria-label={label}>
      <Spin size={size} />
    </span>
  );
}
