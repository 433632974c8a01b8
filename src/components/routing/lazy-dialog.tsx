// A screen's dialogs are chunks of their own, loaded on first use instead of with the screen: an
// admin moves between lists all day, and a list's first render builds no dialog nobody opened. The
// screen keeps what says whether a dialog is open (its own state, or the record's URL); the dialog
// itself — its form, rules, Refine's useModalForm, the antd parts only it uses — is the lazy part,
// mounted the first time it is wanted and kept mounted after (it animates closed, reopens at once).
//
// Its code is fetched once the screen has rendered and the browser is idle, or sooner when the
// pointer or the focus reaches a button that opens it (`intent`), so a click usually finds it
// ready and the dialog opens in that click's render. A click made while the code is still on its
// way is kept: the dialog opens when it lands.
import { lazy, Suspense, useEffect, useState, type ComponentType } from "react";
import { DIALOG_PRELOAD } from "@/config";

/** A promise that also says how it settled. */
type Tracked<T> = Promise<T> & { status?: "pending" | "fulfilled" | "rejected"; value?: T; reason?: unknown };

type PropsOf<C> = C extends ComponentType<infer P> ? P : never;

export interface DialogIntent {
  onPointerEnter: () => void;
  onFocus: () => void;
}

export interface LazyDialog<P> {
  /** Fetches the dialog's code now (once; after a failed fetch, again). */
  preload: () => void;
  /** Props for a button that opens the dialog: pointing at it or focusing it fetches the code. */
  intent: DialogIntent;
  /**
   * Where the dialog goes in the screen: nothing until `active` is first true, then the dialog with
   * the other props, mounted from then on. Rendering it fetches the code when the browser is idle.
   */
  Host: ComponentType<P & { active: boolean }>;
}

/** Runs `task` when the browser is idle (at the latest DIALOG_PRELOAD.idleTimeoutMs later); returns the cancel. */
export function whenIdle(task: () => void): () => void {
  if (typeof window.requestIdleCallback === "function") {
    const handle = window.requestIdleCallback(task, { timeout: DIALOG_PRELOAD.idleTimeoutMs });
    return () => window.cancelIdleCallback(handle);
  }
  const timer = setTimeout(task, DIALOG_PRELOAD.fallbackDelayMs);
  return () => clearTimeout(timer);
}

/** The dialog exported as `name` by the module `importer` loads, e.g. `lazyDialog(() => import("./details-modal"), "OrderDetailsModal")`. */
export function lazyDialog<M, K extends keyof M & string>(importer: () => Promise<M>, name: K): LazyDialog<PropsOf<M[K]>> {
  type P = PropsOf<M[K]>;
  type Loaded = { default: ComponentType<P> };
  let loading: Tracked<ComponentType<P>> | undefined;

  /** React's lazy component over the fetch: a new one after a failure (React keeps a lazy's failure for good). */
  function lazyOverLoad() {
    return lazy((): Promise<Loaded> => {
      const code = load(false);
      if (code.status === "fulfilled") {
        // Already here (preloaded): handed over synchronously, which React's lazy takes as is, so
        // the dialog opens in the render of the click that opened it, with no empty frame first.
        const loaded: Loaded = { default: code.value! };
        return { then: (resolve: (value: Loaded) => void) => resolve(loaded) } as unknown as Promise<Loaded>;
      }
      return code.then((Component) => ({ default: Component }));
    });
  }
  let Lazy = lazyOverLoad();

  /** The fetch under way or done; `retry` starts a new one in place of a failed one (rendering never does, or it would loop). */
  function load(retry: boolean): Tracked<ComponentType<P>> {
    if (!loading || (retry && loading.status === "rejected")) {
      const started: Tracked<ComponentType<P>> = importer().then((module) => module[name] as unknown as ComponentType<P>);
      started.status = "pending";
      started.then(
        (value) => {
          started.status = "fulfilled";
          started.value = value;
        },
        (reason: unknown) => {
          started.status = "rejected";
          started.reason = reason;
        },
      );
      if (loading) Lazy = lazyOverLoad();
      loading = started;
    }
    return loading;
  }

  // A preload's failure is left to the opening, which tries again and, failing, lets the screen's
  // error boundary say it (as for a screen whose chunk failed).
  const preload = () => void load(true).catch(() => undefined);
  const intent: DialogIntent = { onPointerEnter: preload, onFocus: preload };

  function Host({ active, ...props }: P & { active: boolean }) {
    const [mounted, setMounted] = useState(false);
    if (active && !mounted) {
      // The first opening: a failed preload is fetched again before the dialog asks for its code.
      load(true).catch(() => undefined);
      setMounted(true);
    }
    useEffect(() => whenIdle(preload), []);
    if (!mounted && !active) return null;
    return (
      // Nothing in place of the dialog while its code is on its way: the screen stays as it is.
      <Suspense fallback={null}>
        <Lazy {...(props as P & object)} />
      </Suspense>
    );
  }
  Host.displayName = `LazyDialog(${name})`;

  return { preload, intent, Host: Host as ComponentType<P & { active: boolean }> };
}
