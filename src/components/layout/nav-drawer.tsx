// Small screens: the sidebar in a drawer from the left. Its own chunk (antd's Drawer): a wide screen
// never needs it, a narrow one fetches it once the layout is up, and its first open waits for it.
import { Drawer } from "antd";
import { Sidebar } from "./sidebar";

export default function NavDrawer({ open, onClose }: { open: boolean; onClose: () => void }) {
  return (
    <Drawer
      open={open}
      onClose={onClose}
      placement="left"
      width={264}
      closable={false}
      title={null}
      // A dialog needs a name (axe: aria-dialog-name); it has no visible title.
      aria-label="Navigation"
      className="admin-drawer"
      styles={{ body: { padding: 0 } }}
    >
      <Sidebar onNavigate={onClose} />
    </Drawer>
  );
}
