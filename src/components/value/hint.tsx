// A short hint over an element (antd's tooltip), for what repeats in every row: addresses, row
// actions, marks. An antd Tooltip per element costs each list screen a third of its render (every
// instance runs its trigger and css-in-js hooks on mount, and a page has some eighty), so a hinted
// element only carries its text in `data-hint`, and one antd Tooltip, started on first use, shows the
// hint of whichever element the pointer rests on or the keyboard focuses.
import { cloneElement, type ReactElement } from "react";
import { startHintLayer } from "./hint-layer";

export interface HintProps {
  title: string;
  /** One element that passes `data-*` attributes to the DOM (an HTML element, antd's Button, an icon). */
  children: ReactElement<{ "data-hint"?: string }>;
}

export function Hint({ title, children }: HintProps) {
  startHintLayer();
  return cloneElement(children, { "data-hint": title });
}
