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
import { compileChunks } from "../support/compile-first";
import { makeWalletKey } from "../support/ed25519";
import { fakeApiForThisFile } from "../support/fake-api";

let release: () => void = () => undefined;
const arrived = new Promise<void>((resolve) => (release = resolve));
vi.mock("@/providers/wallet-engine", async (importOriginal) => {
  await arrived;
  return importOriginal();
});

const mock = fakeApiForThisFile();

compileChunks(
  () => import("@solana/wallet-adapter-react"),
  () => import("@solana/wallet-adapter-react-ui"),
  () => import("@solana/wallet-adapter-solflare"),
);

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
    const key = await makeWalletKey();
    mock.get("/demo/wallet", [200, { data: { publicKey: key.address, secretKey: key.secretKey, label: "Remembered Wallet" } }]);
    localStorage.setItem(STORAGE_KEYS.walletName, JSON.stringify("Remembered Wallet"));
    render(
      <WalletSetup>
        <Signer />
      </WalletSetup>,
    );

    await userEvent.click(screen.getByRole("button", { name: "Sign" }));
    expect(mock.requests("GET", "/demo/wallet")).toHaveLength(0);
    release();

    expect(await screen.findByText("Remembered Wallet")).toBeInTheDocument();
    localStorage.removeItem(STORAGE_KEYS.walletName);
  });
});
