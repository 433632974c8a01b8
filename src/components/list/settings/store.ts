// Each admin's table settings, per list: the columns shown and their order, the density, the page
// size and the saved views. Kept in this browser's local storage under the signed-in wallet, so two
// admins sharing a machine keep their own; nothing of it goes to the server.
import type { CrudFilter, CrudSort } from "@refinedev/core";
import { PAGE_SIZE } from "@contract";
import { authStore } from "@/providers/auth-store";

export type Density = "large" | "middle" | "small";

/** A named filter set: the list's filters and sort as Refine holds them. */
export interface SavedView {
  name: string;
  filters: CrudFilter[];
  sorters: CrudSort[];
}

export interface TableSettings {
  /** Column keys in the order the admin chose; columns not named keep their place after them. */
  order: string[];
  hidden: string[];
  density?: Density;
  pageSize: number;
  views: SavedView[];
}

export const PAGE_SIZES = [10, 20, 50, 100] as const;

export const DEFAULT_SETTINGS: TableSettings = { order: [], hidden: [], pageSize: PAGE_SIZE, views: [] };

const PREFIX = "admin-table-settings";
const keyOf = (resource: string) => `${PREFIX}:${authStore.get().user?.publicKey ?? "anonymous"}:${resource}`;

type Listener = () => void;
const listeners = new Set<Listener>();
// useSyncExternalStore wants the same object back until something changed.
const cache = new Map<string, TableSettings>();

function storage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

const strings = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((item): item is string => typeof item === "string") : [];

/** What was stored, checked field by field: a hand-edited or older entry never breaks a screen. */
function parse(raw: string | null): TableSettings {
  if (!raw) return DEFAULT_SETTINGS;
  try {
    const value = JSON.parse(raw) as Partial<Record<keyof TableSettings, unknown>>;
    const pageSize = PAGE_SIZES.find((size) => size === value.pageSize) ?? PAGE_SIZE;
    const density = value.density === "large" || value.density === "middle" || value.density === "small" ? value.density : undefined;
    const views = Array.isArray(value.views)
      ? value.views.filter(
          (view): view is SavedView =>
            typeof view?.name === "string" && view.name.trim() !== "" && Array.isArray(view.filters) && Array.isArray(view.sorters),
        )
      : [];
    return { order: strings(value.order), hidden: strings(value.hidden), density, pageSize, views };
  } catch {
    return DEFAULT_SETTINGS;
  }
}

export function readSettings(resource: string): TableSettings {
  const key = keyOf(resource);
  const cached = cache.get(key);
  if (cached) return cached;
  const settings = parse(storage()?.getItem(key) ?? null);
  cache.set(key, settings);
  return settings;
}

export function writeSettings(resource: string, change: (current: TableSettings) => TableSettings): void {
  const key = keyOf(resource);
  const next = change(readSettings(resource));
  cache.set(key, next);
  try {
    storage()?.setItem(key, JSON.stringify(next));
  } catch {
    // Storage full or disabled: the settings still hold for this tab.
  }
  listeners.forEach((listener) => listener());
}

/** Back to the defaults; saved views are kept (they are the admin's own work, not a setting). */
export function resetSettings(resource: string): void {
  writeSettings(resource, (current) => ({ ...DEFAULT_SETTINGS, views: current.views }));
}

export function subscribeSettings(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Tests and sign-out: forget what was read. */
export function clearSettingsCache(): void {
  cache.clear();
}
