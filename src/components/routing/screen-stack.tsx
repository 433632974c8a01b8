// The admin screens under the layout: the current one, and the one the admin is about to open
// (screen-ahead.ts) rendered out of sight in React's <Activity mode="hidden">, at idle priority and
// with its effects held until it shows. Following the link then only reveals a screen already
// rendered with its data, instead of rendering a table of rows in the click's frame. Each screen
// renders the admin routes at its own location, so the one out of sight reads its own path, not the
// current one. One screen at most is kept ahead, until it is shown; the screen left behind unmounts.
import { Activity, memo, Suspense, useEffect, useMemo, type ReactNode } from "react";
import { matchRoutes, Outlet, useLocation, useRoutes, type Location, type RouteObject } from "react-router";
import { PendingIndicator } from "./pending-indicator";
import { renderAhead, useScreenAhead } from "./screen-ahead";

/** Which screen route a location opens (its pattern), the key its screen keeps while it is shown. */
function routeOf(screens: RouteObject[], location: Pick<Location, "pathname">): string | undefined {
  const match = matchRoutes(screens, location)?.[0]?.route;
  return match ? (match.index ? "/" : match.path) : undefined;
}

// Memoized, with its location kept while it stays the same: clearing the screen ahead once it is shown
// renders the stack again, and useRoutes would hand the screen its location in a new context value,
// rendering every reader of the location (a list, so its rows) again for nothing.
const ScreenAt = memo(function ScreenAt({ screens, location }: { screens: RouteObject[]; location: Location }): ReactNode {
  return useRoutes(screens, location);
});

const sameLocation = (a: Location, b: Location) =>
  a.pathname === b.pathname && a.search === b.search && a.hash === b.hash && (a.state ?? null) === (b.state ?? null);

/** The screens `screens` declares (App's admin routes); without them, the route's outlet as usual. */
export function ScreenStack({ screens }: { screens?: RouteObject[] }) {
  if (!screens) return <Outlet />;
  return __BENCH_PLAIN_OUTLET__ ? <CurrentScreen screens={screens} /> : <Screens screens={screens} />;
}

/** The bench's plain way (src/bench/plain.d.ts): the current screen's route alone, as an <Outlet/> would render it. */
function CurrentScreen({ screens }: { screens: RouteObject[] }) {
  return <Suspense fallback={<PendingIndicator />}>{useRoutes(screens)}</Suspense>;
}

function Screens({ screens: routes }: { screens: RouteObject[] }) {
  const location = useLocation();
  const aheadPath = useScreenAhead();
  const current = routeOf(routes, location);
  // One location per path ahead, so that showing the screen changes nothing it read.
  const ahead = useMemo<Location | null>(
    () => (aheadPath ? { pathname: aheadPath, search: "", hash: "", state: null, key: "ahead" } : null),
    [aheadPath],
  );
  // Arriving at the screen rendered ahead: it goes on with the location it was rendered for. The
  // current screen keeps its location object while the location stays the same, so that clearing the
  // screen ahead, which swaps one for the other, renders nothing again.
  const arriving = ahead && sameLocation(ahead, location) ? ahead : location;
  // eslint-disable-next-line react-hooks/exhaustive-deps -- the object is kept while its parts are the same
  const shown = useMemo(() => arriving, [arriving.pathname, arriving.search, arriving.hash, arriving.state ?? null]);
  const screens: { route: string | undefined; location: Location; mode: "visible" | "hidden" }[] = [
    { route: current, location: shown, mode: "visible" },
  ];
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
