// A handler that keeps its identity across renders and always runs the latest one given: for what is
// handed to memoized children (a list's rows), whose props would otherwise change on every render.
// Call it from events, not while rendering: it sees the latest render's values only once that render
// has been committed.
import { useCallback, useLayoutEffect, useRef } from "react";

export function useStableCallback<Args extends unknown[], Result>(handler: (...args: Args) => Result): (...args: Args) => Result {
  const latest = useRef(handler);
  useLayoutEffect(() => {
    latest.current = handler;
  });
  return useCallback((...args: Args) => latest.current(...args), []);
}
