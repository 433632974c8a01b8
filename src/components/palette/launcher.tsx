// The command palette's light half, in the admin layout's chunk: the sidebar's Search button, the
// Ctrl+K (Cmd+K on a Mac) shortcut and the screens' actions, kept in a small store of our own. The
// palette itself (palette.tsx, with @refinedev/kbar) is a chunk of its own: it is fetched once the
// layout has rendered and the browser is idle (on a device with a fine pointer: a touch screen waits
// for its Search button), and mounted on a first Ctrl+K or Search click, which then opens it as soon
// as it is there (however often it was asked). Once it is mounted, kbar listens to the shortcut itself.
import { createContext, useCallback, useContext, useEffect, useRef, useState, type ComponentType, type ReactNode } from "react";
import { PALETTE_DIALOG_ID, type PaletteControl, type PaletteRuntimeProps, type ScreenActions } from "./control";
import { PaletteRegistry, type PaletteAction, type PaletteRegister } from "./use-palette-actions";
// The Search button's styles and the dialog's: the button is drawn from the first render.
import "./palette.css";

const isMac = () => typeof navigator !== "undefined" && /Mac|iPod|iPhone|iPad/.test(navigator.platform);

/** kbar's toggle shortcut ("$mod+k" in its tinykeys): K with Ctrl (Cmd on a Mac) and no other modifier. */
function isToggleShortcut(event: KeyboardEvent): boolean {
  const mod = isMac() ? "Meta" : "Control";
  if (event.key.toUpperCase() !== "K" && event.code !== "KeyK") return false;
  const held = (key: string) => typeof event.getModifierState === "function" && event.getModifierState(key);
  return held(mod) && !["Shift", "Meta", "Alt", "Control"].some((key) => key !== mod && held(key));
}

function createScreenActions(): ScreenActions & { register: PaletteRegister } {
  let lists: readonly (readonly PaletteAction[])[] = [];
  const listeners = new Set<() => void>();
  const changed = () => listeners.forEach((listener) => listener());
  return {
    current: () => lists,
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    register: (actions) => {
      const list = [...actions];
      lists = [...lists, list];
      changed();
      return () => {
        lists = lists.filter((other) => other !== list);
        changed();
      };
    },
  };
}

const OpenPalette = createContext<() => void>(() => undefined);

/**
 * Only this loader names the palette's chunk: the layout's first load stays free of kbar. An object,
 * so a test can hold the chunk back as a busy machine does.
 */
export const paletteChunk = {
  load: (): Promise<ComponentType<PaletteRuntimeProps>> => import("./palette").then((module) => module.PaletteRuntime),
};

/** The palette around the admin screens. Render it inside antd's ConfigProvider. */
export function PaletteProvider({ children }: { children: ReactNode }) {
  const [screenActions] = useState(createScreenActions);
  const control = useRef<PaletteControl>({ toggle: null, openWhenReady: false, lastFocus: null });
  const [Runtime, setRuntime] = useState<ComponentType<PaletteRuntimeProps> | null>(null);
  const loading = useRef(false);

  const load = useCallback(() => {
    if (loading.current) return;
    loading.current = true;
    paletteChunk.load().then(
      (loaded) => setRuntime(() => loaded),
      // Offline, say: the next Ctrl+K or Search click tries again.
      () => {
        loading.current = false;
      },
    );
  }, []);

  // Until the palette is there, every press asks for it open: nothing is shown that a second press
  // (or the key's auto-repeat, or a press again after a failed load) could mean to close.
  const toggle = useCallback(() => {
    if (control.current.toggle) return control.current.toggle();
    control.current.openWhenReady = true;
    load();
  }, [load]);

  // Where the focus was before the palette opened, so closing it without a choice puts it back.
  useEffect(() => {
    const remember = (event: FocusEvent) => {
      const target = event.target as HTMLElement | null;
      if (target && !target.closest?.(`#${PALETTE_DIALOG_ID}`)) control.current.lastFocus = target;
    };
    document.addEventListener("focusin", remember);
    return () => document.removeEventListener("focusin", remember);
  }, []);

  // The shortcut, until the palette is mounted and kbar takes it.
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (control.current.toggle || event.defaultPrevented || !isToggleShortcut(event)) return;
      event.preventDefault();
      toggle();
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [toggle]);

  // Its code is fetched without being asked once the layout is up and the browser has nothing better
  // to do, so that a first Ctrl+K opens it at once; it is mounted only when first asked for: kbar's
  // provider blurs a focused input when its effect runs again with the palette closed (StrictMode
  // runs a new component's effects twice in development), which took the focus from the box an admin
  // was typing in. A touch screen (no fine pointer) has no shortcut to be quick for: there the Search
  // button loads it, and a phone's slower CPU is spared the palette's code while its screen loads.
  useEffect(() => {
    if (!window.matchMedia?.("(any-pointer: fine)").matches) return;
    // Offline, say: the first press fetches it again.
    const prefetch = () => void paletteChunk.load().catch(() => undefined);
    if (typeof window.requestIdleCallback === "function") {
      const id = window.requestIdleCallback(prefetch, { timeout: 2000 });
      return () => window.cancelIdleCallback(id);
    }
    const timer = setTimeout(prefetch, 200);
    return () => clearTimeout(timer);
  }, []);

  return (
    <PaletteRegistry.Provider value={screenActions.register}>
      <OpenPalette.Provider value={toggle}>
        {children}
        {Runtime ? <Runtime control={control} screenActions={screenActions} /> : null}
      </OpenPalette.Provider>
    </PaletteRegistry.Provider>
  );
}

/** The visible way to open the palette (touch screens have no Ctrl+K). */
export function PaletteButton({ onOpen }: { onOpen?: () => void }) {
  const toggle = useContext(OpenPalette);
  const mac = isMac();
  return (
    <button
      type="button"
      className="palette-trigger"
      aria-haspopup="dialog"
      aria-keyshortcuts={mac ? "Meta+K" : "Control+K"}
      onClick={() => {
        onOpen?.();
        toggle();
      }}
    >
      <span className="palette-trigger__text">Search...</span>
      <kbd className="palette-trigger__keys">{mac ? "⌘ K" : "Ctrl K"}</kbd>
    </button>
  );
}
