import { waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { BUYER, makeOrder, openDetails, openOrders, ordersApi, page, section, SELLER } from "./support";
import { dialogWith } from "../../app/support";

const shortDateTime = (iso: string) => new Intl.DateTimeFormat("en-US", { dateStyle: "short", timeStyle: "short" }).format(new Date(iso));

const SECTIONS_ALWAYS = [
  "Order Status",
  "Product Information",
  "Shop Information",
  "Buyer",
  "Seller",
  "Blockchain Information",
  "Order Notes",
];

/** The names of the modal's own sections, in order (not the regions inside them, like the payout preview). */
function sectionNames(dialog: HTMLElement) {
  return within(dialog)
    .getAllByRole("region")
    .filter((region) => !region.parentElement?.closest("[aria-labelledby^='order-details-']"))
    .map((region) => region.getAttribute("aria-labelledby"))
    .map((id) => document.getElementById(id!)?.textContent);
}

describe("Order Details modal", () => {
  it("shows an ACTIVE order's sections from the row, without Shipping or Dispute when it has none", async () => {
    const order = makeOrder({ createdAt: "2025-03-04T15:06:00.000Z", notes: "Gift wrap please" });
    const { api } = ordersApi(() => [200, page([order])]);
    const user = userEvent.setup();
    openOrders();
    const dialog = await openDetails(user, order);

    // GET /admin/audit answers 404 here (a server without the audit trail): no History section.
    await waitFor(() => expect(sectionNames(dialog)).toEqual(SECTIONS_ALWAYS));
    expect(within(dialog).queryByRole("region", { name: "Shipping Information" })).not.toBeInTheDocument();
    expect(within(dialog).queryByRole("region", { name: "Dispute Details" })).not.toBeInTheDocument();

    const status = section(dialog, "Order Status");
    expect(status).toHaveTextContent("ACTIVE");
    expect(status).toHaveTextContent(`Created${shortDateTime(order.createdAt!)}`);
    // Times the order has not reached are left out.
    expect(status).not.toHaveTextContent("Confirmed");
    expect(status).not.toHaveTextContent("Shipped");

    const product = section(dialog, "Product Information");
    expect(within(product).getByRole("img", { name: "Ledger Nano X" })).toHaveAttribute("src", "https://img.example/ledger-thumb.png");
    expect(product).toHaveTextContent("TitleLedger Nano X");
    expect(product).toHaveTextContent("DescriptionHardware wallet");
    expect(product).toHaveTextContent("Quantity2");
    expect(product).toHaveTextContent("Unit Price12.50 USDC");
    expect(product).toHaveTextContent("Total Price25.00 USDC");

    expect(section(dialog, "Shop Information")).toHaveTextContent("NameCold Storage Co");
    expect(section(dialog, "Shop Information")).toHaveTextContent("CategoryElectronics");

    const buyer = section(dialog, "Buyer");
    expect(buyer).toHaveTextContent(`Wallet${BUYER}`);
    expect(buyer).toHaveTextContent("Contactbuyer@example.com");
    expect(buyer).toHaveTextContent("Shipping Address1 Main St, Springfield");
    const seller = section(dialog, "Seller");
    expect(seller).toHaveTextContent(`Wallet${SELLER}`);
    expect(seller).toHaveTextContent("Contactseller@example.com");

    const chain = section(dialog, "Blockchain Information");
    expect(chain).toHaveTextContent("Escrow AddressN/A");
    expect(chain).toHaveTextContent("Transaction SignatureN/A");
    expect(section(dialog, "Order Notes")).toHaveTextContent("Gift wrap please");

    // Read off the row: the modal asks the server for nothing but its timeline (and history); the
    // list's own question, whether the API has assignment, is not the modal's.
    const asked = api.requests("GET", /^\/admin\/orders\//).map((request) => request.path);
    expect(asked.filter((path) => path !== "/admin/orders/assignments")).toEqual([`/admin/orders/${order.id}/timeline`]);
  });

  it("lists the confirmed and shipped times when present, and 'N/A' for a missing description", async () => {
    const order = makeOrder({
      confirmedAt: "2025-03-05T09:30:00.000Z",
      shippedAt: "2025-03-06T18:45:00.000Z",
      productSnapshot: { title: "Mystery box", description: null, images: [] },
    });
    ordersApi(() => [200, page([order])]);
    const user = userEvent.setup();
    openOrders();
    const dialog = await openDetails(user, order);

    const status = section(dialog, "Order Status");
    expect(status).toHaveTextContent(`Confirmed${shortDateTime(order.confirmedAt!)}`);
    expect(status).toHaveTextContent(`Shipped${shortDateTime(order.shippedAt!)}`);
    const product = section(dialog, "Product Information");
    expect(product).toHaveTextContent("DescriptionN/A");
    expect(within(product).queryByRole("img")).not.toBeInTheDocument();
    expect(section(dialog, "Order Notes")).toHaveTextContent("No notes");
  });

  it.each([
    ["a shipping state", { shippingState: "IN_TRANSIT" }, "Shipping StateIN_TRANSIT"],
    ["a tracking number", { trackingInfo: "UPS 1Z999" }, "TrackingUPS 1Z999"],
    ["shipping notes", { shippingNotes: "Leave at the door" }, "Shipping NotesLeave at the door"],
  ])("shows Shipping Information when the order has %s", async (_, fields, text) => {
    const order = makeOrder(fields);
    ordersApi(() => [200, page([order])]);
    const user = userEvent.setup();
    openOrders();
    const dialog = await openDetails(user, order);
    const shipping = section(dialog, "Shipping Information");
    expect(shipping).toHaveTextContent(text);
    // The fields it lacks read 'N/A'.
    expect(shipping.textContent).toContain("N/A");
  });

  it("shows Dispute Details with the resolve form only for a DISPUTED order", async () => {
    const disputed = makeOrder({
      status: "DISPUTED",
      disputeRaisedAt: "2025-03-08T10:00:00.000Z",
      disputeDescription: "Arrived broken",
    });
    const completed = makeOrder({ status: "COMPLETED", disputeRaisedAt: "2025-03-08T10:00:00.000Z", disputeDescription: "Old dispute" });
    ordersApi(() => [200, page([disputed, completed])]);
    const user = userEvent.setup();
    openOrders();

    let dialog = await openDetails(user, disputed);
    const dispute = section(dialog, "Dispute Details");
    expect(dispute).toHaveTextContent(`Raised At${shortDateTime(disputed.disputeRaisedAt!)}`);
    expect(dispute).toHaveTextContent("DescriptionArrived broken");
    expect(within(dispute).getByRole("button", { name: "Resolve Dispute" })).toBeInTheDocument();
    expect(sectionNames(dialog).indexOf("Dispute Details")).toBe(sectionNames(dialog).indexOf("Blockchain Information") - 1);

    await user.click(within(dialog).getByRole("button", { name: "Close" }));
    await waitFor(() => expect(dialogWith("Order Details")).toBeUndefined());

    dialog = await openDetails(user, completed);
    expect(within(dialog).queryByRole("region", { name: "Dispute Details" })).not.toBeInTheDocument();
    expect(within(dialog).queryByRole("button", { name: "Resolve Dispute" })).not.toBeInTheDocument();
  });

  it("shows the escrow and the signature in full, with copy buttons", async () => {
    const escrow = "EscrowPda1111111111111111111111111111111111";
    const signature = "5igSig".padEnd(88, "x");
    const order = makeOrder({ escrowPDA: escrow, transactionSignature: signature, cluster: null });
    ordersApi(() => [200, page([order])]);
    const user = userEvent.setup();
    openOrders();
    const dialog = await openDetails(user, order);
    const chain = section(dialog, "Blockchain Information");
    expect(chain).toHaveTextContent(`Escrow Address${escrow}`);
    expect(chain).toHaveTextContent(`Transaction Signature${signature}`);
    expect(within(chain).getByRole("button", { name: "Copy address" })).toBeInTheDocument();
    expect(within(chain).getByRole("button", { name: "Copy signature" })).toBeInTheDocument();
    // cluster null: the values live on no public cluster, so there is nothing to link to.
    expect(within(chain).queryByRole("link")).not.toBeInTheDocument();
  });

  it("links the escrow and the signature to the explorer of the order's cluster", async () => {
    const order = makeOrder({
      escrowPDA: "EscrowPda1111111111111111111111111111111111",
      transactionSignature: "5igSig".padEnd(88, "x"),
      cluster: "devnet",
    });
    ordersApi(() => [200, page([order])]);
    const user = userEvent.setup();
    openOrders();
    const dialog = await openDetails(user, order);
    const links = within(section(dialog, "Blockchain Information")).getAllByRole("link", { name: "View on Solana Explorer" });
    expect(links.map((link) => link.getAttribute("href"))).toEqual([
      expect.stringMatching(/\/address\/EscrowPda1+\?cluster=devnet$/),
      expect.stringMatching(/\/tx\/5igSigx+\?cluster=devnet$/),
    ]);
  });

  it("shows the order's admin history from the audit trail, last", async () => {
    const order = makeOrder({ status: "REFUNDED" });
    const { api } = ordersApi(() => [200, page([order])]);
    api.get("/admin/audit", [
      200,
      {
        data: {
          items: [
            {
              id: "a-1",
              createdAt: "2025-03-09T12:00:00.000Z",
              adminPublicKey: "AdminKey11111111111111111111111111111111111",
              action: "order.resolve_dispute",
              targetType: "order",
              targetId: order.id,
              reason: "Buyer sent photos of the damage",
              transactionSignature: "4xSig".padEnd(88, "y"),
              cluster: "devnet",
            },
          ],
          total: 1,
          page: 1,
          limit: 10,
          totalPages: 1,
        },
      },
    ]);
    const user = userEvent.setup();
    openOrders();
    const dialog = await openDetails(user, order);
    const history = await within(dialog).findByRole("region", { name: "History" });
    expect(await within(history).findByText("Reason: Buyer sent photos of the damage")).toBeInTheDocument();
    expect(sectionNames(dialog)).toEqual([...SECTIONS_ALWAYS, "History"]);
    const audit = api.requests("GET", "/admin/audit");
    expect(audit.at(-1)?.query).toEqual({ targetType: "order", targetId: order.id, page: "1", limit: "10" });
  });

  it("shows the order's timeline, last, in place of the History when the API has it", async () => {
    const order = makeOrder({ status: "ACTIVE" });
    const { api } = ordersApi(() => [200, page([order])]);
    api.get(`/admin/orders/${order.id}/timeline`, [
      200,
      {
        data: { events: [{ id: "order-created", at: "2025-03-04T15:06:00.000Z", kind: "created", title: "Order created", actor: BUYER }] },
      },
    ]);
    const user = userEvent.setup();
    openOrders();
    const dialog = await openDetails(user, order);
    const timeline = await within(dialog).findByRole("region", { name: "Timeline" });
    expect(await within(timeline).findByText("Order created")).toBeInTheDocument();
    expect(within(timeline).getByRole("textbox", { name: "Internal note" })).toBeInTheDocument();
    expect(sectionNames(dialog)).toEqual([...SECTIONS_ALWAYS, "Timeline"]);
    // The timeline holds the admin actions: the order's audit trail is not asked as well (the
    // sidebar's Activity probe asks the whole trail's first page, for no record).
    expect(api.requests("GET", "/admin/audit").filter((request) => request.query.targetId !== undefined)).toEqual([]);
    expect(api.requests("GET", "/admin/audit").map((request) => request.query)).toEqual([{ page: "1", limit: "20" }]);
  });
});
