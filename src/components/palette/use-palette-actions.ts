// A screen's own commands in the command palette (Ctrl/Cmd+K): `usePaletteActions([...])` while the
// screen is mounted, gone when it unmounts. This module is tiny and free of kbar on purpose: the
// screens (their own chunks) import it; the actions wait in the launcher's store (admin layout's
// chunk) until the palette, a chunk of its own, reads them.
import { createContext, useContext, useEffect } from "react";
import { useStableCallback } from "@/utils/use-stable-callback";

export interface PaletteAction {
  /** Unique on the screen, e.g. "add-token". */
  id: string;
  /** What the palette lists, e.g. "Add Token". */
  name: string;
  /** More words it should be found by. */
  keywords?: string;
  perform: () => void;
}

/** Registers a screen's actions and returns their removal; null outside the palette (nothing to do). */
export type PaletteRegister = (actions: readonly PaletteAction[]) => () => void;

export const PaletteRegistry = createContext<PaletteRegister | null>(null);

/** The screen's main actions (a `false` entry is left out: an action not offered right now). */
export function usePaletteActions(actions: readonly (PaletteAction | false | null | undefined)[]): void {
  const register = useContext(PaletteRegistry);
  const offered = actions.filter((action): action is PaletteAction => Boolean(action));
  // The latest closures run, without re-registering on every render: only what is listed changes that.
  const perform = useStableCallback((id: string) => offered.find((action) => action.id === id)?.perform());
  const listed = JSON.stringify(offered.map(({ id, name, keywords }) => [id, name, keywords ?? ""]));
  useEffect(() => {
    if (!register) return;
    const entries = (JSON.parse(listed) as [string, string, string][]).map(([id, name, keywords]) => ({
      id,
      name,
      keywords,
      perform: () => perform(id),
    }));
    return entries.length ? register(entries) : undefined;
  }, [register, listed, perform]);
}
