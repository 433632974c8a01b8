// The one tooltip that shows every `data-hint` (see hint.tsx). It lives in a React root of its own,
// as antd's notifications do, so a hint works on any screen, dialog or test without a provider.
// Listeners on the document follow the pointer and the keyboard focus from the first hint on: resting
// on a hinted element or focusing one opens the tooltip, anchored to a box laid over that element;
// leaving it, scrolling, or the element going away closes it.
import { useEffect, useSyncExternalStore } from "react";
import { flushSync } from "react-dom";
import { createRoot, type Root } from "react-dom/client";
import { Tooltip } from "antd";
import { ThemedConfig } from "@/components/antd/setup";
import "@/styles/kit.css";

/** antd's own tooltip delays (mouseEnterDelay, mouseLeaveDelay), so hints feel as antd's do. */
const OPEN_DELAY_MS = 100;
const CLOSE_DELAY_MS = 100;
/** The tooltip's id, which the hinted element names in aria-describedby while its hint shows. */
export const HINT_ID = "kit-hint";

interface HintState {
  target: HTMLElement;
  text: string;
  box: DOMRect;
  open: boolean;
  /** Each element shown anew gets a new tooltip, aligned to it from scratch. */
  serial: number;
}

let state: HintState | null = null;
const subscribers = new Set<() => void>();
let root: Root | undefined;
let current: HTMLElement | null = null;
let timer: ReturnType<typeof setTimeout> | undefined;
let serial = 0;

function publish(next: HintState | null) {
  state = next;
  subscribers.forEach((notify) => notify());
}

function show(target: HTMLElement) {
  current = target;
  clearTimeout(timer);
  timer = setTimeout(() => {
    if (!target.isConnected || !target.dataset.hint) return;
    publish({ target, text: target.dataset.hint, box: target.getBoundingClientRect(), open: true, serial: ++serial });
  }, OPEN_DELAY_MS);
}

function hide(delay = CLOSE_DELAY_MS) {
  current = null;
  clearTimeout(timer);
  timer = setTimeout(() => {
    if (state?.open) publish({ ...state, open: false });
  }, delay);
}

const hintedOf = (node: EventTarget | null) => (node instanceof Element ? node.closest<HTMLElement>("[data-hint]") : null);

function follow(event: Event) {
  const target = hintedOf(event.target);
  if (target === current) return;
  if (target) show(target);
  else hide();
}

function leaveFocus(event: FocusEvent) {
  if (hintedOf(event.target) === current && !hintedOf(event.relatedTarget)) hide();
}

function leaveWindow(event: PointerEvent) {
  if (event.relatedTarget === null) hide();
}

// The box does not move with the page: a scroll or resize closes the hint (antd's would follow).
function hideNow() {
  if (current || state?.open) hide(0);
}

/** Starts the layer once, on the first hint rendered: the listeners at once, the tooltip's root after that render. */
export function startHintLayer(): void {
  if (root !== undefined || typeof document === "undefined") return;
  document.addEventListener("pointerover", follow);
  document.addEventListener("focusin", follow);
  document.addEventListener("focusout", leaveFocus);
  document.addEventListener("pointerout", leaveWindow);
  window.addEventListener("scroll", hideNow, true);
  window.addEventListener("resize", hideNow);
  const host = document.createElement("div");
  host.setAttribute("data-hint-layer", "");
  document.body.appendChild(host);
  root = createRoot(host);
  const started = root;
  queueMicrotask(() =>
    started.render(
      <ThemedConfig>
        <HintLayer />
      </ThemedConfig>,
    ),
  );
}

/** Shows an element's new hint while its tooltip is open (a copy button that now says 'Copied'). */
export function refreshHint(target: HTMLElement): void {
  const text = target.dataset.hint;
  if (state?.open && state.target === target && text && text !== state.text) publish({ ...state, text });
}

/** Closes and removes the tooltip at once (tests, between screens that share a page). */
export function clearHint(): void {
  current = null;
  clearTimeout(timer);
  if (state) flushSync(() => publish(null));
}

const subscribe = (notify: () => void) => {
  subscribers.add(notify);
  return () => subscribers.delete(notify);
};

function HintLayer() {
  const hint = useSyncExternalStore(subscribe, () => state);

  // While it shows: the element names it as its description, and a row re-rendered away closes it.
  const target = hint?.open ? hint.target : null;
  useEffect(() => {
    if (!target) return;
    target.setAttribute("aria-describedby", HINT_ID);
    const watch = setInterval(() => {
      if (!target.isConnected && state?.target === target && state.open) publish({ ...state, open: false });
    }, 250);
    return () => {
      clearInterval(watch);
      if (target.getAttribute("aria-describedby") === HINT_ID) target.removeAttribute("aria-describedby");
    };
  }, [target]);

  if (!hint) return null;
  const { box } = hint;
  return (
    <Tooltip
      key={hint.serial}
      id={HINT_ID}
      open={hint.open}
      title={hint.text}
      trigger={[]}
      destroyOnHidden
      classNames={{ body: "kit-hint" }}
    >
      <span aria-hidden className="kit-hint-anchor" style={{ left: box.left, top: box.top, width: box.width, height: box.height }} />
    </Tooltip>
  );
}
