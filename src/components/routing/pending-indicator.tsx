// Shown while a screen's code is on its way, but only after ROUTER.pendingDelayMs so fast loads show
// nothing (the minimum display time is applied by lazyScreen).
import { useEffect, useState } from "react";
import { ROUTER } from "@/config";

export function PendingIndicator() {
  const [visible, setVisible] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setVisible(true), ROUTER.pendingDelayMs);
    return () => clearTimeout(timer);
  }, []);
  if (!visible) return null;
  return <div className="app-pending-bar" role="progressbar" aria-label="Loading page" />;
}
