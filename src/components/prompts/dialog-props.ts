// What a prompt asks and how its dialog answers: shared by each hook (confirm.tsx, reason-prompt.tsx)
// and the lazy dialog it loads (confirm-dialog.tsx, reason-dialog.tsx), which imports nothing back.
import type { ReactNode } from "react";

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

/** What the confirmation's dialog shows and how it answers. */
export interface ConfirmDialogProps {
  options: ConfirmOptions | null;
  open: boolean;
  answer: (confirmed: boolean) => void;
}

export interface ReasonPromptOptions {
  /** The confirmation text, e.g. 'Are you sure you want to deactivate Alice?'. */
  confirmText: ReactNode;
  /** The label of the reason field, e.g. 'Reason for deletion (required):'. */
  reasonLabel: ReactNode;
  /** The reason step's submit button, e.g. 'Delete'. */
  okText: ReactNode;
  danger?: boolean;
  /** Dialog title of both steps; defaults 'Please confirm' then 'Reason required'. */
  title?: ReactNode;
}

export type ReasonStage = "confirm" | "reason";

/** What the reason prompt's dialog shows and how it answers. */
export interface ReasonDialogProps {
  options: ReasonPromptOptions | null;
  open: boolean;
  stage: ReasonStage;
  onStage: (stage: ReasonStage) => void;
  reason: string;
  onReason: (reason: string) => void;
  /** The trimmed reason, or null for a cancel. */
  answer: (reason: string | null) => void;
}
