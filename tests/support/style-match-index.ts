// A selector pre-check for jsdom's getComputedStyle, which is where the console tests spent most of
// their time. jsdom computes an element's style by testing EVERY rule of every style sheet against
// it with a full selector match, and antd's CSS-in-JS puts thousands of rules in the page; Testing
// Library asks for that style on every element it looks at (is it hidden? `*ByRole`, `toBeVisible`,
// user-event's pointer-events check), and each DOM change throws jsdom's style cache away.
//
// Browsers avoid the work by indexing rules on the type, classes and ids of their rightmost compound
// selector; this does the same in front of jsdom's matcher: a rule whose rightmost compound needs a
// type, a class or an id the element does not have cannot match, so it is answered "no" without running the
// matcher; every other rule goes to jsdom's matcher as before. It never says "yes" by itself, so
// the computed styles (and everything the tests assert on them) are exactly jsdom's own —
// tests/unit/style-match-index.test.tsx checks that against jsdom's answers over a rendered antd UI.
//
// Selectors it does not fully understand (escapes, namespaces, anything unexpected after `.`/`#`) are
// left to jsdom.

interface Needs {
  /** The type selector, lowercased; null for none or `*`. */
  tag: string | null;
  classes: string[];
  ids: string[];
}

/** null: no pre-check possible, ask jsdom. Otherwise one entry per selector of the list. */
type Plan = Needs[] | null;

const plans = new Map<string, Plan>();

const NAME = /^-?[_a-zA-Z][-_a-zA-Z0-9]*/;
const TAG = /^[a-zA-Z][-_a-zA-Z0-9]*/;

/**
 * Visits each character of `text` outside (), [] and quotes, in order; `visit` may return how many
 * of the characters after it to skip. False when the brackets or quotes do not balance.
 */
function scanTopLevel(text: string, visit: (char: string, index: number) => number | void): boolean {
  let depth = 0;
  let quote: string | null = null;
  for (let i = 0; i < text.length; i++) {
    const char = text[i];
    if (quote) {
      if (char === quote) quote = null;
      continue;
    }
    if (char === '"' || char === "'") quote = char;
    else if (char === "(" || char === "[") depth++;
    else if (char === ")" || char === "]") {
      if (--depth < 0) return false;
    } else if (depth === 0) i += visit(char, i) ?? 0;
  }
  return depth === 0 && quote === null;
}

/** Splits at top-level occurrences of `separator` (outside (), [] and quotes). */
function splitTopLevel(text: string, isSeparator: (char: string) => boolean): string[] | null {
  const parts: string[] = [];
  let start = 0;
  const balanced = scanTopLevel(text, (char, i) => {
    if (!isSeparator(char)) return;
    parts.push(text.slice(start, i));
    start = i + 1;
  });
  if (!balanced) return null;
  parts.push(text.slice(start));
  return parts;
}

/** The type, classes and ids the rightmost compound of one complex selector requires, top level only. */
function needsOf(complex: string): Needs | null {
  const pieces = splitTopLevel(complex.trim(), (char) => char === " " || char === ">" || char === "+" || char === "~" || char === "\n" || char === "\t");
  if (!pieces) return null;
  const compound = pieces[pieces.length - 1];
  if (!compound) return null;
  const needs: Needs = { tag: null, classes: [], ids: [] };
  const tag = TAG.exec(compound);
  if (tag) needs.tag = tag[0].toLowerCase();
  else if (/^[-_a-zA-Z0-9]/.test(compound)) return null;
  let understood = true;
  const balanced = scanTopLevel(compound, (char, i) => {
    if (char !== "." && char !== "#") return;
    const name = NAME.exec(compound.slice(i + 1));
    if (!name) {
      understood = false;
      return compound.length;
    }
    (char === "." ? needs.classes : needs.ids).push(name[0]);
    return name[0].length;
  });
  return balanced && understood ? needs : null;
}

export function planFor(selector: string): Plan {
  let plan = plans.get(selector);
  if (plan !== undefined) return plan;
  plan = null;
  if (!selector.includes("\\") && !selector.includes("|")) {
    const list = splitTopLevel(selector, (char) => char === ",");
    if (list) {
      const needs = list.map(needsOf);
      plan = needs.every((entry): entry is Needs => entry !== null) ? needs : null;
    }
  }
  plans.set(selector, plan);
  return plan;
}

interface ElementLike {
  localName?: string;
  getAttributeNS(namespace: string | null, name: string): string | null;
}

const classSets = new WeakMap<object, { attribute: string; set: Set<string> }>();

function classesOf(element: ElementLike): Set<string> {
  const attribute = element.getAttributeNS(null, "class") ?? "";
  const known = classSets.get(element);
  if (known && known.attribute === attribute) return known.set;
  const set = new Set(attribute.split(/[ \t\n\f\r]+/).filter(Boolean));
  classSets.set(element, { attribute, set });
  return set;
}

/** False only when no selector of the list can match `element`, whatever the rest of the page. */
export function mayMatch(selector: string, element: ElementLike): boolean {
  const plan = planFor(selector);
  if (!plan) return true;
  let classes: Set<string> | null = null;
  let id: string | null | undefined;
  for (const needs of plan) {
    // Type selectors match HTML elements without case; any element is compared without case here,
    // which can only let more rules through to jsdom, never fewer.
    if (needs.tag !== null && typeof element.localName === "string" && needs.tag !== element.localName.toLowerCase()) continue;
    if (needs.ids.length > 0) {
      id ??= element.getAttributeNS(null, "id");
      if (!needs.ids.every((wanted) => wanted === id)) continue;
    }
    if (needs.classes.length > 0) {
      classes ??= classesOf(element);
      if (!needs.classes.every((wanted) => classes!.has(wanted))) continue;
    }
    return true;
  }
  return false;
}

type Check = (selector: string, node: ElementLike, options?: unknown) => { match: boolean; pseudoElement: string | null };

const originals = new WeakMap<object, Check>();

/**
 * Puts the pre-check in front of the selector engine of jsdom's `document` (the engine behind
 * getComputedStyle's rule matching, and `matches`/`closest`). Standards mode only: quirks mode
 * matches classes without case, which the pre-check does not model. Returns the engine's own check
 * (jsdom's, unwrapped), also when called again.
 */
export function installStyleMatchIndex(doc: Document): Check | null {
  if (doc.compatMode !== "CSS1Compat") return null;
  const implSymbol = Object.getOwnPropertySymbols(doc).find((symbol) => symbol.description === "impl");
  const impl = implSymbol && (doc as unknown as Record<symbol, { _domSelector?: { check: Check } }>)[implSymbol];
  const engine = impl?._domSelector;
  if (!engine || typeof engine.check !== "function") return null;
  // Installed once per document: a second call returns jsdom's own check, not the wrapped one.
  const installed = originals.get(engine);
  if (installed) return installed;
  const original = engine.check;
  originals.set(engine, original);
  engine.check = (selector, node, options) => {
    if (typeof selector === "string" && node && typeof node.getAttributeNS === "function" && !mayMatch(selector, node)) {
      return { match: false, pseudoElement: null };
    }
    return original(selector, node, options);
  };
  return original;
}
