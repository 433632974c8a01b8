// Refine's react-router binding, without the admin routes' splat. App routes every admin path under
// one "*" route (the layout's screen stack routes the screens below it), and Refine adds the route's
// params to every query's meta, its cache key: the splat, a different one on each path, would make
// a list read again when a record opens over it and closes.
import { useCallback } from "react";
import type { RouterProvider } from "@refinedev/core";
import routerProvider from "@refinedev/react-router";

const parseWithSplat = routerProvider.parse!;

function useParseWithoutSplat() {
  const parse = parseWithSplat();
  return useCallback(() => {
    const parsed = parse();
    const { "*": _splat, ...params } = parsed.params ?? {};
    return { ...parsed, params };
  }, [parse]);
}

export const adminRouterProvider: RouterProvider = { ...routerProvider, parse: useParseWithoutSplat };
