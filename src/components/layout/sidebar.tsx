// The sidebar's content (desktop Sider and small-screen Drawer alike): title, sections, who is signed in.
import { Badge as CountBadge, Button, Menu } from "antd";
import { LogoutOutlined } from "@ant-design/icons";
import { useLogout } from "@refinedev/core";
import { Link, useLocation } from "react-router";
import { SIDEBAR_TITLE } from "@/config";
import { useOfferedSections } from "@/components/access/use-access";
import { PaletteButton } from "@/components/palette/launcher";
import { Badge, type BadgeColor } from "@/components/value/badges";
import { usePreload } from "@/components/routing/use-preload";
import { isSectionActive } from "./active";
import { sidebarName, useSessionUser } from "./identity";
import { useAwaitingApproval, useOpenDisputes } from "./live-updates";

// The kit's badges: antd's preset tag colours fall under 4.5:1 in the dark mode.
const ROLE_COLORS: Record<string, BadgeColor> = {
  ADMIN: "purple",
  MARKETPLACE_AUTHORITY: "gold",
  USER: "default",
};

export function Brand() {
  return (
    <div className="admin-brand">
      <img src="/favicon.svg" alt="" width={28} height={28} />
      <span className="admin-brand__title">{SIDEBAR_TITLE}</span>
    </div>
  );
}

/**
 * The open disputes' count beside the Orders link, and the payouts awaiting a second admin (four
 * eyes), each none at 0; outside the link so its name stays the section's. Clicks go through it.
 */
function DisputeBadge() {
  const open = useOpenDisputes() ?? 0;
  const proposals = useAwaitingApproval();
  if (!open && !proposals) return null;
  const parts = [
    ...(open ? [`${open} open ${open === 1 ? "dispute" : "disputes"}`] : []),
    ...(proposals ? [`${proposals} ${proposals === 1 ? "payout" : "payouts"} awaiting approval`] : []),
  ];
  const label = parts.join(", ");
  return (
    <span className="admin-nav__badge" role="status" aria-label={label} title={label}>
      {open ? <CountBadge count={open} color="#cf1322" overflowCount={999} aria-hidden /> : null}
      {proposals ? <CountBadge count={proposals} color="#ad6800" overflowCount={999} aria-hidden /> : null}
    </span>
  );
}

function SectionNav({ onNavigate }: { onNavigate?: () => void }) {
  const { pathname } = useLocation();
  const { intentHandlers } = usePreload();
  // Sections the admin may read; those beyond the core API once the API has shown it has them.
  const sections = useOfferedSections();
  const selectedKeys = sections.filter((entry) => isSectionActive(entry.resource.list, pathname)).map((entry) => entry.resource.name);
  const items = sections.map((entry) => {
    const active = selectedKeys.includes(entry.resource.name);
    return {
      key: entry.resource.name,
      icon: entry.resource.meta.icon,
      label: (
        <>
          {/* antd stretches a menu item's link over the whole row, so hovering anywhere on it counts. */}
          <Link to={entry.resource.list} aria-current={active ? "page" : undefined} {...intentHandlers(entry)}>
            {entry.resource.meta.label}
          </Link>
          {entry.resource.name === "orders" ? <DisputeBadge /> : null}
        </>
      ),
    };
  });
  return (
    <nav aria-label="Sections" className="admin-nav">
      <Menu theme="dark" mode="inline" items={items} selectedKeys={selectedKeys} onClick={onNavigate} />
    </nav>
  );
}

function UserPanel() {
  const user = useSessionUser();
  const { mutate: logout, isPending } = useLogout();
  return (
    <div className="admin-user" data-testid="sidebar-user">
      <span className="admin-user__caption">Logged in as</span>
      <div className="admin-user__name" title={user?.publicKey}>
        {sidebarName(user)}
      </div>
      {user?.role ? <Badge color={ROLE_COLORS[user.role] ?? "default"}>{user.role}</Badge> : null}
      <Button className="admin-user__logout" type="text" icon={<LogoutOutlined />} loading={isPending} onClick={() => logout()}>
        Logout
      </Button>
    </div>
  );
}

export function Sidebar({ onNavigate }: { onNavigate?: () => void }) {
  return (
    <div className="admin-sidebar">
      <Brand />
      <PaletteButton onOpen={onNavigate} />
      <SectionNav onNavigate={onNavigate} />
      <UserPanel />
    </div>
  );
}
