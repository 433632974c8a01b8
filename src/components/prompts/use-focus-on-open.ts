// Puts the focus on a dialog's primary control once it is open. `autoFocus` alone is not enough:
// antd mounts the dialog into a portal that may not be in the document yet when React focuses.
import { useEffect, type RefObject } from "react";

export function useFocusOnOpen(target: RefObject<{ focus: () => void } | null>, open: boolean, step?: unknown) {
  useEffect(() => {
    if (!open) return;
    const timer = setTimeout(() => target.current?.focus(), 0);
    return () => clearTimeout(timer);
  }, [target, open, step]);
}
