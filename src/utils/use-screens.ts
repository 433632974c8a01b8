// Which of antd's breakpoints (xs … xxl) the window is at, known from the first render on.
// antd's Grid.useBreakpoint starts with none and learns them in a layout effect, so its component
// renders twice before the first paint; in a Table with `responsive` columns that is every row twice,
// on every visit to the list. Here they are read from matchMedia while rendering, and the component
// renders again only when one changes.
import { useMemo, useSyncExternalStore } from "react";
import { theme, type Breakpoint } from "antd";

export type Screens = Readonly<Partial<Record<Breakpoint, boolean>>>;

interface ScreenStore {
  subscribe: (changed: () => void) => () => void;
  read: () => Screens;
}

/** The media queries antd answers its breakpoints with (its theme's screen tokens). */
function screenQueries(token: ReturnType<typeof theme.useToken>["token"]): [Breakpoint, string][] {
  return [
    ["xs", `(max-width: ${token.screenXSMax}px)`],
    ["sm", `(min-width: ${token.screenSM}px)`],
    ["md", `(min-width: ${token.screenMD}px)`],
    ["lg", `(min-width: ${token.screenLG}px)`],
    ["xl", `(min-width: ${token.screenXL}px)`],
    ["xxl", `(min-width: ${token.screenXXL}px)`],
  ];
}

function screenStore(queries: [Breakpoint, string][]): ScreenStore {
  const lists = queries.map(([screen, query]) => [screen, window.matchMedia(query)] as const);
  // useSyncExternalStore wants the same object back while nothing changed.
  let key = "";
  let screens: Screens = {};
  return {
    subscribe(changed) {
      for (const [, list] of lists) list.addEventListener("change", changed);
      return () => {
        for (const [, list] of lists) list.removeEventListener("change", changed);
      };
    },
    read() {
      const now = lists.map(([, list]) => (list.matches ? "1" : "0")).join("");
      if (now !== key) {
        key = now;
        screens = Object.fromEntries(lists.map(([screen, list]) => [screen, list.matches]));
      }
      return screens;
    },
  };
}

export function useScreens(): Screens {
  const { token } = theme.useToken();
  const queries = screenQueries(token);
  const signature = queries.map(([, query]) => query).join();
  // eslint-disable-next-line react-hooks/exhaustive-deps -- the queries are the signature's parts
  const store = useMemo(() => screenStore(queries), [signature]);
  return useSyncExternalStore(store.subscribe, store.read);
}

/** The columns shown at these screens (antd's `responsive` rule), without `responsive`: antd has nothing left to measure. */
export function atScreens<C extends { responsive?: Breakpoint[] }>(columns: readonly C[], screens: Screens): C[] {
  return columns
    .filter((column) => !column.responsive || column.responsive.some((screen) => screens[screen]))
    .map((column) => {
      if (!column.responsive) return column;
      const { responsive: _shown, ...rest } = column;
      return rest as C;
    });
}
