// SPEC §5 reasons: a confirmation dialog first, then a prompt for the reason. Nothing is resolved
// until both are answered; a blank reason cannot be submitted, nor one the shared rule refuses (too
// long, control characters), whose message shows under the field; cancelling either step gives null.
import { useCallback, useId, useRef, useState, type ReactElement, type ReactNode } from "react";
import { Button, Input, Modal } from "antd";
import type { TextAreaRef } from "antd/es/input/TextArea";
import { fields, REASON_MAX } from "@contract";
import { useFocusOnOpen } from "@/components/prompts/use-focus-on-open";
import { usePendingAnswer } from "@/components/prompts/use-pending-answer";
import "@/styles/kit.css";

export interface ReasonPromptOptions {
  /** The SPEC's confirmation text, e.g. 'Are you sure you want to deactivate Alice?'. */
  confirmText: ReactNode;
  /** The label of the reason field, e.g. 'Reason for deletion (required):'. */
  reasonLabel: ReactNode;
  /** The reason step's submit button, e.g. 'Delete'. */
  okText: ReactNode;
  danger?: boolean;
  /** Dialog title of both steps; defaults 'Please confirm' then 'Reason required'. */
  title?: ReactNode;
}

export interface ReasonPromptApi {
  /** Resolves the trimmed reason, or null when cancelled at either step. */
  ask: (options: ReasonPromptOptions) => Promise<string | null>;
  /** Render it once in the component that calls `ask`. */
  holder: ReactElement;
}

type Stage = "confirm" | "reason";

export function useReasonPrompt(): ReasonPromptApi {
  const pending = usePendingAnswer<ReasonPromptOptions, string | null>(null);
  const [stage, setStage] = useState<Stage>("confirm");
  const [reason, setReason] = useState("");
  const fieldId = useId();
  const okRef = useRef<HTMLButtonElement>(null);
  const fieldRef = useRef<TextAreaRef>(null);

  const { options, open, answer, askWith } = pending;
  const ask = useCallback(
    (next: ReasonPromptOptions) => {
      setStage("confirm");
      setReason("");
      return askWith(next);
    },
    [askWith],
  );

  const trimmed = reason.trim();
  // Blank is simply not submittable yet; anything else the API would refuse is said here first.
  const problem = trimmed ? fields.reason.safeParse(reason).error?.issues[0]?.message : undefined;
  const submittable = !!trimmed && !problem;
  const submit = () => {
    if (submittable) answer(trimmed);
  };
  useFocusOnOpen(okRef, open && stage === "confirm", stage);
  useFocusOnOpen(fieldRef, open && stage === "reason", stage);

  const holder = (
    // One modal for both steps: a second modal would get the focus handed back to the page when
    // the first one finishes closing, stealing it from the reason field.
    <Modal
      open={open}
      title={options?.title ?? (stage === "confirm" ? "Please confirm" : "Reason required")}
      onCancel={() => answer(null)}
      footer={[
        <Button key="cancel" onClick={() => answer(null)}>
          Cancel
        </Button>,
        stage === "confirm" ? (
          <Button key="confirm" ref={okRef} type="primary" danger={options?.danger} onClick={() => setStage("reason")}>
            OK
          </Button>
        ) : (
          <Button key="submit" type="primary" danger={options?.danger} disabled={!submittable} onClick={submit}>
            {options?.okText}
          </Button>
        ),
      ]}
      maskClosable={false}
      destroyOnHidden
      centered
    >
      {stage === "confirm" ? (
        <div className="kit-prompt__text">{options?.confirmText}</div>
      ) : (
        <>
          <label className="kit-prompt__label" htmlFor={fieldId}>
            {options?.reasonLabel}
          </label>
          <Input.TextArea
            id={fieldId}
            ref={fieldRef}
            value={reason}
            onChange={(event) => setReason(event.target.value)}
            // Enter writes a new line in a text area; Ctrl/Cmd+Enter submits, like most forms.
            onKeyDown={(event) => {
              if (event.key === "Enter" && (event.ctrlKey || event.metaKey)) submit();
            }}
            autoSize={{ minRows: 3, maxRows: 8 }}
            // A counter, not maxLength: a pasted reason over the limit is kept, and said to be too long.
            count={{ show: true, max: REASON_MAX }}
            status={problem ? "error" : undefined}
            aria-required
            aria-invalid={!!problem}
            aria-describedby={problem ? `${fieldId}-error` : undefined}
          />
          {problem ? (
            <div id={`${fieldId}-error`} className="kit-prompt__error" role="alert">
              {problem}
            </div>
          ) : null}
        </>
      )}
    </Modal>
  );

  return { ask, holder };
}
