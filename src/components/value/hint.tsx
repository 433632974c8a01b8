// A short hint over an element: antd's Tooltip, opened by the keyboard focus as well as the pointer,
// so keyboard users reach what a row's addresses, actions and marks say on hover.
import type { ReactElement } from "react";
import { Tooltip } from "antd";

const TRIGGER: ("hover" | "focus")[] = ["hover", "focus"];

export interface HintProps {
  title: string;
  /** One element that takes a ref and the pointer and focus handlers (an HTML element, antd's Button, an icon). */
  children: ReactElement;
}

export function Hint({ title, children }: HintProps) {
  return (
    <Tooltip title={title} trigger={TRIGGER}>
      {children}
    </Tooltip>
  );
}
