// antd's own styles for what list rows draw without antd's components (icons, icon buttons, tags,
// the copy link): registered once, here, for every screen under the console's theme. An antd component
// instance costs a row its hooks, its effects and a pass over the page's style sheets on mount (its
// styles' insertion effect); a page of twenty rows mounts about a hundred of them on each filter
// change. The row elements carry antd's class names and the theme's hash class instead, so they are
// drawn by the very same style sheets (tests/components/row-elements.test.tsx compares them with
// antd's components).
import { createContext, useContext, useInsertionEffect, useMemo, type ReactNode } from "react";
import { ConfigProvider } from "antd";
import useButtonStyle from "antd/es/button/style";
import useTagStyle from "antd/es/tag/style";
import useTypographyStyle from "antd/es/typography/style";
import { iconStyles } from "@ant-design/icons/es/utils";
import { updateCSS } from "rc-util/es/Dom/dynamicCSS";

interface RowClasses {
  /** The theme's hash class, which antd's style rules are scoped to. */
  hash: string;
  /** antd's class-name prefix of each component ("ant-btn" …). */
  button: string;
  tag: string;
  typography: string;
}

const RowClassesContext = createContext<RowClasses | null>(null);

export function RowStyles({ children }: { children: ReactNode }) {
  const { getPrefixCls } = useContext(ConfigProvider.ConfigContext);
  const [button, tag, typography] = [getPrefixCls("btn"), getPrefixCls("tag"), getPrefixCls("typography")];
  // One hash for the three: it is the theme's.
  const [, hash] = useButtonStyle(button);
  useTagStyle(tag);
  useTypographyStyle(typography);
  // antd's icon style sheet, under the key antd's icons put it in with: there is one, whoever is first.
  useInsertionEffect(() => {
    updateCSS(iconStyles, "@ant-design-icons", { prepend: true });
  }, []);
  const classes = useMemo(() => ({ hash, button, tag, typography }), [hash, button, tag, typography]);
  return <RowClassesContext.Provider value={classes}>{children}</RowClassesContext.Provider>;
}

/** The classes to draw row elements with; antd's defaults, without a hash, outside the console's theme (bare tests). */
export function useRowClasses(): RowClasses {
  return useContext(RowClassesContext) ?? FALLBACK;
}

const FALLBACK: RowClasses = { hash: "", button: "ant-btn", tag: "ant-tag", typography: "ant-typography" };
