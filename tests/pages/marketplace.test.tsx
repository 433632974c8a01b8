// Marketplace Configuration on fake timers: the poll (every MARKETPLACE_POLL_MS except while the
// success message shows) and the 5 s alerts are asserted to the millisecond, reading the (fake) time of
// each request. Testing Library's own waits run on timers too, so this file waits with `until` (real
// macrotasks let through, fake time still or in small steps) and moves time with `advance`.
import { act, fireEvent, getConfig, screen, within } from "@testing-library/react";
import { notifyManager } from "@tanstack/react-query";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ALERT_DURATION_MS, MARKETPLACE_POLL_MS } from "@/config";
import { initializeErrorText } from "@/pages/marketplace/use-initialize";
import { compileFirst, failsTwice, renderApp, signedInApi } from "../app/support";
import { api as fakeApi, type FakeApi } from "../support/fake-api";

const CONFIRM_TEXT = "Are you sure you want to initialize the marketplace? This action can only be done once.";
const CONFIG_PDA = "7Wq3vTxG2dKpN8bYc4RfLmZ1sAe5HjUo9iQkXy6tBnVw";
const AUTHORITY = "9xQeWvG816bUx9EPjHmaT23yvVM2ZWbrrpZb9PusVFin";
const SIGNATURE = "5VERv8NMvzbJMEkV8xnrLkEaWRtSz9CosKDYjCJjBRnbJLgp8uirBgmQpjKhoR4tjF3ZpRzrFmBV6UjKdiSZkQUW";

const notInitialized = {
  initialized: false,
  configPDA: null,
  authority: null,
  disputeResolutionLimit: null,
  reportThreshold: null,
  cluster: null,
};
const initialized = {
  initialized: true,
  configPDA: CONFIG_PDA,
  authority: AUTHORITY,
  disputeResolutionLimit: 604800,
  reportThreshold: 5,
  cluster: "devnet",
};

// Taken before the fake timers are installed: a real macrotask lets the page's own work run.
const realSetTimeout = globalThis.setTimeout.bind(globalThis);

async function flush() {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(0);
  });
  await new Promise((resolve) => realSetTimeout(resolve, 0));
}

/** The error, headed by the requests the page made (with their fake send times) and what the page reads: what a failed wait was waiting on. */
function withRequests(error: unknown) {
  if (!(error instanceof Error)) return error;
  const seen = fakeApi.requests().map((request) => `${request.method} ${request.path} @${request.sentAt}`);
  const page = document.querySelector("main")?.textContent ?? "(no main)";
  error.message = `Requests so far (fake time now ${Date.now()}): ${seen.join(", ") || "none"}\nThe page reads: ${page}\n${error.message}`;
  return error;
}

/**
 * Retries `check` between real macrotasks until it passes, within Testing Library's deadline
 * (tests/setup.ts). Fake time stays still unless `stepMs` is given (the app shell's start-up waits on
 * a few short timers).
 */
async function until(check: () => void, { stepMs = 0 } = {}) {
  const deadline = performance.now() + getConfig().asyncUtilTimeout;
  for (;;) {
    try {
      check();
      return;
    } catch (error) {
      if (performance.now() > deadline) throw withRequests(error);
    }
    if (stepMs) {
      // Time stands still while a request is on its way, as it nearly does next to a 5 s poll.
      await fakeApi.settled();
      await flush();
      await act(async () => {
        await vi.advanceTimersByTimeAsync(stepMs);
      });
    }
    await flush();
  }
}

/**
 * Moves the fake clock with `move`, from a quiet page (every request answered: time stands still
 * while a request is on its way, as it nearly does next to a 5 s poll), then waits for the answers to
 * whatever the page sent meanwhile, so a count read afterwards includes it.
 */
async function step(move: () => Promise<unknown>) {
  await fakeApi.settled();
  await flush();
  await act(async () => {
    await move();
  });
  await flush();
  await fakeApi.settled();
  await flush();
}

const advance = (ms: number) => step(() => vi.advanceTimersByTimeAsync(ms));

/**
 * Runs the page's timers one at a time, each from a quiet page, until `times` has `count` reads: fake
 * time then stands exactly where the last read went out.
 */
async function untilRead(times: number[], count: number) {
  for (let timer = 0; times.length < count; timer++) {
    if (timer > 1000) throw new Error(`no status read number ${count}`);
    await step(() => vi.advanceTimersToNextTimerAsync());
  }
}

const statusCalls = (api: FakeApi) => api.requests("GET", "/admin/marketplace/status").length;

/** When (in fake time) the page sent each GET /admin/marketplace/status, answered with `status()`. */
function timeStatusCalls(api: FakeApi, status: () => object) {
  const times: number[] = [];
  api.get("/admin/marketplace/status", (request) => {
    times.push(request.sentAt);
    return [200, { data: status() }];
  });
  return times;
}
const initializeCalls = (api: FakeApi) => api.requests("POST", "/admin/marketplace/initialize");
const text = (value: string | RegExp) => screen.queryByText(value);

function marketplaceApi(status: object = notInitialized) {
  const api = signedInApi();
  api.get("/admin/marketplace/status", [200, { data: status }]);
  return api;
}

async function openMarketplace(api: FakeApi) {
  renderApp("/marketplace");
  await until(() => expect(text(/^(Not )?Initialized$/)).toBeInTheDocument(), { stepMs: 1 });
  expect(statusCalls(api)).toBe(1);
}

function click(element: HTMLElement) {
  act(() => {
    fireEvent.click(element);
  });
}

async function confirmInitialize() {
  click(screen.getByRole("button", { name: /Initialize Marketplace/ }));
  await until(() => expect(screen.getByText(CONFIRM_TEXT)).toBeInTheDocument());
  const dialog = screen.getByText(CONFIRM_TEXT).closest<HTMLElement>("[role=dialog]")!;
  click(within(dialog).getByRole("button", { name: "Initialize" }));
}

// Vite compiles the lazy chunks on first use, which can take longer than a test's budget.
compileFirst(() => import("@/pages/marketplace"));

beforeEach(() => {
  vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "setInterval", "clearInterval", "Date"] });
  // React Query hands each answer to React in a setTimeout(0). A fake clock puts a 0 ms timer set
  // while it runs timers 1 ms later, so with time standing still an answer could wait forever (a
  // Retry's read answered, the page still showing the error). The hand-over is not what this file
  // times: it runs on a real macrotask.
  notifyManager.setScheduler((callback) => realSetTimeout(callback, 0));
});

afterEach(() => {
  vi.useRealTimers();
  notifyManager.setScheduler((callback) => setTimeout(callback, 0));
});

describe("Marketplace Configuration", () => {
  it("not initialized: the status, its hint, Action Required, the button and the info card", async () => {
    const api = marketplaceApi();
    await openMarketplace(api);

    expect(screen.getByRole("heading", { name: "Marketplace Configuration", level: 1 })).toBeInTheDocument();
    expect(screen.getByText("Manage blockchain marketplace settings")).toBeInTheDocument();
    expect(screen.getByText("Not Initialized")).toBeInTheDocument();
    expect(screen.getByText("Marketplace must be initialized before use")).toBeInTheDocument();
    expect(screen.getByText("Action Required")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: /Initialize Marketplace/ })).toBeEnabled();
    expect(screen.getByText("Config Address")).toBeInTheDocument(); // explained in the info card
    expect(screen.getByText("Initialization is one-time only.")).toBeInTheDocument();
    expect(text("Marketplace is ready for escrow transactions")).not.toBeInTheDocument();
    expect(text("Number of reports before action")).not.toBeInTheDocument();
    const [request] = api.requests("GET", "/admin/marketplace/status");
    expect(request.query).toEqual({});
  });

  it("not initialized: says disputes are settled without the configuration, and what initializing changes", async () => {
    const api = marketplaceApi();
    await openMarketplace(api);
    const action = screen.getByText("Action Required").closest<HTMLElement>(".ant-alert")!;
    // Settlement is signed by the marketplace authority, configuration or not (server/services/orders.ts).
    expect(action).not.toHaveTextContent("dispute resolution need it");
    expect(action).toHaveTextContent("Disputes are resolved and escrows paid out without it");
    expect(action).toHaveTextContent("records the dispute resolution limit");
    expect(action).toHaveTextContent("gives each open dispute its deadline");
  });

  it("links to the explorer only when the signatures live on a public cluster", async () => {
    const api = marketplaceApi({ ...initialized, cluster: null });
    await openMarketplace(api);
    expect(screen.getByText(`${AUTHORITY.slice(0, 8)}...${AUTHORITY.slice(-8)}`)).toBeInTheDocument();
    expect(screen.queryAllByRole("link", { name: "View on Solana Explorer" })).toHaveLength(0);
  });

  it("initialized: config address, authority with an explorer link, limit in days and seconds, threshold", async () => {
    const api = marketplaceApi(initialized);
    await openMarketplace(api);

    expect(screen.getByText("Initialized")).toBeInTheDocument();
    expect(screen.getByText("Marketplace is ready for escrow transactions")).toBeInTheDocument();
    expect(screen.getByText(`${CONFIG_PDA.slice(0, 8)}...${CONFIG_PDA.slice(-8)}`)).toBeInTheDocument();
    expect(screen.getByText(`${AUTHORITY.slice(0, 8)}...${AUTHORITY.slice(-8)}`)).toBeInTheDocument();
    const links = screen.getAllByRole("link", { name: "View on Solana Explorer" }).map((link) => link.getAttribute("href"));
    expect(links).toContain(`https://explorer.solana.com/address/${AUTHORITY}?cluster=devnet`);
    expect(links).toContain(`https://explorer.solana.com/address/${CONFIG_PDA}?cluster=devnet`);
    expect(screen.getByText("7 days")).toBeInTheDocument();
    expect(screen.getByText("604,800 seconds")).toBeInTheDocument();
    expect(screen.getByText("Number of reports before action")).toBeInTheDocument();
    expect(screen.getByText("5")).toBeInTheDocument();
    expect(text("Action Required")).not.toBeInTheDocument();
    expect(screen.queryByRole("button", { name: /Initialize Marketplace/ })).not.toBeInTheDocument();
  });

  it("polls GET /admin/marketplace/status every 5 s", async () => {
    const api = marketplaceApi();
    const times = timeStatusCalls(api, () => notInitialized);
    await openMarketplace(api);

    // Timer by timer, so no read can be skipped over or come early. Each comes one interval after the
    // answer to the one before (that answer is handled on a timer of its own: a millisecond or so).
    for (let read = 2; read <= 4; read++) await untilRead(times, read);
    for (const [i, time] of times.slice(1).entries()) {
      expect(time - times[i]).toBeGreaterThanOrEqual(MARKETPLACE_POLL_MS);
      expect(time - times[i]).toBeLessThan(MARKETPLACE_POLL_MS + 50);
    }
  });

  it("asks the initialize confirmation first and sends nothing when cancelled", async () => {
    const api = marketplaceApi();
    await openMarketplace(api);

    click(screen.getByRole("button", { name: /Initialize Marketplace/ }));
    await until(() => expect(screen.getByText(CONFIRM_TEXT)).toBeInTheDocument());
    const dialog = screen.getByText(CONFIRM_TEXT).closest<HTMLElement>("[role=dialog]")!;
    click(within(dialog).getByRole("button", { name: "Cancel" }));
    await advance(1000);
    expect(initializeCalls(api)).toHaveLength(0);
    expect(text("Marketplace initialized successfully!")).not.toBeInTheDocument();
  });

  it("success: POST without a body, the message with the short signature, no polling while it shows, gone after 5 s", async () => {
    const api = marketplaceApi();
    let current: object = notInitialized;
    const times = timeStatusCalls(api, () => current);
    let postedAt = 0;
    api.post("/admin/marketplace/initialize", (request) => {
      postedAt = request.sentAt;
      current = initialized;
      return [200, { data: { ...initialized, transactionSignature: SIGNATURE, cluster: "devnet" } }];
    });
    await openMarketplace(api);

    await confirmInitialize();
    await until(() => expect(screen.getByText("Marketplace initialized successfully!")).toBeInTheDocument());
    expect(initializeCalls(api)).toHaveLength(1);
    expect(initializeCalls(api)[0].body).toBeUndefined();
    expect(screen.getByText(`${SIGNATURE.slice(0, 8)}...`)).toBeInTheDocument();
    expect(screen.getAllByRole("link", { name: "View on Solana Explorer" }).map((link) => link.getAttribute("href"))).toContain(
      `https://explorer.solana.com/tx/${SIGNATURE}?cluster=devnet`,
    );
    // One re-read right after, which flips the view; then the poll waits for the message to go.
    await until(() => expect(screen.getByText("Initialized")).toBeInTheDocument());
    expect(times).toHaveLength(2);
    expect(times[1]).toBe(postedAt);

    await advance(postedAt + ALERT_DURATION_MS - 1 - Date.now());
    expect(screen.getByText("Marketplace initialized successfully!")).toBeInTheDocument();
    expect(times).toHaveLength(2);
    await advance(1);
    expect(text("Marketplace initialized successfully!")).not.toBeInTheDocument();
    expect(times).toHaveLength(2);

    // Polling resumes when the message has gone: the next read one full interval later. The poll's
    // timer is set by an effect of the render that hid the message, which a loaded machine runs a
    // little later, so timer by timer (a single jump of the clock could begin before it, and a CI run
    // missed the read), and within the same 50 ms as the poll test's gaps.
    await untilRead(times, 3);
    const resumedAfter = times[2] - (postedAt + ALERT_DURATION_MS);
    expect(resumedAfter).toBeGreaterThanOrEqual(MARKETPLACE_POLL_MS);
    expect(resumedAfter).toBeLessThan(MARKETPLACE_POLL_MS + 50);
  });

  it("failure: the server's message for 5 s, and the poll goes on", async () => {
    const api = marketplaceApi();
    const times = timeStatusCalls(api, () => notInitialized);
    const unavailable =
      "Marketplace initialization runs a blockchain transaction, and this server has no settlement service configured yet: nothing was changed";
    let postedAt = 0;
    api.post("/admin/marketplace/initialize", (request) => {
      postedAt = request.sentAt;
      return [503, { message: unavailable }];
    });
    await openMarketplace(api);

    await confirmInitialize();
    await until(() => expect(screen.getByText(unavailable)).toBeInTheDocument());
    expect(text("Marketplace initialized successfully!")).not.toBeInTheDocument();
    expect(screen.getByText("Not Initialized")).toBeInTheDocument();

    await advance(postedAt + ALERT_DURATION_MS - 1 - Date.now());
    expect(screen.getByText(unavailable)).toBeInTheDocument();
    await advance(1);
    expect(text(unavailable)).not.toBeInTheDocument();
    // The poll did not stop for an error message: every interval since the first read has its call.
    const polls = () => times.filter((time) => time !== postedAt);
    await until(() => expect(polls().length).toBe(1 + Math.floor((Date.now() - times[0]) / MARKETPLACE_POLL_MS)));
  });

  it("failure without a server message shows the error's own message", async () => {
    const api = marketplaceApi();
    api.post("/admin/marketplace/initialize", [500]);
    await openMarketplace(api);

    await confirmInitialize();
    await until(() => expect(screen.getByText("Request failed with status code 500")).toBeInTheDocument());
  });

  it("the last resort text is 'Failed to initialize marketplace'", () => {
    expect(initializeErrorText({ message: "" })).toBe("Failed to initialize marketplace");
    expect(initializeErrorText(undefined)).toBe("Failed to initialize marketplace");
    expect(initializeErrorText({ message: "Network error", serverMessage: "Already initialized" })).toBe("Already initialized");
  });

  it("a status load error is shown with Retry, and Retry loads the status", async () => {
    const api = signedInApi();
    failsTwice(api, "/admin/marketplace/status", "Status is down");
    api.get("/admin/marketplace/status", [200, { data: initialized }]);
    renderApp("/marketplace");
    await until(() => expect(screen.getByRole("status", { name: "Loading marketplace status" })).toBeInTheDocument());

    // The query retries once (QUERY_CACHE.retry) after its back-off before it reports the error.
    await until(() => expect(screen.getByText("Status is down")).toBeInTheDocument(), { stepMs: 50 });
    expect(statusCalls(api)).toBe(2);
    expect(screen.getByText("Could not load the marketplace status")).toBeInTheDocument();
    click(screen.getByRole("button", { name: /Retry/ }));
    await until(() => expect(screen.getByText("Initialized")).toBeInTheDocument());
  });
});
