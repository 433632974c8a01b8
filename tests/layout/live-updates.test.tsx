// The Orders badge with the open disputes' count, from the event stream when the API has it (a stand-in
// stream here: msw does not serve event streams) and from the core API's list call's total when the
// stream answers 404, quietly; what each event refreshes; and how the stream is reopened or given up
// (providers/live-updates.ts).
import { act, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useList } from "@refinedev/core";
import { afterEach, describe, expect, it, vi } from "vitest";
import { LiveUpdates } from "@/components/layout/live-updates";
import { Sidebar } from "@/components/layout/sidebar";
import { LIVE_UPDATES } from "@/config";
import { LIVE_EVENTS_URL, startLiveUpdates, type EventStream } from "@/providers/live-updates";
import { DESKTOP, PHONE, renderApp, renderInProviders, signedInApi } from "../app/support";

const page = (total: number) => [200, { data: { items: [], total, page: 1, limit: 1, totalPages: total } }] as const;
const DISPUTE_COUNT = { page: "1", limit: "1", filter: "in_dispute" };

/** A stand-in for EventSource that the test drives. */
class FakeStream implements EventStream {
  onopen: ((event: Event) => void) | null = null;
  onerror: ((event: Event) => void) | null = null;
  closed = false;
  private readonly listeners = new Map<string, ((event: MessageEvent<string>) => void)[]>();

  constructor(readonly url: string) {}

  addEventListener(type: string, listener: (event: MessageEvent<string>) => void) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }

  close() {
    this.closed = true;
  }

  open() {
    this.onopen?.(new Event("open"));
  }

  fail() {
    this.onerror?.(new Event("error"));
  }

  emit(type: string, data: unknown) {
    for (const listener of this.listeners.get(type) ?? []) listener(new MessageEvent(type, { data: JSON.stringify(data) }));
  }
}

const badge = (name: string) => screen.findByRole("status", { name });
const noBadge = () => expect(screen.queryByRole("status", { name: /open dispute/ })).not.toBeInTheDocument();

afterEach(() => {
  vi.useRealTimers();
});

describe("against an API without the event stream (404)", () => {
  it("polls the core API's list call's total into the Orders badge, quietly", async () => {
    const api = signedInApi();
    api.get("/admin/users/stats", [
      200,
      { data: { totalUsers: 1, verifiedUsers: 1, disabledUsers: 0, activeUsers: 1, recentUsers: 0, adminUsers: 1 } },
    ]);
    api.get("/admin/orders", page(3), { query: DISPUTE_COUNT });
    renderApp("/");

    const status = await badge("3 open disputes");
    expect(status).toHaveTextContent("3");
    // Beside the link, not in its name.
    expect(within(screen.getByRole("navigation", { name: "Sections" })).getByRole("link", { name: "Orders" })).toBeInTheDocument();
    // The stream was opened, then asked (as JSON) why it would not open, once: 404, no toast, no error.
    expect(api.requests("GET", "/admin/events").map((r) => r.headers.get("accept"))).toEqual([
      "text/event-stream",
      expect.stringMatching(/^application\/json/),
    ]);
    expect(screen.queryByRole("alert")).not.toBeInTheDocument();
    expect(document.querySelector(".ant-notification-notice")).toBeNull();
  });

  it("shows no badge at 0", async () => {
    const api = signedInApi();
    api.get("/admin/orders", page(0), { query: DISPUTE_COUNT });
    renderApp("/marketplace");
    await waitFor(() => expect(api.requests("GET", "/admin/orders")).toHaveLength(1));
    await api.settled();
    noBadge();
  });

  it("shows the badge in the small screens' drawer too", async () => {
    const api = signedInApi(PHONE);
    api.get("/admin/orders", page(1), { query: DISPUTE_COUNT });
    renderApp("/marketplace");
    await waitFor(() => expect(api.requests("GET", "/admin/orders")).toHaveLength(1));
    await userEvent.setup().click(screen.getByRole("button", { name: "Open navigation" }));
    const nav = await screen.findByRole("navigation", { name: "Sections" });
    expect(await within(nav).findByRole("status", { name: "1 open dispute" })).toHaveTextContent("1");
  });
});

/** The sidebar under a stand-in stream, with an orders list and the settlement queue on screen. */
function renderStreaming() {
  const streams: FakeStream[] = [];
  const openStream = (url: string) => {
    const stream = new FakeStream(url);
    streams.push(stream);
    return stream;
  };
  function OnScreen() {
    useList({ resource: "orders" });
    useList({ resource: "settlements" });
    return null;
  }
  renderInProviders(
    "/",
    <LiveUpdates openStream={openStream}>
      <Sidebar />
      <OnScreen />
    </LiveUpdates>,
  );
  return streams;
}

describe("with the event stream", () => {
  it("shows the streamed count, and refreshes the orders when it changes", async () => {
    const api = signedInApi(DESKTOP);
    api.get("/admin/orders", page(0));
    api.get("/admin/settlements", [200, { data: { items: [], total: 0, page: 1, limit: 20, totalPages: 0 } }]);
    const streams = renderStreaming();
    await waitFor(() => expect(streams).toHaveLength(1));
    const stream = streams[0];
    expect(stream.url).toBe(LIVE_EVENTS_URL);
    act(() => {
      stream.open();
      stream.emit("disputes", { open: 2 });
    });
    await badge("2 open disputes");
    await waitFor(() => expect(api.requests("GET", "/admin/orders")).toHaveLength(1));
    // Answered first: Refine's invalidation does not restart a read still on its way (a loaded machine).
    await api.settled();

    act(() => stream.emit("disputes", { open: 3 }));
    await badge("3 open disputes");
    await waitFor(() => expect(api.requests("GET", "/admin/orders")).toHaveLength(2));
    // Payouts awaiting a second admin (four eyes) are counted beside the disputes, and alone.
    act(() => stream.emit("disputes", { open: 3, awaitingApproval: 1 }));
    await badge("3 open disputes, 1 payout awaiting approval");
    act(() => stream.emit("disputes", { open: 0, awaitingApproval: 2 }));
    await badge("2 payouts awaiting approval");
    act(() => stream.emit("disputes", { open: 0 }));
    await waitFor(noBadge);
    // Streaming, nothing polls the count.
    expect(api.requests("GET", "/admin/orders").filter((r) => r.query.filter === "in_dispute")).toEqual([]);
  });

  it("refreshes the settlement queue and the orders on a settlement change", async () => {
    const api = signedInApi(DESKTOP);
    api.get("/admin/orders", page(0));
    api.get("/admin/settlements", [200, { data: { items: [], total: 0, page: 1, limit: 20, totalPages: 0 } }]);
    const streams = renderStreaming();
    await waitFor(() => expect(api.requests("GET", "/admin/settlements").length).toBeGreaterThan(0));
    await api.settled();
    const settlementsBefore = api.requests("GET", "/admin/settlements").length;
    const ordersBefore = api.requests("GET", "/admin/orders").length;
    act(() => {
      streams[0].open();
      streams[0].emit("settlement", { id: "s-1", orderId: "o-1", status: "confirmed" });
    });
    await waitFor(() => expect(api.requests("GET", "/admin/settlements").length).toBeGreaterThan(settlementsBefore));
    await waitFor(() => expect(api.requests("GET", "/admin/orders").length).toBeGreaterThan(ordersBefore));
  });
});

describe("opening the stream", () => {
  function controller(probe: () => Promise<unknown>) {
    const streams: FakeStream[] = [];
    const handlers = { onDisputes: vi.fn(), onSettlement: vi.fn(), onOpen: vi.fn(), onUnavailable: vi.fn() };
    const stop = startLiveUpdates({
      ...handlers,
      probe,
      openStream: (url) => {
        const stream = new FakeStream(url);
        streams.push(stream);
        return stream;
      },
    });
    return { streams, handlers, stop };
  }

  it("gives up for polling when the stream would not open and the API answers 404", async () => {
    const probe = vi.fn(() => Promise.reject({ statusCode: 404, message: "Not found" }));
    const { streams, handlers, stop } = controller(probe);
    streams[0].fail();
    await waitFor(() => expect(handlers.onUnavailable).toHaveBeenCalledTimes(1));
    expect(streams[0].closed).toBe(true);
    expect(probe).toHaveBeenCalledTimes(1);
    stop();
  });

  it("tries again later, each wait longer, while the API answers 5xx; stops on another 4xx", async () => {
    vi.useFakeTimers();
    let answer = { statusCode: 503, message: "down" };
    const probe = vi.fn(() => Promise.reject(answer));
    const { streams, handlers, stop } = controller(probe);
    streams[0].fail();
    await vi.advanceTimersByTimeAsync(LIVE_UPDATES.reconnectMinMs);
    expect(streams).toHaveLength(2);
    streams[1].fail();
    await vi.advanceTimersByTimeAsync(LIVE_UPDATES.reconnectMinMs);
    expect(streams).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(LIVE_UPDATES.reconnectMinMs);
    expect(streams).toHaveLength(3);
    answer = { statusCode: 401, message: "Authentication required" };
    streams[2].fail();
    await vi.advanceTimersByTimeAsync(LIVE_UPDATES.reconnectMaxMs * 2);
    expect(streams).toHaveLength(3);
    expect(handlers.onUnavailable).not.toHaveBeenCalled();
    stop();
  });

  it("reopens a stream that dropped without asking why, and says it was open before", async () => {
    vi.useFakeTimers();
    const probe = vi.fn(() => Promise.resolve({}));
    const { streams, handlers, stop } = controller(probe);
    streams[0].open();
    streams[0].emit("disputes", { open: 4 });
    expect(handlers.onDisputes).toHaveBeenCalledWith(4, 0);
    streams[0].fail();
    await vi.advanceTimersByTimeAsync(LIVE_UPDATES.reconnectMinMs);
    expect(streams).toHaveLength(2);
    streams[1].open();
    expect(handlers.onOpen.mock.calls).toEqual([[false], [true]]);
    expect(probe).not.toHaveBeenCalled();
    stop();
    expect(streams[1].closed).toBe(true);
  });
});
