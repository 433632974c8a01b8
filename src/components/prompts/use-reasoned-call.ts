// An action that changes a record only with a reason (SPEC §4/§5 deactivation, a settlement's retry):
// confirm, then the reason (the shared prompt), then the call with `{ reason }`, then the caller's
// refresh. Nothing is sent when either step is cancelled; the server is waited for (no optimistic
// mode), and its refusal is shown by the call's error notification, the record left as it was.
import { useState } from "react";
import { useCustomMutation, type BaseRecord, type HttpError, type OpenNotificationParams } from "@refinedev/core";
import { useReasonPrompt, type ReasonPromptOptions } from "./reason-prompt";
import { useStableCallback } from "@/utils/use-stable-callback";

export interface ReasonedCall<T> {
  prompt(record: T): ReasonPromptOptions;
  request(record: T): { url: string; method: "post" | "patch" };
  /** The toast once the server has agreed. */
  success(record: T): OpenNotificationParams;
  /** The toast's title when it refused; its message is the server's. */
  failure: string;
  /** Once the server has agreed: refresh whatever shows the record. */
  after(record: T): Promise<unknown>;
}

export function useReasonedCall<T extends { id: string }, TData extends BaseRecord = BaseRecord>(call: ReasonedCall<T>) {
  const { ask, holder } = useReasonPrompt();
  const { mutateAsync } = useCustomMutation<TData, HttpError, { reason: string }>();
  /** The record whose call is in flight. */
  const [runningId, setRunningId] = useState<string>();

  // Stable: the rows whose buttons call it need not render again.
  const run = useStableCallback(async (record: T) => {
    const reason = await ask(call.prompt(record));
    if (reason === null) return;
    setRunningId(record.id);
    try {
      await mutateAsync({
        ...call.request(record),
        values: { reason },
        successNotification: call.success(record),
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
