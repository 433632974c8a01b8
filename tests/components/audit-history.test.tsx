import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { AuditHistory } from "@/components/history/audit-history";
import { actionLabel, changedFields } from "@/components/history/audit-labels";
import type { AuditEntry } from "@contract";
import { formatDate } from "@/utils/format";
import { auditEntry, AUDIT_ADMIN } from "../support/audit-entry";
import { api, reply, replyData, requests, fakeApiForThisFile } from "../support/fake-api";
import { RefineHarness, renderInRefine } from "./support";

const ADMIN = AUDIT_ADMIN;
const SIG = "5VERv8NMvzbJMEkV8xnrLkEaWRtSz9CosKDYjCJjBRnbJLgp8uirBgmQpjKhoR4tjF3ZpRzrFmBV6UjKdiSZkQUW";

const entry = auditEntry;

const paged = (items: AuditEntry[]) => ({ items, total: items.length, page: 1, limit: 10, totalPages: 1 });

describe("AuditHistory", () => {
  fakeApiForThisFile([200, { data: {} }]);

  it("asks for the record's last 10 actions and shows who, what, when, why and the transaction", async () => {
    replyData(
      paged([
        entry({
          id: "2",
          action: "order.resolve_dispute",
          targetType: "order",
          reason: "Buyer never received the item",
          after: { status: "REFUNDED", resolution: "REFUND_BUYER", refundPercentage: 100 },
          transactionSignature: SIG,
          cluster: "devnet",
        }),
        entry({ id: "1", action: "user.deactivate", reason: "Spam account" }),
      ]),
    );
    renderInRefine(<AuditHistory targetType="order" targetId="o-7" />);

    const section = await screen.findByRole("region", { name: "History" });
    const items = await within(section).findAllByRole("listitem");
    expect(items).toHaveLength(2);
    expect(requests().map(({ method, path, query }) => ({ method, path, query }))).toEqual([
      { method: "GET", path: "/admin/audit", query: { targetType: "order", targetId: "o-7", page: "1", limit: "10" } },
    ]);

    const [resolved, deactivated] = items;
    expect(resolved).toHaveTextContent("Dispute resolved (refund to buyer)");
    expect(resolved).toHaveTextContent(formatDate("2025-03-04T15:06:00.000Z"));
    expect(within(resolved).getByText("9xQeWvG8...")).toBeInTheDocument();
    expect(resolved).toHaveTextContent("Reason: Buyer never received the item");
    expect(within(resolved).getByText("5VERv8NM...")).toBeInTheDocument();
    expect(within(resolved).getByRole("button", { name: "Copy signature" })).toBeInTheDocument();
    const links = within(resolved).getAllByRole("link", { name: "View on Solana Explorer" });
    expect(links.map((link) => link.getAttribute("href"))).toEqual([
      `https://explorer.solana.com/address/${ADMIN}?cluster=devnet`,
      `https://explorer.solana.com/tx/${SIG}?cluster=devnet`,
    ]);

    expect(deactivated).toHaveTextContent("Deactivated");
    expect(deactivated).toHaveTextContent("Reason: Spam account");
    expect(deactivated).not.toHaveTextContent("Transaction");
  });

  it("shows who signed a signed decision, with the exact text behind a disclosure", async () => {
    const message = "localhost:5173 asks you to sign this dispute decision:\n\nOrder: o-7\nReason: Refund it";
    replyData(
      paged([
        entry({ action: "order.resolve_dispute", targetType: "order", signedDecision: { signedBy: ADMIN, message, signature: SIG } }),
      ]),
    );
    renderInRefine(<AuditHistory targetType="order" targetId="o-7" />);
    const item = await screen.findByRole("listitem");
    expect(item).toHaveTextContent("Signed by 9xQeWvG8...");
    const disclosure = within(item).getByText("Signed decision").closest("details")!;
    expect(disclosure).not.toHaveAttribute("open");
    expect(disclosure.querySelector("pre")!.textContent).toBe(message);
    expect(disclosure).toHaveTextContent("Signature: 5VERv8NM...");
  });

  it("says nothing of a signature for an entry without one", async () => {
    replyData(paged([entry({ action: "order.resolve_dispute", targetType: "order", signedDecision: null })]));
    renderInRefine(<AuditHistory targetType="order" targetId="o-7" />);
    expect(await screen.findByRole("listitem")).not.toHaveTextContent("Signed");
  });

  it("gives no explorer link for a signature from a local chain", async () => {
    replyData(
      paged([
        entry({ action: "marketplace.initialize", targetType: "marketplace", transactionSignature: SIG, cluster: "localnet-inprocess" }),
      ]),
    );
    renderInRefine(<AuditHistory targetType="marketplace" targetId="config" />);
    const item = await screen.findByRole("listitem");
    expect(item).toHaveTextContent("Initialized");
    expect(within(item).getByText("5VERv8NM...")).toBeInTheDocument();
    // The admin key still links (console cluster); the local signature does not.
    expect(
      within(item)
        .getAllByRole("link")
        .map((link) => link.getAttribute("href")),
    ).toEqual([`https://explorer.solana.com/address/${ADMIN}?cluster=devnet`]);
  });

  it("shows each field a change changed before → after, and the admin by name with the wallet on hover", async () => {
    replyData(
      paged([
        entry({
          action: "user.update",
          adminName: "Ops Olivia",
          before: { disabled: false, verified: true, contactInfo: null },
          after: { disabled: true, verified: false, contactInfo: "a@b.co" },
          changes: [
            { field: "disabled", before: false, after: true },
            { field: "verified", before: true, after: false },
            { field: "contactInfo", before: null, after: "a@b.co" },
          ],
        }),
      ]),
    );
    renderInRefine(<AuditHistory targetType="user" targetId="u-1" />);
    const changes = await screen.findByRole("list", { name: "Changes" });
    expect(
      within(changes)
        .getAllByRole("listitem")
        .map((line) => line.textContent),
    ).toEqual(["Active: Yes → No", "Verified: Yes → No", "Email: — → a@b.co"]);
    const item = changes.closest<HTMLElement>(".kit-history__entry")!;
    // The changes say it all: no "(disabled, verified, contactInfo)" beside the action.
    expect(within(item).getByText("Updated")).toBeInTheDocument();
    expect(item).not.toHaveTextContent("(disabled");
    const admin = within(item).getByText("Ops Olivia");
    expect(item).not.toHaveTextContent("9xQeWvG8...");
    await userEvent.hover(admin);
    expect(await screen.findByRole("tooltip")).toHaveTextContent(ADMIN);
  });

  it("reads a product's, shop's or token's status as Active/Inactive", async () => {
    replyData(paged([entry({ action: "shop.update", targetType: "shop", changes: [{ field: "isActive", before: true, after: false }] })]));
    renderInRefine(<AuditHistory targetType="shop" targetId="s-1" />);
    const changes = await screen.findByRole("list", { name: "Changes" });
    expect(changes).toHaveTextContent("Status: Active → Inactive");
  });

  it("names the fields an update changed, for an entry recorded before changes were", async () => {
    replyData(
      paged([entry({ action: "user.update", before: { verified: false, role: "USER" }, after: { verified: true, role: "USER" } })]),
    );
    renderInRefine(<AuditHistory targetType="user" targetId="u-1" />);
    expect(await screen.findByRole("listitem")).toHaveTextContent("Updated(verified)");
  });

  it("says 'No admin actions yet' when there are none", async () => {
    replyData(paged([]));
    renderInRefine(<AuditHistory targetType="shop" targetId="s-1" />);
    expect(await screen.findByText("No admin actions yet")).toBeInTheDocument();
    expect(screen.getByRole("heading", { name: "History" })).toBeInTheDocument();
  });

  it("renders nothing, and stops asking, when the API has no audit trail (404)", async () => {
    reply([404, { message: "Not found" }]);
    const { container, rerender } = renderInRefine(<AuditHistory targetType="user" targetId="u-1" />);
    await waitFor(() => expect(requests()).toHaveLength(1));
    await waitFor(() => expect(screen.queryByText(/Loading history/)).not.toBeInTheDocument());
    expect(container).toBeEmptyDOMElement();

    rerender(
      <RefineHarness>
        <AuditHistory targetType="user" targetId="u-2" />
      </RefineHarness>,
    );
    // Long enough for the component to ask, and every request sent answered.
    await new Promise((resolve) => setTimeout(resolve, 300));
    await api.settled();
    expect(container).toBeEmptyDOMElement();
    expect(requests()).toHaveLength(1);
  });

  it("shows a failed load with Retry (after one automatic retry), and Retry loads it", async () => {
    const user = userEvent.setup();
    reply([500, { message: "Audit store offline" }], [500, { message: "Audit store offline" }]);
    renderInRefine(<AuditHistory targetType="product" targetId="p-1" />);
    const alert = await screen.findByRole("alert");
    expect(alert).toHaveTextContent("Could not load the history: Audit store offline");
    expect(requests()).toHaveLength(2);

    replyData(paged([entry({ action: "product.delete", targetType: "product", reason: "Counterfeit" })]));
    await user.click(within(alert).getByRole("button", { name: "Retry" }));
    expect(await screen.findByText("Deleted")).toBeInTheDocument();
    expect(screen.getByText("Reason: Counterfeit")).toBeInTheDocument();
    expect(screen.queryByRole("alert")).not.toBeInTheDocument();
    expect(requests()).toHaveLength(3);
  });

  it("never shows the previous record's history for another record", async () => {
    replyData(paged([entry({ action: "user.deactivate", reason: "First user's reason" })]));
    const { rerender } = renderInRefine(<AuditHistory targetType="user" targetId="u-1" />);
    expect(await screen.findByText("Reason: First user's reason")).toBeInTheDocument();

    replyData(paged([]));
    rerender(
      <RefineHarness>
        <AuditHistory targetType="user" targetId="u-2" />
      </RefineHarness>,
    );
    // Before u-2's answer arrives, u-1's entries are already gone (Refine keeps them as a placeholder).
    expect(screen.queryByText("Reason: First user's reason")).not.toBeInTheDocument();
    expect(await screen.findByText("No admin actions yet")).toBeInTheDocument();
    expect(requests().at(-1)?.query.targetId).toBe("u-2");
  });

  it("asks nothing without a record id", async () => {
    const { container } = renderInRefine(<AuditHistory targetType="user" targetId={undefined} />);
    await new Promise((resolve) => setTimeout(resolve, 50));
    await api.settled();
    expect(container).toBeEmptyDOMElement();
    expect(requests()).toHaveLength(0);
  });
});

describe("actionLabel", () => {
  it.each([
    ["user.deactivate", undefined, "Deactivated"],
    ["user.update", undefined, "Updated"],
    ["token.create", undefined, "Created"],
    ["token.initialize_sol", undefined, "SOL initialized"],
    ["token.delete", undefined, "Deleted permanently"],
    ["product.delete", undefined, "Deleted"],
    ["product.restore", undefined, "Restored"],
    ["product.enable", undefined, "Enabled"],
    ["product.disable", undefined, "Disabled"],
    ["product.feature", { isFeatured: true }, "Featured"],
    ["product.feature", { isFeatured: false }, "Unfeatured"],
    ["marketplace.initialize", undefined, "Initialized"],
    ["order.resolve_dispute", { resolution: "PARTIAL_REFUND", refundPercentage: 30 }, "Dispute resolved (partial refund, 30% to buyer)"],
    ["order.resolve_dispute", { resolution: "RELEASE_TO_SELLER" }, "Dispute resolved (released to seller)"],
    ["order.resolve_dispute", undefined, "Dispute resolved"],
    ["settlement.propose", undefined, "Payout proposed"],
    ["settlement.approve", undefined, "Payout approved"],
    ["settlement.reject", undefined, "Payout rejected"],
    ["settlement.expire", undefined, "Payout proposal expired"],
    ["shop.suspend_all", undefined, "Suspend all"],
    ["toString", undefined, "ToString"],
  ])("%s → %s", (action, after, label) => {
    expect(actionLabel(action, after)).toBe(label);
  });

  it("lists the changed fields only", () => {
    expect(changedFields({ a: 1, b: [1], c: "x" }, { a: 1, b: [2], d: true })).toEqual(["b", "c", "d"]);
    expect(changedFields(null, { a: 1 })).toEqual([]);
  });
});
