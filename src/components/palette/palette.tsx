// The command palette (Ctrl+K, Cmd+K on a Mac; the sidebar's Search button): go to any section
// the sidebar offers, open a record by id, wallet or name (use-record-lookup.ts), or run the current
// screen's main actions (usePaletteActions). Built on @refinedev/kbar's state (actions, matching,
// the shortcut), with its own search box and results: a labelled listbox of labelled groups, drawn
// with the antd theme's tokens so it follows the console's theme. A chunk of its own, loaded and
// mounted by launcher.tsx (the Search button, the first Ctrl+K, the screens' actions).
import { useCallback, useEffect, useMemo, useRef, useState, useSyncExternalStore, type CSSProperties, type RefObject } from "react";
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
import { useOfferedSections } from "@/components/access/use-access";
import { useRecordUrl } from "@/components/record/record-url";
import { PALETTE_DIALOG_ID, type PaletteControl, type PaletteRuntimeProps, type ScreenActions } from "./control";
import { useRecordLookup } from "./use-record-lookup";
import { useStableCallback } from "@/utils/use-stable-callback";

export const SECTIONS_GROUP = "Go to";
export const SCREEN_GROUP = "This screen";
export const RECORDS_GROUP = "Records";
const DIALOG_ID = PALETTE_DIALOG_ID;

/** The palette's state and dialog, mounted beside the admin screens by launcher.tsx's PaletteProvider. */
export function PaletteRuntime({ control, screenActions }: PaletteRuntimeProps) {
  const { token } = theme.useToken();
  const still = token.motion === false;
  return (
    <KBarProvider options={{ enableHistory: false, animations: still ? { enterMs: 0, exitMs: 0 } : undefined }}>
      <SectionActions />
      <ScreenActionsOf store={screenActions} />
      <PaletteDialog control={control} />
      <Ready control={control} />
    </KBarProvider>
  );
}

/** Hands the launcher the palette's toggle, and opens it if it was asked for while loading. */
function Ready({ control }: { control: RefObject<PaletteControl> }) {
  const { query } = useKBar();
  useEffect(() => {
    const current = control.current;
    current.toggle = () => query.toggle();
    if (current.openWhenReady) {
      current.openWhenReady = false;
      query.toggle();
    }
    return () => {
      current.toggle = null;
    };
  }, [control, query]);
  return null;
}

/** The current screens' actions (usePaletteActions, kept by the launcher) as the palette's. */
function ScreenActionsOf({ store }: { store: ScreenActions }) {
  const lists = useSyncExternalStore(store.subscribe, store.current);
  const actions = useMemo<Action[]>(
    () =>
      lists.flat().map((action) => ({
        id: `screen:${action.id}`,
        name: action.name,
        keywords: action.keywords,
        section: SCREEN_GROUP,
        perform: action.perform,
      })),
    [lists],
  );
  useRegisterActions(actions, [actions]);
  return null;
}

/**
 * Refine's navigation, as a stable function: useGo's own identity changes with every render, and
 * actions rebuilt on each render would re-register, re-render the palette, and so on without end.
 */
function useStableGo() {
  const go = useGo();
  return useStableCallback((to: string) => void go({ to }));
}

/** Every section the sidebar shows (one the admin may read; an optional one once the API has shown it has it). */
function SectionActions() {
  const go = useStableGo();
  const sections = useOfferedSections();
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
    // `sections` is derived from `names` (the entries are the app's constant sections list).
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
        return [
          {
            id: `record:${hit.type}:${hit.id}`,
            name: hit.name,
            subtitle: hit.subtitle,
            keywords: term,
            section: RECORDS_GROUP,
            perform: () => go(to),
          },
        ];
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

function PaletteDialog({ control }: { control: RefObject<PaletteControl> }) {
  const { token } = theme.useToken();
  const {
    query,
    search,
    showing,
    activeIndex: storedIndex,
  } = useKBar((state) => ({
    search: state.searchQuery,
    showing: state.visualState !== VisualState.hidden,
    activeIndex: state.activeIndex,
  }));
  const { results } = useMatches();
  const groups = groupsOf(results);
  const firstAction = results.findIndex((item) => typeof item !== "string");
  // Until the effect below has moved it, an index left on a group name (or past the end) means the first action.
  const activeIndex = results[storedIndex] === undefined || typeof results[storedIndex] === "string" ? firstAction : storedIndex;

  // Closing without a choice puts the focus back where it was (the launcher follows it). Only a
  // close: the palette may mount long after the page loaded, with the focus elsewhere by then.
  const wasShowing = useRef(false);
  useEffect(() => {
    const closed = wasShowing.current && !showing;
    wasShowing.current = showing;
    if (!closed) return;
    const previous = control.current.lastFocus;
    if ((document.activeElement === document.body || !document.activeElement) && previous?.isConnected) previous.focus();
  }, [showing, control]);

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

  // Arrow keys move between actions (over the group names), Enter runs the active one: the one shown
  // as active, read from the committed render (an effect-updated copy lagged a render behind, and a
  // quick Enter ran the action of a list already replaced).
  const onKey = useStableCallback((event: KeyboardEvent) => {
    if (event.isComposing) return;
    if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      event.preventDefault();
      const by = event.key === "ArrowDown" ? 1 : -1;
      for (let next = activeIndex + by; next >= 0 && next < results.length; next += by) {
        if (typeof results[next] !== "string") return query.setActiveIndex(next);
      }
    } else if (event.key === "Enter") {
      event.preventDefault();
      const item = results[activeIndex];
      run(typeof item === "string" ? undefined : item);
    }
  });
  // On the window: the keys work wherever the focus is while the palette is open.
  useEffect(() => {
    if (!showing) return;
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [showing, onKey]);
  useEffect(() => {
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
            <div
              role="listbox"
              id={KBAR_LISTBOX}
              aria-label="Results"
              className="palette__results"
              tabIndex={0}
              hidden={groups.length === 0}
            >
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
                      {action.icon ? (
                        <span className="palette__icon" aria-hidden="true">
                          {action.icon}
                        </span>
                      ) : null}
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
