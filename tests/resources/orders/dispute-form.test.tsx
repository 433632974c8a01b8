import { act, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import userEvent, { type UserEvent } from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { ADMIN_NOTES_MAX, type Order, type PayoutPreview } from "@contract";
import { DISPUTE_MODAL_CLOSE_MS } from "@/config";
import { DisputeResolveForm } from "@/resources/orders/dispute-form";
import { PREVIEW_DEBOUNCE_MS } from "@/resources/orders/payout-preview";
import { WalletSetup } from "@/providers/wallet";
import { advanceClock, deferred, dialogWith, findDialogWith, mockApi, userOnFakeClock } from "../../app/support";
import { RefineHarness } from "../../components/support";
import type { FakeApi } from "../../support/fake-api";
import { makeOrder, openDetails, openOrders, ordersApi, page, section } from "./support";

const SIGNATURE = "5Kq7ZrVxDisputeSettlementSignature1111111111111111111111111111111111111111111111111";
const RESOLVE_PATH = (order: Order) => `/admin/orders/${order.id}/resolve-dispute`;
const PREVIEW_PATH = (order: Order) => `/admin/orders/${order.id}/resolve-dispute/preview`;

/** What the preview call answers for a body: the order's 25 USDC split by the buyer's share. */
function previewOf(body: unknown, simulation: PayoutPreview["simulation"] = { ok: true, logs: [] }): PayoutPreview {
  const { resolution, refundPercentage } = body as { resolution: string; refundPercentage?: number };
  const buyerPercent = resolution === "REFUND_BUYER" ? 100 : resolution === "PARTIAL_REFUND" ? refundPercentage! : 0;
  const buyer = buyerPercent * 250_000; // base units of 6 decimals
  const payout = (party: "buyer" | "seller", amount: number) => ({
    party,
    wallet: `${party}-wallet`,
    tokenAccount: `${party}-ata`,
    amount: String(amount),
    uiAmount: String(amount / 1_000_000),
    symbol: "USDC",
  });
  return {
    payouts: [payout("buyer", buyer), payout("seller", 25_000_000 - buyer)].filter((p) => p.amount !== "0"),
    networkFeeLamports: 5000,
    rentLamports: 2_039_280,
    simulation,
  };
}

const previewRegion = (form: HTMLElement) => within(form).queryByRole("region", { name: "Payout preview" });

function disputedOrder() {
  return makeOrder({ status: "DISPUTED", disputeRaisedAt: "2025-03-08T10:00:00.000Z", disputeDescription: "Arrived broken" });
}

type Prepare = (api: FakeApi, order: Order) => void;

/**
 * The resolve form alone, as the details modal renders it (inside Refine and the wallet stack):
 * what most cases need, without the whole console around it. `prepare`: routes the form needs
 * from its first render (the payout preview is asked on opening).
 */
async function openForm(order = disputedOrder(), user: UserEvent = userEvent.setup(), prepare?: Prepare) {
  const api = mockApi();
  prepare?.(api, order);
  const onSuccess = vi.fn();
  const { container } = render(
    <RefineHarness>
      <WalletSetup>
        <DisputeResolveForm order={order} onSuccess={onSuccess} />
      </WalletSetup>
    </RefineHarness>,
  );
  const form = await waitFor(() => {
    const found = container.querySelector<HTMLElement>(".dispute-form");
    if (!found) throw new Error("the resolve form is not there yet");
    return found;
  });
  return { api, user, order, form, onSuccess };
}

/** The orders list with one disputed order, its details open on the resolve form: for what the modal and list do around it. */
async function openFormInApp(order = disputedOrder(), user: UserEvent = userEvent.setup()) {
  const apis = ordersApi(() => [200, page([order])]);
  openOrders();
  const dialog = await openDetails(user, order);
  const form = section(dialog, "Dispute Details");
  return { ...apis, user, order, dialog, form };
}

const notesBox = (form: HTMLElement) => within(form).getByRole("textbox", { name: "Admin Notes" });
const submitButton = (form: HTMLElement) => within(form).getByRole("button", { name: /Resolve Dispute|Processing Transaction/ });

const CONFIRM_TITLE = "Confirm dispute resolution";
const confirmDialog = () => findDialogWith(CONFIRM_TITLE);
const detailsDialog = () => dialogWith("Order Details");

/** Pasted in one go: typing it key by key re-validates the form on every key, slowly. */
async function writeNotes(user: UserEvent, form: HTMLElement, text: string) {
  await user.click(notesBox(form));
  await user.paste(text);
}

/** Resolve Dispute, then the same in the confirmation it asks for. */
async function resolveAndConfirm(user: UserEvent, form: HTMLElement) {
  await user.click(submitButton(form));
  await user.click(within(await confirmDialog()).getByRole("button", { name: "Resolve Dispute" }));
}

/** The resolutions sent (the payout preview's simulations and the decision to sign, answered 404 here, are not resolutions). */
function sentBodies(api: FakeApi) {
  return api
    .requests("POST")
    .filter(({ path }) => !path.endsWith("/preview") && !path.endsWith("/decision"))
    .map(({ path, body }) => ({ url: path, body }));
}

describe("dispute resolve form", () => {
  it("starts on Release to Seller with empty notes, the warning, and submit disabled", async () => {
    const { form } = await openForm();
    expect(within(form).getByRole("radio", { name: /Release to Seller/ })).toBeChecked();
    expect(within(form).getByRole("radio", { name: /Refund Buyer/ })).not.toBeChecked();
    expect(within(form).getByRole("radio", { name: /Partial Refund/ })).not.toBeChecked();
    expect(within(form).getByText(/100% to the buyer/)).toBeInTheDocument();
    expect(within(form).getByText(/0% refund/)).toBeInTheDocument();
    // No slider until a partial refund is chosen.
    expect(within(form).queryByRole("slider")).not.toBeInTheDocument();
    expect(within(form).getByText("This action executes a blockchain transaction and cannot be undone.")).toBeInTheDocument();
    expect(notesBox(form)).toHaveValue("");
    expect(submitButton(form)).toHaveTextContent("Resolve Dispute");
    expect(submitButton(form)).toBeDisabled();
  });

  it("shows the slider at 50 with the live buyer/seller split for a partial refund", async () => {
    const { form, user } = await openForm();
    await user.click(within(form).getByRole("radio", { name: /Partial Refund/ }));
    const slider = await within(form).findByRole("slider", { name: "Refund percentage to buyer" });
    expect(slider).toHaveAttribute("aria-valuenow", "50");
    expect(slider).toHaveAttribute("aria-valuemin", "0");
    expect(slider).toHaveAttribute("aria-valuemax", "100");
    expect(within(form).getByText(/Buyer receives/)).toHaveTextContent("Buyer receives 50% · Seller receives 50%");

    // Keyboard on the slider moves the split live.
    // rc-slider reads keyCode, which user-event leaves out.
    for (let i = 0; i < 3; i++) fireEvent.keyDown(slider, { key: "ArrowRight", keyCode: 39, which: 39 });
    expect(slider).toHaveAttribute("aria-valuenow", "53");
    expect(within(form).getByText(/Buyer receives/)).toHaveTextContent("Buyer receives 53% · Seller receives 47%");

    // So does the number box, and the slider follows it.
    const box = within(form).getByRole("spinbutton", { name: "Refund percentage" });
    await user.clear(box);
    await user.type(box, "80");
    expect(within(form).getByText(/Buyer receives/)).toHaveTextContent("Buyer receives 80% · Seller receives 20%");
    expect(slider).toHaveAttribute("aria-valuenow", "80");
  });

  it("marks Admin Notes required and says why Resolve is disabled until they are written", async () => {
    const { form, user } = await openForm();
    const label = within(form).getByText("Admin Notes").closest("label")!;
    expect(label).toHaveClass("ant-form-item-required");
    expect(submitButton(form)).toBeDisabled();
    expect(submitButton(form)).toHaveAccessibleDescription("Enter the admin notes to resolve");
    await writeNotes(user, form, "Reviewed");
    expect(submitButton(form)).toBeEnabled();
    expect(submitButton(form)).not.toHaveAccessibleDescription("Enter the admin notes to resolve");
    expect(within(form).queryByText("Enter the admin notes to resolve")).not.toBeInTheDocument();
  });

  it("counts the notes as x/2000 and caps them at 2000 characters", async () => {
    const { form, user } = await openForm();
    expect(within(form).getByText(`0/${ADMIN_NOTES_MAX}`)).toBeInTheDocument();
    await writeNotes(user, form, "Photos prove it");
    expect(within(form).getByText(`15/${ADMIN_NOTES_MAX}`)).toBeInTheDocument();
    expect(notesBox(form)).toHaveAttribute("maxlength", String(ADMIN_NOTES_MAX));
    expect(submitButton(form)).toBeEnabled();
  });

  it("says 'Admin notes are required' when the notes are emptied or blank, and keeps submit disabled", async () => {
    const { form, user } = await openForm();
    await writeNotes(user, form, "x");
    await user.clear(notesBox(form));
    await within(form).findByText("Admin notes are required");
    await writeNotes(user, form, "   ");
    await within(form).findByText("Admin notes are required");
    expect(submitButton(form)).toBeDisabled();
  });

  it("says 'Admin notes must be less than 2000 characters' for notes past the cap (e.g. set by a script)", async () => {
    const { form, api } = await openForm();
    fireEvent.change(notesBox(form), { target: { value: "x".repeat(ADMIN_NOTES_MAX + 1) } });
    await within(form).findByText("Admin notes must be less than 2000 characters");
    fireEvent.click(submitButton(form));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(dialogWith(CONFIRM_TITLE)).toBeUndefined();
    expect(sentBodies(api)).toHaveLength(0);
  });

  it.each([["150"], ["-5"]])("says 'Refund percentage must be between 0 and 100' for a typed %s", async (typed) => {
    const { form, user, api } = await openForm();
    await user.click(within(form).getByRole("radio", { name: /Partial Refund/ }));
    const box = await within(form).findByRole("spinbutton", { name: "Refund percentage" });
    await user.clear(box);
    await user.type(box, typed);
    await within(form).findByText("Refund percentage must be between 0 and 100");
    await writeNotes(user, form, "Split it");
    await user.click(submitButton(form));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(dialogWith(CONFIRM_TITLE)).toBeUndefined();
    expect(sentBodies(api)).toHaveLength(0);
  });

  it("says 'Refund percentage must be between 0 and 100' when the percentage is cleared", async () => {
    const { form, user } = await openForm();
    await user.click(within(form).getByRole("radio", { name: /Partial Refund/ }));
    const box = await within(form).findByRole("spinbutton", { name: "Refund percentage" });
    await user.clear(box);
    await within(form).findByText("Refund percentage must be between 0 and 100");
  });

  it.each([
    ["Refund Buyer", "Refund 100% of the order to the buyer? This will execute a blockchain transaction and cannot be undone."],
    [
      "Release to Seller",
      "Release the full amount to the seller (0% refund)? This will execute a blockchain transaction and cannot be undone.",
    ],
  ])("asks before %s, and sends nothing when cancelled", async (option, text) => {
    const { form, user, api } = await openForm();
    await user.click(within(form).getByRole("radio", { name: new RegExp(option) }));
    await writeNotes(user, form, "Reviewed");
    await user.click(submitButton(form));
    const confirm = await confirmDialog();
    expect(confirm).toHaveTextContent(text);
    await user.click(within(confirm).getByRole("button", { name: "Cancel" }));
    await waitFor(() => expect(dialogWith(CONFIRM_TITLE)).toBeUndefined());
    expect(sentBodies(api)).toHaveLength(0);
    expect(notesBox(form)).toHaveValue("Reviewed");
  });

  it("words the partial refund's confirmation with the split", async () => {
    const { form, user, api } = await openForm();
    await user.click(within(form).getByRole("radio", { name: /Partial Refund/ }));
    const box = await within(form).findByRole("spinbutton", { name: "Refund percentage" });
    await user.clear(box);
    await user.type(box, "30");
    await writeNotes(user, form, "Half broken");
    await user.click(submitButton(form));
    const confirm = await confirmDialog();
    expect(confirm).toHaveTextContent(
      "Resolve with a partial refund: 30% to buyer and 70% to seller? This will execute a blockchain transaction and cannot be undone.",
    );
    await user.click(within(confirm).getByRole("button", { name: "Cancel" }));
    await waitFor(() => expect(dialogWith(CONFIRM_TITLE)).toBeUndefined());
    expect(sentBodies(api)).toHaveLength(0);
  });

  it.each([
    ["Refund Buyer", undefined, { resolution: "REFUND_BUYER", adminNotes: "Refund it" }],
    ["Release to Seller", undefined, { resolution: "RELEASE_TO_SELLER", adminNotes: "Refund it" }],
    ["Partial Refund", "35", { resolution: "PARTIAL_REFUND", adminNotes: "Refund it", refundPercentage: 35 }],
  ])("sends exactly the %s body once confirmed", async (option, percent, body) => {
    const { form, user, api, order } = await openForm();
    api.post(RESOLVE_PATH(order), [200, { data: { transactionSignature: SIGNATURE, cluster: "localnet" } }]);
    await user.click(within(form).getByRole("radio", { name: new RegExp(option) }));
    if (percent) {
      const box = await within(form).findByRole("spinbutton", { name: "Refund percentage" });
      await user.clear(box);
      await user.type(box, percent);
    }
    await writeNotes(user, form, "Refund it");
    await resolveAndConfirm(user, form);
    await within(form).findByText(/Dispute resolved successfully!/);
    expect(sentBodies(api)).toEqual([{ url: RESOLVE_PATH(order), body }]);
  });

  it("says the payout now waits for a second admin when the server takes the resolution as a proposal (202)", async () => {
    const { form, user, api, order } = await openForm();
    api.post(RESOLVE_PATH(order), [202, { data: { status: "awaiting_approval", settlementId: "s-42" } }]);
    await writeNotes(user, form, "Never delivered");
    await resolveAndConfirm(user, form);
    expect(await within(form).findByText(/now waits for a second admin to approve it/)).toBeInTheDocument();
    expect(within(form).queryByText(/Dispute resolved successfully!/)).not.toBeInTheDocument();
    expect(submitButton(form)).toBeDisabled();
  });

  it("sends the partial refund's default 50 when the slider is left alone", async () => {
    const { form, user, api, order } = await openForm();
    api.post(RESOLVE_PATH(order), [200, { data: { transactionSignature: SIGNATURE } }]);
    await user.click(within(form).getByRole("radio", { name: /Partial Refund/ }));
    await writeNotes(user, form, "Even split");
    await resolveAndConfirm(user, form);
    await within(form).findByText(/Dispute resolved successfully!/);
    expect(sentBodies(api)).toEqual([
      { url: RESOLVE_PATH(order), body: { resolution: "PARTIAL_REFUND", adminNotes: "Even split", refundPercentage: 50 } },
    ]);
  });

  it("shows 'Processing Transaction...' while pending, then the signature's first 8, then closes after 2 s and refreshes the list", async () => {
    const user = userOnFakeClock();
    const { form, api, order, listQueries } = await openFormInApp(disputedOrder(), user);
    const answer = deferred<[number, unknown]>();
    api.post(RESOLVE_PATH(order), () => answer.promise);

    await writeNotes(user, form, "Seller proved delivery");
    await resolveAndConfirm(user, form);

    await waitFor(() => expect(submitButton(form)).toHaveTextContent("Processing Transaction..."));
    expect(submitButton(form)).toBeDisabled();
    // A settlement in flight cannot be walked away from.
    expect(within(detailsDialog()!).queryByRole("button", { name: "Close" })).not.toBeInTheDocument();
    const listCallsBefore = listQueries().length;

    await act(async () => answer.resolve([200, { data: { transactionSignature: SIGNATURE, cluster: "devnet" } }]));
    const success = await within(form).findByText(`Dispute resolved successfully! Transaction: ${SIGNATURE.slice(0, 8)}...`);
    expect(success).toBeInTheDocument();
    // Still open while the success shows; nothing refreshed yet.
    expect(detailsDialog()!).toBeInTheDocument();
    expect(listQueries()).toHaveLength(listCallsBefore);

    expect(document.querySelector(".ant-notification-notice")).toBeNull();
    // Every state the details dialog passes through from here: one without the order is a shell.
    const shells: string[] = [];
    const watcher = new MutationObserver(() => {
      for (const dialog of screen.queryAllByRole("dialog", { hidden: true }))
        if (dialog.textContent?.includes("Order Details") && !dialog.textContent.includes("Product Information"))
          shells.push(dialog.textContent.slice(0, 80));
    });
    watcher.observe(document.body, { childList: true, subtree: true, characterData: true });

    await advanceClock(DISPUTE_MODAL_CLOSE_MS);
    await waitFor(() => expect(detailsDialog()).toBeUndefined());
    // However it closed (animated or not), no frame showed an empty "Order Details" shell.
    expect(shells).toEqual([]);
    watcher.disconnect();
    await waitFor(() => expect(listQueries().length).toBeGreaterThan(listCallsBefore));
    expect(listQueries().at(-1)).toEqual({ page: "1", limit: "20" });

    // The outcome stays once the dialog has gone: a notification that waits to be closed, with the transaction.
    const notice = await waitFor(() => {
      const found = document.querySelector<HTMLElement>(".ant-notification-notice");
      if (!found) throw new Error("no notification yet");
      return found;
    });
    expect(notice).toHaveTextContent(`Order ${order.id.slice(0, 8)}`);
    expect(notice).toHaveTextContent(`Dispute resolved successfully! Transaction: ${SIGNATURE.slice(0, 8)}...`);
    expect(within(notice).getByRole("link", { name: "View on Solana Explorer" })).toHaveAttribute(
      "href",
      `https://explorer.solana.com/tx/${SIGNATURE}?cluster=devnet`,
    );
    await advanceClock(60_000);
    expect(notice).toBeInTheDocument();
    await user.click(notice.querySelector<HTMLElement>(".ant-notification-notice-close")!);
    await waitFor(() => expect(notice).not.toBeInTheDocument());
  });

  it("shows the server's message on failure and keeps the notes (and the details) open for another try", async () => {
    const { form, user, api, order } = await openFormInApp();
    api.post(RESOLVE_PATH(order), [503, { message: "Settlement service unavailable: nothing was changed" }], { once: true });
    await writeNotes(user, form, "Keep me");
    await resolveAndConfirm(user, form);

    const alert = await within(form).findByRole("alert");
    expect(alert).toHaveTextContent("Settlement service unavailable: nothing was changed");
    expect(notesBox(form)).toHaveValue("Keep me");
    expect(submitButton(form)).toHaveTextContent("Resolve Dispute");
    expect(submitButton(form)).toBeEnabled();
    expect(detailsDialog()!).toBeInTheDocument();
  });

  it("asks for the wallet when the API wants the decision signed and none is chosen: nothing sent, notes kept", async () => {
    const { form, user, api, order } = await openForm();
    const challenge = { message: "localhost asks you to sign this dispute decision:", nonce: "n1", expiresAt: "2025-03-08T10:05:00.000Z" };
    api.post(`${RESOLVE_PATH(order)}/decision`, [200, { data: challenge }]);
    await writeNotes(user, form, "Refund it");
    await resolveAndConfirm(user, form);

    const alert = await within(form).findByRole("alert");
    expect(alert).toHaveTextContent(
      "The decision was not signed, so nothing was sent: choose your wallet in the window that opened, then resolve again",
    );
    await waitFor(() => expect(document.querySelector(".wallet-adapter-modal")).not.toBeNull());
    expect(api.requests("POST").find(({ path }) => path.endsWith("/decision"))?.body).toEqual({
      resolution: "RELEASE_TO_SELLER",
      adminNotes: "Refund it",
    });
    expect(sentBodies(api)).toEqual([]);
    expect(notesBox(form)).toHaveValue("Refund it");
    expect(submitButton(form)).toBeEnabled();
  });

  it("falls back to 'Failed to resolve dispute' when the server sends no message", async () => {
    const { form, user, api, order } = await openForm();
    api.post(RESOLVE_PATH(order), "network-error", { once: true });
    await writeNotes(user, form, "Try it");
    await resolveAndConfirm(user, form);
    const alert = await within(form).findByRole("alert");
    expect(alert).toHaveTextContent(/^Failed to resolve dispute$/);
  });

  it("falls back to 'Failed to resolve dispute' for an error body without a message", async () => {
    const { form, user, api, order } = await openForm();
    api.post(RESOLVE_PATH(order), [500, {}], { once: true });
    await writeNotes(user, form, "Try it");
    await resolveAndConfirm(user, form);
    expect(await within(form).findByRole("alert")).toHaveTextContent(/^Failed to resolve dispute$/);
  });

  it("previews the payouts of a 30% partial refund, before and after the notes, follows the slider, and lets it be confirmed", async () => {
    const held = deferred<[number, unknown]>();
    const { form, user, api, order } = await openForm(disputedOrder(), undefined, (fake, disputed) =>
      fake.post(PREVIEW_PATH(disputed), (request) =>
        (request.body as { refundPercentage?: number }).refundPercentage === 33 ? held.promise : [200, { data: previewOf(request.body) }],
      ),
    );
    const previews = () => api.requests("POST", PREVIEW_PATH(order)).map((request) => request.body as Record<string, unknown>);
    await user.click(within(form).getByRole("radio", { name: /Partial Refund/ }));
    const box = await within(form).findByRole("spinbutton", { name: "Refund percentage" });
    await user.clear(box);
    await user.type(box, "30");
    // Before the notes are written: the body without them.
    await waitFor(() => expect(previewRegion(form)).toHaveTextContent("Buyer receives7.50 USDC"));
    expect(previews().at(-1)).toEqual({ resolution: "PARTIAL_REFUND", refundPercentage: 30 });
    const region = previewRegion(form)!;
    expect(region).toHaveTextContent("Seller receives17.50 USDC");
    expect(region).toHaveTextContent("Network fee0.000005 SOL");
    expect(region).toHaveTextContent("Token account rent (paid by the authority)0.002039 SOL");
    // Then the very body the resolve would send.
    await writeNotes(user, form, "Half broken");
    await waitFor(() =>
      expect(previews().at(-1)).toEqual({ resolution: "PARTIAL_REFUND", adminNotes: "Half broken", refundPercentage: 30 }),
    );
    await waitFor(() => expect(previewRegion(form)).toHaveTextContent("Buyer receives7.50 USDC"));
    const asked = previews().length;

    // Three steps of the slider, one preview (of 33%), shown as running until it answers.
    const slider = within(form).getByRole("slider", { name: "Refund percentage to buyer" });
    for (let i = 0; i < 3; i++) fireEvent.keyDown(slider, { key: "ArrowRight", keyCode: 39, which: 39 });
    await waitFor(() => expect(previewRegion(form)).toHaveAttribute("aria-busy", "true"));
    expect(within(previewRegion(form)!).getByRole("status", { name: "Simulating the transaction" })).toBeInTheDocument();
    expect(previewRegion(form)).not.toHaveTextContent("7.5 USDC");
    await waitFor(() => expect(previews()).toHaveLength(asked + 1));
    expect(previews().at(-1)).toEqual({ resolution: "PARTIAL_REFUND", adminNotes: "Half broken", refundPercentage: 33 });
    await act(async () => held.resolve([200, { data: previewOf({ resolution: "PARTIAL_REFUND", refundPercentage: 33 }) }]));
    await waitFor(() => expect(previewRegion(form)).toHaveTextContent("Buyer receives8.25 USDC"));
    expect(previewRegion(form)).toHaveTextContent("Seller receives16.75 USDC");
    expect(previewRegion(form)).toHaveAttribute("aria-busy", "false");
    expect(within(previewRegion(form)!).queryByRole("status", { name: "Simulating the transaction" })).not.toBeInTheDocument();

    expect(submitButton(form)).toBeEnabled();
    api.post(RESOLVE_PATH(order), [200, { data: { transactionSignature: SIGNATURE } }]);
    await resolveAndConfirm(user, form);
    await within(form).findByText(/Dispute resolved successfully!/);
    expect(sentBodies(api)).toEqual([
      { url: RESOLVE_PATH(order), body: { resolution: "PARTIAL_REFUND", adminNotes: "Half broken", refundPercentage: 33 } },
    ]);
  });

  it("rounds a payout to 4 decimals with the exact amount on hover, and says what the rent is", async () => {
    const { form, user } = await openForm(disputedOrder(), undefined, (fake, disputed) =>
      fake.post(PREVIEW_PATH(disputed), () => [
        200,
        {
          data: {
            ...previewOf({ resolution: "RELEASE_TO_SELLER" }),
            payouts: [
              { party: "seller", wallet: "w", tokenAccount: "a", amount: "99637966093280", uiAmount: "99637.96609328", symbol: "SOL" },
            ],
          },
        },
      ]),
    );
    await waitFor(() => expect(previewRegion(form)).toHaveTextContent("Seller receives99,637.9661 SOL"));
    const amount = within(previewRegion(form)!).getByText("99,637.9661 SOL");
    await user.hover(amount);
    expect(await screen.findByRole("tooltip", { name: "99,637.96609328 SOL" })).toBeInTheDocument();
    const rent = within(previewRegion(form)!).getByText(/^Token account rent/);
    await user.hover(rent);
    expect(await screen.findByRole("tooltip", { name: /buyer's or seller's token account.*does not exist yet/ })).toBeInTheDocument();
  });

  it("says how much of the network fee is the priority fee bid on a cluster with a fee market", async () => {
    const { form, user } = await openForm(disputedOrder(), undefined, (fake, disputed) =>
      fake.post(PREVIEW_PATH(disputed), (request) => [
        200,
        { data: { ...previewOf(request.body), networkFeeLamports: 6_650, priorityFeeLamports: 1_650 } },
      ]),
    );
    await writeNotes(user, form, "Seller shipped it");
    await waitFor(() => expect(previewRegion(form)).toHaveTextContent("Network fee0.00000665 SOL (priority fee 0.00000165 SOL included)"));
  });

  it("says what the parties were screened against, and blocks a payout to a listed party, saying which list", async () => {
    const VERSION = "1a2b3c4d5e6f00112233445566778899aabbccddeeff00112233445566778899";
    const { form, user, api } = await openForm(disputedOrder(), undefined, (fake, disputed) =>
      fake.post(PREVIEW_PATH(disputed), (request) => {
        const seller = (request.body as { resolution: string }).resolution === "RELEASE_TO_SELLER";
        const listed = seller
          ? [{ party: "seller" as const, wallet: "SeLLeR1111111111111111111111111111111111111", list: "OFAC SDN", entryId: "SDN-9" }]
          : [];
        return [
          200,
          { data: { ...previewOf(request.body), screening: { lists: ["EU Consolidated", "OFAC SDN"], version: VERSION, listed } } },
        ];
      }),
    );
    await writeNotes(user, form, "Seller shipped it");
    await waitFor(() => expect(previewRegion(form)).toHaveTextContent("Screened against EU Consolidated, OFAC SDN (version 1a2b3c4d)"));
    const alert = await within(form).findByRole("alert");
    expect(alert).toHaveTextContent("This payout will be refused: a party is on a screening list");
    expect(alert).toHaveTextContent("The seller wallet SeLL..1111 is on OFAC SDN (entry SDN-9).");
    expect(submitButton(form)).toBeDisabled();

    await user.click(within(form).getByRole("radio", { name: /Refund Buyer/ }));
    await waitFor(() => expect(previewRegion(form)).toHaveTextContent("Buyer receives25.00 USDC"));
    expect(previewRegion(form)).toHaveTextContent("Screened against EU Consolidated, OFAC SDN (version 1a2b3c4d)");
    expect(within(form).queryByRole("alert")).not.toBeInTheDocument();
    expect(submitButton(form)).toBeEnabled();
    expect(sentBodies(api)).toHaveLength(0);
  });

  it("blocks the confirmation while the simulation fails, saying why, and frees it for a resolution that passes", async () => {
    const failure = "The seller's token account is frozen: the payout cannot be made";
    const { form, user, api } = await openForm(disputedOrder(), undefined, (fake, disputed) =>
      fake.post(PREVIEW_PATH(disputed), (request) => [
        200,
        {
          data: previewOf(
            request.body,
            (request.body as { resolution: string }).resolution === "RELEASE_TO_SELLER"
              ? { ok: false, error: failure, logs: ["Program log: frozen"] }
              : undefined,
          ),
        },
      ]),
    );
    await writeNotes(user, form, "Seller shipped it");
    const alert = await within(form).findByRole("alert");
    expect(alert).toHaveTextContent("This resolution cannot be confirmed: its transaction would fail");
    expect(alert).toHaveTextContent(failure);
    expect(submitButton(form)).toBeDisabled();
    fireEvent.click(submitButton(form));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(dialogWith(CONFIRM_TITLE)).toBeUndefined();

    await user.click(within(form).getByRole("radio", { name: /Refund Buyer/ }));
    await waitFor(() => expect(previewRegion(form)).toHaveTextContent("Buyer receives25.00 USDC"));
    expect(within(form).queryByRole("alert")).not.toBeInTheDocument();
    expect(submitButton(form)).toBeEnabled();
    expect(sentBodies(api)).toHaveLength(0);
  });

  it("hides the preview without a word when the API has no preview call (404), and stops asking", async () => {
    const { form, user, api, order } = await openForm(disputedOrder(), userOnFakeClock());
    // Asked once on opening (the default resolution, no notes yet).
    await waitFor(() => expect(api.requests("POST", PREVIEW_PATH(order))).toHaveLength(1));
    await user.click(within(form).getByRole("radio", { name: /Refund Buyer/ }));
    await writeNotes(user, form, "Reviewed");
    // Past the preview's debounce on the test's clock, then every request that started has its answer.
    await advanceClock(PREVIEW_DEBOUNCE_MS);
    await api.settled();
    expect(api.requests("POST", PREVIEW_PATH(order))).toHaveLength(1);
    expect(previewRegion(form)).not.toBeInTheDocument();
    expect(within(form).queryByRole("alert")).not.toBeInTheDocument();
    expect(within(form).queryByText(/preview/i)).not.toBeInTheDocument();
    expect(submitButton(form)).toBeEnabled();
  });
});
