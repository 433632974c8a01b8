// A bare Refine app around one kit component: the real data provider (so requests leave through
// the real axios instance and msw sees them), no router, no auth, no notifications.
import type { ReactNode } from "react";
import { render } from "@testing-library/react";
import { Refine } from "@refinedev/core";
import { dataProvider } from "@/providers/data-provider";
import { reactQuery as appQuery } from "@/providers/query-policy";

const reactQuery = {
  // The app's retry policy (which errors are tried again, how often), without its second of back-off.
  clientConfig: { defaultOptions: { queries: { retry: appQuery.clientConfig.defaultOptions.queries.retry, retryDelay: 0 } } },
};

export function RefineHarness({ children }: { children: ReactNode }) {
  return (
    <Refine dataProvider={dataProvider} options={{ disableTelemetry: true, reactQuery }}>
      {children}
    </Refine>
  );
}

export function renderInRefine(ui: ReactNode) {
  return render(<RefineHarness>{ui}</RefineHarness>);
}
