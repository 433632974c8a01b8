// The one-time initialization (POST /admin/marketplace/initialize, no body) and its outcome, which
// shows for ALERT_DURATION_MS.
import { useCallback, useEffect, useRef, useState } from "react";
import { useCustomMutation } from "@refinedev/core";
import { ALERT_DURATION_MS } from "@/config";
import type { MarketplaceStatus } from "@contract";
import { endpoints } from "@/providers/endpoints";
import type { ApiHttpError } from "@/providers/http";

export const INITIALIZE_SUCCESS = "Marketplace initialized successfully!";
export const INITIALIZE_FAILURE = "Failed to initialize marketplace";

export type InitializeOutcome = { type: "success"; signature?: string; cluster?: string | null } | { type: "error"; message: string };

/** The failure text: the server's message, else the error's own message, else the fixed text. */
export function initializeErrorText(error: unknown): string {
  const { serverMessage, message } = (error ?? {}) as Partial<ApiHttpError>;
  return serverMessage || message || INITIALIZE_FAILURE;
}

/** `initialize` never rejects: its result is the outcome it shows. */
export function useInitializeMarketplace() {
  const { mutateAsync, mutation } = useCustomMutation<MarketplaceStatus, ApiHttpError, undefined>();
  const [outcome, setOutcome] = useState<InitializeOutcome>();
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);

  useEffect(() => () => clearTimeout(timer.current), []);

  const show = useCallback((next: InitializeOutcome) => {
    clearTimeout(timer.current);
    setOutcome(next);
    timer.current = setTimeout(() => setOutcome(undefined), ALERT_DURATION_MS);
  }, []);

  const initialize = async () => {
    try {
      const { data: result } = await mutateAsync({
        url: endpoints.marketplaceInitialize,
        method: "post",
        // No body: axios then sends no JSON content type either.
        values: undefined,
        // The page shows the outcome itself, for ALERT_DURATION_MS.
        successNotification: false,
        errorNotification: false,
      });
      show({ type: "success", signature: result?.transactionSignature ?? undefined, cluster: result?.cluster });
    } catch (error) {
      show({ type: "error", message: initializeErrorText(error) });
    }
  };

  return { initialize, pending: mutation.isPending, outcome };
}
