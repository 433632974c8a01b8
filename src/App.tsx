// Wiring only: providers, Refine, routes. Screens and the admin layout are lazy chunks; everything
// imported here is on the path of every first load (/login included), so nothing here may bring in
// antd or @refinedev/antd (see README "Bundle budget").
import { lazy, Suspense } from "react";
import { BrowserRouter, Route, Routes, type RouteObject } from "react-router";
import { Refine } from "@refinedev/core";
import routerProvider, { DocumentTitleHandler } from "@refinedev/react-router";
import { APP_TITLE, QUERY_CACHE } from "@/config";
import { AppStatus } from "@/components/app-status";
import { AuthGuard } from "@/components/auth-guard";
import { BenchProbe } from "@/bench/probe";
import { ErrorBoundary } from "@/components/error-boundary";
import { AdminLayout } from "@/components/layout/lazy";
import { NotFoundPage } from "@/pages/not-found";
import { authProvider } from "@/providers/auth-provider";
import { dataProvider } from "@/providers/data-provider";
import { notificationProvider } from "@/providers/notification-provider";
import { WalletSetup } from "@/providers/wallet";
import { adminRoutes, resources } from "@/resources";

const LoginPage = lazy(() => import("@/pages/login"));

/** The admin screens, matched by the routes below and rendered by the layout (which renders the next one ahead too). */
const screens: RouteObject[] = adminRoutes.map(({ path, Screen }) => (path === "/" ? { index: true, element: <Screen /> } : { path, element: <Screen /> }));

const reactQuery = {
  clientConfig: {
    defaultOptions: {
      queries: {
        staleTime: QUERY_CACHE.staleTimeMs,
        retry: QUERY_CACHE.retry,
        refetchOnWindowFocus: QUERY_CACHE.refetchOnWindowFocus,
      },
    },
  },
};

function documentTitle({ resource, pathname }: { resource?: { meta?: { label?: string } }; pathname?: string }) {
  if (pathname === "/login") return `Sign in | ${APP_TITLE}`;
  const label = resource?.meta?.label;
  return label ? `${label} | ${APP_TITLE}` : APP_TITLE;
}

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
            <DocumentTitleHandler handler={documentTitle} />
            {/* `npm run bench:nav`'s hook into the query cache, in its bench build only (vite build --mode bench). */}
            {import.meta.env.MODE === "bench" ? <BenchProbe /> : null}
          </Refine>
        </WalletSetup>
      </BrowserRouter>
    </ErrorBoundary>
  );
}
