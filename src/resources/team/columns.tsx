// The Team table's columns: Admin (name and wallet), Role, Source, Added by, Added, and the actions
// (Change role, Remove) on the members the team manages; the ADMIN_WALLETS owners change only there.
import type { TableColumnsType } from "antd";
import { DeleteOutlined, EditOutlined } from "@ant-design/icons";
import { SHORTEN } from "@/config";
import { actionsColumn, RowAction, RowActions } from "@/components/list/row-actions";
import type { DialogIntent } from "@/components/routing/lazy-dialog";
import { Address } from "@/components/value/address";
import { Badge } from "@/components/value/badges";
import { formatDate, head } from "@/utils/format";
import { ROLE_COLORS, roleLabel, SOURCE_LABELS, type TeamRow } from "./roles";

export interface TeamColumnActions {
  onChange: (member: TeamRow) => void;
  changeIntent?: DialogIntent;
  onRemove: (member: TeamRow) => void;
  /** The member whose removal is in flight. */
  removingId?: string;
}

const memberName = (member: TeamRow) => member.displayName?.trim() || head(member.publicKey, SHORTEN.sidebarKey);

export function teamColumns({ onChange, changeIntent, onRemove, removingId }: TeamColumnActions): TableColumnsType<TeamRow> {
  return [
    {
      key: "admin",
      title: "Admin",
      render: (_, member) => (
        <div className="team-admin">
          <span className="team-admin__name">{memberName(member)}</span>
          <Address value={member.publicKey} display={head(member.publicKey, SHORTEN.sidebarKey)} />
        </div>
      ),
    },
    {
      key: "role",
      title: "Role",
      render: (_, member) => <Badge color={ROLE_COLORS[member.role] ?? "default"}>{roleLabel(member.role)}</Badge>,
    },
    { key: "source", title: "Source", render: (_, member) => SOURCE_LABELS[member.source] },
    {
      key: "addedBy",
      title: "Added by",
      render: (_, member) =>
        member.addedBy ? <Address value={member.addedBy} display={head(member.addedBy, SHORTEN.sidebarKey)} /> : "Configuration",
    },
    { key: "addedAt", title: "Added", render: (_, member) => (member.addedAt ? formatDate(member.addedAt) : "—") },
    actionsColumn<TeamRow>((member) =>
      member.source === "configuration" ? (
        <span className="team-configured">Set in ADMIN_WALLETS</span>
      ) : (
        <RowActions>
          <RowAction
            hint="Change role"
            access={{ resource: "team", action: "edit" }}
            label={`Change the role of ${memberName(member)}`}
            icon={<EditOutlined />}
            onClick={() => onChange(member)}
            {...changeIntent}
          />
          <RowAction
            hint="Remove"
            access={{ resource: "team", action: "delete" }}
            label={`Remove ${memberName(member)}`}
            danger
            icon={<DeleteOutlined />}
            loading={removingId === member.id}
            disabled={removingId !== undefined && removingId !== member.id}
            onClick={() => onRemove(member)}
          />
        </RowActions>
      ),
    ),
  ];
}
