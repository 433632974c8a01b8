// "Select Wallet" waits for the server's answer on its demo wallet so that the list does not grow
// under the admin's tap (tests/providers/wallet-setup.test.tsx), but not for ever: a server that
// does not answer leaves the list to open without the demo wallet after DEMO_WALLET_WAIT_MS.
import { describe, expect, it } from "vitest";
import { render, screen, waitFor } from "@testing-library/react";
import { userEvent } from "@testing-library/user-event";
import { useWalletModal } from "@solana/wallet-adapter-react-ui";
import { useWalletAdapter, WalletSetup } from "@/providers/wallet";
import { fakeApiForThisFile } from "../support/fake-api";
import { serveDemoWallet } from "./support/held-adapter";

const mock = fakeApiForThisFile();

function LoginProbe() {
  useWalletAdapter();
  const { setVisible } = useWalletModal();
  return (
    <button type="button" onClick={() => setVisible(true)}>
      Select Wallet
    </button>
  );
}

describe("the wallet list", () => {
  it("opens without the demo wallet when the server has not answered on it within DEMO_WALLET_WAIT_MS", async () => {
    await serveDemoWallet(mock, "Late Demo Wallet", new Promise(() => undefined));
    render(
      <WalletSetup>
        <LoginProbe />
      </WalletSetup>,
    );
    await waitFor(() => expect(mock.requests("GET", "/demo/wallet")).toHaveLength(1));
    await userEvent.click(screen.getByRole("button", { name: "Select Wallet" }));

    await waitFor(() => expect(document.querySelector(".wallet-adapter-modal")).not.toBeNull());
    expect(screen.getByText("Connect a wallet on Solana to continue")).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: /Late Demo Wallet/ })).not.toBeInTheDocument();
  });
});
