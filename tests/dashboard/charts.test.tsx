// The dashboard's charts (beyond the core API): drawn from GET /admin/orders/stats/daily under the stat
// cards, each headed and described in words; a skeleton while they load, which the stat cards do not
// wait for; an inline error with Retry; and nothing at all where the API lacks the call.
import { act, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, onTestFinished } from "vitest";
import { page } from "vitest/browser";
import type { OrderDailyStats } from "@contract";
import { compileFirst, deferred, failedRegion, failsTwice, PHONE, renderApp, signedInApi } from "../app/support";

compileFirst(
  () => import("@/pages/dashboard"),
  () => import("@/pages/dashboard/charts"),
);

const STATS_PATH = "/admin/orders/stats/daily";
const DAY = 86_400_000;
const FIRST = Date.parse("2026-10-27T00:00:00.000Z");
const BONK = "DezXAZ8z7PnrnRJjz3wXBoRgixCa6xjnB7YaB1pPB263";

/** 30 days from Oct 27 to Nov 25: 2 orders a day, 9 on Nov 20; disputes on three days. */
function sample(): OrderDailyStats {
  const days = Array.from({ length: 30 }, (_, i) => {
    const date = new Date(FIRST + i * DAY).toISOString().slice(0, 10);
    return {
      date,
      orders: date === "2026-11-20" ? 9 : 2,
      disputesOpened: date === "2026-11-02" ? 3 : date === "2026-11-10" ? 1 : 0,
      disputesResolved: date === "2026-11-12" ? 2 : 0,
    };
  });
  return {
    from: "2026-10-27T00:00:00.000Z",
    to: "2026-11-26T00:00:00.000Z",
    days,
    volumeByToken: [
      { mint: null, symbol: "SOL", decimals: 9, amount: "41250000000", orders: 40 },
      { mint: BONK, symbol: "BONK", decimals: 5, amount: "12000000000000000", orders: 20 },
    ],
    statusMix: [
      { status: "COMPLETED", count: 45 },
      { status: "ACTIVE", count: 15 },
      { status: "DISPUTED", count: 7 },
    ],
    medianResolveMs: 2 * DAY + 4 * 3_600_000,
  };
}

function dashboardApi() {
  const api = signedInApi();
  api.get("/admin/users/stats", [200, { data: { totalUsers: 42 } }]);
  return api;
}

const chartsSection = () => screen.queryByRole("region", { name: "Orders, last 30 days" });

describe("dashboard charts (beyond the core API)", () => {
  it("draws the four charts under the stat cards, each headed and described in words", async () => {
    const api = dashboardApi();
    api.get(STATS_PATH, [200, { data: sample() }]);
    renderApp("/");

    const section = await screen.findByRole("region", { name: "Orders, last 30 days" });
    expect(await screen.findByRole("region", { name: "Total Users" })).toBeInTheDocument();
    // Below the cards in the page's order.
    expect(
      screen.getByRole("region", { name: "Admin Users" }).compareDocumentPosition(section) & Node.DOCUMENT_POSITION_FOLLOWING,
    ).toBeTruthy();
    expect(
      within(section)
        .getAllByRole("heading", { level: 3 })
        .map((h) => h.textContent),
    ).toEqual(["Orders per day", "Disputes per day", "Order volume by token", "Order status mix"]);

    const images = await within(section).findAllByRole("img");
    expect(images.map((image) => image.getAttribute("aria-label"))).toEqual([
      "Orders per day, Oct 27 to Nov 25: 67 orders, most on Nov 20 (9).",
      "Disputes per day, Oct 27 to Nov 25: 4 opened, most on Nov 2 (3); 2 resolved, most on Nov 12 (2). Median time to resolve a dispute: 2d 4h.",
      "Order volume by token: 41.25 SOL over 40 orders; 120,000,000,000.00 BONK over 20 orders.",
      "Order status mix: COMPLETED 45 (67%), ACTIVE 15 (22%), DISPUTED 7 (10%).",
    ]);
    // Each drawn: G2 renders into a canvas inside the described container.
    await waitFor(() => images.forEach((image) => expect(image.querySelector("canvas")).not.toBeNull()));
    expect(section).toHaveTextContent("4 opened, 2 resolved · median time to resolve 2d 4h");
    expect(within(section).getByRole("list")).toHaveTextContent("41.25 SOL40 orders120,000,000,000.00 BONK20 orders");
    expect(
      api
        .requests("GET")
        .filter(({ path }) => path === STATS_PATH)
        .map(({ query }) => query),
    ).toEqual([{ days: "30" }]);
    expect(screen.queryByRole("alert")).not.toBeInTheDocument();
  });

  it("keeps each chart's place while G2 draws it, so the page below does not jump", async () => {
    await page.viewport(1440, 900);
    onTestFinished(() => page.viewport(414, 896));
    dashboardApi().get(STATS_PATH, [200, { data: sample() }]);
    renderApp("/");

    const section = await screen.findByRole("region", { name: "Orders, last 30 days" });
    // Its height after every change of the page, as laid out then.
    const heights: number[] = [];
    const observer = new MutationObserver(() => heights.push(Math.round(section.getBoundingClientRect().height)));
    observer.observe(document.body, { subtree: true, childList: true, attributes: true });
    onTestFinished(() => observer.disconnect());
    const images = await within(section).findAllByRole("img");
    await waitFor(() => images.forEach((image) => expect(image.querySelector("canvas")).not.toBeNull()));
    await waitFor(() => expect(heights.length).toBeGreaterThan(0));
    const drawn = Math.round(section.getBoundingClientRect().height);
    expect(Math.min(...heights)).toBe(drawn);
  });

  it("on a phone, draws nothing below the cards until the admin scrolls to the charts", async () => {
    // A phone's screen under its browser's bars: the six cards fill it.
    await page.viewport(390, 700);
    onTestFinished(() => page.viewport(414, 896));
    const api = signedInApi(PHONE);
    api.get("/admin/users/stats", [200, { data: { totalUsers: 42 } }]);
    api.get(STATS_PATH, [200, { data: sample() }]);
    renderApp("/");

    expect(await screen.findByRole("region", { name: "Total Users" })).toHaveTextContent("42");
    await act(() => api.settled());
    // Five frames after the answer: in view, the charts (their code compiled already) would be drawn by then.
    await act(async () => {
      for (let frame = 0; frame < 5; frame++) await new Promise(requestAnimationFrame);
    });
    // Answered, but below the first screen: its places only, and none of the charts' code has run.
    const section = chartsSection()!;
    expect(section.getBoundingClientRect().top).toBeGreaterThan(window.innerHeight);
    expect(within(section).getByRole("status", { name: "Loading charts" })).toBeInTheDocument();
    expect(within(section).queryAllByRole("img")).toHaveLength(0);

    section.scrollIntoView();
    expect(await within(section).findAllByRole("img")).toHaveLength(4);
    expect(within(section).queryByRole("status", { name: "Loading charts" })).not.toBeInTheDocument();
  });

  it("says when nothing was resolved or ordered rather than drawing empty charts", async () => {
    const api = dashboardApi();
    const quiet = { ...sample(), volumeByToken: [], statusMix: [], medianResolveMs: null };
    quiet.days = quiet.days.map((day) => ({ ...day, orders: 0, disputesOpened: 0, disputesResolved: 0 }));
    api.get(STATS_PATH, [200, { data: quiet }]);
    renderApp("/");

    const section = await screen.findByRole("region", { name: "Orders, last 30 days" });
    await within(section).findByText("0 opened, 0 resolved · median time to resolve not known (none resolved)");
    expect(within(section).getAllByText("No orders in these days")).toHaveLength(2);
    // The charts are drawn after the first frame (their places shown until then).
    await waitFor(() =>
      expect(
        within(section)
          .getAllByRole("img")
          .map((image) => image.getAttribute("aria-label")),
      ).toEqual([
        "Orders per day, Oct 27 to Nov 25: 0 orders.",
        "Disputes per day, Oct 27 to Nov 25: 0 opened; 0 resolved. Median time to resolve a dispute: none resolved.",
      ]),
    );
  });

  it("shows the stat cards at once and a headed skeleton while the charts load", async () => {
    const api = dashboardApi();
    const answer = deferred<[number, unknown]>();
    api.get(STATS_PATH, () => answer.promise);
    renderApp("/");

    const skeleton = await screen.findByRole("status", { name: "Loading charts" });
    expect(within(skeleton).getAllByRole("heading", { level: 3 })).toHaveLength(4);
    // The cards come with their own answer, while the charts' is still outstanding.
    expect(await screen.findByRole("region", { name: "Total Users" })).toHaveTextContent("42");
    expect(screen.getByRole("status", { name: "Loading charts" })).toBeInTheDocument();

    await act(async () => answer.resolve([200, { data: sample() }]));
    await within(chartsSection()!).findAllByRole("img");
    expect(screen.queryByRole("status", { name: "Loading charts" })).not.toBeInTheDocument();
  });

  it("shows a load error in the section with Retry, and Retry draws the charts", async () => {
    const api = dashboardApi();
    failsTwice(api, STATS_PATH, "Stats are down");
    api.get(STATS_PATH, [200, { data: sample() }]);
    const user = userEvent.setup();
    renderApp("/");

    const { region: section, alert } = await failedRegion("Orders, last 30 days", "Could not load the charts", "Stats are down");
    expect(await screen.findByRole("region", { name: "Total Users" })).toBeInTheDocument();

    await user.click(within(alert).getByRole("button", { name: /Retry/ }));
    expect(await within(section).findAllByRole("img")).toHaveLength(4);
    expect(within(section).queryByRole("alert")).not.toBeInTheDocument();
  });

  it("is left out without a word where the API has no such call (404), and not retried", async () => {
    const api = dashboardApi();
    api.get(STATS_PATH, [404, { message: "Not found" }]);
    renderApp("/");

    await waitFor(() => expect(api.requests("GET").some(({ path }) => path === STATS_PATH)).toBe(true));
    expect(await screen.findByRole("region", { name: "Total Users" })).toHaveTextContent("42");
    await waitFor(() => expect(screen.queryByRole("status", { name: "Loading charts" })).not.toBeInTheDocument());
    expect(chartsSection()).not.toBeInTheDocument();
    expect(screen.queryByText(/Orders per day|Could not load the charts/)).not.toBeInTheDocument();
    expect(screen.queryByRole("alert")).not.toBeInTheDocument();
    // A 404 is not retried.
    expect(api.requests("GET").filter(({ path }) => path === STATS_PATH)).toHaveLength(1);
  });
});
