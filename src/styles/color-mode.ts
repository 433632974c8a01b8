// The console's colour mode: "system" (the default: follows the OS, live), "light" or "dark", kept in
// localStorage. The resolved mode is written to <html data-theme>, which the console's own CSS reads
// (global.css's variables) and the antd trees follow (useColorMode). public/color-mode.js does the
// same before the first paint, so the antd-free shell and /login never flash the wrong colours; it
// cannot import this module (a classic script, under a CSP without inline scripts), so it repeats
// the storage key and the rule below.
import { useSyncExternalStore } from "react";

export type ColorMode = "system" | "light" | "dark";
export type ResolvedColorMode = "light" | "dark";

export const COLOR_MODE_KEY = "admin.colorMode";
export const COLOR_MODES: readonly ColorMode[] = ["light", "dark", "system"];

// One list for the page's life: the listener below stays on it (a list made per read could be
// collected with its listener).
const darkMedia = typeof window !== "undefined" && window.matchMedia ? window.matchMedia("(prefers-color-scheme: dark)") : null;

function storedMode(): ColorMode {
  try {
    const value = localStorage.getItem(COLOR_MODE_KEY);
    return value === "light" || value === "dark" ? value : "system";
  } catch {
    return "system"; // storage blocked: the OS decides
  }
}

const resolve = (mode: ColorMode): ResolvedColorMode => (mode === "system" ? (darkMedia?.matches ? "dark" : "light") : mode);

let state: { mode: ColorMode; resolved: ResolvedColorMode } = { mode: storedMode(), resolved: "light" };
state.resolved = resolve(state.mode);
const listeners = new Set<() => void>();

function apply(mode: ColorMode): void {
  const resolved = resolve(mode);
  if (mode !== state.mode || resolved !== state.resolved) state = { mode, resolved };
  const root = document.documentElement;
  root.dataset.theme = resolved;
  root.style.colorScheme = resolved;
  listeners.forEach((listener) => listener());
}

export function setColorMode(mode: ColorMode): void {
  try {
    if (mode === "system") localStorage.removeItem(COLOR_MODE_KEY);
    else localStorage.setItem(COLOR_MODE_KEY, mode);
  } catch {
    // Not remembered, but this page still switches.
  }
  apply(mode);
}

let started = false;

/** Called once by the entry: applies the mode and follows the OS (and other tabs) from then on. */
export function startColorMode(): void {
  if (started) return;
  started = true;
  apply(state.mode);
  darkMedia?.addEventListener("change", () => {
    if (state.mode === "system") apply("system");
  });
  window.addEventListener("storage", (event) => {
    if (event.key === COLOR_MODE_KEY || event.key === null) apply(storedMode());
  });
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The chosen mode and the one in effect; re-renders when either changes. */
export function useColorMode(): { mode: ColorMode; resolved: ResolvedColorMode } {
  return useSyncExternalStore(subscribe, () => state);
}
