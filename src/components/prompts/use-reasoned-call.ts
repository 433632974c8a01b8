// An action that changes a record only with a reason (a user's deactivation, a settlement's retry):
// confirm, then the reason (the shared prompt), then the call with `{ reason }`, then the caller's
// refresh. Nothing is sent when either step is cancelled; the server is waited for (no optimistic
// mode), and its refusal is shown by the call's error notification, the record left as it was.
import { useState } from "react";
import { useCustomMutation, useNotification, type BaseRecord, type HttpError, type OpenNotificationParams } from "@refinedev/core";
import { useReasonPrompt, type ReasonPromptOptions } from "./reason-prompt";
import { useStableCallback } from "@/utils/use-stable-callback";

export interface ReasonedCall<T, TData = BaseRecord> {
  prompt(record: T): ReasonPromptOptions;
  request(record: T): { url: string; method: "post" | "patch" | "delete" };
  /**
   * More of the body, asked for once the reason is given (a wallet's signature over the decision):
   * nothing is sent when it throws, and its message is the error toast's.
   */
  extra?(record: T): Promise<Record<string, unknown> | undefined>;
  /** The toast once the server has agreed (`data`: its answer). */
  success(record: T, data: TData): OpenNotificationParams;
  /** The toast's title when it refused; its message is the server's. */
  failure: string;
  /** Once the server has agreed: refresh whatever shows the record. */
  after(record: T): Promise<unknown>;
}

export function useReasonedCall<T extends { id: string }, TData extends BaseRecord = BaseRecord>(call: ReasonedCall<T, TData>) {
  const { ask, holder } = useReasonPrompt();
  const { open: notify } = useNotification();
  const { mutateAsync } = useCustomMutation<TData, HttpError, { reason: string }>();
  /** The record whose call is in flight. */
  const [runningId, setRunningId] = useState<string>();

  // Stable: the rows whose buttons call it need not render again.
  const run = useStableCallback(async (record: T) => {
    const reason = await ask(call.prompt(record));
    if (reason === null) return;
    setRunningId(record.id);
    try {
      let extra: Record<string, unknown> | undefined;
      try {
        extra = await call.extra?.(record);
      } catch (error) {
        notify?.({ type: "error", message: call.failure, description: (error as Error).message });
        return;
      }
      await mutateAsync({
        ...call.request(record),
        values: { reason, ...extra },
        successNotification: (response) => (response ? call.success(record, response.data) : false),
        errorNotification: (error) => ({ type: "error", message: call.failure, description: error?.message }),
      });
      await call.after(record);
    } catch {
      // Shown by the error notification above; the record stays as it was.
    } finally {
      setRunningId(undefined);
    }
  });

  return { run, runningId, holder };
}
