// An in-page confirmation (in place of the browser's confirm(), as an antd modal). OK has the focus, so
// Enter confirms and Escape cancels. This hook holds the question; the dialog (confirm-dialog.tsx)
// is a lazy dialog, loaded on the first question at the latest.
import type { ReactElement } from "react";
import { lazyDialog } from "@/components/routing/lazy-dialog";
import { usePendingAnswer } from "@/components/prompts/use-pending-answer";
import type { ConfirmDialogProps, ConfirmOptions } from "./dialog-props";

export type { ConfirmDialogProps, ConfirmOptions };

export interface ConfirmApi {
  /** Resolves true on OK, false on Cancel, Escape or close. */
  confirm: (options: ConfirmOptions) => Promise<boolean>;
  /** Render it once in the component that calls `confirm`. */
  holder: ReactElement;
}

const ConfirmDialog = lazyDialog(() => import("./confirm-dialog"), "ConfirmDialog");

export function useConfirm(): ConfirmApi {
  const { options, open, askWith, answer } = usePendingAnswer<ConfirmOptions, boolean>(false);
  const holder = <ConfirmDialog.Host active={open} options={options} open={open} answer={answer} />;
  return { confirm: askWith, holder };
}
