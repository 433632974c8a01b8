// A job a server instance runs every interval and on demand (the settlement re-check, the webhook
// delivery, the screening lists' watch): one pass at a time, and a pass asked for while one is under
// way joins it rather than starting a second.

export interface Periodic<T, A = undefined> {
  /** Runs a pass now, or joins the one under way. */
  run(arg?: A): Promise<T>;
  /** Stops the timer and waits for the pass under way, if any. */
  stop(): Promise<void>;
}

export interface PeriodicOptions<T> {
  intervalMs: number;
  /** What a timer's pass gave (a timer pass has nobody else to tell). */
  onPass?: (result: T) => void;
  onError?: (error: unknown) => void;
}

/** Starts `pass` every `intervalMs` (a timer's pass is given no `arg`); run() asks for one now. */
export function periodic<T, A = undefined>(pass: (arg?: A) => Promise<T>, options: PeriodicOptions<T>): Periodic<T, A> {
  let current: Promise<T> | null = null;
  const run = (arg?: A): Promise<T> => {
    current ??= pass(arg).finally(() => {
      current = null;
    });
    return current;
  };
  const timer = setInterval(() => {
    if (current) return;
    run()
      .then((result) => options.onPass?.(result))
      .catch((error: unknown) => options.onError?.(error));
  }, options.intervalMs);
  // Never what keeps the process (or a test run) alive.
  timer.unref();
  return {
    run,
    async stop() {
      clearInterval(timer);
      await current?.catch(() => undefined);
    },
  };
}
