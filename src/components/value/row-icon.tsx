// An antd icon in a row: the span and svg antd's icon components draw from the icon's definition
// (@ant-design/icons-svg), without their per-instance work. Each antd icon checks on mount that
// antd's icon style sheet is in the page, reading the sheet back, and a page of rows has sixty to a
// hundred icons; the sheet is put in once, by RowStyles (row-styles.tsx). Compared with antd's in
// tests/components/row-elements.test.tsx.
import { createElement, type ReactElement } from "react";
import classNames from "classnames";
import type { AbstractNode, IconDefinition } from "@ant-design/icons-svg/lib/types";

export interface RowIconProps {
  /** An outlined or filled icon (a two-tone one is drawn in the text colour alone). */
  icon: IconDefinition;
  className?: string;
  /** Its name for screen readers: the icon's own name (as antd's) by default. */
  "aria-label"?: string;
  "aria-hidden"?: boolean;
  role?: string;
}

/** The attributes as React props, as antd's icons convert them (`class`, `fill-rule` …). */
function propsOf(attrs: Record<string, string>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(attrs).map(([name, value]) => [
      name === "class" ? "className" : name.replace(/-(.)/g, (_, c: string) => c.toUpperCase()),
      value,
    ]),
  );
}

function draw(node: AbstractNode, key: string, root?: Record<string, string>): ReactElement {
  return createElement(
    node.tag,
    { key, ...propsOf(node.attrs), ...root },
    node.children?.map((child, index) => draw(child, `${key}-${node.tag}-${index}`)),
  );
}

export function RowIcon({ icon, className, ...rest }: RowIconProps) {
  const { name } = icon;
  const svg = typeof icon.icon === "function" ? icon.icon("currentColor", "currentColor") : icon.icon;
  return (
    <span
      role="img"
      aria-label={name}
      {...rest}
      className={classNames("anticon", `anticon-${name}`, name === "loading" && "anticon-spin", className)}
    >
      {draw(svg, `svg-${name}`, {
        "data-icon": name,
        width: "1em",
        height: "1em",
        fill: "currentColor",
        "aria-hidden": "true",
        focusable: "false",
      })}
    </span>
  );
}
