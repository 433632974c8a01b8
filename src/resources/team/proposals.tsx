// Grants of owner or treasury waiting for a second owner (beyond the core API, while payouts need two
// approvals): GET /admin/team/proposals, each approved or rejected with a reason by another owner
// than its proposer. Shown above the team only while there are some; an API without proposals (404)
// shows nothing.
import { useQueryClient } from "@tanstack/react-query";
import { useCustom, useInvalidate, type BaseRecord } from "@refinedev/core";
import { Table, type TableColumnsType } from "antd";
import { CheckOutlined, CloseOutlined } from "@ant-design/icons";
import { SHORTEN } from "@/config";
import { useSessionUser } from "@/components/layout/identity";
import { actionsColumn, RowAction, RowActions } from "@/components/list/row-actions";
import { useReasonedCall } from "@/components/prompts/use-reasoned-call";
import { Address } from "@/components/value/address";
import { Badge } from "@/components/value/badges";
import { endpoints } from "@/providers/endpoints";
import { isCustomQueryFor } from "@/providers/query-policy";
import { formatDate, head } from "@/utils/format";
import type { TeamProposal } from "@contract";
import { ROLE_COLORS, roleLabel } from "./roles";

/** The proposals as the API lists them: a page (`{ items }`) or the bare list. */
function proposalsOf(data: unknown): TeamProposal[] {
  const items = Array.isArray(data) ? data : (data as { items?: unknown } | undefined)?.items;
  return Array.isArray(items) ? (items as TeamProposal[]).filter((proposal) => proposal.status === "pending") : [];
}

/** After a change to the team: the proposals may have changed too. */
export function useRefreshProposals() {
  const queryClient = useQueryClient();
  return () => void queryClient.invalidateQueries({ predicate: isCustomQueryFor([endpoints.teamProposals]) });
}

const who = (key: string) => head(key, SHORTEN.sidebarKey);

function useProposalDecision(verb: "approve" | "reject") {
  const invalidate = useInvalidate();
  const refreshProposals = useRefreshProposals();
  const approve = verb === "approve";
  return useReasonedCall<TeamProposal>({
    prompt: (proposal) => ({
      confirmText: approve
        ? `Grant ${roleLabel(proposal.role)} to ${who(proposal.publicKey)}, as ${who(proposal.proposedBy)} proposed?`
        : `Reject the grant of ${roleLabel(proposal.role)} to ${who(proposal.publicKey)}? Their role stays as it is.`,
      reasonLabel: approve ? "Reason for approving (required):" : "Reason for rejecting (required):",
      okText: approve ? "Approve" : "Reject",
      danger: !approve,
    }),
    request: (proposal) => ({
      url: approve ? endpoints.teamProposalApprove(proposal.id) : endpoints.teamProposalReject(proposal.id),
      method: "post",
    }),
    success: () => ({ type: "success", message: approve ? "Grant approved" : "Grant rejected" }),
    failure: approve ? "Could not approve the grant" : "Could not reject the grant",
    after: async () => {
      refreshProposals();
      await invalidate({ resource: "team", invalidates: ["list"] });
    },
  });
}

export function TeamProposals() {
  const me = useSessionUser()?.publicKey;
  const { query, result } = useCustom<BaseRecord>({
    url: endpoints.teamProposals,
    method: "get",
    errorNotification: false,
    queryOptions: { retry: false },
  });
  const approval = useProposalDecision("approve");
  const rejection = useProposalDecision("reject");
  const proposals = query.isSuccess ? proposalsOf(result?.data) : [];
  if (proposals.length === 0) return null;
  const busy = approval.runningId ?? rejection.runningId;

  const columns: TableColumnsType<TeamProposal> = [
    { key: "wallet", title: "Wallet", render: (_, proposal) => <Address value={proposal.publicKey} display={who(proposal.publicKey)} /> },
    {
      key: "role",
      title: "Role",
      render: (_, proposal) => <Badge color={ROLE_COLORS[proposal.role] ?? "default"}>{roleLabel(proposal.role)}</Badge>,
    },
    { key: "reason", title: "Reason", dataIndex: "reason" },
    {
      key: "proposed",
      title: "Proposed",
      render: (_, proposal) => (
        <span>
          {formatDate(proposal.proposedAt)} by <Address value={proposal.proposedBy} display={who(proposal.proposedBy)} />
        </span>
      ),
    },
    actionsColumn<TeamProposal>((proposal) =>
      proposal.proposedBy === me ? (
        <span className="team-waiting">Waiting for another owner</span>
      ) : (
        <RowActions>
          <RowAction
            hint="Approve"
            access={{ resource: "team", action: "approve" }}
            label={`Approve ${roleLabel(proposal.role)} for ${who(proposal.publicKey)}`}
            icon={<CheckOutlined />}
            loading={approval.runningId === proposal.id}
            disabled={busy !== undefined}
            onClick={() => void approval.run(proposal)}
          />
          <RowAction
            hint="Reject"
            access={{ resource: "team", action: "reject" }}
            label={`Reject ${roleLabel(proposal.role)} for ${who(proposal.publicKey)}`}
            icon={<CloseOutlined />}
            danger
            disabled={busy !== undefined}
            onClick={() => void rejection.run(proposal)}
          />
        </RowActions>
      ),
    ),
  ];

  return (
    <section className="team-proposals" aria-label="Waiting for a second owner">
      <h2 className="team-proposals__title">Waiting for a second owner</h2>
      <Table<TeamProposal>
        rowKey="id"
        size="small"
        columns={columns}
        dataSource={proposals}
        pagination={false}
        scroll={{ x: "max-content" }}
      />
      {approval.holder}
      {rejection.holder}
    </section>
  );
}
