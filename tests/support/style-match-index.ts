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
//
// The pre-check alone still leaves jsdom walking every rule for every element; the cascade below
// (installIndexedCascade) files each rule under the key of its rightmost compound once, so an
// element's style is built from the rules filed under its id, classes, type and the unkeyed rest, in
// document order, each confirmed by jsdom's own matcher: the same declarations jsdom builds.
import { createRequire } from "node:module";
import { dirname } from "node:path";

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

// ── The indexed cascade ─────────────────────────────────────────────────────────────────────────

/** jsdom's internal objects, as far as the cascade reads them. */
interface CssRule {
  selectorText?: string;
  media?: ArrayLike<string>;
  styleSheet?: { cssRules: ArrayLike<CssRule> } | null;
  cssRules?: ArrayLike<CssRule>;
  constructor: { name: string };
  style: Declaration;
}
interface Declaration extends ArrayLike<string> {
  getPropertyValue(property: string): string;
  getPropertyPriority(property: string): string;
  setProperty(property: string, value: string, priority?: string): void;
  removeProperty(property: string): void;
}
interface Sheet {
  cssRules: ArrayLike<CssRule>;
}
interface ElementImpl extends ElementLike {
  _ownerDocument: DocumentImpl;
  style: Declaration;
}
interface DocumentImpl {
  _styleCache: WeakMap<object, Declaration> | null;
  _domSelector: { check: Check };
  styleSheets: { _list: Sheet[] };
}
interface StyleRules {
  getDeclarationForElement(element: ElementImpl): Declaration;
}

interface Entry {
  rule: CssRule;
  order: number;
}
interface RuleIndex {
  /** What the index was built from: each sheet and its rule count, to notice a change. */
  sheets: { sheet: Sheet; count: number; first: CssRule | undefined }[];
  keyed: Map<string, Entry[]>;
  unkeyed: Entry[];
}

/** The style rules jsdom's cascade visits, in its order (helpers/style-rules.js, handleSheet). */
function cascadeRules(sheet: Sheet, push: (rule: CssRule) => void): void {
  for (const rule of Array.from(sheet.cssRules)) {
    if (!rule.media) push(rule);
    else if (rule.constructor.name === "CSSImportRule") {
      if (rule.styleSheet && (rule.media.length === 0 || Array.from(rule.media).includes("screen"))) Array.from(rule.styleSheet.cssRules).forEach(push);
    } else if (Array.from(rule.media).includes("screen")) Array.from(rule.cssRules ?? []).forEach(push);
  }
}

/** The selector jsdom matches for a rule (its workaround for cssstyle issue 193), or null for none. */
const selectorOf = (rule: CssRule): string | null => (rule.selectorText ? rule.selectorText.split(";").pop()!.trim() : null);

/** The bucket of one selector of a list: its id, else its first class, else its type; null = unkeyed. */
const keyOf = (needs: Needs): string | null => (needs.ids[0] ? `#${needs.ids[0]}` : needs.classes[0] ? `.${needs.classes[0]}` : needs.tag);

function buildIndex(sheets: Sheet[]): RuleIndex {
  const index: RuleIndex = { sheets: sheets.map(signature), keyed: new Map(), unkeyed: [] };
  let order = 0;
  for (const sheet of sheets) {
    cascadeRules(sheet, (rule) => {
      const selector = selectorOf(rule);
      if (selector === null) return; // jsdom never matches a rule without a selector
      const entry = { rule, order: order++ };
      const keys = planFor(selector)?.map(keyOf);
      if (!keys || keys.includes(null)) return void index.unkeyed.push(entry);
      for (const key of new Set(keys as string[])) {
        const bucket = index.keyed.get(key);
        if (bucket) bucket.push(entry);
        else index.keyed.set(key, [entry]);
      }
    });
  }
  return index;
}

function signature(sheet: Sheet) {
  return { sheet, count: sheet.cssRules.length, first: sheet.cssRules[0] };
}

const unchanged = (index: RuleIndex, sheets: Sheet[]) =>
  index.sheets.length === sheets.length &&
  index.sheets.every((known, i) => known.sheet === sheets[i] && known.count === sheets[i].cssRules.length && known.first === sheets[i].cssRules[0]);

type Cascade = StyleRules["getDeclarationForElement"];
const CASCADES = Symbol.for("style-match-index.cascades");

/**
 * jsdom's cascade and the indexed one, made once per process: jsdom's modules outlive a test file's
 * window, and so does the replacement. Null where this jsdom is not the one it knows.
 */
function cascades(): { indexed: Cascade; jsdom: Cascade } | null {
  let jsdomLib: string;
  try {
    jsdomLib = dirname(createRequire(import.meta.url).resolve("jsdom"));
  } catch {
    return null;
  }
  const path = `${jsdomLib}/jsdom/living/helpers/style-rules.js`;
  const load = createRequire(path);
  const styleRules = load(path) as StyleRules & { [CASCADES]?: { indexed: Cascade; jsdom: Cascade } };
  if (styleRules[CASCADES]) return styleRules[CASCADES];
  if (typeof styleRules.getDeclarationForElement !== "function") return null;
  const { CSSStyleDeclaration } = load("cssstyle") as { CSSStyleDeclaration: new () => Declaration };
  const cssom = load("@acemir/cssom") as { parse(text: string): Sheet };
  const { readFileSync } = load("node:fs") as typeof import("node:fs");
  const defaultSheet = cssom.parse(readFileSync(`${jsdomLib}/jsdom/browser/default-stylesheet.css`, "utf8"));

  const indexes = new WeakMap<DocumentImpl, { cache: object; index: RuleIndex }>();
  const ruleIndex = (doc: DocumentImpl, cache: object): RuleIndex => {
    const known = indexes.get(doc);
    // Adding or removing a sheet clears jsdom's style cache, so the sheets are compared only then.
    if (known?.cache === cache) return known.index;
    const sheets = [defaultSheet, ...doc.styleSheets._list];
    const index = known && unchanged(known.index, sheets) ? known.index : buildIndex(sheets);
    indexes.set(doc, { cache, index });
    return index;
  };

  const candidates = (element: ElementImpl, index: RuleIndex): Entry[] => {
    const found: Entry[][] = [index.unkeyed];
    const add = (key: string) => {
      const bucket = index.keyed.get(key);
      if (bucket) found.push(bucket);
    };
    const id = element.getAttributeNS(null, "id");
    if (id) add(`#${id}`);
    for (const name of classesOf(element)) add(`.${name}`);
    if (typeof element.localName === "string") add(element.localName.toLowerCase());
    if (found.length === 1) return index.unkeyed;
    return [...new Set(found.flat())].sort((a, b) => a.order - b.order);
  };

  const indexed: Cascade = (element) => {
    const doc = element._ownerDocument;
    const cache = (doc._styleCache ??= new WeakMap());
    const cached = cache.get(element);
    if (cached) return cached;
    const declaration = new CSSStyleDeclaration();
    const apply = (style: Declaration) => {
      for (const property of Array.from(style)) {
        const value = style.getPropertyValue(property);
        if (value === "unset") declaration.removeProperty(property);
        else declaration.setProperty(property, value, style.getPropertyPriority(property));
      }
    };
    for (const { rule } of candidates(element, ruleIndex(doc, cache))) {
      try {
        const { match, pseudoElement } = doc._domSelector.check(selectorOf(rule)!, element);
        if (match && !pseudoElement) apply(rule.style);
      } catch {
        // a selector jsdom cannot parse never matches
      }
    }
    apply(element.style);
    cache.set(element, declaration);
    return declaration;
  };

  const made = { indexed, jsdom: styleRules.getDeclarationForElement };
  styleRules.getDeclarationForElement = indexed;
  styleRules[CASCADES] = made;
  return made;
}

const indexedWindows = new WeakSet<Window>();

/**
 * Builds computed styles from the rules an element's id, classes and type can match (jsdom's
 * getDeclarationForElement, replaced in its module, which its own callers reach), and puts
 * `win.getComputedStyle` in front of it: that one holds jsdom's function itself, so the cache is filled
 * first and it finds the declaration there. Returns jsdom's own cascade (for the soundness test), or
 * null where this jsdom is not the one it knows.
 */
export function installIndexedCascade(win: Window): Cascade | null {
  const made = cascades();
  if (!made) return null;
  if (!indexedWindows.has(win)) {
    indexedWindows.add(win);
    const getComputedStyle = win.getComputedStyle.bind(win);
    win.getComputedStyle = (element: Element, pseudo?: string | null) => {
      const impl = implOf(element);
      if (impl) made.indexed(impl);
      return getComputedStyle(element, pseudo);
    };
  }
  return made.jsdom;
}

/** The indexed cascade itself, once installed (for the soundness test). */
export const indexedCascade = (): Cascade | null => cascades()?.indexed ?? null;

function implOf(element: Element): ElementImpl | undefined {
  if (!element || typeof element !== "object") return undefined;
  const symbol = Object.getOwnPropertySymbols(element).find((candidate) => candidate.description === "impl");
  return symbol ? (element as unknown as Record<symbol, ElementImpl>)[symbol] : undefined;
}
