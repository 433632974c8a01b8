// Beyond the core API: the Settlements screen, against the fake API: the queue with its links and
// amounts, the status filter, Retry with a reason, Reconcile, the totals paid, a phone's reduced set,
// and the whole section (or the totals alone) hidden when the API lacks it.
import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it, onTestFinished } from "vitest";
import { page as browserPage } from "vitest/browser";
import type { Reconciliation, Settlement, SettlementTotals } from "@contract";
import {
  alice,
  changes,
  choose,
  columnTitles,
  compileFirst,
  openScreen,
  PHONE,
  renderApp,
  setupUser,
  setViewportWidth,
  sidebarSections,
  signedInApi,
} from "../../app/support";
import type { FakeApi } from "../../support/fake-api";

compileFirst(() => import("@/resources/settlements/list"));

const ORDER_ID = "ord12345-1111-4222-8333-444455556666";
const SIGNATURE = "5Kq7ZrVxSettlementSignature11111111111111111111111111111111111111111111111111111111";

function settlement(overrides: Partial<Settlement>): Settlement {
  return {
    id: "s-1",
    orderId: ORDER_ID,
    kind: "dispute_payout",
    status: "confirmed",
    attempts: 1,
    signature: SIGNATURE,
    lastError: null,
    cluster: "devnet",
    createdAt: "2025-03-10T10:00:00.000Z",
    updatedAt: "2025-03-10T10:01:00.000Z",
    ...overrides,
  };
}

const CONFIRMED = settlement({ id: "s-1" });
const FAILED = settlement({
  id: "s-2",
  status: "failed",
  attempts: 2,
  signature: null,
  lastError: "Blockhash expired twice",
  cluster: "localnet",
});
const INIT = settlement({ id: "s-3", orderId: null, kind: "marketplace_initialization", signature: "InitSig111", cluster: "localnet" });

function settlementsApi(rows: Settlement[] = [CONFIRMED, FAILED, INIT]): FakeApi {
  const api = signedInApi();
  api.get("/admin/settlements", (request) => {
    const items = rows.filter((row) => !request.query.status || row.status === request.query.status);
    return [200, { data: { items, total: items.length } }];
  });
  return api;
}

/** Retry on the failed row: confirm, give the reason, send. */
async function retryFailed(user: ReturnType<typeof setupUser>, reason: string) {
  const failed = within((await screen.findByText("Blockhash expired twice")).closest("tr")!);
  await user.click(failed.getByRole("button", { name: /Retry/ }));
  await user.click(within(await screen.findByRole("dialog")).getByRole("button", { name: "OK" }));
  const reasonStep = await screen.findByRole("dialog");
  await user.click(within(reasonStep).getByLabelText("Reason for retrying (required):"));
  await user.paste(reason);
  await user.click(within(reasonStep).getByRole("button", { name: "Retry" }));
}

/** A row's amounts cell, line by line. */
const amountsOf = (rowKey: string) =>
  [...document.querySelectorAll(`tr[data-row-key='${rowKey}'] .settlements-amounts > span`)].map((line) => line.textContent).join("|");

const listQueries = (api: FakeApi) => api.queries("/admin/settlements");
const rowOf = (text: string) => screen.getByText(text).closest("tr")!;

describe("Settlements", () => {
  it("lists the queue with explorer links where the cluster has them, filters by status, and retries a failed one with a reason", async () => {
    const api = settlementsApi();
    const user = setupUser();
    await openScreen("/settlements", "Settlements");
    await screen.findByText("Blockhash expired twice");
    await waitFor(() =>
      expect(sidebarSections()).toEqual(["Dashboard", "Tokens", "Users", "Products", "Shops", "Orders", "Settlements", "Marketplace"]),
    );
    // The sidebar's probe is the screen's own first query: asked once.
    expect(listQueries(api)).toEqual([{ page: "1", limit: "20" }]);
    expect(columnTitles()).toEqual(["Order", "Status", "Amounts", "Decision", "Requested by", "Transaction", "Updated", "Actions"]);

    const confirmed = within(
      screen
        .getAllByText("Confirmed")
        .find((node) => node.closest("tr"))!
        .closest("tr")!,
    );
    expect(confirmed.getByText(`${ORDER_ID.slice(0, 8)}...`)).toBeInTheDocument();
    expect(confirmed.getByText(`${SIGNATURE.slice(0, 8)}...`)).toBeInTheDocument();
    expect(confirmed.getByRole("link", { name: /explorer/i })).toHaveAttribute(
      "href",
      `https://explorer.solana.com/tx/${SIGNATURE}?cluster=devnet`,
    );
    expect(confirmed.queryByRole("button", { name: /Retry/ })).not.toBeInTheDocument();
    // A local chain has no explorer: the signature is shown without a link.
    const init = within(rowOf("Marketplace initialization"));
    expect(init.getByText("InitSig1...")).toBeInTheDocument();
    expect(init.queryByRole("link")).not.toBeInTheDocument();

    await choose(user, "Filter settlements by status", "Failed");
    await waitFor(() => expect(listQueries(api).at(-1)).toEqual({ page: "1", limit: "20", status: "failed" }));
    await waitFor(() => expect(screen.queryByText("Marketplace initialization")).not.toBeInTheDocument());

    const failed = within(rowOf("Blockhash expired twice"));
    expect(failed.getByText("Failed")).toBeInTheDocument();
    expect(failed.getByText("2 attempts")).toBeInTheDocument();
    api.post("/admin/settlements/s-2/retry", [200, { data: { ...FAILED, status: "pending", lastError: null } }]);
    // An API that writes no decisions to sign: the retry goes unsigned.
    api.post(`/admin/orders/${ORDER_ID}/resolve-dispute/decision`, [404, { message: "Not found" }]);
    const before = listQueries(api).length;
    const retry = failed.getByRole("button", { name: /Retry/ });
    // The filtered rows are in a render before the table stops dimming them (antd's Spin ends its
    // state in an effect); a dimmed table takes no click, so the test waits as a person would.
    await waitFor(() => expect(retry.closest(".ant-spin-blur")).toBeNull());
    await user.click(retry);
    const confirm = await screen.findByRole("dialog");
    expect(confirm).toHaveTextContent("Retry the failed dispute payout of order ord12345...? This sends a new blockchain transaction.");
    await user.click(within(confirm).getByRole("button", { name: "OK" }));
    const reasonStep = await screen.findByRole("dialog");
    await user.click(within(reasonStep).getByLabelText("Reason for retrying (required):"));
    await user.paste("RPC outage is over");
    await user.click(within(reasonStep).getByRole("button", { name: "Retry" }));

    await waitFor(() =>
      expect(changes(api).filter(({ path }) => !path.endsWith("/decision"))).toEqual([
        { method: "POST", path: "/admin/settlements/s-2/retry", body: { reason: "RPC outage is over" } },
      ]),
    );
    // The filtered list is read again (Refine may refresh the unfiltered one too, in either order).
    await waitFor(() => expect(listQueries(api).slice(before)).toContainEqual({ page: "1", limit: "20", status: "failed" }));
  });

  it("a retry of a dispute payout asks the wallet to sign its decision when the API writes one: without a wallet, nothing is sent", async () => {
    const api = settlementsApi();
    const challenge = { message: "localhost asks you to sign this dispute decision:", nonce: "n1", expiresAt: "2025-03-08T10:05:00.000Z" };
    api.post(`/admin/orders/${ORDER_ID}/resolve-dispute/decision`, [200, { data: challenge }]);
    api.post("/admin/settlements/s-2/retry", [202, { data: settlement({ id: "s-9", status: "awaiting_approval", signature: null }) }]);
    const user = setupUser();
    renderApp("/settlements");

    await retryFailed(user, "RPC outage is over");

    // No wallet chosen: the decision is written but not signed, and the retry is not sent.
    expect(await screen.findByText(/The decision was not signed, so nothing was sent: choose your wallet/)).toBeInTheDocument();
    expect(api.requests("POST", `/admin/orders/${ORDER_ID}/resolve-dispute/decision`).map((r) => r.body)).toEqual([
      { resolution: "REFUND_BUYER", adminNotes: "" },
    ]);
    expect(api.requests("POST", "/admin/settlements/s-2/retry")).toEqual([]);
  });

  it("a retry the server made a proposal (202) is announced as one", async () => {
    const api = settlementsApi();
    api.post(`/admin/orders/${ORDER_ID}/resolve-dispute/decision`, [404, { message: "Not found" }]);
    api.post("/admin/settlements/s-2/retry", [202, { data: settlement({ id: "s-9", status: "awaiting_approval", signature: null }) }]);
    const user = setupUser();
    renderApp("/settlements");

    await retryFailed(user, "RPC outage is over");

    expect(await screen.findByText("Proposed again for approval")).toBeInTheDocument();
    expect(screen.getByText("Another admin must approve this payout before it is sent")).toBeInTheDocument();
    expect(api.requests("POST", "/admin/settlements/s-2/retry").map((r) => r.body)).toEqual([{ reason: "RPC outage is over" }]);
  });

  it("puts the latest transaction's broadcasts beside the attempts, with its priority fee in the hint", async () => {
    const landed = settlement({
      id: "s-9",
      attempts: 2,
      broadcasts: 3,
      computeUnitLimit: 33_000,
      computeUnitsUsed: 30_000,
      computeUnitPrice: 50_000,
      priorityFeeLamports: 1_650,
    });
    const plain = settlement({ id: "s-8", orderId: "ordPLAIN0-1111-4222-8333-444455556666", broadcasts: 1 });
    settlementsApi([landed, plain]);
    renderApp("/settlements");

    const resent = await screen.findByText("· sent 3×");
    expect(resent.closest("tr")).toHaveAttribute("data-row-key", "s-9");
    const cell = resent.parentElement!;
    expect(cell).toHaveTextContent("2 attempts · sent 3×");
    await setupUser().hover(cell);
    expect(await screen.findByRole("tooltip")).toHaveTextContent(
      "latest transaction sent 3 times (re-broadcast until it landed or expired); priority fee 0.00000165 SOL (50000 micro-lamports × 33000 compute units, 30000 used)",
    );
    // One broadcast and no fee market (in-process): the attempts alone, no hint.
    const once = within(document.querySelector("tr[data-row-key='s-8']") as HTMLElement);
    expect(once.getByText("1 attempt")).not.toHaveAttribute("tabindex");
    expect(once.queryByText(/sent/)).not.toBeInTheDocument();
  });

  it("shows proposed payouts with the proposer, the amounts and the reason; another admin approves or rejects one, the proposer neither", async () => {
    const other = "8zK1ProposerOtherAdmin1111111111111111111111";
    const proposal = (id: string, requestedBy: string, orderId: string): Settlement =>
      settlement({
        id,
        orderId,
        status: "awaiting_approval",
        attempts: 0,
        signature: null,
        requestedBy,
        resolution: "PARTIAL_REFUND",
        refundPercentage: 30,
        adminNotes: "Arrived damaged",
        expiresAt: "2025-03-13T10:00:00.000Z",
        payouts: [
          {
            party: "buyer",
            wallet: "BuyerWallet1111111111111111111111111111111",
            tokenAccount: "BuyerAta11111111111111111111111111111111111",
            amount: "450000",
            uiAmount: "0.45",
            symbol: "USDC",
          },
          {
            party: "seller",
            wallet: "SellerWallet111111111111111111111111111111",
            tokenAccount: "SellerAta1111111111111111111111111111111111",
            amount: "1050000",
            uiAmount: "1.05",
            symbol: "USDC",
          },
        ],
      });
    const theirs = proposal("p-1", other, "ordAAAAAAA-theirs");
    const mine = proposal("p-2", alice.publicKey, "ordBBBBBBB-mine");
    const api = settlementsApi([theirs, mine]);
    // An API that writes no decisions to sign: approvals go unsigned.
    api.post("/admin/orders/ordAAAAAAA-theirs/resolve-dispute/decision", [404, { message: "Not found" }]);
    api.post("/admin/settlements/p-1/approve", [200, { data: { status: "confirmed", transactionSignature: SIGNATURE } }]);
    api.post("/admin/settlements/p-1/reject", [200, { data: { ...theirs, status: "rejected" } }]);
    const user = setupUser();
    renderApp("/settlements");

    await screen.findAllByText("Awaiting approval");
    const row = within(document.querySelector("tr[data-row-key='p-1']") as HTMLElement);
    expect(row.getByText("Partial Refund (30% to the buyer)")).toBeInTheDocument();
    // The proposal's previewed payouts, from a server that sends no `amounts`.
    expect(amountsOf("p-1")).toBe("Buyer 0.45 USDC|Seller 1.05 USDC|Not paid yet");
    // The proposer's words quoted under a fixed caption, as the signed text quotes them.
    const reason = row.getByText("Arrived damaged");
    expect(reason.tagName).toBe("BLOCKQUOTE");
    expect(reason.closest("figure")).toHaveTextContent("Reason, as the admin wrote it:Arrived damaged");
    expect(row.getByText(/^Expires /)).toBeInTheDocument();
    expect(row.getByText(/^8zK1/)).toBeInTheDocument();
    const own = within(document.querySelector("tr[data-row-key='p-2']") as HTMLElement);
    expect(own.getByText("Waiting for another admin")).toBeInTheDocument();
    expect(own.queryByRole("button", { name: /Approve|Reject/ })).not.toBeInTheDocument();

    await user.click(row.getByRole("button", { name: /^Approve the payout/ }));
    const confirm = await screen.findByRole("dialog");
    expect(confirm).toHaveTextContent("Resolve with a partial refund: 30% to buyer and 70% to seller?");
    expect(within(confirm).getByText("Arrived damaged").tagName).toBe("BLOCKQUOTE");
    expect(confirm).toHaveTextContent("Reason, as the proposer wrote it:");
    await user.click(within(confirm).getByRole("button", { name: "Approve and send" }));
    await waitFor(() => expect(api.requests("POST", "/admin/settlements/p-1/approve").map((r) => r.body)).toEqual([{}]));

    // The row's buttons are disabled until the approval has finished (and the list is read again).
    await waitFor(() => expect(row.getByRole("button", { name: /^Reject the payout/ })).toBeEnabled());
    await user.click(row.getByRole("button", { name: /^Reject the payout/ }));
    await user.click(within(await screen.findByRole("dialog")).getByRole("button", { name: "OK" }));
    const reasonStep = await screen.findByRole("dialog");
    await user.click(within(reasonStep).getByLabelText("Reason for rejecting (required):"));
    await user.paste("Seller sent tracking");
    await user.click(within(reasonStep).getByRole("button", { name: "Reject" }));
    await waitFor(() =>
      expect(api.requests("POST", "/admin/settlements/p-1/reject").map((r) => r.body)).toEqual([{ reason: "Seller sent tracking" }]),
    );
  });

  it("Reconcile says how many orders were checked when all is clean, and lists the mismatches in words otherwise", async () => {
    const api = settlementsApi([CONFIRMED]);
    const user = setupUser();
    const clean: Reconciliation = { checkedAt: "2025-03-10T12:00:00.000Z", cluster: "localnet", ordersChecked: 42, mismatches: [] };
    api.get("/admin/reconciliation", [200, { data: clean }]);
    renderApp("/settlements");
    await screen.findByText(`${ORDER_ID.slice(0, 8)}...`);
    expect(api.requests("GET", "/admin/reconciliation")).toHaveLength(0);

    await user.click(screen.getByRole("button", { name: /Reconcile/ }));
    expect(await screen.findByText(/^Reconciled: 42 orders checked on localnet at .+, no mismatches$/)).toBeInTheDocument();

    api.get("/admin/reconciliation", [
      200,
      {
        data: {
          ...clean,
          ordersChecked: 43,
          mismatches: [
            {
              orderId: ORDER_ID,
              kind: "funds_left_after_settlement",
              escrow: "EscrowPda111",
              expected: "0",
              actual: "2500000",
              detail: "The settled order's escrow still holds 2.5 USDC",
            },
            {
              orderId: "ord99999-x",
              kind: "wrong_authority",
              escrow: "EscrowPda222",
              expected: "AuthA",
              actual: "AuthB",
              detail: "Owned by another authority",
            },
          ],
        },
      },
    ]);
    await user.click(screen.getByRole("button", { name: /Reconcile/ }));
    const table = await screen.findByRole("region", { name: "Reconciliation mismatches" });
    expect(table).toHaveTextContent("2 mismatches: 43 orders checked on localnet");
    const rows = within(table)
      .getAllByRole("row")
      .slice(1)
      .map((row) =>
        within(row)
          .getAllByRole("cell")
          .map((cell) => cell.textContent),
      );
    expect(rows[0].slice(0, 2)).toEqual([`${ORDER_ID.slice(0, 8)}...`, "Funds left after settlement"]);
    expect(rows[0].slice(3)).toEqual(["0", "2500000", "The settled order's escrow still holds 2.5 USDC"]);
    expect(rows[1][1]).toBe("Escrow held by another authority");
    expect(screen.queryByText(/no mismatches/)).not.toBeInTheDocument();
  });
});

describe("Settlements: the money", () => {
  const SOL = { mint: null, symbol: "SOL", decimals: 9 };
  const USDC = { mint: "EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v", symbol: "USDC", decimals: 6 };
  const REFUNDED = settlement({
    id: "s-1",
    resolution: "REFUND_BUYER",
    amounts: { ...SOL, buyer: "99637966093280", seller: "0" },
  });
  const SPLIT_FAILED = settlement({
    id: "s-2",
    orderId: "ordSPLIT0-1111-4222-8333-444455556666",
    status: "failed",
    attempts: 2,
    signature: null,
    lastError: "Blockhash expired twice",
    resolution: "PARTIAL_REFUND",
    refundPercentage: 30,
    amounts: { ...USDC, buyer: "450000", seller: "1050000" },
  });
  const TOTALS: SettlementTotals = {
    from: null,
    to: null,
    tokens: [
      { ...SOL, buyer: "2500000000", seller: "1000000000", total: "3500000000", payouts: 3 },
      { ...USDC, buyer: "450000", seller: "1050000", total: "1500000", payouts: 1 },
    ],
  };

  const inView = (element: Element) => {
    const box = element.getBoundingClientRect();
    return box.width > 0 && box.left >= 0 && box.right <= window.innerWidth;
  };

  it("shows what each party received in the token with its symbol, exactly on hover, and what a failed payout did not pay", async () => {
    settlementsApi([REFUNDED, SPLIT_FAILED]);
    const user = setupUser();
    renderApp("/settlements");

    await screen.findByText("Blockhash expired twice");
    expect(amountsOf("s-1")).toBe("Buyer 99,637.9661 SOL|Seller 0.00 SOL");
    expect(amountsOf("s-2")).toBe("Buyer 0.45 USDC|Seller 1.05 USDC|Not paid");
    await user.hover(screen.getByText("99,637.9661 SOL"));
    expect(await screen.findByRole("tooltip")).toHaveTextContent("99,637.96609328 SOL");
  });

  it("opens the order from its id", async () => {
    const api = settlementsApi([REFUNDED]);
    api.get(`/admin/orders/${ORDER_ID}`, [404, { message: "Order not found" }]);
    const user = setupUser();
    renderApp("/settlements");

    const link = await screen.findByRole("link", { name: `Open order ${ORDER_ID.slice(0, 8)}...` });
    expect(link).toHaveTextContent(`${ORDER_ID.slice(0, 8)}...`);
    await user.click(link);
    await waitFor(() => expect(window.location.pathname).toBe(`/orders/${ORDER_ID}`));
  });

  it("fits every column, Actions included, in a 1440 px window without sideways scrolling", async () => {
    await browserPage.viewport(1440, 900);
    onTestFinished(() => browserPage.viewport(414, 896));
    const proposal = settlement({
      id: "p-1",
      status: "awaiting_approval",
      attempts: 0,
      signature: null,
      requestedBy: "8zK1ProposerOtherAdmin1111111111111111111111",
      resolution: "PARTIAL_REFUND",
      refundPercentage: 30,
      adminNotes: "The parcel arrived damaged and the seller did not answer the buyer's messages for two weeks",
      expiresAt: "2025-03-13T10:00:00.000Z",
      amounts: { ...SOL, buyer: "29891389827984", seller: "69746576265296" },
    });
    settlementsApi([REFUNDED, SPLIT_FAILED, proposal]);
    setViewportWidth(1440);
    renderApp("/settlements");

    const approve = await screen.findByRole("button", { name: /^Approve the payout/ });
    const scroller = approve.closest(".ant-table-content")!;
    await waitFor(() => expect(scroller.scrollWidth).toBeLessThanOrEqual(scroller.clientWidth));
    expect(inView(approve)).toBe(true);
    expect(inView(screen.getByRole("columnheader", { name: "Actions" }))).toBe(true);
  });

  it("keeps each settlement's status and amounts in view on a 390 px phone, without sideways scrolling", async () => {
    await browserPage.viewport(390, 844);
    onTestFinished(() => browserPage.viewport(414, 896));
    settlementsApi([REFUNDED, SPLIT_FAILED]);
    setViewportWidth(PHONE);
    renderApp("/settlements");

    const retry = await screen.findByRole("button", { name: /^Retry settlement/ });
    expect(columnTitles()).toEqual(["Settlement", "Actions"]);
    const row = within(retry.closest("tr")!);
    const scroller = retry.closest(".ant-table-content")!;
    await waitFor(() => expect(scroller.scrollWidth).toBeLessThanOrEqual(scroller.clientWidth));
    expect(inView(row.getByText("Failed"))).toBe(true);
    expect(inView(row.getByText("0.45 USDC"))).toBe(true);
    expect(inView(row.getByRole("link", { name: /^Open order/ }))).toBe(true);
    expect(inView(retry)).toBe(true);
    expect(inView(screen.getByText("99,637.9661 SOL"))).toBe(true);
  });

  it("totals what was paid per token over the last 30 days, then over the days the admin picks", async () => {
    const api = settlementsApi([REFUNDED]);
    api.get("/admin/settlements/totals", [200, { data: TOTALS }]);
    const user = setupUser();
    renderApp("/settlements");

    const totals = await screen.findByRole("region", { name: "Paid out" });
    await within(totals).findByText("3.50 SOL");
    expect(totals).toHaveTextContent("to buyers 2.50 SOL, to sellers 1.00 SOL · 3 payouts");
    expect(totals).toHaveTextContent("1.50 USDC");
    expect(totals).toHaveTextContent("to buyers 0.45 USDC, to sellers 1.05 USDC · 1 payout");
    const [first] = api.queries("/admin/settlements/totals");
    const days = (Date.parse(first.to) - Date.parse(first.from)) / 86_400_000;
    expect(Math.round(days)).toBe(30);
    expect(Date.parse(first.to)).toBeGreaterThan(Date.now());

    api.get("/admin/settlements/totals", [200, { data: { ...TOTALS, tokens: [] } }]);
    const period = within(totals).getByRole("group", { name: "Period of the totals paid" });
    const [start, end] = within(period).getAllByRole("textbox");
    // Each date pasted in one go: the period is the subject, not the keys that wrote it.
    await user.clear(start);
    await user.paste("2025-03-01");
    await user.clear(end);
    await user.paste("2025-03-10");
    await user.keyboard("{Enter}");
    expect(await within(totals).findByText("No payouts confirmed in this period")).toBeInTheDocument();
    const last = api.requests("GET", "/admin/settlements/totals").at(-1)!.query;
    expect(new Date(last.from).toDateString()).toBe(new Date(2025, 2, 1).toDateString());
    expect(new Date(last.to).toDateString()).toBe(new Date(2025, 2, 10).toDateString());
  });

  it("hides the totals when the API has no such call (404), and asks once", async () => {
    const api = settlementsApi([REFUNDED]);
    api.get("/admin/settlements/totals", [404, { message: "Not found" }]);
    renderApp("/settlements");

    await screen.findByText("Buyer");
    await waitFor(() => expect(api.requests("GET", "/admin/settlements/totals")).toHaveLength(1));
    expect(screen.queryByRole("region", { name: "Paid out" })).not.toBeInTheDocument();
    expect(screen.queryByText(/Could not load the totals/)).not.toBeInTheDocument();
    expect(amountsOf("s-1")).toBe("Buyer 99,637.9661 SOL|Seller 0.00 SOL");
  });
});
