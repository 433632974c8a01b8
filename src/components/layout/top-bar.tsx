// Small screens: the sidebar moves into a drawer and this bar shows the title and the account avatar.
import { Avatar, Button, Dropdown, Layout } from "antd";
import { LogoutOutlined, MenuOutlined } from "@ant-design/icons";
import { useLogout } from "@refinedev/core";
import { SIDEBAR_TITLE } from "@/config";
import { HeaderActions } from "./header-actions";
import { avatarText, sidebarName, useSessionUser } from "./identity";

export function TopBar({ onOpenMenu }: { onOpenMenu: () => void }) {
  const user = useSessionUser();
  const { mutate: logout } = useLogout();
  const menu = {
    items: [{ key: "logout", icon: <LogoutOutlined />, label: "Logout" }],
    onClick: ({ key }: { key: string }) => {
      if (key === "logout") logout();
    },
  };
  return (
    <Layout.Header className="admin-topbar">
      <Button type="text" icon={<MenuOutlined />} aria-label="Open navigation" onClick={onOpenMenu} />
      <span className="admin-topbar__title">
        <img src="/favicon.svg" alt="" width={24} height={24} />
        {SIDEBAR_TITLE}
      </span>
      <HeaderActions />
      <Dropdown menu={menu} trigger={["click"]} placement="bottomRight">
        <Button type="text" className="admin-topbar__avatar" aria-label={`Account menu for ${sidebarName(user)}`}>
          <Avatar className="admin-avatar" data-testid="topbar-avatar">
            {avatarText(user)}
          </Avatar>
        </Button>
      </Dropdown>
    </Layout.Header>
  );
}
