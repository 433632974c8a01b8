// The one edit modal of the console (users, shops, tokens, team): Refine's useModalForm, pessimistic,
// with the rules every edit shares. Each open shows that record's values only (never a previous
// record's, not even while the next one loads); a failed save keeps the modal open with what was
// typed and the server's words at the top (field errors land under their fields); the save sends
// the resource's own body, built from the form by `toBody`.
//
// It is the lazy part of a screen's edit dialog (edit-dialog.tsx): a resource's `edit-modal.tsx`
// exports a component returning useEditModal({ ..., request }), which the screen mounts, with the
// screen's latest request, on the first opening.
import { useEffect, useRef, useState, type ReactElement, type ReactNode } from "react";
import { Alert, Button, Form, Modal } from "antd";
import { useModalForm } from "@refinedev/antd";
import { useOne, useResourceParams, type BaseRecord, type HttpError } from "@refinedev/core";
import { AuditHistory, type AuditTargetType } from "@/components/history/audit-history";
import { RecordFrame } from "@/components/record/record-frame";
import { LoadingStatus } from "@/components/loading-status";
import type { EditRequest } from "@/components/forms/edit-dialog";
import { useRecordRoute } from "@/components/routing/use-record-route";
import "@/components/antd/setup";
import "@/styles/kit.css";

export interface EditModalOptions<TRecord extends BaseRecord, TValues, TBody> {
  /** The Refine resource; its `api` entry says where create and update go. */
  resource: string;
  action: "create" | "edit";
  /**
   * Where an edit's values come from: "fetch" (the default) reads the record by id when the modal
   * opens; "row" takes the record the screen hands to `open` (for an API without a GET by id).
   */
  source?: "fetch" | "row";
  /** What the modal is about, in its messages: 'Could not save the {noun}'. */
  noun: string;
  /** The heading of a failed save (default: 'Could not save the {noun}'). */
  saveFailed?: string;
  /** The form's name, which keeps its field ids apart (default: "{resource}-{action}"). */
  formName?: string;
  title: string;
  okText: string;
  /** The form's values for a record (default: the record itself). */
  toFormValues?: (record: TRecord) => TValues;
  /** The request body for the form's values. */
  toBody: (values: TValues) => TBody;
  /** The form's items; `record` is the one being edited (undefined when creating). */
  fields: (record: TRecord | undefined) => ReactNode;
  /** Shows the record's admin history under the form. */
  history?: AuditTargetType;
  successNotification?: NonNullable<Parameters<typeof useModalForm<TRecord, HttpError, TBody>>[0]>["successNotification"];
  /** After a successful save (the resource's own list is already refreshed by Refine). */
  onSaved?: () => void;
  /**
   * The save, for a resource whose answer is not the record (the team's member or 202 proposal):
   * it replaces Refine's create/update, rejects with the server's error, and on success the modal
   * closes and `onSaved` runs (which then refreshes what it must).
   */
  save?: (body: TBody, record: TRecord | undefined) => Promise<unknown>;
  /**
   * The modal is the record's URL (the resource's `show` route, e.g. /users/:id): opening a row
   * goes there, a link or reload there opens it, and closing goes back to the list as it was.
   */
  routed?: boolean;
  /** A routed record's name in its breadcrumb. */
  recordName?: (record: TRecord) => string;
  /** The screen's latest ask to open the modal (EditDialogProps): each new one opens it. */
  request?: EditRequest<TRecord>;
}

export function useEditModal<TRecord extends BaseRecord, TValues = TRecord, TBody = TValues>({
  resource,
  action,
  source = "fetch",
  noun,
  saveFailed = `Could not save the ${noun}`,
  formName = `${resource}-${action}`,
  title,
  okText,
  toFormValues,
  toBody,
  fields,
  history,
  successNotification,
  onSaved,
  save,
  routed = false,
  recordName,
  request,
}: EditModalOptions<TRecord, TValues, TBody>): ReactElement {
  const route = useRecordRoute(resource);
  // A routed edit reads its record itself, as every record URL does (useRoutedRecord): a record that
  // cannot be read is said once, in the dialog, where Refine's form would also pop a notification.
  const ownRead = routed && action === "edit" && source === "fetch";
  const read = useOne<TRecord, HttpError>({
    resource,
    id: route.id ?? "",
    queryOptions: { enabled: ownRead && route.id !== undefined },
    errorNotification: false,
  });
  const fromRow = action === "create" || source === "row" || ownRead;
  const [row, setRow] = useState<TRecord>();
  const [saveError, setSaveError] = useState<string>();
  const [ownSaving, setOwnSaving] = useState(false);
  const { modalProps, formProps, form, show, close, query, mutation, id, formLoading } = useModalForm<TRecord, HttpError, TBody>({
    resource,
    action,
    redirect: false,
    mutationMode: "pessimistic",
    successNotification,
    // The modal shows the failure itself, next to what was typed.
    errorNotification: false,
    onMutationSuccess: () => onSaved?.(),
    onMutationError: (error) => setSaveError(error?.message || saveFailed),
    // Refine keeps the previous record as a placeholder while the next one loads: never show it.
    queryOptions: fromRow ? { enabled: false } : { placeholderData: () => undefined },
  });

  // Every open resets the form to this open's values. Refine resets only when the id changes, and
  // after a successful save it keeps the id: reopening that row would show the values from before
  // the save. Declared after useModalForm, so this runs after its own reset.
  const [opens, setOpens] = useState(0);
  useEffect(() => {
    if (opens > 0) form.resetFields();
  }, [opens, form]);

  const fetched = query?.data?.data;
  const current = fetched && !query?.isPlaceholderData && String(fetched.id) === String(id) ? fetched : undefined;
  const readRecord = ownRead && read.result && String(read.result.id) === route.id ? read.result : undefined;
  const record = ownRead ? readRecord : fromRow ? row : current;
  // Refine resets the form to a record once it has arrived, in an effect after the render that
  // shows it: fields shown before that reset would lose a click or a keystroke made in between. So
  // they show from the render after it (this effect is declared after useModalForm's, so it runs
  // after that reset).
  const recordKey = record ? `${opens}:${String(record.id)}` : undefined;
  const [populated, setPopulated] = useState<string>();
  // A record read here (not by Refine's form) puts its values in the form once it has arrived.
  useEffect(() => {
    if (ownRead && recordKey) form.resetFields();
  }, [ownRead, recordKey, form]);
  useEffect(() => setPopulated(recordKey), [recordKey]);
  const ready = action === "create" || (record !== undefined && populated === recordKey);
  const loadError = !fromRow && query?.isError ? query.error?.message || `Could not load the ${noun}` : undefined;
  // A record URL that names no record (or one that cannot be read) says so once, as every record URL
  // does (RecordFrame: "This record does not exist", with Retry): no form, nothing to save.
  const routedFailure = ownRead && route.id !== undefined && read.query.isError && !readRecord ? read.query.error : undefined;
  const initialValues = record ? (toFormValues ? toFormValues(record) : record) : undefined;

  function openHere(next?: TRecord) {
    setSaveError(undefined);
    setRow(next);
    setOpens((count) => count + 1);
    show(action === "edit" ? next?.id : undefined);
  }

  function cancel() {
    setSaveError(undefined);
    close();
  }

  const routedId = routed ? route.id : undefined;
  const isOpen = modalProps.open === true;
  // The URL leads: a record id in it opens the modal for that record; none closes it.
  // (Refs: useModalForm's functions change every render; only the id may trigger this.)
  const followUrl = useRef({ openHere, close });
  followUrl.current = { openHere, close };
  useEffect(() => {
    if (!routed) return;
    if (routedId !== undefined) followUrl.current.openHere({ id: routedId } as TRecord);
    else followUrl.current.close();
  }, [routed, routedId]);
  // Elsewhere the screen leads: each ask it makes (a row, or none to create) opens the modal, the
  // first one as soon as the modal is mounted.
  useEffect(() => {
    if (request) followUrl.current.openHere(request.record);
  }, [request]);
  // ...and the modal closing by itself (cancel, or a save that went through) goes back to the list.
  const wasOpen = useRef(false);
  const backToList = route.close;
  useEffect(() => {
    if (routed && wasOpen.current && !isOpen && routedId !== undefined) backToList();
    wasOpen.current = isOpen;
  }, [routed, isOpen, routedId, backToList]);

  const sectionLabel = String(useResourceParams({ resource }).resource?.meta?.label ?? resource);

  async function submit(values: TValues) {
    setSaveError(undefined);
    if (save) return saveOwn(save, toBody(values));
    try {
      // useModalForm's onFinish returns the save's promise (typed void by antd): it rejects on failure.
      const save = formProps.onFinish as unknown as (body: TBody) => Promise<unknown>;
      await save(toBody(values));
    } catch {
      // onMutationError has put the server's message on screen; the form keeps its values.
    }
  }

  async function saveOwn(call: NonNullable<typeof save>, body: TBody) {
    setOwnSaving(true);
    try {
      await call(body, record);
    } catch (error) {
      setSaveError((error as HttpError).message || saveFailed);
      return;
    } finally {
      setOwnSaving(false);
    }
    close();
    onSaved?.();
  }

  return (
    <Modal
      {...modalProps}
      title={title}
      okText={okText}
      width={560}
      centered
      onCancel={cancel}
      // A spinner on the button only while saving; while the record loads it is just not available yet.
      okButtonProps={{ ...modalProps.okButtonProps, loading: mutation.isPending || ownSaving, disabled: !ready || formLoading }}
      // The form and its history scroll inside the dialog, so the button stays in view on short screens.
      classNames={{ body: "kit-edit-modal__body" }}
      footer={routedFailure ? <Button onClick={cancel}>Close</Button> : undefined}
    >
      {routed && routedId !== undefined ? (
        <RecordFrame
          section={sectionLabel}
          name={record && recordName ? recordName(record) : undefined}
          backHref={route.listHref}
          onBack={cancel}
          error={routedFailure}
          onRetry={() => void read.query.refetch()}
        />
      ) : null}
      {loadError && !routedFailure ? <Alert type="error" showIcon message={`Could not load the ${noun}`} description={loadError} /> : null}
      {saveError ? <Alert className="kit-edit-modal__error" type="error" showIcon message={saveFailed} description={saveError} /> : null}
      {routedFailure ? null : (
        <Form<TValues>
          {...(formProps as object)}
          // Two modals of one resource (create and edit) may be mounted: the name keeps their field ids apart.
          name={formName}
          initialValues={initialValues as never}
          onFinish={(values) => void submit(values)}
          layout="vertical"
        >
          {ready ? fields(record) : loadError ? null : <LoadingStatus label={`Loading ${noun}`} />}
        </Form>
      )}
      {history && record && modalProps.open ? <AuditHistory targetType={history} targetId={String(record.id)} /> : null}
    </Modal>
  );
}
