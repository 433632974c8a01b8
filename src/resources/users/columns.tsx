// The User Management table columns, in order: User, Public Key, Status, Verified, Active, Actions.
// Verified and Status are secondary and hide below md.
import type { TableColumnsType } from "antd";
import { EditOutlined, StopOutlined } from "@ant-design/icons";
import { actionsColumn, RowAction, RowActions } from "@/components/list/row-actions";
import { SHORTEN } from "@/config";
import type { DialogIntent } from "@/components/routing/lazy-dialog";
import { Address } from "@/components/value/address";
import { Avatar } from "@/components/value/avatar";
import { Badge, FlagBadge, VerifiedMark } from "@/components/value/badges";
import { avatarInitial, head } from "@/utils/format";
import type { User } from "@contract";

/** The deactivation dialog names the user by display name, else by key. */
export const userName = (user: User) => user.displayName?.trim() || user.publicKey;

function UserCell({ user }: { user: User }) {
  const name = user.displayName?.trim() || "No Name";
  const contact = user.contactInfo?.trim() || "No Email";
  return (
    <div className="user-cell">
      {/* Decorative: the name next to it says who this is. The initial stands in if the image fails. */}
      <Avatar src={user.avatarUrl} alt="" text={avatarInitial(user.displayName, user.publicKey)} className="user-cell__avatar" size={36} />
      <div className="user-cell__text">
        {/* Titles: phones cut long names and emails short (users.css). */}
        <div className="user-cell__name" title={name}>
          {name}
        </div>
        <div className="user-cell__contact" title={contact}>
          {contact}
        </div>
      </div>
    </div>
  );
}

/** Red if disabled, green if the status is 'active', grey otherwise. */
export function UserStatusBadge({ user }: { user: User }) {
  const color = user.disabled ? "error" : user.status === "active" ? "success" : "neutral";
  return <Badge color={color}>{user.status?.trim() || "Unknown"}</Badge>;
}

interface ColumnActions {
  onEdit: (user: User) => void;
  /** The Edit buttons' pointer and focus handlers (they fetch the modal's code). */
  editIntent?: DialogIntent;
  onDeactivate: (user: User) => void;
  /** The user whose deactivation is being sent, if any. */
  deactivatingId?: string;
}

export function userColumns({ onEdit, editIntent, onDeactivate, deactivatingId }: ColumnActions): TableColumnsType<User> {
  return [
    {
      key: "user",
      title: "User",
      render: (_, user) => <UserCell user={user} />,
    },
    {
      key: "publicKey",
      title: "Public Key",
      width: 170,
      // Shortened as the sidebar shortens a key (SHORTEN.sidebarKey); the full key is in the tooltip.
      render: (_, user) => <Address value={user.publicKey} display={head(user.publicKey, SHORTEN.sidebarKey)} />,
    },
    {
      key: "status",
      title: "Status",
      width: 180,
      responsive: ["md"],
      render: (_, user) => <UserStatusBadge user={user} />,
    },
    {
      key: "verified",
      title: "Verified",
      width: 100,
      align: "center",
      responsive: ["md"],
      render: (_, user) => <VerifiedMark verified={user.verified} />,
    },
    {
      key: "active",
      title: "Active",
      width: 110,
      render: (_, user) => <FlagBadge value={!user.disabled} trueText="Active" falseText="Disabled" />,
    },
    actionsColumn<User>((user) => {
      const name = userName(user);
      return (
        <RowActions>
          <RowAction
            hint="Edit"
            access={{ resource: "users", action: "edit" }}
            label={`Edit ${name}`}
            icon={<EditOutlined />}
            onClick={() => onEdit(user)}
            {...editIntent}
          />
          {user.disabled ? null : (
            <RowAction
              hint="Deactivate"
              access={{ resource: "users", action: "deactivate" }}
              label={`Deactivate ${name}`}
              danger
              icon={<StopOutlined />}
              loading={deactivatingId === user.id}
              disabled={deactivatingId !== undefined}
              onClick={() => onDeactivate(user)}
            />
          )}
        </RowActions>
      );
    }, 100),
  ];
}
