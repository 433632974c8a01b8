// The admin screens under the layout: the current one, and the one the admin is about to open
// (screen-ahead.ts) rendered out of sight in React's <Activity mode="hidden">, at idle priority and
// with its effects held until it shows. Following the link then only reveals a screen already
// rendered with its data, instead of rendering a table of rows in the click's frame. Each screen
// renders the admin routes at its own location, so the one out of sight reads its own path, not the
// current one. One screen at most is kept ahead, until it is shown; the screen left behind unmounts
// as before.
import { Activity, Suspense, useEffect, useMemo, type ReactNode } from "react";
import { matchRoutes, Outlet, useLocation, useRoutes, type Location, type RouteObject } from "react-router";
import { PendingIndicator } from "./pending-indicator";
import { renderAhead, useScreenAhead } from "./screen-ahead";

/** Which screen route a location opens (its pattern), the key its screen keeps while it is shown. */
function routeOf(screens: RouteObject[], location: Pick<Location, "pathname">): string | undefined {
  const match = matchRoutes(screens, location)?.[0]?.route;
  return match ? (match.index ? "/" : match.path) : undefined;
}

function ScreenAt({ screens, location }: { screens: RouteObject[]; location: Location }): ReactNode {
  return useRoutes(screens, location);
}

/** The screens `screens` declares (App's admin routes); without them, the route's outlet as usual. */
export function ScreenStack({ screens }: { screens?: RouteObject[] }) {
  return screens ? <Screens screens={screens} /> : <Outlet />;
}

function Screens({ screens: routes }: { screens: RouteObject[] }) {
  const location = useLocation();
  const aheadPath = useScreenAhead();
  const current = routeOf(routes, location);
  // One location per path ahead, so that showing the screen changes nothing it read.
  const ahead = useMemo<Location | null>(() => (aheadPath ? { pathname: aheadPath, search: "", hash: "", state: null, key: "ahead" } : null), [aheadPath]);
  // Arriving at the screen rendered ahead: it goes on with the location it was rendered for.
  const shown = ahead && ahead.pathname === location.pathname && !location.search && !location.hash ? ahead : location;
  const screens: { route: string | undefined; location: Location; mode: "visible" | "hidden" }[] = [{ route: current, location: shown, mode: "visible" }];
  const aheadRoute = ahead ? routeOf(routes, ahead) : undefined;
  // Once shown, it is the current screen like any other: leaving it later unmounts it.
  const arrived = aheadRoute !== undefined && aheadRoute === current;
  useEffect(() => {
    if (arrived) renderAhead(null);
  }, [arrived]);
  if (ahead && aheadRoute && aheadRoute !== current) screens.push({ route: aheadRoute, location: ahead, mode: "hidden" });
  return screens.map(({ route, location: at, mode }) => (
    <Activity key={route ?? "none"} mode={mode}>
      <Suspense fallback={mode === "visible" ? <PendingIndicator /> : null}>
        <ScreenAt screens={routes} location={at} />
      </Suspense>
    </Activity>
  ));
}
