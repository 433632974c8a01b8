// Beyond the core API: the Activity screen against the fake API: the sidebar link once the API has the
// audit trail; each filter (admin, action, record type, days) sent as its query parameter and kept in
// the URL; each entry's record link, reason and proof; the Admin filter left out without a word when
// the API lacks GET /admin/audit/admins; the whole section hidden when it lacks the trail.
import { screen, waitFor, within } from "@testing-library/react";
import dayjs from "dayjs";
import { describe, expect, it } from "vitest";
import type { AuditEntry } from "@contract";
import {
  ADMIN_KEY,
  choose,
  columnTitles,
  compileFirst,
  openScreen,
  renderApp,
  rowOf,
  selectedText,
  setupUser,
  sidebarSections,
  signedInApi,
} from "../../app/support";
import { auditEntry } from "../../support/audit-entry";
import type { FakeApi } from "../../support/fake-api";

compileFirst(
  () => import("@/resources/activity/list"),
  () => import("@/components/list/date-range"),
);

const OTHER_ADMIN = "7YttLkHDoNj9wyDur5pM1ejNaAvT9X4eqaYcHQqtj2G5";
const SIGNATURE = "5VERv8NMvzbJMEkV8xnrLkEaWRtSz9CosKDYjCJjBRnbJLgp8uirBgmQpjKhoR4tjF3ZpRzrFmBV6UjKdiSZkQUW";

/** A deactivation by the signed-in admin (ADMIN_KEY), changed as each test needs. */
const entry = (overrides: Partial<AuditEntry>) =>
  auditEntry({
    adminPublicKey: ADMIN_KEY,
    action: "user.deactivate",
    targetId: "u-42",
    reason: "Spam listings",
    before: { disabled: false },
    after: { disabled: true },
    ...overrides,
  });

const DEACTIVATION = entry({ id: "3" });
const RESOLUTION = entry({
  id: "2",
  adminPublicKey: OTHER_ADMIN,
  action: "order.resolve_dispute",
  targetType: "order",
  targetId: "ord12345-1111-4222-8333-444455556666",
  reason: null,
  after: { resolution: "REFUND_BUYER" },
  transactionSignature: SIGNATURE,
  cluster: "devnet",
  signedDecision: { signedBy: OTHER_ADMIN, message: "Resolve order ord12345 as REFUND_BUYER", signature: SIGNATURE },
});
const TOKEN_CHANGE = entry({
  id: "1",
  action: "token.update",
  targetType: "token",
  targetId: "t-1",
  reason: null,
  before: { isActive: true },
  after: { isActive: false },
});

function activityApi(): FakeApi {
  const api = signedInApi();
  api.get("/admin/audit", [
    200,
    { data: { items: [DEACTIVATION, RESOLUTION, TOKEN_CHANGE], total: 3, page: 1, limit: 20, totalPages: 1 } },
  ]);
  api.get("/admin/audit/admins", [200, { data: { admins: [OTHER_ADMIN, ADMIN_KEY] } }]);
  return api;
}

const listQueries = (api: FakeApi) => api.queries("/admin/audit");

describe("Activity", () => {
  it("lists the trail behind its sidebar link: when, who, what, the record's link, the reason and the proof", async () => {
    const api = activityApi();
    await openScreen("/activity", "Activity");
    await screen.findByText("Spam listings");
    await waitFor(() => expect(sidebarSections()).toContain("Activity"));
    await api.settled();
    // The sidebar's probe is the screen's own first query: asked once.
    expect(listQueries(api)).toEqual([{ page: "1", limit: "20" }]);
    expect(columnTitles()).toEqual(["When", "Admin", "Action", "Record", "Reason", "Signature"]);

    const deactivation = within(rowOf("3"));
    expect(deactivation.getByText("Deactivated")).toBeInTheDocument();
    expect(deactivation.getByText(`${ADMIN_KEY.slice(0, 8)}...`)).toBeInTheDocument();
    expect(deactivation.getByRole("link", { name: "User u-42" })).toHaveAttribute("href", "/users/u-42");

    const resolution = within(rowOf("2"));
    expect(resolution.getByText("Dispute resolved (refund to buyer)")).toBeInTheDocument();
    expect(resolution.getByRole("link", { name: "Order ord12345..." })).toHaveAttribute(
      "href",
      expect.stringMatching(/^\/orders(\/ord12345-1111-4222-8333-444455556666)?$/),
    );
    expect(resolution.getAllByRole("link", { name: /explorer/i }).map((link) => link.getAttribute("href"))).toContain(
      `https://explorer.solana.com/tx/${SIGNATURE}?cluster=devnet`,
    );
    expect(resolution.getByText("Signed decision")).toBeInTheDocument();

    const token = within(rowOf("1"));
    // Tokens have no page of their own: the Tokens screen.
    expect(token.getByRole("link", { name: "Token t-1" })).toHaveAttribute("href", "/tokens");
    expect(token.getByText("(isActive)")).toBeInTheDocument();
  });

  it("names the admin and the record, their wallet and id on hover, and shows each change before → after", async () => {
    const api = activityApi();
    api.get("/admin/audit", [
      200,
      {
        data: {
          items: [
            entry({
              id: "9",
              action: "shop.update",
              adminName: "Ops Olivia",
              targetType: "shop",
              targetId: "shop-7",
              targetName: "Lamp Corner",
              reason: null,
              changes: [
                { field: "isActive", before: true, after: false },
                { field: "isVerified", before: false, after: true },
              ],
            }),
            entry({ id: "8", targetId: "u-gone", targetName: null }),
          ],
          total: 2,
          page: 1,
          limit: 20,
          totalPages: 1,
        },
      },
    ]);
    renderApp("/activity");
    await screen.findByText("Lamp Corner", { exact: false });
    const row = within(rowOf("9"));
    expect(row.getByRole("link", { name: "Shop Lamp Corner" })).toHaveAttribute("title", "shop-7");
    expect(row.getByRole("list", { name: "Changes" }).textContent).toBe("Status: Active → InactiveVerified: No → Yes");
    expect(row.queryByText(/\(isActive/)).toBeNull();
    const admin = row.getByText("Ops Olivia");
    expect(row.queryByText(`${ADMIN_KEY.slice(0, 8)}...`)).toBeNull();
    await setupUser().hover(admin);
    expect(await screen.findByRole("tooltip")).toHaveTextContent(ADMIN_KEY);
    // A record deleted for good (no name) reads by its short id, the full id on hover.
    expect(within(rowOf("8")).getByRole("link", { name: "User u-gone" })).toHaveAttribute("title", "u-gone");
  });

  it("reads the trail again when it opens: the sidebar's earlier read shows meanwhile", async () => {
    const api = activityApi();
    api.get("/admin/audit", [200, { data: { items: [RESOLUTION, TOKEN_CHANGE], total: 2, page: 1, limit: 20, totalPages: 1 } }]);
    renderApp("/");
    await waitFor(() => expect(sidebarSections()).toContain("Activity"));
    await api.settled();
    // Another admin's change, which no event announces.
    api.get("/admin/audit", [
      200,
      { data: { items: [DEACTIVATION, RESOLUTION, TOKEN_CHANGE], total: 3, page: 1, limit: 20, totalPages: 1 } },
    ]);
    await setupUser().click(within(screen.getByRole("navigation", { name: "Sections" })).getByRole("link", { name: "Activity" }));
    expect(await screen.findByText("Spam listings")).toBeInTheDocument();
    expect(listQueries(api)).toHaveLength(2);
  });

  it("sends each filter as its query parameter, from page 1, and keeps it in the URL", async () => {
    const api = activityApi();
    const user = setupUser();
    renderApp("/activity");
    await screen.findByText("Spam listings");
    await api.settled();

    await choose(user, "Admin", `${OTHER_ADMIN.slice(0, 8)}...${OTHER_ADMIN.slice(-4)}`);
    await waitFor(() => expect(listQueries(api).at(-1)).toEqual({ page: "1", limit: "20", admin: OTHER_ADMIN }));
    await choose(user, "Action", "Dispute resolved");
    await waitFor(() =>
      expect(listQueries(api).at(-1)).toEqual({ page: "1", limit: "20", admin: OTHER_ADMIN, action: "order.resolve_dispute" }),
    );
    await choose(user, "Record", "Order");
    await waitFor(() =>
      expect(listQueries(api).at(-1)).toEqual({
        page: "1",
        limit: "20",
        admin: OTHER_ADMIN,
        action: "order.resolve_dispute",
        targetType: "order",
      }),
    );
    expect(decodeURIComponent(window.location.search)).toContain("[value]=order.resolve_dispute");

    // Days are the admin's own: the first one's start and the last one's end, as instants.
    await user.click(screen.getByPlaceholderText("From date"));
    await user.keyboard("2025-03-01{Enter}");
    await user.keyboard("2025-03-31{Enter}");
    const from = dayjs("2025-03-01").startOf("day").toISOString();
    const to = dayjs("2025-03-31").endOf("day").toISOString();
    await waitFor(() => expect(listQueries(api).at(-1)).toMatchObject({ from, to, admin: OTHER_ADMIN }));
    expect(decodeURIComponent(window.location.search)).toContain(`[value]=${from}`);
  });

  it("reopens a link with its days, shown in the date picker and sent as they are", async () => {
    const api = activityApi();
    const from = dayjs("2025-02-10").startOf("day").toISOString();
    const to = dayjs("2025-02-12").endOf("day").toISOString();
    renderApp(
      `/activity?filters[0][field]=from&filters[0][operator]=eq&filters[0][value]=${from}&filters[1][field]=to&filters[1][operator]=eq&filters[1][value]=${to}`,
    );
    await screen.findByText("Spam listings");
    // (The sidebar's probe asks the first page without filters.)
    await waitFor(() => expect(listQueries(api)).toContainEqual({ page: "1", limit: "20", from, to }));
    await waitFor(() => expect(screen.getByPlaceholderText("From date")).toHaveValue("2025-02-10"));
    expect(screen.getByPlaceholderText("To date")).toHaveValue("2025-02-12");
    expect(selectedText("Action")).toBe("All");
  });

  it("leaves the Admin filter out, without a word, when the API cannot list the admins", async () => {
    const api = activityApi();
    api.get("/admin/audit/admins", [404, { message: "Not found" }]);
    renderApp("/activity");
    await screen.findByText("Spam listings");
    await waitFor(() => expect(screen.queryByRole("combobox", { name: "Admin" })).not.toBeInTheDocument());
    expect(screen.getByRole("combobox", { name: "Action" })).toBeInTheDocument();
    expect(document.querySelector(".ant-notification-notice")).toBeNull();
  });
});
