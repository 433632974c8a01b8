// The auth guard: the admin routes render only for a valid session (authProvider.check); while it
// is checked, 'Validating authentication...'; without one, /login (with ?to= back to this page).
import { useEffect, type ReactNode } from "react";
import { Authenticated } from "@refinedev/core";
import { CatchAllNavigate } from "@refinedev/react-router";
import { AppStatus } from "@/components/app-status";
import { loadAdminLayout } from "@/components/layout/lazy";

export const VALIDATING_TEXT = "Validating authentication...";

export function AuthGuard({ children }: { children: ReactNode }) {
  // The layout's chunk (antd) downloads while the session is being checked, not after.
  useEffect(() => {
    void loadAdminLayout().catch(() => undefined); // the route's own import reports a failure
  }, []);
  return (
    <Authenticated key="admin-routes" loading={<AppStatus text={VALIDATING_TEXT} />} fallback={<CatchAllNavigate to="/login" />}>
      {children}
    </Authenticated>
  );
}
