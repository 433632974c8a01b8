// The reason prompt's dialog (reason-prompt.tsx holds its state): the confirmation, then the reason
// field with the shared rule. A lazy dialog, loaded on the first question.
import { useId, useRef } from "react";
import { Button, Input, Modal } from "antd";
import type { TextAreaRef } from "antd/es/input/TextArea";
import { fields, REASON_MAX } from "@contract";
import { useFocusOnOpen } from "@/components/prompts/use-focus-on-open";
import type { ReasonDialogProps } from "./dialog-props";
import "@/styles/kit.css";

export function ReasonDialog({ options, open, stage, onStage, reason, onReason, answer }: ReasonDialogProps) {
  const fieldId = useId();
  const okRef = useRef<HTMLButtonElement>(null);
  const fieldRef = useRef<TextAreaRef>(null);

  const trimmed = reason.trim();
  // Blank is simply not submittable yet; anything else the API would refuse is said here first.
  const problem = trimmed ? fields.reason.safeParse(reason).error?.issues[0]?.message : undefined;
  const submittable = !!trimmed && !problem;
  const submit = () => {
    if (submittable) answer(trimmed);
  };
  useFocusOnOpen(okRef, open && stage === "confirm", stage);
  useFocusOnOpen(fieldRef, open && stage === "reason", stage);

  return (
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
          <Button key="confirm" ref={okRef} type="primary" danger={options?.danger} onClick={() => onStage("reason")}>
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
            onChange={(event) => onReason(event.target.value)}
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
}
