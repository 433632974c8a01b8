// A list's table scrolls sideways on its own when wider than its place (kit.css lays it out as antd's
// horizontal scroll does), with the Actions column held at the right edge by CSS alone. antd's own
// horizontal scroll and fixed column would do the same, at a cost paid each time a list is shown:
// rc-table measures every column's width, then renders every row again with the widths, which a
// single column fixed at the end does not need. The column keeps antd's fixed-column classes, so it
// looks and sticks the same; the shadows at an edge with more to scroll to come from here (rc-table
// only keeps them up to date under its own horizontal scroll).
import { useCallback, useState } from "react";
import classNames from "classnames";
import type { TableColumnsType } from "antd";

/** antd's classes for the first right-fixed cell: sticky, its background and its shadow (kit.css sets right: 0). */
const FIXED_END = "ant-table-cell-fix-right ant-table-cell-fix-right-first";

/** The columns with a last column `fixed: "right"` fixed by antd's classes instead of by antd. */
export function fixedEnd<T>(columns: TableColumnsType<T>): TableColumnsType<T> {
  const last = columns.at(-1);
  if (last?.fixed !== "right") return columns;
  return [...columns.slice(0, -1), { ...last, fixed: undefined, className: classNames(last.className, FIXED_END) }];
}

export interface ScrollEdges {
  /** Scrolled away from the left edge. */
  left: boolean;
  /** More to scroll to on the right. */
  right: boolean;
}

const NONE: ScrollEdges = { left: false, right: false };

/**
 * Which edges of the table in the element `box` is given to have more to scroll to, kept up to date as
 * it scrolls and resizes; while it can scroll, its scrolling region takes the keyboard's focus. A ref
 * callback, so that a table shown again (after a load error) is watched again.
 */
export const useScrollEdges = __BENCH_PLAIN_SCROLL__ ? useNoEdges : useWatchedEdges;

/** The bench's plain way (src/bench/plain.d.ts): antd's own scroll draws the shadows; nothing is watched here. */
function useNoEdges(): ReturnType<typeof useWatchedEdges> {
  return { box: () => undefined, edges: NONE };
}

function useWatchedEdges(): { box: (element: HTMLDivElement | null) => (() => void) | undefined; edges: ScrollEdges } {
  const [edges, setEdges] = useState(NONE);
  const box = useCallback((element: HTMLDivElement | null) => {
    const content = element?.querySelector<HTMLElement>(".ant-table-content");
    const table = content?.querySelector("table");
    if (!content || !table) return undefined;
    // Read after a scroll or a resize, when the layout is up to date: no forced layout.
    const measure = () => {
      const left = content.scrollLeft > 0;
      const right = content.scrollLeft + content.clientWidth < content.scrollWidth - 1;
      // A region that scrolls can be scrolled from the keyboard, even with no row to focus in it.
      if (left || right) content.tabIndex = 0;
      else content.removeAttribute("tabindex");
      setEdges((current) => (current.left === left && current.right === right ? current : { left, right }));
    };
    const observer = new ResizeObserver(measure);
    observer.observe(content);
    observer.observe(table);
    content.addEventListener("scroll", measure, { passive: true });
    return () => {
      observer.disconnect();
      content.removeEventListener("scroll", measure);
    };
  }, []);
  return { box, edges };
}
