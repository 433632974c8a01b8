// Shared set-up for the app-shell tests: the real App and providers, the API faked at the network
// layer (msw), a viewport width antd's breakpoints can read, and a signed-in admin.
import type { ReactNode } from "react";
import { act, getQueriesForElement, render, screen, waitFor } from "@testing-library/react";
import userEvent, { type UserEvent } from "@testing-library/user-event";
import type { DefaultOptions } from "@tanstack/react-query";
import { expect, it, onTestFinished, vi } from "vitest";
import App from "@/App";
import { AppProviders } from "@/app-providers";
import { SEARCH_DEBOUNCE_MS } from "@/components/list/filter-bar";
import { authStore } from "@/providers/auth-store";
import { reactQuery } from "@/providers/query-policy";
import { adminResources } from "@/resources";
import { navigation } from "@/providers/navigation";
import { fakeApiForThisFile, type FakeApi, type SeenRequest } from "../support/fake-api";
import { compileChunks } from "../support/compile-first";
import { matchMediaAt } from "../support/media";

export const ADMIN_KEY = "9xQeWvG816bUx9EPjHmaT23yvVM2ZWbrrpZb9PusVFin";

export interface TestUser {
  id: string;
  publicKey: string;
  displayName: string | null;
  role: string;
  /** Beyond the core API: the team role and its permissions, as an API with roles sends them. */
  teamRole?: string;
  permissions?: string[];
}

export const alice: TestUser = { id: "u-1", publicKey: ADMIN_KEY, displayName: "Alice", role: "ADMIN" };

const api = fakeApiForThisFile();

/** The fake API without any route or request yet; anything not routed answers 404. */
export function mockApi(): FakeApi {
  api.reset();
  // WalletSetup asks for a demo wallet on mount; a real API without one answers 404.
  api.get("/demo/wallet", [404, { message: "Not found" }]);
  return api;
}

/** Stores a signed-in admin and makes the session check (GET /auth/validate) accept it. */
export function signIn(fake: FakeApi, user: TestUser = alice) {
  authStore.signIn(user, true);
  fake.get("/auth/validate", [200, { data: { valid: true, user: { ...user, isAdmin: true } } }]);
}

// The screens' dialogs are lazy chunks of their own (src/components/routing/lazy-dialog.tsx), opened
// by a click: compiled with the screens, so a dialog test's first click does not wait on Vite.
const DIALOGS = [
  () => import("@/components/prompts/reason-dialog"),
  () => import("@/components/prompts/confirm-dialog"),
  () => import("@/components/list/bulk/bulk-dialogs"),
  () => import("@/resources/tokens/edit-modal"),
  () => import("@/resources/users/edit-modal"),
  () => import("@/resources/shops/edit-modal"),
  () => import("@/resources/orders/details-modal"),
  () => import("@/resources/products/show-drawer"),
];

/** Compiles the lazy chunks a screen test opens (its screens, the admin layout, the dialogs) before its first test. */
export function compileFirst(...screens: (() => Promise<unknown>)[]) {
  compileChunks(() => import("@/components/layout/admin-layout"), ...DIALOGS, ...screens);
}

/** `user` signed in on a window `width` wide: the fake API with the session check answered. */
export function signedInApi(width = DESKTOP, user: TestUser = alice): FakeApi {
  setViewportWidth(width);
  const fake = mockApi();
  signIn(fake, user);
  return fake;
}

/** userEvent for the admin screens. */
export const setupUser = () => userEvent.setup();

/** Taken before any test fakes the clock. */
const realSetTimeout = globalThis.setTimeout.bind(globalThis);

/** A brisk typist's time between two keys. */
const KEY_INTERVAL_MS = 50;

/**
 * userEvent on a faked clock that still runs with real time (renders, requests and antd's own timers
 * go on as usual), for a test that moves it past a debounce instead of waiting the debounce out.
 * Its actions are `KEY_INTERVAL_MS` apart on that clock, as an admin's keys are, and the page runs
 * its effects (the timers a key starts) before the clock moves on: keys coming all at once would
 * pass a debounce of nothing for one. The clock is real again when the test ends.
 */
export function userOnFakeClock(): UserEvent {
  vi.useFakeTimers({ shouldAdvanceTime: true });
  onTestFinished(() => {
    vi.useRealTimers();
  });
  return userEvent.setup({
    delay: KEY_INTERVAL_MS,
    advanceTimers: async (ms) => {
      await new Promise((resolve) => realSetTimeout(resolve, 0));
      await vi.advanceTimersByTimeAsync(ms);
    },
  });
}

/** Moves a faked clock (userOnFakeClock) on by `ms`, running the timers due on the way. */
export async function advanceClock(ms: number) {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });
}

/**
 * Types `text` key by key into a list's search box, emptied first ("" only empties it), then moves
 * the clock (userOnFakeClock) past the box's debounce: the search is committed without waiting it out.
 */
export async function search(user: UserEvent, box: HTMLElement, text: string) {
  await user.clear(box);
  if (text) await user.type(box, text);
  await advanceClock(SEARCH_DEBOUNCE_MS);
}

/** Writes `text` into an empty field in one paste: for tests about what is sent or shown, not about each key. */
export async function pasteInto(user: UserEvent, field: HTMLElement, text: string) {
  await user.click(field);
  await user.paste(text);
}

/** The options an open antd select shows, in order: the combobox names its own listbox, the options sit next to it. */
function shownOptions(combobox: HTMLElement): HTMLElement[] {
  const listbox = document.getElementById(combobox.getAttribute("aria-controls") ?? "");
  return [...(listbox?.closest(".ant-select-dropdown")?.querySelectorAll<HTMLElement>(".ant-select-item-option") ?? [])];
}

/** Opens an antd select by its accessible name; resolves its options, in order. */
export async function openSelect(user: UserEvent, selectName: string, within: HTMLElement = document.body): Promise<HTMLElement[]> {
  const combobox = getQueriesForElement(within).getByRole("combobox", { name: selectName });
  await user.click(combobox);
  return waitFor(() => {
    const options = shownOptions(combobox);
    if (options.length === 0) throw new Error(`the "${selectName}" select shows no options`);
    return options;
  });
}

/** Picks an option of an antd select by its text, waiting for it (a select may load its options, e.g. the admins). */
export async function choose(user: UserEvent, selectName: string, optionText: string, within: HTMLElement = document.body) {
  const combobox = getQueriesForElement(within).getByRole("combobox", { name: selectName });
  await openSelect(user, selectName, within);
  const option = await waitFor(() => {
    const found = shownOptions(combobox).find((item) => item.textContent === optionText);
    if (!found) throw new Error(`the "${selectName}" select has no option "${optionText}"`);
    return found;
  });
  await user.click(option);
}

/**
 * The lists' pager on a list the API says has 3 pages: 'Page 1 of 3' with Previous disabled, then
 * Next shows page 2, which `listQueries` (the list's requests so far) must have asked for.
 */
export async function pageToSecond(listQueries: () => readonly Record<string, string>[]) {
  expect(await screen.findByText("Page 1 of 3")).toBeInTheDocument();
  expect(screen.getByRole("button", { name: "Previous" })).toBeDisabled();
  await setupUser().click(screen.getByRole("button", { name: "Next" }));
  expect(await screen.findByText("Page 2 of 3")).toBeInTheDocument();
  await waitFor(() => expect(listQueries().at(-1)).toEqual({ page: "2", limit: "20" }));
}

/** A list of one page shows no pager: no 'Page x of y' and no Next. */
export function expectNoPager() {
  expect(screen.queryByText(/Page \d+ of/)).not.toBeInTheDocument();
  expect(screen.queryByRole("button", { name: "Next" })).not.toBeInTheDocument();
}

/**
 * A list's two pager tests: with `total` rows over three pages it pages to the second (asked of the
 * API), and with one page it has no pager. `open(total)` opens the list showing a row that reads `shown`.
 */
export function pagerTests(
  open: (total: number) => FakeApi,
  shown: string,
  listQueries: (api: FakeApi) => readonly Record<string, string>[],
) {
  it("pages with Previous / 'Page x of y' / Next when there is more than one page", async () => {
    const api = open(45);
    await pageToSecond(() => listQueries(api));
  });

  it("has no pager for a single page", async () => {
    open(20);
    await screen.findByText(shown);
    expectNoPager();
  });
}

/** The table row of the record `key`. */
export const rowOf = (key: string) => document.querySelector<HTMLElement>(`tr[data-row-key="${key}"]`)!;

/** The titles of the shown table's columns, left to right ("" for the selection column). */
export const columnTitles = () => screen.getAllByRole("columnheader").map((cell) => cell.textContent);

/**
 * A list whose read failed: its alert says the server's `message` where the table would be (no empty
 * table shows); Retry reads again, and `recovered` (a row's text) shows.
 */
export async function retryFailedList(message: string, recovered: string) {
  const alert = await screen.findByRole("alert");
  expect(alert).toHaveTextContent(message);
  expect(screen.queryByRole("table")).not.toBeInTheDocument();
  await setupUser().click(getQueriesForElement(alert).getByRole("button", { name: /Retry/ }));
  expect(await screen.findByText(recovered)).toBeInTheDocument();
}

/**
 * The API refuses `path` twice with a server error saying `message`: the request and the query's one
 * automatic retry of a server error (QUERY_CACHE.retry), so the screen shows the error.
 */
export function failsTwice(fake: FakeApi, path: string, message: string) {
  withoutRetryBackoff();
  fake.get(path, [500, { message }], { once: true });
  fake.get(path, [500, { message }], { once: true });
}

/**
 * The app's retry policy (a server error is tried once more) without react-query's second of
 * back-off before that try, for the apps this test renders: a failed read's test waits for the
 * failure, not for the clock. Undone when the test ends.
 */
export function withoutRetryBackoff() {
  const queries: NonNullable<DefaultOptions["queries"]> = reactQuery.clientConfig.defaultOptions.queries;
  queries.retryDelay = 0;
  onTestFinished(() => {
    delete queries.retryDelay;
  });
}

/** A region's failed read (a dashboard section's): its alert, naming what failed (`title`) and the server's `message`. */
export async function failedRegion(name: string, title: string, message: string) {
  const region = await screen.findByRole("region", { name });
  const alert = await getQueriesForElement(region).findByRole("alert");
  expect(alert).toHaveTextContent(title);
  expect(alert).toHaveTextContent(message);
  return { region, alert };
}

/** The text an antd select shows as its value. */
export function selectedText(selectName: string, within: HTMLElement = document.body): string {
  const select = getQueriesForElement(within).getByRole("combobox", { name: selectName }).closest(".ant-select");
  return select?.querySelector(".ant-select-selection-item")?.textContent ?? "";
}

/** The live updates' calls (the event stream, its probe, the polled open-disputes count): the shell's, not a screen's. */
export const isLiveUpdate = (request: SeenRequest) =>
  request.path === "/admin/events" ||
  (request.path === "/admin/orders" && request.query.filter === "in_dispute" && request.query.limit === "1");

/** The sidebar's section links, in its order. */
export function sidebarSections() {
  return getQueriesForElement(screen.getByRole("navigation", { name: "Sections" }))
    .getAllByRole("link")
    .map((link) => link.textContent);
}

/** Opens the command palette with Ctrl+K, as an admin does. */
export async function openPalette(user: UserEvent): Promise<HTMLElement> {
  await user.keyboard("{Control>}k{/Control}");
  return screen.findByRole("dialog", { name: "Command palette" });
}

/** The texts of the palette's options, in its order. */
export const paletteOptions = (dialog: HTMLElement) =>
  getQueriesForElement(dialog)
    .queryAllByRole("option")
    .map((option) => option.textContent);

/** The requests a screen made: all but the shell's session check, demo-wallet probe and live updates. */
/**
 * The sidebar has asked for each optional section (its first page, which says whether the API has it)
 * and has its answers: on a loaded machine those asks can come after a screen's own first reads.
 */
export async function sidebarSettled(fake: FakeApi) {
  const probes = adminResources.flatMap((entry) => (entry.optional && entry.api ? [entry.api.list] : []));
  await waitFor(() => {
    const asked = new Set(fake.requests().map((request) => request.path));
    const missing = probes.filter((path) => !asked.has(path));
    if (missing.length) throw new Error(`the sidebar has not asked ${missing.join(", ")} yet`);
  });
  await fake.settled();
}

export function screenRequests(fake: FakeApi) {
  return fake
    .requests()
    .filter((request) => request.path !== "/auth/validate" && request.path !== "/demo/wallet" && !isLiveUpdate(request));
}

/** What a screen changed: method, path and body of each request other than a GET, in order. */
export function changes(fake: FakeApi) {
  return screenRequests(fake)
    .filter((request) => request.method !== "GET")
    .map(({ method, path, body }) => ({ method, path, body }));
}

/** A promise the test resolves by hand, to hold a response while asserting the waiting state. */
export function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((done) => (resolve = done));
  return { promise, resolve };
}

/** Makes `(min-width: N px)` / `(max-width: N px)` media queries answer for this viewport width. */
export function setViewportWidth(width: number) {
  vi.stubGlobal("matchMedia", matchMediaAt(width).matchMedia);
}

export const DESKTOP = 1280;
export const PHONE = 390;

/** Logout ends with a full page load, which would take the test page with it: it is observed instead. */
export function spyOnFullNavigation() {
  return vi.spyOn(navigation, "toLogin").mockImplementation(() => undefined);
}

export function renderApp(path: string) {
  window.history.replaceState({}, "", path);
  return render(<App />);
}

/** The app at `path` once its screen is up: waits for the screen's heading, and fails when it never shows. */
export async function openScreen(path: string, heading: string) {
  const rendered = renderApp(path);
  await screen.findByRole("heading", { name: heading, level: 1 });
  return rendered;
}

/**
 * `children` at `path` inside the app's own providers (router, Refine with the real data and auth
 * providers, the sections) but not the App: a part of the shell tested alone.
 */
export function renderInProviders(path: string, children: ReactNode) {
  window.history.replaceState({}, "", path);
  return render(<InProviders>{children}</InProviders>);
}

/**
 * The app's providers and sections around `children`, without App's routes, and without the wallet,
 * notifications, URL sync and query policy App adds to them.
 */
export function InProviders({ children }: { children: ReactNode }) {
  return <AppProviders>{children}</AppProviders>;
}

/**
 * The open dialog whose text includes `text`. Not by accessible name: under NODE_ENV=test rc-util
 * gives every dialog title and tooltip the same id ("test-id"), so names collide.
 */
export function dialogWith(text: string): HTMLElement | undefined {
  return screen.queryAllByRole("dialog").find((dialog) => dialog.textContent?.includes(text));
}

export async function findDialogWith(text: string): Promise<HTMLElement> {
  let found: HTMLElement | undefined;
  await waitFor(() => {
    found = dialogWith(text);
    if (!found) throw new Error(`no open dialog says "${text}"`);
  });
  return found!;
}
