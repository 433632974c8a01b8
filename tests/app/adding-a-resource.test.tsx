// Adding a resource on the console side is one declaration in the registry (contract/resources/) and
// one folder with its section, each listed by one line of an index (docs/adding-a-resource.md). This
// test does exactly that with a throwaway "payouts" resource (./payouts: resource.ts, section.ts and
// the screen) and nothing else: the real App, sidebar, routes, data provider and Activity filters must
// pick it up from those two lists alone, and its screen must show what the API (msw) sends. The
// whole stack, its server module included, against the real server: tests/e2e/adding-a-resource.e2e.test.ts.
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import type { AuditEntry } from "@contract";
import { ADMIN_KEY, choose, compileFirst, openScreen, renderApp, signedInApi } from "./support";

// contract/resources/registry.ts with one more line.
vi.mock("../../contract/resources/registry.ts", async (importOriginal) => {
  const registry = await importOriginal<typeof import("../../contract/resources/registry.ts")>();
  const { payouts } = await import("./payouts/resource");
  return { RESOURCES: [...registry.RESOURCES, payouts] };
});

// src/resources/index.ts with one more line: the same helper builds the app's sections from the same
// list, plus the new one.
vi.mock("@/resources", async (importOriginal) => {
  const index = await importOriginal<typeof import("@/resources")>();
  const { payoutsSection } = await import("./payouts/section");
  return { ...index, ...index.sectionsOf([...index.adminResources, payoutsSection]) };
});

const PAYOUTS = [
  { id: "po-1", shopName: "Gadget Hub", amount: 1250, status: "PENDING" },
  { id: "po-2", shopName: "Book Nook", amount: 90, status: "PAID" },
];

function payoutsApi() {
  const api = signedInApi();
  api.get("/admin/payouts", ({ query }) => {
    const items = PAYOUTS.filter((payout) => !query.status || payout.status === query.status);
    return [200, { data: { items, total: items.length, page: 1, limit: 20, totalPages: 1 } }];
  });
  return api;
}

compileFirst(
  () => import("./payouts/list"),
  () => import("@/resources/activity/list"),
);

describe("a resource added by one declaration and one folder", () => {
  it("gets a sidebar link and a route, and its list shows the API's rows", async () => {
    const api = payoutsApi();
    await openScreen("/payouts", "Payouts");
    const nav = screen.getByRole("navigation", { name: "Sections" });
    // The screen shows while its first read is on its way; the link, once that read says the API has it.
    expect(await within(nav).findByRole("link", { name: "Payouts" })).toHaveAttribute("aria-current", "page");
    expect(await screen.findByText("Gadget Hub")).toBeInTheDocument();
    expect(screen.getByText("Book Nook")).toBeInTheDocument();
    expect(api.requests("GET", "/admin/payouts").map((request) => request.query)).toEqual([{ page: "1", limit: "20" }]);
  });

  it("sends its declared filter, keeps it in the URL, and nothing else it was not told to send", async () => {
    const api = payoutsApi();
    const user = userEvent.setup({ pointerEventsCheck: 0 });
    renderApp("/payouts?foo=bar");
    await screen.findByText("Gadget Hub");

    await user.click(screen.getByRole("combobox", { name: "Status" }));
    await user.click(document.querySelector('.ant-select-item-option[title="Paid"]')!);

    await waitFor(() => expect(screen.queryByText("Gadget Hub")).not.toBeInTheDocument());
    expect(screen.getByText("Book Nook")).toBeInTheDocument();
    expect(api.requests("GET", "/admin/payouts").at(-1)?.query).toEqual({ page: "1", limit: "20", status: "PAID" });
    expect(decodeURIComponent(window.location.search)).toContain("filters[0][field]=status");
  });

  it("joins the audit trail: its entries read and link as declared, and the Record filter offers its records", async () => {
    const api = signedInApi();
    const marked: AuditEntry = {
      id: "9",
      createdAt: "2025-03-04T15:06:00.000Z",
      adminPublicKey: ADMIN_KEY,
      action: "payout.mark_paid",
      targetType: "payout",
      targetId: "po-1",
      reason: null,
      before: { status: "PENDING" },
      after: { status: "PAID" },
      transactionSignature: null,
      cluster: null,
    };
    api.get("/admin/audit", [200, { data: { items: [marked], total: 1, page: 1, limit: 20, totalPages: 1 } }]);
    api.get("/admin/audit/admins", [200, { data: { admins: [ADMIN_KEY] } }]);
    const user = userEvent.setup({ pointerEventsCheck: 0 });
    renderApp("/activity");

    const found = await waitFor(() => {
      const element = document.querySelector<HTMLElement>('tr[data-row-key="9"]');
      if (!element) throw new Error("the entry is not listed yet");
      return element;
    });
    const row = within(found);
    expect(row.getByText("Marked paid")).toBeInTheDocument();
    // A record without a page of its own opens its section.
    expect(row.getByRole("link", { name: "Payout po-1" })).toHaveAttribute("href", "/payouts");

    await choose(user, "Record", "Payout");
    await waitFor(() =>
      expect(api.requests("GET", "/admin/audit").at(-1)?.query).toEqual({ page: "1", limit: "20", targetType: "payout" }),
    );
  });
});
