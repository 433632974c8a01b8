// The team's modal forms (Add, Change role): the console's one edit modal (useEditModal), with the
// team's own save (useCustomMutation), as its answer is the member (201/200) or a proposal waiting
// for a second owner (202), not a record. A refusal (409: the last owner, too few approvers) stays in
// the modal, above what was typed. Each ask of the screen opens it afresh.
import type { ReactNode } from "react";
import { useCustomMutation, useInvalidate, type HttpError } from "@refinedev/core";
import type { EditRequest } from "@/components/forms/edit-dialog";
import { useEditModal } from "@/components/forms/edit-modal";
import type { TeamChangeResult } from "@contract";
import { useRefreshProposals } from "./proposals";
import type { TeamRow } from "./roles";
import { teamSaved } from "./saved";

export interface TeamModalOptions<TValues> {
  request?: EditRequest<TeamRow>;
  /** The form's name (its field ids): "team-add". */
  name: string;
  title: string;
  okText: string;
  /** Where the save goes for this open's member (none when adding). */
  call: (member: TeamRow | undefined) => { url: string; method: "post" | "patch" };
  toBody: (values: TValues) => Record<string, unknown>;
  initialValues?: (member: TeamRow) => Partial<TValues>;
  /** The toast once saved without a second owner. */
  done: string;
  fields: (member: TeamRow | undefined) => ReactNode;
}

export function TeamModal<TValues extends object>({
  request,
  name,
  title,
  okText,
  call,
  toBody,
  initialValues,
  done,
  fields,
}: TeamModalOptions<TValues>) {
  const { mutateAsync } = useCustomMutation<TeamChangeResult, HttpError, Record<string, unknown>>();
  const invalidate = useInvalidate();
  const refreshProposals = useRefreshProposals();

  async function save(body: Record<string, unknown>, member: TeamRow | undefined) {
    try {
      await mutateAsync({ ...call(member), values: body, successNotification: teamSaved(done), errorNotification: false });
    } catch (error) {
      throw new Error((error as HttpError).message || "Could not save");
    }
  }

  return useEditModal<TeamRow, TValues, Record<string, unknown>>({
    resource: "team",
    action: "create",
    source: "row",
    noun: "member",
    saveFailed: `Could not ${okText.toLowerCase()}`,
    formName: name,
    title,
    okText,
    toFormValues: initialValues as ((member: TeamRow) => TValues) | undefined,
    toBody,
    fields,
    save,
    onSaved: () => {
      refreshProposals();
      void invalidate({ resource: "team", invalidates: ["list"] });
    },
    request,
  });
}
