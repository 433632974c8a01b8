// The screen the admin is about to open: a sidebar link's preload (use-preload.ts) names it once its
// code and first page are here, and the screen stack (screen-stack.tsx) renders it out of sight, so
// the click that follows only has to show it.
import { useSyncExternalStore } from "react";

let ahead: string | null = null;
const listeners = new Set<() => void>();

/** Names the screen to render out of sight (null: none). */
export function renderAhead(path: string | null): void {
  if (ahead === path) return;
  ahead = path;
  listeners.forEach((notify) => notify());
}

function subscribe(notify: () => void) {
  listeners.add(notify);
  return () => listeners.delete(notify);
}

/** The path whose screen to render out of sight, if any. */
export function useScreenAhead(): string | null {
  return useSyncExternalStore(subscribe, () => ahead);
}
