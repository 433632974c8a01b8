// Wiring only: the wallet, the providers (app-providers.tsx) and the routes. Screens and the admin layout are lazy
// chunks; everything imported here is on the path of every first load (/login included), so nothing
// here may bring in antd or @refinedev/antd (see docs/performance.md, "Bundle budgets").
import { lazy, Suspense } from "react";
import { matchRoutes, Route, Routes, useLocation } from "react-router";
import { DocumentTitleHandler } from "@refinedev/react-router";
import { AppProviders } from "@/app-providers";
import { AppStatus } from "@/components/app-status";
import { AuthGuard } from "@/components/auth-guard";
import { BenchProbe } from "@/bench/probe";
import { ErrorBoundary } from "@/components/error-boundary";
import { notificationProvider } from "@/components/antd/notification-provider";
import { AdminLayout } from "@/components/layout/lazy";
import { documentTitle } from "@/components/routing/document-title";
import { NotFoundPage } from "@/pages/not-found";
import { reactQuery } from "@/providers/query-policy";
import { WalletSetup } from "@/providers/wallet";
import { screens } from "@/resources";

const LoginPage = lazy(() => import("@/pages/login"));

/**
 * Every path but /login: the admin screens (which the layout's screen stack routes, as descendant
 * routes under this "*"), or Not Found, without a session, for a path no screen declares.
 */
function AdminOrNotFound() {
  const location = useLocation();
  if (!matchRoutes(screens, location)) return <NotFoundPage />;
  return (
    <AuthGuard>
      <AdminLayout screens={screens} />
    </AuthGuard>
  );
}

export default function App() {
  return (
    <ErrorBoundary>
      <WalletSetup>
        <AppProviders notificationProvider={notificationProvider} options={{ syncWithLocation: true, reactQuery }}>
          <Suspense fallback={<AppStatus />}>
            <Routes>
              <Route path="/login" element={<LoginPage />} />
              <Route path="*" element={<AdminOrNotFound />} />
            </Routes>
          </Suspense>
          <DocumentTitleHandler handler={documentTitle} />
          {/* `npm run bench:nav`'s hook into the query cache, in its bench build only (vite build --mode bench). */}
          {import.meta.env.MODE === "bench" ? <BenchProbe /> : null}
        </AppProviders>
      </WalletSetup>
    </ErrorBoundary>
  );
}
