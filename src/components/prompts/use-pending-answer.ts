// The promise behind an in-page dialog: one question at a time, answered exactly once (a new
// question or an unmount answers the pending one with `fallback`, so no caller waits forever).
import { useCallback, useEffect, useRef, useState } from "react";

export interface PendingAnswer<TOptions, TAnswer> {
  /** The options of the current (or, while closing, the last) question. */
  options: TOptions | null;
  open: boolean;
  askWith: (options: TOptions) => Promise<TAnswer>;
  answer: (value: TAnswer) => void;
}

export function usePendingAnswer<TOptions, TAnswer>(fallback: TAnswer): PendingAnswer<TOptions, TAnswer> {
  const [options, setOptions] = useState<TOptions | null>(null);
  const [open, setOpen] = useState(false);
  const resolver = useRef<((value: TAnswer) => void) | null>(null);
  const fallbackRef = useRef(fallback);

  const settle = useCallback((value: TAnswer) => {
    const resolve = resolver.current;
    resolver.current = null;
    resolve?.(value);
  }, []);

  const askWith = useCallback(
    (next: TOptions) =>
      new Promise<TAnswer>((resolve) => {
        settle(fallbackRef.current);
        resolver.current = resolve;
        setOptions(next);
        setOpen(true);
      }),
    [settle],
  );

  const answer = useCallback(
    (value: TAnswer) => {
      setOpen(false);
      settle(value);
    },
    [settle],
  );

  useEffect(() => () => settle(fallbackRef.current), [settle]);

  return { options, open, askWith, answer };
}
