// An in-page confirmation (the SPEC's browser confirm, as an antd modal). OK has the focus, so
// Enter confirms and Escape cancels.
import type { ReactElement, ReactNode } from "react";
import { Modal } from "antd";
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

  const holder = (
    <Modal
      open={open}
      title={options?.title ?? "Please confirm"}
      okText={options?.okText ?? "OK"}
      cancelText={options?.cancelText ?? "Cancel"}
      okButtonProps={{ danger: options?.danger, autoFocus: true }}
      onOk={() => answer(true)}
      onCancel={() => answer(false)}
      maskClosable={false}
      destroyOnHidden
      centered
    >
      <div className="kit-prompt__text">{options?.content}</div>
    </Modal>
  );

  return { confirm: askWith, holder };
}
