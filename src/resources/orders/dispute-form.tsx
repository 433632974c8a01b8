// The dispute resolve form: pick a resolution, explain it, confirm, and let the server settle the
// escrow on chain. Nothing is sent until the in-page confirmation is accepted, and the
// notes survive a failure so the admin can retry.
import { useState } from "react";
import { Alert, Form, Input, Radio } from "antd";
import { AccessButton } from "@/components/access/access-button";
import { useCustomMutation } from "@refinedev/core";
import {
  ADMIN_NOTES_MAX,
  disputePreviewSchema,
  fields,
  type DisputeResolution,
  type Order,
  type PayoutProposal,
  type ResolveDisputeRequest,
  type ResolveDisputeResponse,
} from "@contract";
import { useConfirm } from "@/components/prompts/confirm";
import { endpoints } from "@/providers/endpoints";
import type { ApiHttpError } from "@/providers/http";
import { antdRule } from "@/utils/form-rules";
import {
  confirmationText,
  DEFAULT_REFUND_PERCENT,
  DEFAULT_RESOLUTION,
  RESOLUTION_OPTIONS,
  PROPOSED_TEXT,
  RESOLVE_FAILED,
  resolvedText,
} from "./dispute-options";
import { PayoutPreviewPanel, usePayoutPreview } from "./payout-preview";
import { RefundSplit } from "./refund-split";
import type { ResolveOutcome } from "./resolved-notice";
import { DecisionNotSigned, SIGNING_TEXT, useDecisionSigner } from "./use-decision-signer";

interface FormValues {
  resolution: DisputeResolution;
  refundPercentage: number | null;
  adminNotes: string;
}

/** The resolve body for these values; refundPercentage is sent only for a partial refund, the one it means something for. */
function resolveBody({ resolution, adminNotes, refundPercentage }: FormValues): ResolveDisputeRequest {
  return resolution === "PARTIAL_REFUND"
    ? { resolution, adminNotes, refundPercentage: refundPercentage ?? DEFAULT_REFUND_PERCENT }
    : { resolution, adminNotes };
}

export const NOTES_NEEDED = "Enter the admin notes to resolve";

/** Lets the details modal see a settlement in flight (it must not close under it). */
export const resolveDisputeKey = (orderId: string) => ["orders", "resolve-dispute", orderId];

export function DisputeResolveForm({ order, onSuccess }: { order: Order; onSuccess: (outcome: ResolveOutcome) => void }) {
  const [form] = Form.useForm<FormValues>();
  const { confirm, holder } = useConfirm();
  const resolution = Form.useWatch("resolution", form) ?? DEFAULT_RESOLUTION;
  const notes = Form.useWatch("adminNotes", form) ?? "";
  const percent = Form.useWatch("refundPercentage", form);
  // The payouts of what the form says now, when it says something the server would accept.
  // The resolve body, its notes left out until written: the preview does not need them.
  const body = resolveBody({ resolution, adminNotes: notes, refundPercentage: percent ?? DEFAULT_REFUND_PERCENT });
  const previewBody = notes.trim() === "" ? { ...body, adminNotes: undefined } : body;
  // A cleared percentage box is no body at all (the form says why), not the default.
  const valid = !(resolution === "PARTIAL_REFUND" && percent === null) && disputePreviewSchema.safeParse(previewBody).success;
  const preview = usePayoutPreview(order.id, valid ? previewBody : undefined);
  // A server that wants a second admin's approval (PAYOUT_APPROVALS=2) answers 202 with the proposal.
  const { mutation, mutate } = useCustomMutation<ResolveDisputeResponse | PayoutProposal, ApiHttpError, ResolveDisputeRequest>({
    mutationOptions: { mutationKey: resolveDisputeKey(order.id) },
  });
  const signer = useDecisionSigner(order.id);
  const [signError, setSignError] = useState<string | null>(null);
  const signing = signer.stage !== "idle";
  const pending = mutation.isPending;
  const busy = pending || signing;
  const done = mutation.isSuccess;
  const notesMissing = notes.trim() === "";
  // The one reason the form does not already say in place (a blocked preview has its alert).
  const whyDisabled = notesMissing && !busy && !done ? NOTES_NEEDED : null;
  const whyDisabledId = `dispute-why-disabled-${order.id}`;

  const submit = async (values: FormValues) => {
    if (preview.blocked) return;
    const percent = values.refundPercentage ?? DEFAULT_REFUND_PERCENT;
    const confirmed = await confirm({
      title: "Confirm dispute resolution",
      content: confirmationText(values.resolution, percent),
      okText: "Resolve Dispute",
      danger: true,
    });
    if (!confirmed) return;
    setSignError(null);
    const body = resolveBody(values);
    let signedDecision;
    try {
      signedDecision = await signer.sign(body);
    } catch (error) {
      setSignError(error instanceof DecisionNotSigned ? error.message : String(error));
      return;
    }
    mutate(
      {
        url: endpoints.resolveDispute(order.id),
        method: "post",
        values: signedDecision ? { ...body, signedDecision } : body,
        // The outcome is shown in the form, under the button that asked for it.
        successNotification: false,
        errorNotification: false,
      },
      { onSuccess: (response) => onSuccess(response.data) },
    );
  };

  return (
    <div className="dispute-form">
      {holder}
      <h4 className="dispute-form__title">Resolve Dispute</h4>
      <Form<FormValues>
        form={form}
        layout="vertical"
        disabled={busy || done}
        initialValues={{ resolution: DEFAULT_RESOLUTION, refundPercentage: DEFAULT_REFUND_PERCENT, adminNotes: "" }}
        onFinish={(values) => void submit(values)}
      >
        <Form.Item name="resolution" label="Resolution">
          <Radio.Group className="dispute-form__options">
            {RESOLUTION_OPTIONS.map((option) => (
              <Radio key={option.value} value={option.value}>
                <span className="dispute-form__option-label">{option.label}</span>
                <span className="dispute-form__option-hint">{option.hint}</span>
              </Radio>
            ))}
          </Radio.Group>
        </Form.Item>

        {resolution === "PARTIAL_REFUND" ? (
          <Form.Item name="refundPercentage" label="Refund to buyer (%)" rules={[antdRule(fields.refundPercentage)]}>
            <RefundSplit />
          </Form.Item>
        ) : null}

        {/* Marked required by hand: the rule is the shared zod one, which antd cannot read a "required" from. */}
        <Form.Item name="adminNotes" label="Admin Notes" required rules={[antdRule(fields.adminNotes)]}>
          <Input.TextArea
            rows={4}
            maxLength={ADMIN_NOTES_MAX}
            showCount={{ formatter: ({ count, maxLength }) => `${count}/${maxLength ?? ADMIN_NOTES_MAX}` }}
            placeholder="Explain the decision (recorded with the resolution)"
          />
        </Form.Item>

        {/* A standing note, not news: screen readers should not announce it as an alert. */}
        <Alert
          type="warning"
          role="note"
          showIcon
          className="dispute-form__warning"
          message="This action executes a blockchain transaction and cannot be undone."
        />

        <PayoutPreviewPanel state={preview} />

        {signError ? (
          <Alert type="error" showIcon className="dispute-form__result" message={signError} />
        ) : mutation.isError ? (
          <Alert type="error" showIcon className="dispute-form__result" message={mutation.error.serverMessage ?? RESOLVE_FAILED} />
        ) : null}
        {done ? <ResolveOutcome outcome={mutation.data.data} /> : null}

        <AccessButton
          access={{ resource: "orders", action: "resolve" }}
          type="primary"
          danger
          htmlType="submit"
          block
          loading={busy}
          disabled={busy || done || notesMissing || preview.blocked}
          aria-describedby={whyDisabled ? whyDisabledId : undefined}
        >
          {signer.stage !== "idle" ? SIGNING_TEXT[signer.stage] : pending ? "Processing Transaction..." : "Resolve Dispute"}
        </AccessButton>
        {/* A disabled button takes no hover, so why it is disabled is said under it. */}
        {whyDisabled ? (
          <p id={whyDisabledId} className="dispute-form__why-disabled">
            {whyDisabled}
          </p>
        ) : null}
      </Form>
    </div>
  );
}

/** Settled (its transaction), or proposed: nothing sent until another admin approves it. */
function ResolveOutcome({ outcome }: { outcome: ResolveDisputeResponse | PayoutProposal }) {
  return "settlementId" in outcome ? (
    <Alert type="info" role="status" showIcon className="dispute-form__result" message={PROPOSED_TEXT} />
  ) : (
    <Alert type="success" role="status" showIcon className="dispute-form__result" message={resolvedText(outcome.transactionSignature)} />
  );
}
