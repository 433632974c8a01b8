// Wiring only: providers, Refine, the sections and routes. Screens and the admin layout are lazy
// chunks; everything imported here is on the path of every first load (/login included), so nothing
// here may bring in antd or @refinedev/antd (see docs/performance.md, "Bundle budgets").
import { lazy, Suspense } from "react";
import { BrowserRouter, Route, Routes } from "react-router";
import { Refine } from "@refinedev/core";
import routerProvider, { DocumentTitleHandler } from "@refinedev/react-router";
import { AppStatus } from "@/components/app-status";
import { AuthGuard } from "@/components/auth-guard";
import { BenchProbe } from "@/bench/probe";
import { ErrorBoundary } from "@/components/error-boundary";
import { notificationProvider } from "@/components/antd/notification-provider";
import { AdminLayout } from "@/components/layout/lazy";
import { documentTitle } from "@/components/routing/document-title";
import { SectionsContext } from "@/components/routing/sections";
import { NotFoundPage } from "@/pages/not-found";
import { authProvider } from "@/providers/auth-provider";
import { dataProvider } from "@/providers/data-provider";
import { reactQuery } from "@/providers/query-policy";
import { WalletSetup } from "@/providers/wallet";
import { adminResources, adminRoutes, resources, screens } from "@/resources";

const LoginPage = lazy(() => import("@/pages/login"));

export default function App() {
  return (
    <ErrorBoundary>
      <BrowserRouter>
        <WalletSetup>
          <Refine
            dataProvider={dataProvider}
            authProvider={authProvider}
            routerProvider={routerProvider}
            notificationProvider={notificationProvider}
            resources={resources}
            options={{ syncWithLocation: true, disableTelemetry: true, reactQuery }}
          >
            <SectionsContext.Provider value={adminResources}>
              <Suspense fallback={<AppStatus />}>
                <Routes>
                  <Route path="/login" element={<LoginPage />} />
                  <Route
                    element={
                      <AuthGuard>
                        <AdminLayout screens={screens} />
                      </AuthGuard>
                    }
                  >
                    {adminRoutes.map(({ path }) => (path === "/" ? <Route key={path} index /> : <Route key={path} path={path} />))}
                  </Route>
                  <Route path="*" element={<NotFoundPage />} />
                </Routes>
              </Suspense>
            </SectionsContext.Provider>
            <DocumentTitleHandler handler={documentTitle} />
            {/* `npm run bench:nav`'s hook into the query cache, in its bench build only (vite build --mode bench). */}
            {import.meta.env.MODE === "bench" ? <BenchProbe /> : null}
          </Refine>
        </WalletSetup>
      </BrowserRouter>
    </ErrorBoundary>
  );
}
