// Screens are separate chunks. React Router's declarative mode has no loaders or pending state, so
// the ROUTER timings that concern a slow chunk are applied here, around the import.
import { lazy, type ComponentType } from "react";
import { ROUTER } from "@/config";

export type ScreenModule = { default: ComponentType };
export type ScreenLoader = () => Promise<ScreenModule>;

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Once the pending indicator has appeared (after ROUTER.pendingDelayMs) it stays for at least
 * ROUTER.pendingMinMs, so a chunk that lands just after the delay does not make it flash.
 */
export async function withMinimumPending<T>(loading: Promise<T>, startedAt = Date.now()): Promise<T> {
  const value = await loading;
  const elapsed = Date.now() - startedAt;
  if (elapsed > ROUTER.pendingDelayMs) {
    const shownFor = elapsed - ROUTER.pendingDelayMs;
    if (shownFor < ROUTER.pendingMinMs) await sleep(ROUTER.pendingMinMs - shownFor);
  }
  return value;
}

/** A component for a route element: loads on first render (or earlier, when preloaded). */
export function lazyScreen(load: ScreenLoader) {
  return lazy(() => withMinimumPending(load()));
}

/** Picks a named export as the lazy default, so screens keep their `<Resource><Action>` names. */
export function screen<K extends string, M extends Record<K, ComponentType>>(importer: () => Promise<M>, name: K): ScreenLoader {
  return () => importer().then((module) => ({ default: module[name] }));
}
