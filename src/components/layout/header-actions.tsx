// The buttons of the header, the same on every screen: in the small screens' top bar and in the
// wide screens' header row alike. A new header button goes here, once.
import { ColorModeSwitch } from "./color-mode-switch";

export function HeaderActions() {
  return (
    <div className="header-actions">
      <ColorModeSwitch />
    </div>
  );
}
