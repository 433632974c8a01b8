// The providers every part of the console runs in: the router, Refine with the API's data, auth
// and access control providers and the resources, and the admin sections. App puts its routes in them, with the wallet
// around and notifications and its query policy in; the shell's tests put a part of it in them bare.
import type { ReactNode } from "react";
import { BrowserRouter } from "react-router";
import { Refine, type NotificationProvider, type RefineProps } from "@refinedev/core";
import { adminRouterProvider } from "@/components/routing/router-provider";
import { SectionsContext } from "@/components/routing/sections";
import { accessControlProvider } from "@/providers/access-control";
import { authProvider } from "@/providers/auth-provider";
import { dataProvider } from "@/providers/data-provider";
import { adminResources, resources } from "@/resources";

interface Props {
  children: ReactNode;
  notificationProvider?: NotificationProvider;
  /** Refine's options beyond the one always set (no telemetry). */
  options?: RefineProps["options"];
}

export function AppProviders({ children, notificationProvider, options }: Props) {
  return (
    <BrowserRouter>
      <Refine
        dataProvider={dataProvider}
        authProvider={authProvider}
        accessControlProvider={accessControlProvider}
        routerProvider={adminRouterProvider}
        notificationProvider={notificationProvider}
        resources={resources}
        options={{ ...options, disableTelemetry: true }}
      >
        <SectionsContext.Provider value={adminResources}>{children}</SectionsContext.Provider>
      </Refine>
    </BrowserRouter>
  );
}
