// A signer asks for the wallet the moment the admin decides, which may be before the adapter's chunk
// has arrived and before the adapter has selected the wallet remembered from the sign-in (the demo
// wallet registers only once the adapter listens). useWalletAdapter's answer waits for both, so the
// signature is asked of that wallet instead of the console asking the admin to choose one.
import { describe, expect, it, vi } from "vitest";
import { useState } from "react";
import { render, screen } from "@testing-library/react";
import { userEvent } from "@testing-library/user-event";
import { STORAGE_KEYS } from "@/config";
import { useWalletAdapter, WalletSetup } from "@/providers/wallet";
import { fakeApiForThisFile } from "../support/fake-api";
import { holdBackAdapter, serveDemoWallet } from "./support/held-adapter";

const adapter = holdBackAdapter();
vi.mock("@/providers/wallet-engine", async (importOriginal) => {
  await adapter.arrived;
  return importOriginal();
});

const mock = fakeApiForThisFile();

function Signer() {
  const ready = useWalletAdapter();
  const [chosen, setChosen] = useState("waiting");
  const sign = async () => setChosen((await ready()).wallet.wallet?.adapter.name ?? "no wallet");
  return (
    <>
      <button type="button" onClick={() => void sign()}>
        Sign
      </button>
      <p>{chosen}</p>
    </>
  );
}

describe("useWalletAdapter", () => {
  it("answers a signer that asks before the adapter has loaded with the wallet remembered from the sign-in", async () => {
    await serveDemoWallet(mock, "Remembered Wallet");
    localStorage.setItem(STORAGE_KEYS.walletName, JSON.stringify("Remembered Wallet"));
    render(
      <WalletSetup>
        <Signer />
      </WalletSetup>,
    );

    await userEvent.click(screen.getByRole("button", { name: "Sign" }));
    expect(mock.requests("GET", "/demo/wallet")).toHaveLength(0);
    adapter.release();

    expect(await screen.findByText("Remembered Wallet")).toBeInTheDocument();
    localStorage.removeItem(STORAGE_KEYS.walletName);
  });
});
