// Beyond the core API: the Settlements screen, against the fake API: the queue with its links, the
// status filter, Retry with a reason, Reconcile, and the whole section hidden when the API lacks it.
import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import type { Reconciliation, Settlement } from "@contract";
import { alice, changes, choose, columnTitles, compileFirst, renderApp, setupUser, sidebarSections, signedInApi } from "../../app/support";
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

const listQueries = (api: FakeApi) => api.requests("GET", "/admin/settlements").map((request) => request.query);
const rowOf = (text: string) => screen.getByText(text).closest("tr")!;

describe("Settlements", () => {
  it("lists the queue with explorer links where the cluster has them, filters by status, and retries a failed one with a reason", async () => {
    const api = settlementsApi();
    const user = setupUser();
    renderApp("/settlements");

    expect(await screen.findByRole("heading", { name: "Settlements", level: 1 })).toBeInTheDocument();
    await screen.findByText("Blockhash expired twice");
    await waitFor(() =>
      expect(sidebarSections()).toEqual(["Dashboard", "Tokens", "Users", "Products", "Shops", "Orders", "Settlements", "Marketplace"]),
    );
    // The sidebar's probe is the screen's own first query: asked once.
    expect(listQueries(api)).toEqual([{ page: "1", limit: "20" }]);
    expect(columnTitles()).toEqual([
      "Kind",
      "Order",
      "Status",
      "Decision",
      "Requested by",
      "Attempts",
      "Signature",
      "Last error",
      "Created",
      "Updated",
      "Actions",
    ]);

    const confirmed = within(
      screen
        .getAllByText("Confirmed")
        .find((node) => node.closest("tr"))!
        .closest("tr")!,
    );
    expect(confirmed.getByText("Dispute payout")).toBeInTheDocument();
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
    expect(failed.getByRole("cell", { name: "2" })).toBeInTheDocument();
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
    expect(cell).toHaveTextContent("2 · sent 3×");
    await setupUser().hover(cell);
    expect(await screen.findByRole("tooltip")).toHaveTextContent(
      "latest transaction sent 3 times (re-broadcast until it landed or expired); priority fee 0.00000165 SOL (50000 micro-lamports × 33000 compute units, 30000 used)",
    );
    // One broadcast and no fee market (in-process): the attempts alone, no hint.
    const once = within(document.querySelector("tr[data-row-key='s-8']") as HTMLElement);
    expect(once.getByRole("cell", { name: "1" }).querySelector("span")).toBeNull();
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
    expect(row.getByText("Buyer receives 0.45 USDC")).toBeInTheDocument();
    expect(row.getByText("Seller receives 1.05 USDC")).toBeInTheDocument();
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
    await screen.findByText("Dispute payout");
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

  it("hides the whole section when the API has no settlement queue (404)", async () => {
    const api = signedInApi();
    api.get("/admin/settlements", [404, { message: "Not found" }]);
    renderApp("/settlements");
    expect(await screen.findByRole("heading", { name: "Not Found" })).toBeInTheDocument();
    expect(sidebarSections()).toEqual(["Dashboard", "Tokens", "Users", "Products", "Shops", "Orders", "Marketplace"]);
    expect(screen.queryByRole("heading", { name: "Settlements" })).not.toBeInTheDocument();
    expect(api.requests("GET", "/admin/settlements")).toHaveLength(1);
  });
});
