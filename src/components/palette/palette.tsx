// The command palette (Ctrl+K, Cmd+K on a Mac; the sidebar's Search button): go to any section
// the sidebar offers, open a record by id, wallet or name (use-record-lookup.ts), or run the current
// screen's main actions (usePaletteActions). Built on @refinedev/kbar's state (actions, matching,
// the shortcut), with its own search box and results: a labelled listbox of labelled groups, drawn
// with the antd theme's tokens so it follows the console's theme. Lives in the admin layout's chunk.
import { useCallback, useEffect, useMemo, useRef, useState, type CSSProperties, type ReactNode } from "react";
import { theme } from "antd";
import { useGo } from "@refinedev/core";
import {
  KBAR_LISTBOX,
  KBarAnimator,
  KBarPortal,
  KBarPositioner,
  KBarProvider,
  getListboxItemId,
  useKBar,
  useMatches,
  useRegisterActions,
  VisualState,
  type Action,
  type ActionImpl,
} from "@refinedev/kbar";
import { adminResources } from "@/resources";
import { useSectionAvailability } from "@/components/routing/optional-section";
import { useRecordUrl } from "@/components/record/record-url";
import { PaletteRegistry, type PaletteAction, type PaletteRegister } from "./use-palette-actions";
import { useRecordLookup } from "./use-record-lookup";
import "./palette.css";

export const SECTIONS_GROUP = "Go to";
export const SCREEN_GROUP = "This screen";
export const RECORDS_GROUP = "Records";
const DIALOG_ID = "command-palette";

/** The palette's state and UI around the admin screens. Render it inside antd's ConfigProvider. */
export function PaletteProvider({ children }: { children: ReactNode }) {
  const { token } = theme.useToken();
  const still = token.motion === false;
  return (
    <KBarProvider options={{ enableHistory: false, animations: still ? { enterMs: 0, exitMs: 0 } : undefined }}>
      <ScreenRegistry>{children}</ScreenRegistry>
      <SectionActions />
      <PaletteDialog />
    </KBarProvider>
  );
}

/** Lets the screens (usePaletteActions) add their actions to the palette. */
function ScreenRegistry({ children }: { children: ReactNode }) {
  const { query } = useKBar();
  const register = useCallback<PaletteRegister>(
    (actions: readonly PaletteAction[]) =>
      query.registerActions(
        actions.map((action) => ({ id: `screen:${action.id}`, name: action.name, keywords: action.keywords, section: SCREEN_GROUP, perform: action.perform })),
      ),
    [query],
  );
  return <PaletteRegistry.Provider value={register}>{children}</PaletteRegistry.Provider>;
}

/**
 * Refine's navigation, as a stable function: useGo's own identity changes with every render, and
 * actions rebuilt on each render would re-register, re-render the palette, and so on without end.
 */
function useStableGo() {
  const go = useGo();
  const latest = useRef(go);
  useEffect(() => {
    latest.current = go;
  });
  return useCallback((to: string) => void latest.current({ to }), []);
}

/** Every section the sidebar shows (an optional one once the API has shown it has it). */
function SectionActions() {
  const go = useStableGo();
  const availability = useSectionAvailability(adminResources);
  const sections = adminResources.filter((entry) => !entry.optional || availability[entry.resource.name] === "available");
  const names = sections.map((entry) => entry.resource.name).join(",");
  const actions = useMemo<Action[]>(
    () =>
      sections.map((entry) => ({
        id: `section:${entry.resource.name}`,
        name: entry.resource.meta.label,
        keywords: "section page",
        section: SECTIONS_GROUP,
        icon: entry.resource.meta.icon,
        perform: () => go(entry.resource.list),
      })),
    // `sections` is derived from `names` (the entries are the constant sections list).
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [names, go],
  );
  useRegisterActions(actions, [actions]);
  return null;
}

/** The records the typed text names, as "Open …" actions. */
function RecordActions({ search }: { search: string }) {
  const go = useStableGo();
  const recordUrl = useRecordUrl();
  const { hits, term, searching } = useRecordLookup(search);
  const actions = useMemo<Action[]>(
    () =>
      hits.flatMap((hit) => {
        const to = recordUrl(hit.type, hit.id);
        if (!to) return [];
        // The looked-up text is a keyword, so the hit matches what was typed even where its name does not show it.
        return [{ id: `record:${hit.type}:${hit.id}`, name: hit.name, subtitle: hit.subtitle, keywords: term, section: RECORDS_GROUP, perform: () => go(to) }];
      }),
    // recordUrl is rebuilt each render, from the same routes.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [hits, term, go],
  );
  useRegisterActions(actions, [actions]);
  // Said to screen readers too.
  return (
    <div className="palette__status" role="status">
      {searching ? "Looking up records..." : ""}
    </div>
  );
}

/**
 * The search box, kbar's combobox with the text kept here: kbar's own box shows the store's text,
 * which arrives a render later, and fast typing lost letters in between.
 */
function PaletteSearch({ activeIndex }: { activeIndex: number }) {
  const { query } = useKBar();
  const [text, setText] = useState("");
  useEffect(() => {
    query.setSearch("");
    return () => query.setSearch("");
  }, [query]);
  return (
    <input
      ref={query.inputRefSetter}
      className="palette__search"
      // The palette is a dialog opened on purpose: its box takes the focus at once.
      autoFocus
      autoComplete="off"
      spellCheck={false}
      role="combobox"
      aria-label="Search sections, records and actions"
      aria-expanded
      aria-controls={KBAR_LISTBOX}
      aria-autocomplete="list"
      aria-activedescendant={activeIndex >= 0 ? getListboxItemId(activeIndex) : undefined}
      placeholder="Go to a section, find a record or run an action..."
      value={text}
      onChange={(event) => {
        setText(event.target.value);
        query.setSearch(event.target.value);
      }}
    />
  );
}

const groupId = (name: string) => `${DIALOG_ID}-group-${name.toLowerCase().replace(/\W+/g, "-")}`;

interface Group {
  name: string;
  items: { action: ActionImpl; index: number }[];
}

function groupsOf(results: (string | ActionImpl)[]): Group[] {
  const groups: Group[] = [];
  results.forEach((item, index) => {
    if (typeof item === "string") groups.push({ name: item, items: [] });
    else {
      if (groups.length === 0) groups.push({ name: "", items: [] });
      groups[groups.length - 1].items.push({ action: item, index });
    }
  });
  return groups.filter((group) => group.items.length > 0);
}

function PaletteDialog() {
  const { token } = theme.useToken();
  const { query, search, showing, activeIndex: storedIndex } = useKBar((state) => ({
    search: state.searchQuery,
    showing: state.visualState !== VisualState.hidden,
    activeIndex: state.activeIndex,
  }));
  const { results } = useMatches();
  const groups = groupsOf(results);
  const firstAction = results.findIndex((item) => typeof item !== "string");
  // Until the effect below has moved it, an index left on a group name (or past the end) means the first action.
  const activeIndex = results[storedIndex] === undefined || typeof results[storedIndex] === "string" ? firstAction : storedIndex;

  // Where focus was before the palette opened, so closing it without a choice puts it back.
  const lastFocus = useRef<HTMLElement | null>(null);
  useEffect(() => {
    const remember = (event: FocusEvent) => {
      const target = event.target as HTMLElement | null;
      if (target && !target.closest?.(`#${DIALOG_ID}`)) lastFocus.current = target;
    };
    document.addEventListener("focusin", remember);
    return () => document.removeEventListener("focusin", remember);
  }, []);
  useEffect(() => {
    if (showing) return;
    const previous = lastFocus.current;
    if ((document.activeElement === document.body || !document.activeElement) && previous?.isConnected) previous.focus();
  }, [showing]);

  // A new list starts on its first action.
  useEffect(() => {
    query.setActiveIndex(Math.max(firstAction, 0));
  }, [results, firstAction, query]);

  const run = useCallback(
    (action: ActionImpl | undefined) => {
      if (!action) return;
      query.toggle();
      action.command?.perform();
    },
    [query],
  );

  const resultsRef = useRef(results);
  const activeRef = useRef(activeIndex);
  useEffect(() => {
    resultsRef.current = results;
  });
  // Arrow keys move between actions (over the group names), Enter runs the active one.
  useEffect(() => {
    if (!showing) return;
    const step = (from: number, by: 1 | -1) => {
      const items = resultsRef.current;
      for (let next = from + by; next >= 0 && next < items.length; next += by) if (typeof items[next] !== "string") return next;
      return from;
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.isComposing) return;
      if (event.key === "ArrowDown" || event.key === "ArrowUp") {
        event.preventDefault();
        query.setActiveIndex(step(activeRef.current, event.key === "ArrowDown" ? 1 : -1));
      } else if (event.key === "Enter") {
        event.preventDefault();
        const item = resultsRef.current[activeRef.current];
        run(typeof item === "string" ? undefined : item);
      }
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [showing, query, run]);
  useEffect(() => {
    activeRef.current = activeIndex;
    document.getElementById(getListboxItemId(activeIndex))?.scrollIntoView?.({ block: "nearest" });
  }, [activeIndex]);

  const colors = {
    "--palette-bg": token.colorBgElevated,
    "--palette-text": token.colorText,
    "--palette-muted": token.colorTextSecondary,
    "--palette-border": token.colorBorderSecondary,
    "--palette-active": token.controlItemBgActive,
    "--palette-accent": token.colorPrimary,
    "--palette-mask": token.colorBgMask,
    "--palette-radius": `${token.borderRadiusLG}px`,
    "--palette-shadow": token.boxShadowSecondary,
    "--palette-font": token.fontFamily,
  } as CSSProperties;

  return (
    <KBarPortal>
      <KBarPositioner className="palette__backdrop" style={colors}>
        <KBarAnimator className="palette">
          <div id={DIALOG_ID} role="dialog" aria-modal="true" aria-label="Command palette">
            <PaletteSearch activeIndex={activeIndex} />
            <RecordActions search={search} />
            {groups.length === 0 ? <p className="palette__empty">{search.trim() ? "Nothing matches" : "Nothing to show"}</p> : null}
            {/* Focusable: a list that scrolls must be reachable from the keyboard (Tab; typing goes back to the box). */}
            <div role="listbox" id={KBAR_LISTBOX} aria-label="Results" className="palette__results" tabIndex={0} hidden={groups.length === 0}>
              {groups.map((group) => (
                <div role="group" aria-labelledby={groupId(group.name)} key={group.name}>
                  <div className="palette__group" id={groupId(group.name)} role="presentation">
                    {group.name}
                  </div>
                  {group.items.map(({ action, index }) => (
                    <div
                      key={action.id}
                      id={getListboxItemId(index)}
                      role="option"
                      aria-selected={index === activeIndex}
                      className={index === activeIndex ? "palette__option palette__option--active" : "palette__option"}
                      onPointerMove={() => index !== activeIndex && query.setActiveIndex(index)}
                      onClick={() => run(action)}
                    >
                      {action.icon ? <span className="palette__icon" aria-hidden="true">{action.icon}</span> : null}
                      <span className="palette__name">{action.name}</span>
                      {action.subtitle ? <span className="palette__subtitle">{action.subtitle}</span> : null}
                    </div>
                  ))}
                </div>
              ))}
            </div>
            <p className="palette__hint" aria-hidden="true">
              ↑ ↓ to move · Enter to open · Esc to close
            </p>
          </div>
        </KBarAnimator>
      </KBarPositioner>
    </KBarPortal>
  );
}

/** The visible way to open the palette (touch screens have no Ctrl+K). */
export function PaletteButton({ onOpen }: { onOpen?: () => void }) {
  const { query } = useKBar();
  const mac = typeof navigator !== "undefined" && /Mac|iPhone|iPad/.test(navigator.platform);
  return (
    <button
      type="button"
      className="palette-trigger"
      aria-haspopup="dialog"
      aria-keyshortcuts={mac ? "Meta+K" : "Control+K"}
      onClick={() => {
        onOpen?.();
        query.toggle();
      }}
    >
      <span className="palette-trigger__text">Search...</span>
      <kbd className="palette-trigger__keys">{mac ? "⌘ K" : "Ctrl K"}</kbd>
    </button>
  );
}
