// When the admin arrived where they are: the page's load for the first location, else the first
// render that saw the navigation (the admin layout renders on every navigation, before any lazy
// screen). A screen that must show what is current compares its cached data with this: data read
// before the admin came here is read again, data read since (a direct link's one read) is not.
import { useLocation } from "react-router";

const INITIAL_KEY = "default";
const KEPT = 50;
const seen = new Map<string, number>();

function enteredAt(key: string): number {
  if (key === INITIAL_KEY) return performance.timeOrigin;
  let at = seen.get(key);
  if (at === undefined) {
    at = Date.now();
    seen.set(key, at);
    // Only recent navigations are ever asked about.
    if (seen.size > KEPT) seen.delete(seen.keys().next().value!);
  }
  return at;
}

/** When the current location was entered (ms since the epoch, as `Date.now()`). */
export function useEnteredAt(): number {
  return enteredAt(useLocation().key);
}
