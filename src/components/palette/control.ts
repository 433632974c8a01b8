// What the launcher (launcher.tsx, in the admin layout's chunk) and the palette it loads
// (palette.tsx, a chunk of its own) share: the palette imports nothing back from its loader.
import type { RefObject } from "react";
import type { PaletteAction } from "./use-palette-actions";

/** What the screens have registered (usePaletteActions), in the order they did. */
export interface ScreenActions {
  /** The registered lists, a new array on every change. */
  current: () => readonly (readonly PaletteAction[])[];
  subscribe: (listener: () => void) => () => void;
}

/** The loaded palette and the launcher, through one object the launcher keeps. */
export interface PaletteControl {
  /** Opens or closes the palette; set by the loaded palette while it is mounted. */
  toggle: (() => void) | null;
  /** Asked for (once or more) before the palette was there: it opens once mounted. */
  openWhenReady: boolean;
  /** The last element outside the palette that had the focus, given back when it closes without a choice. */
  lastFocus: HTMLElement | null;
}

export interface PaletteRuntimeProps {
  control: RefObject<PaletteControl>;
  screenActions: ScreenActions;
}

/** The palette's own element id (its dialog). */
export const PALETTE_DIALOG_ID = "command-palette";
