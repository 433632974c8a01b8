// Beyond the core API: the Screening screen, against the fake API: the hits with their order, party,
// list and entry and what was paid when, the status filter, Acknowledge with a reason, and the whole
// section hidden when the API has no screening (404).
import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import type { ScreeningHit } from "@contract";
import { formatDate } from "@/utils/format";
import { changes, choose, columnTitles, compileFirst, openScreen, rowOf, setupUser, sidebarSections, signedInApi } from "../../app/support";
import type { FakeApi } from "../../support/fake-api";

compileFirst(() => import("@/resources/screening/list"));

const ORDER_ID = "ord12345-1111-4222-8333-444455556666";
const SELLER = "SeLLeRwa11etAddress1111111111111111111111111";
const BUYER = "BuYeRwa11etAddress11111111111111111111111111";
const VERSION = "1a2b3c4d5e6f00112233445566778899aabbccddeeff00112233445566778899";

function hit(overrides: Partial<ScreeningHit>): ScreeningHit {
  return {
    id: "h-1",
    kind: "rescreen",
    orderId: ORDER_ID,
    tokenMint: null,
    party: "seller",
    address: SELLER,
    listName: "OFAC SDN",
    entryId: "SDN-9",
    entryReason: "Sanctioned exchange",
    listVersion: VERSION,
    paid: { amount: "7500000000", uiAmount: "7.5", symbol: "SOL", decimals: 9, at: "2025-03-01T09:30:00.000Z" },
    status: "open",
    acknowledgedBy: null,
    acknowledgedAt: null,
    acknowledgement: null,
    createdAt: "2025-03-10T10:00:00.000Z",
    ...overrides,
  };
}

const PAYEE = hit({ id: "h-1" });
const REFUSED = hit({
  id: "h-2",
  kind: "payout",
  party: "buyer",
  address: BUYER,
  listName: "EU Consolidated",
  entryId: "EU-7",
  entryReason: null,
  paid: null,
});
const DONE = hit({
  id: "h-3",
  orderId: "ordDONE00-1111-4222-8333-444455556666",
  entryId: "SDN-11",
  entryReason: "Mixer",
  status: "acknowledged",
  acknowledgedBy: "AdminWa11et111111111111111111111111111111111",
  acknowledgedAt: "2025-03-11T10:00:00.000Z",
  acknowledgement: "A namesake, cleared by compliance",
});

function screeningApi(rows: ScreeningHit[] = [PAYEE, REFUSED, DONE]): FakeApi {
  const api = signedInApi();
  api.get("/admin/screening", (request) => {
    const items = rows.filter((row) => !request.query.status || row.status === request.query.status);
    return [200, { data: { items, total: items.length } }];
  });
  return api;
}

const listQueries = (api: FakeApi) => api.queries("/admin/screening");

describe("Screening", () => {
  it("lists the hits with the order, the party, the list and entry, and what was paid when; filters by status", async () => {
    const api = screeningApi();
    const user = setupUser();
    await openScreen("/screening", "Screening");
    await screen.findByText("SDN-9: Sanctioned exchange");
    await waitFor(() => expect(sidebarSections()).toContain("Screening"));
    expect(listQueries(api)[0]).toEqual({ page: "1", limit: "20" });
    expect(columnTitles()).toEqual(["Found", "Order", "Party", "List and entry", "Paid", "Status", "Actions"]);

    const payee = within(rowOf("h-1"));
    expect(payee.getByText("Re-screen")).toBeInTheDocument();
    expect(payee.getByText(`${ORDER_ID.slice(0, 8)}...`)).toBeInTheDocument();
    expect(payee.getByText("Seller")).toBeInTheDocument();
    expect(payee.getByText("OFAC SDN")).toBeInTheDocument();
    expect(payee.getByText("SDN-9: Sanctioned exchange")).toBeInTheDocument();
    expect(payee.getByText("Version 1a2b3c4d")).toBeInTheDocument();
    expect(rowOf("h-1")).toHaveTextContent(`7.50 SOL${formatDate(PAYEE.paid!.at)}`);
    expect(payee.getByText("Open")).toBeInTheDocument();
    expect(payee.getByRole("button", { name: /Acknowledge/ })).toBeInTheDocument();

    const refused = within(rowOf("h-2"));
    expect(refused.getByText("Payout refused")).toBeInTheDocument();
    expect(refused.getByText("Nothing paid")).toBeInTheDocument();
    expect(refused.getByText("EU-7")).toBeInTheDocument();

    const done = within(rowOf("h-3"));
    expect(done.getByText("Acknowledged")).toBeInTheDocument();
    expect(rowOf("h-3")).toHaveTextContent("A namesake, cleared by compliance");
    expect(done.queryByRole("button", { name: /Acknowledge/ })).not.toBeInTheDocument();

    await choose(user, "Filter screening hits by status", "Open");
    await waitFor(() => expect(listQueries(api).at(-1)).toEqual({ page: "1", limit: "20", status: "open" }));
    await waitFor(() => expect(rowOf("h-3")).toBeNull());
  });

  it("acknowledges a hit with a reason, then reads the list again", async () => {
    const api = screeningApi();
    const user = setupUser();
    await openScreen("/screening", "Screening");
    await screen.findByText("SDN-9: Sanctioned exchange");
    api.post("/admin/screening/h-1/acknowledge", [200, { data: { ...PAYEE, status: "acknowledged", acknowledgement: "Cleared" } }]);
    const before = listQueries(api).length;

    await user.click(within(rowOf("h-1")).getByRole("button", { name: /Acknowledge/ }));
    const confirm = await screen.findByRole("dialog");
    expect(confirm).toHaveTextContent("Acknowledge that the seller wallet SeLL..1111 is on OFAC SDN?");
    await user.click(within(confirm).getByRole("button", { name: "OK" }));
    const reasonStep = await screen.findByRole("dialog");
    await user.click(within(reasonStep).getByLabelText("Reason for acknowledging (required):"));
    await user.paste("Cleared by compliance");
    await user.click(within(reasonStep).getByRole("button", { name: "Acknowledge" }));

    await waitFor(() =>
      expect(changes(api)).toEqual([
        { method: "POST", path: "/admin/screening/h-1/acknowledge", body: { reason: "Cleared by compliance" } },
      ]),
    );
    await waitFor(() => expect(listQueries(api).length).toBeGreaterThan(before));
    // Its notice too, before the test ends: raised later, it would show on the next test's screen.
    expect(await screen.findByText("Hit acknowledged")).toBeInTheDocument();
  });
});
