// The admin shell around every authenticated screen: a fixed sidebar on wide screens, a drawer and a
// top bar on small ones (SPEC §2 Layout). Its own chunk: it is where antd enters the app.
import { Suspense, useState } from "react";
import { Drawer, Grid, Layout } from "antd";
import { Outlet, useLocation } from "react-router";
import { ClusterBanner } from "@/components/authority/cluster-banner";
import { ErrorBoundary } from "@/components/error-boundary";
import { PendingIndicator } from "@/components/routing/pending-indicator";
import { ThemedConfig } from "@/components/antd/setup";
import { PaletteProvider } from "@/components/palette/launcher";
import { LiveUpdates } from "./live-updates";
import "./section-icons"; // the sidebar's lazy icons are then already here
import { HeaderActions } from "./header-actions";
import { Sidebar } from "./sidebar";
import { TopBar } from "./top-bar";
import "@/styles/layout.css";

const SIDER_WIDTH = 240;

export function AdminLayout() {
  // Below antd's `lg` breakpoint (992 px) the sidebar becomes a drawer.
  const wide = Grid.useBreakpoint().lg === true;
  const [drawerOpen, setDrawerOpen] = useState(false);
  const { pathname } = useLocation();
  const closeDrawer = () => setDrawerOpen(false);

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
        ) : (
          <Drawer
            open={drawerOpen}
            onClose={closeDrawer}
            placement="left"
            width={264}
            closable={false}
            title={null}
            // A dialog needs a name (axe: aria-dialog-name); it has no visible title.
            aria-label="Navigation"
            className="admin-drawer"
            styles={{ body: { padding: 0 } }}
          >
            <Sidebar onNavigate={closeDrawer} />
          </Drawer>
        )}
        <Layout className="admin-main" style={{ marginLeft: wide ? SIDER_WIDTH : 0 }}>
          {wide ? (
            <header className="admin-header">
              <HeaderActions />
            </header>
          ) : (
            <TopBar onOpenMenu={() => setDrawerOpen(true)} />
          )}
          <ClusterBanner />
          <Layout.Content className="admin-content">
            {/* A screen that crashes keeps the sidebar; moving to another path tries again. */}
            <ErrorBoundary inline resetKey={pathname}>
              <Suspense fallback={<PendingIndicator />}>
                <Outlet />
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
