// In Node (vitest.config.ts's node project): the signatures are checked with Node's own crypto, and
// the Wallet Standard protocol only needs `window` as an event target.
import { createPublicKey, verify } from "node:crypto";
import {
  Keypair,
  PublicKey,
  SystemProgram,
  Transaction,
  TransactionInstruction,
  TransactionMessage,
  VersionedTransaction,
} from "@solana/web3.js";
import type { Wallet } from "@wallet-standard/base";
import bs58 from "bs58";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { DEMO_TX_UNSUPPORTED, DEMO_WALLET_NAME, DemoWallet, parseDemoKeypair, type DemoWalletKeypair } from "@/providers/demo-wallet";
import { API_URL } from "@/config";
import { http } from "@/providers/http";
import { loadDemoWallet } from "@/providers/wallet";
import { fakeApiForThisFile, fakeApiHooks, type FakeApi } from "../support/fake-api";

function demoKeypair(): { keypair: DemoWalletKeypair; signer: Keypair } {
  const signer = Keypair.generate();
  return {
    signer,
    keypair: {
      publicKey: signer.publicKey.toBase58(),
      secretKey: bs58.encode(signer.secretKey),
      label: "Local demo admin wallet",
    },
  };
}

// A hand-built instruction: a System Program transfer's layout, written out.
function transfer(from: PublicKey, to: PublicKey): TransactionInstruction {
  return new TransactionInstruction({
    programId: SystemProgram.programId,
    keys: [
      { pubkey: from, isSigner: true, isWritable: true },
      { pubkey: to, isSigner: false, isWritable: true },
    ],
    data: Buffer.from([2, 0, 0, 0, 5, 0, 0, 0, 0, 0, 0, 0]),
  });
}

function ed25519Verify(publicKey: Uint8Array, message: Uint8Array, signature: Uint8Array): boolean {
  const key = createPublicKey({
    key: { kty: "OKP", crv: "Ed25519", x: Buffer.from(publicKey).toString("base64url") },
    format: "jwk",
  });
  return verify(null, Buffer.from(message), key, Buffer.from(signature));
}

// Registrations as any Wallet Standard app sees them (the protocol's window event).
const registered: Wallet[] = [];
function captureRegistrations(event: Event) {
  (event as CustomEvent<(api: { register: (w: Wallet) => () => void }) => void>).detail({
    register: (wallet) => {
      registered.push(wallet);
      return () => undefined;
    },
  });
}

// The only Node file that fakes the API, and the Node project has no set-up file: it hooks it itself.
fakeApiHooks();
const mock = fakeApiForThisFile();
beforeEach(() => {
  vi.stubGlobal("window", new EventTarget());
  registered.length = 0;
  window.addEventListener("wallet-standard:register-wallet", captureRegistrations);
  // Outside a browser a relative base has no origin to resolve against: give it one.
  http.defaults.baseURL = `http://localhost${API_URL}`;
});
afterEach(() => {
  http.defaults.baseURL = API_URL;
  window.removeEventListener("wallet-standard:register-wallet", captureRegistrations);
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe("DemoWallet", () => {
  it("connects, emits account changes and signs messages with the server's key", async () => {
    const { keypair, signer } = demoKeypair();
    const wallet = new DemoWallet(keypair);
    const changes: number[] = [];
    const off = wallet.features["standard:events"].on("change", ({ accounts }) => changes.push(accounts?.length ?? -1));

    expect(wallet.name).toBe("Local demo admin wallet");
    expect(wallet.icon).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(Object.keys(wallet.features).sort()).toEqual([
      "solana:signIn",
      "solana:signMessage",
      "solana:signTransaction",
      "standard:connect",
      "standard:disconnect",
      "standard:events",
    ]);
    expect(wallet.accounts).toHaveLength(0);

    const { accounts } = await wallet.features["standard:connect"].connect();
    expect(accounts).toHaveLength(1);
    expect(accounts[0].address).toBe(keypair.publicKey);
    expect(accounts[0].features).toEqual(["solana:signMessage", "solana:signTransaction", "solana:signIn"]);
    expect(accounts[0].chains).not.toContain("solana:mainnet");

    const message = new TextEncoder().encode("Sign in to Marketplace Admin — nonce 1234abcd");
    const [output] = await wallet.features["solana:signMessage"].signMessage({ account: accounts[0], message });
    expect(output.signature).toHaveLength(64);
    expect(Array.from(output.signedMessage)).toEqual(Array.from(message));
    expect(ed25519Verify(signer.publicKey.toBytes(), message, output.signature)).toBe(true);
    expect(ed25519Verify(signer.publicKey.toBytes(), new TextEncoder().encode("other"), output.signature)).toBe(false);

    await wallet.features["standard:disconnect"].disconnect();
    expect(wallet.accounts).toHaveLength(0);
    expect(changes).toEqual([1, 0]);
    off();
  });

  it("signs in in one step: connects, writes the SIWS text from the input with its address, signs it", async () => {
    const { keypair, signer } = demoKeypair();
    const wallet = new DemoWallet(keypair);
    const input = {
      domain: "localhost:5173",
      statement: "Sign in.",
      uri: "http://localhost:5173",
      version: "1",
      chainId: "devnet",
      nonce: "0123456789abcdef",
      issuedAt: "2026-01-01T00:00:00.000Z",
      expirationTime: "2026-01-01T00:05:00.000Z",
    };

    const [output] = await wallet.features["solana:signIn"].signIn(input);

    expect(wallet.accounts.map((account) => account.address)).toEqual([keypair.publicKey]);
    expect(output.account.address).toBe(keypair.publicKey);
    expect(new TextDecoder().decode(output.signedMessage)).toBe(
      [
        "localhost:5173 wants you to sign in with your Solana account:",
        keypair.publicKey,
        "",
        "Sign in.",
        "",
        "URI: http://localhost:5173",
        "Version: 1",
        "Chain ID: devnet",
        "Nonce: 0123456789abcdef",
        "Issued At: 2026-01-01T00:00:00.000Z",
        "Expiration Time: 2026-01-01T00:05:00.000Z",
      ].join("\n"),
    );
    expect(ed25519Verify(signer.publicKey.toBytes(), output.signedMessage, output.signature)).toBe(true);
  });

  it("refuses to sign while disconnected or for another account", async () => {
    const { keypair } = demoKeypair();
    const wallet = new DemoWallet(keypair);
    const { accounts } = await wallet.features["standard:connect"].connect();
    const account = accounts[0];
    await wallet.features["standard:disconnect"].disconnect();
    await expect(wallet.features["solana:signMessage"].signMessage({ account, message: new Uint8Array([1]) })).rejects.toThrow(
      /not connected/,
    );

    await wallet.features["standard:connect"].connect();
    const stranger = { ...account, address: Keypair.generate().publicKey.toBase58() };
    await expect(wallet.features["solana:signMessage"].signMessage({ account: stranger, message: new Uint8Array([1]) })).rejects.toThrow(
      /Unknown demo wallet account/,
    );
  });

  it("signs a legacy transaction in its own signer slot", async () => {
    const { keypair, signer } = demoKeypair();
    const payer = Keypair.generate();
    const wallet = new DemoWallet(keypair);
    const [account] = (await wallet.features["standard:connect"].connect()).accounts;

    // The demo wallet is the second signer: its signature must land in slot 1, slot 0 untouched.
    const tx = new Transaction({ feePayer: payer.publicKey, recentBlockhash: Keypair.generate().publicKey.toBase58() });
    tx.add(transfer(signer.publicKey, payer.publicKey));
    const serialized = tx.serialize({ requireAllSignatures: false, verifySignatures: false });

    const [{ signedTransaction }] = await wallet.features["solana:signTransaction"].signTransaction({
      account,
      transaction: new Uint8Array(serialized),
    });
    const signed = Transaction.from(signedTransaction);
    expect(signed.signatures.map((s) => s.publicKey.toBase58())).toEqual([payer.publicKey.toBase58(), signer.publicKey.toBase58()]);
    expect(signed.signatures[0].signature).toBeNull();
    expect(signed.verifySignatures(false)).toBe(true);
    expect(ed25519Verify(signer.publicKey.toBytes(), signed.serializeMessage(), signed.signatures[1].signature!)).toBe(true);
  });

  it("signs a v0 transaction", async () => {
    const { keypair, signer } = demoKeypair();
    const wallet = new DemoWallet(keypair);
    const [account] = (await wallet.features["standard:connect"].connect()).accounts;
    const message = new TransactionMessage({
      payerKey: signer.publicKey,
      recentBlockhash: Keypair.generate().publicKey.toBase58(),
      instructions: [transfer(signer.publicKey, PublicKey.default)],
    }).compileToV0Message();
    const unsigned = new VersionedTransaction(message);

    const [{ signedTransaction }] = await wallet.features["solana:signTransaction"].signTransaction({
      account,
      transaction: unsigned.serialize(),
    });
    const signed = VersionedTransaction.deserialize(signedTransaction);
    expect(signed.version).toBe(0);
    expect(ed25519Verify(signer.publicKey.toBytes(), signed.message.serialize(), signed.signatures[0])).toBe(true);
  });

  it("rejects clearly what it cannot sign", async () => {
    const { keypair } = demoKeypair();
    const other = Keypair.generate();
    const wallet = new DemoWallet(keypair);
    const [account] = (await wallet.features["standard:connect"].connect()).accounts;
    const tx = new Transaction({ feePayer: other.publicKey, recentBlockhash: other.publicKey.toBase58() });
    tx.add(transfer(other.publicKey, PublicKey.default));
    const sign = (transaction: Uint8Array) => wallet.features["solana:signTransaction"].signTransaction({ account, transaction });

    await expect(sign(new Uint8Array(tx.serialize({ requireAllSignatures: false })))).rejects.toThrow(
      "The demo wallet is not a signer of this transaction.",
    );
    await expect(sign(new Uint8Array([1, 2, 3]))).rejects.toThrow(DEMO_TX_UNSUPPORTED);
    expect(DEMO_TX_UNSUPPORTED).toMatch(/not supported by the demo wallet/);
  });

  it("is named after the server's label, or 'Local Demo Wallet' without one", () => {
    const { keypair } = demoKeypair();
    expect(new DemoWallet({ ...keypair, label: undefined }).name).toBe(DEMO_WALLET_NAME);
    expect(DEMO_WALLET_NAME).toBe("Local Demo Wallet");
    expect(new DemoWallet({ ...keypair, label: "   " }).name).toBe("Local Demo Wallet");
    expect(new DemoWallet({ ...keypair, label: " Demo\n admin " }).name).toBe("Demo admin");
    expect(new DemoWallet({ ...keypair, label: "x".repeat(80) }).name).toHaveLength(40);
  });

  it("refuses an inconsistent keypair", () => {
    const { keypair } = demoKeypair();
    const other = demoKeypair().keypair;
    expect(() => parseDemoKeypair({ ...keypair, publicKey: other.publicKey })).toThrow();
    expect(() => parseDemoKeypair({ ...keypair, secretKey: bs58.encode(new Uint8Array(32)) })).toThrow();
    expect(() => parseDemoKeypair({})).toThrow();
    expect(parseDemoKeypair(keypair).publicKey).toHaveLength(32);
  });
});

describe("loadDemoWallet", () => {
  it("registers the demo wallet on a 200 from GET /demo/wallet", async () => {
    const { keypair, signer } = demoKeypair();
    mock.get("/demo/wallet", [200, { data: keypair }]);

    const name = await loadDemoWallet();

    expect(mock.requests("GET").map((r) => r.path)).toEqual(["/demo/wallet"]);
    expect(registered).toHaveLength(1);
    expect(name).toBe(registered[0].name);
    const wallet = registered[0] as DemoWallet;
    expect(wallet.name).toBe("Local demo admin wallet");
    const [account] = (await wallet.features["standard:connect"].connect()).accounts;
    const message = new TextEncoder().encode("hello");
    const [{ signature }] = await wallet.features["solana:signMessage"].signMessage({ account, message });
    expect(ed25519Verify(signer.publicKey.toBytes(), message, signature)).toBe(true);
  });

  it.each([
    ["404", (m: FakeApi) => m.get("/demo/wallet", [404, { message: "Not Found" }])],
    ["network error", (m: FakeApi) => m.get("/demo/wallet", "network-error")],
    ["a bad keypair", (m: FakeApi) => m.get("/demo/wallet", [200, { data: { publicKey: "x", secretKey: "y" } }])],
  ])("adds nothing, quietly, on %s", async (_case, arrange) => {
    arrange(mock);
    const error = vi.spyOn(console, "error");
    const warn = vi.spyOn(console, "warn");

    expect(await loadDemoWallet()).toBeNull();

    expect(registered).toHaveLength(0);
    expect(error).not.toHaveBeenCalled();
    expect(warn).not.toHaveBeenCalled();
  });
});
