// An action that needs a reason: a confirmation dialog first, then a prompt for the reason. Nothing
// is resolved until both are answered; a blank reason cannot be submitted, nor one the shared rule
// refuses (too long, control characters), whose message shows under the field; cancelling either
// step gives null.
// This hook holds the question and its answer; the dialog (reason-dialog.tsx, with the rule) is a
// lazy dialog, loaded on the first question at the latest.
import { useCallback, useState, type ReactElement } from "react";
import { lazyDialog } from "@/components/routing/lazy-dialog";
import { usePendingAnswer } from "@/components/prompts/use-pending-answer";
import type { ReasonDialogProps, ReasonPromptOptions, ReasonStage } from "./dialog-props";

export type { ReasonDialogProps, ReasonPromptOptions, ReasonStage };

export interface ReasonPromptApi {
  /** Resolves the trimmed reason, or null when cancelled at either step. */
  ask: (options: ReasonPromptOptions) => Promise<string | null>;
  /** Render it once in the component that calls `ask`. */
  holder: ReactElement;
}

const ReasonDialog = lazyDialog(() => import("./reason-dialog"), "ReasonDialog");

export function useReasonPrompt(): ReasonPromptApi {
  const { options, open, answer, askWith } = usePendingAnswer<ReasonPromptOptions, string | null>(null);
  const [stage, setStage] = useState<ReasonStage>("confirm");
  const [reason, setReason] = useState("");

  const ask = useCallback(
    (next: ReasonPromptOptions) => {
      setStage("confirm");
      setReason("");
      return askWith(next);
    },
    [askWith],
  );

  const holder = (
    <ReasonDialog.Host
      active={open}
      options={options}
      open={open}
      stage={stage}
      onStage={setStage}
      reason={reason}
      onReason={setReason}
      answer={answer}
    />
  );

  return { ask, holder };
}
