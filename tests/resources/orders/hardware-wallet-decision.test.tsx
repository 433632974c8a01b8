// Hardware wallets and dispute decisions: a wallet that signs only transactions signs the server's
// decision text as the memo of a transaction never sent, the button says so while it waits, and the
// resolve carries the transaction; an admin who chose that way at sign-in signs so with any wallet.
// Approving a proposed payout on the Settlements screen says so too, above the queue.
// A page of its own (vitest.config.ts): the wallets it registers stay registered for the page's life.
import { act, render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { Transaction } from "@solana/web3.js";
import { registerWallet } from "@wallet-standard/wallet";
import bs58 from "bs58";
import { describe, expect, it } from "vitest";
import { MEMO_PROGRAM_ID, memoBlockhash, type Order, type Settlement } from "@contract";
import { STORAGE_KEYS } from "@/config";
import { registerDemoWallet } from "@/providers/demo-wallet";
import { chooseTransactionSigning, NEVER_SENT } from "@/providers/transaction-signing";
import { WalletSetup } from "@/providers/wallet";
import { DisputeResolveForm } from "@/resources/orders/dispute-form";
import { deferred, findDialogWith, mockApi, renderApp, signIn } from "../../app/support";
import { RefineHarness } from "../../components/support";
import { compileChunks } from "../../support/compile-first";
import { makeWalletKey, type TestWalletKey } from "../../support/ed25519";
import { transactionOnlyWallet } from "../../support/transaction-wallet";
import { makeOrder } from "./support";

compileChunks(
  () => import("@/providers/wallet-engine"),
  () => import("@/providers/memo-transaction"),
  () => import("@/providers/demo-wallet"),
  () => import("@/resources/settlements/list"),
  () => import("@/components/layout/admin-layout"),
);

const TEXT = "localhost asks you to sign this dispute decision:\n\nOrder: o-1\nNonce: n1\nReason, as the admin wrote it:\n> Never arrived";
const resolvePath = (order: Order) => `/admin/orders/${order.id}/resolve-dispute`;

/** The resolve form of a disputed order, signed in as `key`'s admin with `walletName` remembered as their wallet. */
async function openForm(key: TestWalletKey, walletName: string) {
  const api = mockApi();
  signIn(api, { id: "u-1", publicKey: key.address, displayName: "Alice", role: "ADMIN" });
  localStorage.setItem(STORAGE_KEYS.walletName, JSON.stringify(walletName));
  const order = makeOrder({ status: "DISPUTED", disputeRaisedAt: "2025-03-08T10:00:00.000Z", disputeDescription: "Arrived broken" });
  api.post(`${resolvePath(order)}/preview`, [404, { message: "Not Found" }]);
  api.post(`${resolvePath(order)}/decision`, [200, { data: { message: TEXT, nonce: "n1", expiresAt: "2030-01-01T00:00:00.000Z" } }]);
  api.post(resolvePath(order), [200, { data: { transactionSignature: "5Kq7ZrVx", cluster: "devnet" } }]);
  const { container } = render(
    <RefineHarness>
      <WalletSetup>
        <DisputeResolveForm order={order} onSuccess={() => undefined} />
      </WalletSetup>
    </RefineHarness>,
  );
  const form = await waitFor(() => container.querySelector<HTMLElement>(".dispute-form") ?? Promise.reject(new Error("no form yet")));
  const user = userEvent.setup();
  await user.click(within(form).getByRole("textbox", { name: "Admin Notes" }));
  await user.paste("Never arrived");
  await user.click(within(form).getByRole("button", { name: "Resolve Dispute" }));
  await user.click(within(await findDialogWith("Confirm dispute resolution")).getByRole("button", { name: "Resolve Dispute" }));
  const resolved = () => api.requests("POST").find(({ path }) => path === resolvePath(order))?.body as Record<string, unknown> | undefined;
  return { form, resolved };
}

/** The resolve's signed decision: the nonce, and the transaction whose only memo is the text, signed by the key. */
async function expectMemoSigned(key: TestWalletKey, decision: { nonce: string; signature: string; signedTransaction?: string }) {
  expect(decision.nonce).toBe("n1");
  const transaction = Transaction.from(Uint8Array.from(atob(decision.signedTransaction ?? ""), (char) => char.charCodeAt(0)));
  expect(transaction.feePayer?.toBase58()).toBe(key.address);
  expect(transaction.recentBlockhash).toBe(memoBlockhash(TEXT));
  expect(transaction.instructions.map((i) => [i.programId.toBase58(), new TextDecoder().decode(i.data)])).toEqual([
    [MEMO_PROGRAM_ID, TEXT],
  ]);
  expect(decision.signature).toBe(bs58.encode(transaction.signature!));
  expect(await key.verifies(transaction.serializeMessage(), transaction.signature!)).toBe(true);
}

describe("a dispute decision signed with a transaction", () => {
  it("a wallet without signMessage signs the decision as a never-sent transaction, and the button says so while it waits", async () => {
    const key = await makeWalletKey();
    const held = deferred<void>();
    registerWallet(transactionOnlyWallet("Ledger Decision Wallet", key, () => held.promise));
    const { form, resolved } = await openForm(key, "Ledger Decision Wallet");

    await waitFor(() =>
      expect(within(form).getByRole("button", { name: /never-sent transaction/ })).toHaveTextContent("Signing a never-sent transaction..."),
    );
    expect(resolved()).toBeUndefined();
    await act(async () => held.resolve());
    await waitFor(() => expect(resolved()).toBeDefined());
    expect(resolved()).toMatchObject({ resolution: "RELEASE_TO_SELLER", adminNotes: "Never arrived" });
    await expectMemoSigned(key, resolved()!.signedDecision as never);
  });

  it("the admin who chose the transaction at sign-in signs so with a wallet that also signs messages", async () => {
    const key = await makeWalletKey();
    registerDemoWallet({ publicKey: key.address, secretKey: key.secretKey, label: "Every-way decision wallet" });
    chooseTransactionSigning(true);
    const { resolved } = await openForm(key, "Every-way decision wallet");

    await waitFor(() => expect(resolved()).toBeDefined());
    await expectMemoSigned(key, resolved()!.signedDecision as never);
  });
});

describe("a proposed payout approved with a transaction", () => {
  it("says above the queue that the wallet signs a never-sent transaction while it waits, then approves with it", async () => {
    const key = await makeWalletKey();
    const held = deferred<void>();
    registerWallet(transactionOnlyWallet("Ledger Approval Wallet", key, () => held.promise));
    const api = mockApi();
    signIn(api, { id: "u-1", publicKey: key.address, displayName: "Alice", role: "ADMIN" });
    localStorage.setItem(STORAGE_KEYS.walletName, JSON.stringify("Ledger Approval Wallet"));
    const proposal: Settlement = {
      id: "p-1",
      orderId: "o-1",
      kind: "dispute_payout",
      status: "awaiting_approval",
      attempts: 0,
      signature: null,
      lastError: null,
      cluster: "localnet",
      createdAt: "2025-03-10T10:00:00.000Z",
      updatedAt: "2025-03-10T10:00:00.000Z",
      requestedBy: "8zK1ProposerOtherAdmin1111111111111111111111",
      resolution: "REFUND_BUYER",
      adminNotes: "Never arrived",
      expiresAt: "2030-01-01T00:00:00.000Z",
    };
    api.get("/admin/settlements", [200, { data: { items: [proposal], total: 1 } }]);
    api.post("/admin/orders/o-1/resolve-dispute/decision", [
      200,
      { data: { message: TEXT, nonce: "n1", expiresAt: "2030-01-01T00:00:00.000Z" } },
    ]);
    api.post("/admin/settlements/p-1/approve", [200, { data: { status: "confirmed", transactionSignature: "5Kq7ZrVx" } }]);
    renderApp("/settlements");
    const user = userEvent.setup();

    const row = await waitFor(
      () => document.querySelector<HTMLElement>("tr[data-row-key='p-1']") ?? Promise.reject(new Error("no row yet")),
    );
    await user.click(within(row).getByRole("button", { name: /^Approve the payout/ }));
    await user.click(within(await screen.findByRole("dialog")).getByRole("button", { name: "Approve and send" }));

    // Announced politely (a status), with why the wallet shows a transaction.
    const status = (await screen.findByText("Signing a never-sent transaction...")).closest<HTMLElement>('[role="status"]');
    expect(status).toHaveTextContent(NEVER_SENT);
    expect(api.requests("POST", "/admin/settlements/p-1/approve")).toEqual([]);

    await act(async () => held.resolve());
    await waitFor(() => expect(api.requests("POST", "/admin/settlements/p-1/approve")).toHaveLength(1));
    await expectMemoSigned(key, (api.requests("POST", "/admin/settlements/p-1/approve")[0].body as { decision: never }).decision);
    await waitFor(() => expect(screen.queryByText("Signing a never-sent transaction...")).not.toBeInTheDocument());
  });
});
