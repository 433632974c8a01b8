// A row's icon button: antd's text Button with only an icon, drawn by antd's styles (the same
// element and classes, row-styles.tsx) without mounting antd's Button, which a page of rows would
// mount dozens of times. Loading shows antd's spinning icon in place of its own and ignores clicks,
// as antd's does; a text button has no click wave in antd either.
import type { ButtonHTMLAttributes, ReactNode } from "react";
import classNames from "classnames";
import { LoadingOutlined } from "@ant-design/icons-svg";
import { useRowClasses } from "@/components/antd/row-styles";
import { RowIcon } from "./row-icon";

export interface IconButtonProps extends Omit<ButtonHTMLAttributes<HTMLButtonElement>, "type" | "children"> {
  icon: ReactNode;
  /** Its accessible name: the button has no text. */
  "aria-label": string;
  danger?: boolean;
  size?: "middle" | "small";
  loading?: boolean;
  /** `data-*` attributes (a Hint's `data-hint`) pass through to the button. */
  [data: `data-${string}`]: string | undefined;
}

export function IconButton({ icon, danger = false, size = "middle", loading = false, className, onClick, ...rest }: IconButtonProps) {
  const { hash, button: btn } = useRowClasses();
  const classes = classNames(
    btn,
    hash,
    `${btn}-text`,
    danger ? `${btn}-dangerous ${btn}-color-dangerous` : `${btn}-color-default`,
    `${btn}-variant-text`,
    size === "small" && `${btn}-sm`,
    `${btn}-icon-only`,
    loading && `${btn}-loading`,
    className,
  );
  return (
    <button
      {...rest}
      type="button"
      className={classes}
      onClick={(event) => {
        if (loading) event.preventDefault();
        else onClick?.(event);
      }}
    >
      <span className={classNames(`${btn}-icon`, loading && `${btn}-loading-icon`)}>
        {loading ? <RowIcon icon={LoadingOutlined} /> : icon}
      </span>
    </button>
  );
}
