// The one-time initialization (POST /admin/marketplace/initialize, no body) and its outcome, which
// shows for ALERT_DURATION_MS (SPEC §4, §8).
import { useCallback, useEffect, useRef, useState } from "react";
import { ALERT_DURATION_MS } from "@/config";
import { initializeMarketplace } from "@/providers/api";
import type { ApiHttpError } from "@/providers/http";

export const INITIALIZE_SUCCESS = "Marketplace initialized successfully!";
export const INITIALIZE_FAILURE = "Failed to initialize marketplace";

export type InitializeOutcome =
  | { type: "success"; signature?: string; cluster?: string | null }
  | { type: "error"; message: string };

/** SPEC §8: the server's message, else the error's own message, else the fixed text. */
export function initializeErrorText(error: unknown): string {
  const { serverMessage, message } = (error ?? {}) as Partial<ApiHttpError>;
  return serverMessage || message || INITIALIZE_FAILURE;
}

/** `initialize` never rejects: its result is the outcome it shows. */
export function useInitializeMarketplace() {
  const [pending, setPending] = useState(false);
  const [outcome, setOutcome] = useState<InitializeOutcome>();
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);

  useEffect(() => () => clearTimeout(timer.current), []);

  const show = useCallback((next: InitializeOutcome) => {
    clearTimeout(timer.current);
    setOutcome(next);
    timer.current = setTimeout(() => setOutcome(undefined), ALERT_DURATION_MS);
  }, []);

  const initialize = async () => {
    setPending(true);
    try {
      const result = await initializeMarketplace();
      show({ type: "success", signature: result?.transactionSignature ?? undefined, cluster: result?.cluster });
    } catch (error) {
      show({ type: "error", message: initializeErrorText(error) });
    } finally {
      setPending(false);
    }
  };

  return { initialize, pending, outcome };
}
