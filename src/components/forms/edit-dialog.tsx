// A screen's edit modal, as the screen holds it: what it was asked to open (a row, or nothing to
// create) or, for a modal that is the record's URL, the id in the URL. The modal itself — Refine's
// useModalForm, the form and its rules (edit-modal.tsx, in the resource's `edit-modal.tsx`) — is a
// lazy dialog (lazy-dialog.tsx), mounted on the first opening.
import { useState, type ReactElement } from "react";
import type { BaseRecord } from "@refinedev/core";
import type { DialogIntent, LazyDialog } from "@/components/routing/lazy-dialog";
import { useRecordRoute } from "@/components/routing/use-record-route";
import { useStableCallback } from "@/utils/use-stable-callback";

/** One ask to open the modal: a new object each time, so asking again for the same row opens it again. */
export interface EditRequest<TRecord> {
  /** The row to edit; none to create. */
  record?: TRecord;
}

/** The props of a resource's edit modal component (the lazy part). */
export interface EditDialogProps<TRecord> {
  /** The latest ask of the screen (undefined for a routed modal, which follows the URL). */
  request?: EditRequest<TRecord>;
}

export interface EditDialogOptions {
  /** The Refine resource, as the modal's own options say it. */
  resource: string;
  /** The modal is the record's URL (as the modal's own `routed`): opening a row goes there. */
  routed?: boolean;
}

export interface EditDialog<TRecord> {
  /** Opens the modal: for the record of this row (edit), or empty (create). */
  open: (record?: TRecord) => void;
  /** For the buttons that open it: pointing at one fetches the modal's code. */
  intent: DialogIntent;
  /** Render it once in the screen. */
  modal: ReactElement;
}

export function useEditDialog<TRecord extends BaseRecord>(
  dialog: LazyDialog<EditDialogProps<TRecord>>,
  { resource, routed = false }: EditDialogOptions,
): EditDialog<TRecord> {
  const route = useRecordRoute(resource);
  const [request, setRequest] = useState<EditRequest<TRecord>>();
  // Stable, so that the rows whose Edit buttons call it need not render again.
  const open = useStableCallback((record?: TRecord) => (routed && record ? route.open(record.id!) : setRequest({ record })));
  const active = request !== undefined || (routed && route.id !== undefined);
  const { Host } = dialog;
  return { open, intent: dialog.intent, modal: <Host active={active} request={request} /> };
}
