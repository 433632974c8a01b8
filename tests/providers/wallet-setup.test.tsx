// WalletSetup draws the screens before the wallet adapter has loaded (it is a chunk of its own), and
// loads it only once a screen asks for it: the wallet reads as not connected meanwhile, and a "Select
// Wallet" click made then is not lost. The wallet list opens with the demo wallet in it: one added
// under the open list would move the entry an admin is about to tap.
import { describe, expect, it, vi } from "vitest";
import { render, screen, waitFor } from "@testing-library/react";
import { userEvent } from "@testing-library/user-event";
import { useWallet } from "@solana/wallet-adapter-react";
import { useWalletModal } from "@solana/wallet-adapter-react-ui";
import { useWalletAdapter, WalletSetup } from "@/providers/wallet";
import { fakeApiForThisFile } from "../support/fake-api";
import { holdBackAdapter, serveDemoWallet } from "./support/held-adapter";

// The adapter's chunk arrives when the test says so.
const adapter = holdBackAdapter();
const engine = vi.hoisted(() => ({ asked: false }));
vi.mock("@/providers/wallet-engine", async (importOriginal) => {
  engine.asked = true;
  await adapter.arrived;
  return importOriginal();
});

// The list's wait for the demo wallet is capped (tests/providers/wallet-list-wait.test.tsx checks
// the cap): lifted below, so that a busy machine's slow registration does not open the list first.
const NO_CAP_MS = 2 ** 31 - 1;

const mock = fakeApiForThisFile();

function Probe() {
  const { connected, connecting } = useWallet();
  const { setVisible } = useWalletModal();
  return (
    <>
      <p>{connected ? "connected" : connecting ? "connecting" : "not connected"}</p>
      <button type="button" onClick={() => setVisible(true)}>
        Select Wallet
      </button>
    </>
  );
}

function SignsWithTheWallet() {
  useWalletAdapter();
  return <p>signs</p>;
}

describe("WalletSetup", () => {
  // That a page without such a screen never asks for it is checked in the built console, where the
  // adapter is a chunk whose request can be watched (tests/e2e/styles.e2e.test.ts).
  it("asks for the adapter once a screen that uses the wallet is drawn", async () => {
    render(
      <WalletSetup>
        <SignsWithTheWallet />
      </WalletSetup>,
    );
    await waitFor(() => expect(engine.asked).toBe(true));
  });

  it("draws before the adapter has loaded, opens the wallet list for a click made meanwhile once the demo wallet is in it", async () => {
    let answerDemoWallet: () => void = () => undefined;
    await serveDemoWallet(mock, "Held Demo Wallet", new Promise((resolve) => (answerDemoWallet = resolve)));
    render(
      <WalletSetup demoWalletWaitMs={NO_CAP_MS}>
        <Probe />
      </WalletSetup>,
    );
    expect(screen.getByText("not connected")).toBeInTheDocument();

    await userEvent.click(screen.getByRole("button", { name: "Select Wallet" }));
    // Give the click every chance to have opened something: nothing can, the adapter is not there.
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(document.querySelector(".wallet-adapter-modal")).toBeNull();

    // The adapter reads the wallets registered so far while rendering and listens for new ones only
    // in an effect: a wallet registered in between would never be listed. So the demo wallet is asked
    // for once the adapter listens, and is listed.
    expect(mock.requests("GET", "/demo/wallet")).toHaveLength(0);

    adapter.release();
    // The adapter is there, the server has not answered on its demo wallet yet: the list waits.
    await waitFor(() => expect(mock.requests("GET", "/demo/wallet")).toHaveLength(1));
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(document.querySelector(".wallet-adapter-modal")).toBeNull();

    answerDemoWallet();
    await waitFor(() => expect(document.querySelector(".wallet-adapter-modal")).not.toBeNull());
    // In the list from its first frame, not added under it.
    expect(screen.getByRole("button", { name: /Held Demo Wallet/ })).toBeInTheDocument();
    expect(screen.getByText("not connected")).toBeInTheDocument();
    expect(mock.requests("GET", "/demo/wallet")).toHaveLength(1);
  });
});
