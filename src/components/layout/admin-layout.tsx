// The admin shell around every authenticated screen: a fixed sidebar on wide screens, a drawer and a
// top bar on small ones. Its own chunk: it is where antd enters the app.
import { lazy, Suspense, useEffect, useState } from "react";
import { Grid, Layout } from "antd";
import { useLocation, type RouteObject } from "react-router";
import { ClusterBanner } from "@/components/authority/cluster-banner";
import { ErrorBoundary } from "@/components/error-boundary";
import { useEnteredAt } from "@/components/routing/entered-at";
import { PendingIndicator } from "@/components/routing/pending-indicator";
import { ScreenStack } from "@/components/routing/screen-stack";
import { ThemedConfig } from "@/components/antd/setup";
import { PaletteProvider } from "@/components/palette/launcher";
import { LiveUpdates } from "./live-updates";
import "./section-icons"; // the sidebar's lazy icons are then already here
import { HeaderActions } from "./header-actions";
import { Sidebar } from "./sidebar";
import { TopBar } from "./top-bar";
import "@/styles/layout.css";

const SIDER_WIDTH = 240;

const loadNavDrawer = () => import("./nav-drawer");
const NavDrawer = lazy(loadNavDrawer);

/** `screens`: the admin routes, rendered by the screen stack (without them, the route's outlet). */
export function AdminLayout({ screens }: { screens?: RouteObject[] }) {
  // Below antd's `lg` breakpoint (992 px) the sidebar becomes a drawer. antd learns the breakpoints in
  // a layout effect, so the first render (never painted) is the narrow one: `lg` is undefined until then.
  const { lg } = Grid.useBreakpoint();
  const wide = lg === true;
  const [drawerOpen, setDrawerOpen] = useState(false);
  // The drawer is mounted from its first open on: closed, it shows nothing.
  const [drawerUsed, setDrawerUsed] = useState(false);
  const { pathname } = useLocation();
  // Notes each navigation's time as it happens, before the lazy screen it leads to renders.
  useEnteredAt();
  const closeDrawer = () => setDrawerOpen(false);
  const openDrawer = () => {
    setDrawerUsed(true);
    setDrawerOpen(true);
  };
  // A narrow screen fetches the drawer ahead of its first open.
  useEffect(() => {
    if (lg === false) void loadNavDrawer().catch(() => undefined);
  }, [lg]);

  return (
    <ThemedConfig>
      <PaletteProvider>
        {/* Here, not in App: it runs only while an admin is signed in, and stays off /login's first load. */}
        <LiveUpdates>
          <Layout className="admin-layout">
            {wide ? (
              <Layout.Sider width={SIDER_WIDTH} className="admin-sider">
                <Sidebar />
              </Layout.Sider>
            ) : drawerUsed ? (
              <Suspense fallback={null}>
                <NavDrawer open={drawerOpen} onClose={closeDrawer} />
              </Suspense>
            ) : null}
            <Layout className="admin-main" style={{ marginLeft: wide ? SIDER_WIDTH : 0 }}>
              {wide ? (
                <header className="admin-header">
                  <HeaderActions />
                </header>
              ) : (
                <TopBar onOpenMenu={openDrawer} />
              )}
              <ClusterBanner />
              <Layout.Content className="admin-content">
                {/* A screen that crashes keeps the sidebar; moving to another path tries again. */}
                <ErrorBoundary inline resetKey={pathname}>
                  <Suspense fallback={<PendingIndicator />}>
                    <ScreenStack screens={screens} />
                  </Suspense>
                </ErrorBoundary>
              </Layout.Content>
            </Layout>
          </Layout>
        </LiveUpdates>
      </PaletteProvider>
    </ThemedConfig>
  );
}

export default AdminLayout;
