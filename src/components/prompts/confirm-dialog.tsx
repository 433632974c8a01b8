// The confirmation's dialog (confirm.tsx holds its question): OK has the focus, so Enter confirms
// and Escape cancels. A lazy dialog, loaded on the first question at the latest.
import { useRef } from "react";
import { Button, Modal } from "antd";
import { useFocusOnOpen } from "@/components/prompts/use-focus-on-open";
import type { ConfirmDialogProps } from "./dialog-props";
import "@/styles/kit.css";

export function ConfirmDialog({ options, open, answer }: ConfirmDialogProps) {
  const okRef = useRef<HTMLButtonElement>(null);
  useFocusOnOpen(okRef, open);

  return (
    <Modal
      open={open}
      title={options?.title ?? "Please confirm"}
      onCancel={() => answer(false)}
      footer={[
        <Button key="cancel" onClick={() => answer(false)}>
          {options?.cancelText ?? "Cancel"}
        </Button>,
        <Button key="ok" ref={okRef} type="primary" danger={options?.danger} onClick={() => answer(true)}>
          {options?.okText ?? "OK"}
        </Button>,
      ]}
      maskClosable={false}
      destroyOnHidden
      centered
    >
      <div className="kit-prompt__text">{options?.content}</div>
    </Modal>
  );
}
