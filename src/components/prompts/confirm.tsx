// An in-page confirmation (the SPEC's browser confirm, as an antd modal). OK has the focus, so
// Enter confirms and Escape cancels.
import { useRef, type ReactElement, type ReactNode } from "react";
import { Button, Modal } from "antd";
import { useFocusOnOpen } from "@/components/prompts/use-focus-on-open";
import { usePendingAnswer } from "@/components/prompts/use-pending-answer";
import "@/styles/kit.css";

export interface ConfirmOptions {
  /** Default 'Please confirm'. */
  title?: ReactNode;
  content: ReactNode;
  /** Default 'OK'. */
  okText?: ReactNode;
  /** Default 'Cancel'. */
  cancelText?: ReactNode;
  danger?: boolean;
}

export interface ConfirmApi {
  /** Resolves true on OK, false on Cancel, Escape or close. */
  confirm: (options: ConfirmOptions) => Promise<boolean>;
  /** Render it once in the component that calls `confirm`. */
  holder: ReactElement;
}

export function useConfirm(): ConfirmApi {
  const { options, open, askWith, answer } = usePendingAnswer<ConfirmOptions, boolean>(false);
  const okRef = useRef<HTMLButtonElement>(null);
  useFocusOnOpen(okRef, open);

  const holder = (
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

  return { confirm: askWith, holder };
}
