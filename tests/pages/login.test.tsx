import { StrictMode, useMemo, useState, type ReactNode } from "react";
import { act, render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { Authenticated, Refine, type NotificationProvider } from "@refinedev/core";
import routerProvider from "@refinedev/react-router";
import { WalletContext, type WalletContextState } from "@solana/wallet-adapter-react";
import { WalletModalProvider } from "@solana/wallet-adapter-react-ui";
import { createSignInMessageText } from "@solana/wallet-standard-util";
import { PublicKey, Transaction } from "@solana/web3.js";
import type { Wallet } from "@wallet-standard/base";
import { registerWallet } from "@wallet-standard/wallet";
import bs58 from "bs58";
import { MemoryRouter, Route, Routes } from "react-router";
import { beforeEach, describe, expect, it, vi, type Mock } from "vitest";
import { MEMO_PROGRAM_ID, memoBlockhash } from "@contract";
import { APP_TITLE } from "@/config";
import { LoginPage, SESSION_NOT_KEPT } from "@/pages/login";
import DefaultLoginPage from "@/pages/login";
import { authProvider } from "@/providers/auth-provider";
import { authStore } from "@/providers/auth-store";
import { registerDemoWallet } from "@/providers/demo-wallet";
import { WALLET_STYLE_ID, WalletSetup, withoutRemoteImports } from "@/providers/wallet";
import { compileChunks } from "../support/compile-first";
import { makeWalletKey, type TestWalletKey } from "../support/ed25519";
import { fakeApiForThisFile, type FakeApi } from "../support/fake-api";
import { transactionOnlyWallet } from "../support/transaction-wallet";
import original from "@solana/wallet-adapter-react-ui/styles.css?raw";

type Key = TestWalletKey;

const message = (address: string) =>
  `localhost wants you to sign in with your Solana account:\n${address}\n\nSign in to ${APP_TITLE} — admin\n\nNonce: 0a1b2c3d4e5f6789`;

function mockNonce(mock: FakeApi, key: Key) {
  mock.get("/auth/nonce", [200, { data: { nonce: "0a1b2c3d4e5f6789", message: message(key.address) } }], {
    query: { publicKey: key.address },
  });
}

function verifiedBody(key: Key) {
  return {
    data: {
      isAdmin: true,
      adminWalletAuthorized: true,
      user: { id: "u-1", publicKey: key.address, displayName: "Alice", role: "ADMIN" },
    },
  };
}

async function expectRealSignature(mock: FakeApi, key: Key) {
  const body = mock.requests("POST")[0].body as { message: string; signature: string };
  expect(body.message).toBe(message(key.address));
  expect(await key.verifies(message(key.address), bs58.decode(body.signature))).toBe(true);
}

// ---- a wallet mocked through the adapter's own React context ------------------------------------
interface MockWalletProps {
  address: string;
  signMessage?: (message: Uint8Array) => Promise<Uint8Array>;
  startConnected?: boolean;
  onDisconnect: () => void;
  children: ReactNode;
}

function MockWallet({ address, signMessage, startConnected = false, onDisconnect, children }: MockWalletProps) {
  const [connected, setConnected] = useState(startConnected);
  const value = useMemo<WalletContextState>(
    () => ({
      autoConnect: false,
      wallets: [],
      wallet: null,
      publicKey: connected ? new PublicKey(address) : null,
      connecting: false,
      connected,
      disconnecting: false,
      select: () => undefined,
      connect: async () => setConnected(true),
      disconnect: async () => {
        onDisconnect();
        setConnected(false);
      },
      sendTransaction: async () => {
        throw new Error("not used");
      },
      signTransaction: undefined,
      signAllTransactions: undefined,
      signMessage: connected ? signMessage : undefined,
      signIn: undefined,
    }),
    [address, connected, onDisconnect, signMessage],
  );
  return (
    <WalletContext.Provider value={value}>
      <button type="button" onClick={() => setConnected(true)}>
        test: wallet connects
      </button>
      {children}
    </WalletContext.Provider>
  );
}

function App({ wallet, initialPath }: { wallet: (children: ReactNode) => ReactNode; initialPath: string }) {
  return (
    <MemoryRouter initialEntries={[initialPath]}>
      <Refine
        authProvider={authProvider}
        routerProvider={routerProvider}
        notificationProvider={notifications}
        options={{ disableTelemetry: true }}
      >
        {wallet(
          <Routes>
            <Route path="/login" element={<LoginPage />} />
            <Route
              path="/"
              element={
                <Authenticated key="home" redirectOnFail="/login">
                  <h1>Dashboard home</h1>
                </Authenticated>
              }
            />
            <Route path="/users" element={<h1>Users page</h1>} />
          </Routes>,
        )}
      </Refine>
    </MemoryRouter>
  );
}

let notifications: {
  open: Mock<NonNullable<NotificationProvider["open"]>>;
  close: Mock<NonNullable<NotificationProvider["close"]>>;
};
const mock = fakeApiForThisFile();
let disconnects: Mock<() => void>;
let sessionKept: boolean;

function renderLogin(
  key: Key,
  {
    startConnected = false,
    canSign = true,
    initialPath = "/login",
  }: { startConnected?: boolean; canSign?: boolean; initialPath?: string } = {},
) {
  return render(
    <StrictMode>
      <App
        initialPath={initialPath}
        wallet={(children) => (
          <MockWallet
            address={key.address}
            signMessage={canSign ? key.signMessage : undefined}
            startConnected={startConnected}
            onDisconnect={disconnects}
          >
            <WalletModalProvider>{children}</WalletModalProvider>
          </MockWallet>
        )}
      />
    </StrictMode>,
  );
}

// Refine itself asks `check` (GET /auth/validate) on every route change, so count sign-in calls only.
const nonceRequests = () => mock.requests("GET").filter((r) => r.path === "/auth/nonce");
const walletButton = () => document.querySelector<HTMLButtonElement>(".wallet-adapter-button-trigger")!;
const short = (address: string) => `${address.slice(0, 4)}..${address.slice(-4)}`;

beforeEach(() => {
  authStore.clear();
  // Refine asks `check` on each route change; answer as the server would for the stored session.
  sessionKept = true;
  mock.get("/auth/validate", () => {
    const { user, isAuthenticated } = authStore.get();
    return isAuthenticated && sessionKept ? [200, { data: { valid: true, user } }] : [401, { message: "No session" }];
  });
  disconnects = vi.fn<() => void>();
  notifications = { open: vi.fn(), close: vi.fn() };
});

describe("LoginPage", () => {
  it("is exported both by name and as the default", () => {
    expect(DefaultLoginPage).toBe(LoginPage);
  });

  it("shows the card texts and waits for a wallet before starting a sign-in", async () => {
    const key = await makeWalletKey();
    renderLogin(key);

    expect(screen.getByRole("heading", { level: 1, name: APP_TITLE })).toBeInTheDocument();
    expect(screen.getByText("Connect your authorized Solana wallet to access the admin dashboard")).toBeInTheDocument();
    expect(screen.getByText("Only authorized wallets can access this dashboard.")).toBeInTheDocument();
    expect(screen.getByText("Contact your administrator for access.")).toBeInTheDocument();
    expect(walletButton()).toHaveTextContent("Select Wallet");
    expect(walletButton()).toBeEnabled();
    expect(screen.queryByRole("alert")).not.toBeInTheDocument();
    expect(screen.queryByText("Authenticating...")).not.toBeInTheDocument();
    expect(nonceRequests()).toHaveLength(0);
    // The hardware-wallet option, off: nothing says a transaction will be signed.
    expect(screen.getByRole("checkbox", { name: "Sign with a transaction (hardware wallet)" })).not.toBeChecked();
    expect(screen.queryByText("Your wallet signs a transaction that is never sent.")).not.toBeInTheDocument();
  });

  it("signs in on its own once the wallet connects: spinner, disabled button, then /", async () => {
    const key = await makeWalletKey();
    mockNonce(mock, key);
    let release!: () => void;
    mock.post("/auth/admin/verify", () => new Promise((resolve) => (release = () => resolve([200, verifiedBody(key)]))));
    renderLogin(key);

    await userEvent.click(screen.getByRole("button", { name: "test: wallet connects" }));

    expect(await screen.findByRole("status")).toHaveTextContent("Authenticating...");
    expect(walletButton()).toBeDisabled();
    expect(walletButton()).toHaveTextContent(short(key.address));
    await waitFor(() => expect(mock.requests("POST")).toHaveLength(1));

    await act(async () => release());

    expect(await screen.findByRole("heading", { name: "Dashboard home" })).toBeInTheDocument();
    // StrictMode runs effects twice: still exactly one challenge and one signature.
    expect(nonceRequests()).toHaveLength(1);
    expect(key.signMessage).toHaveBeenCalledTimes(1);
    await expectRealSignature(mock, key);
    expect(authStore.get()).toMatchObject({ isAuthenticated: true, user: { publicKey: key.address, isAdmin: true } });
    expect(disconnects).not.toHaveBeenCalled();
    expect(notifications.open).not.toHaveBeenCalled();
  });

  it("honours a same-site ?to= target after signing in", async () => {
    const key = await makeWalletKey();
    mockNonce(mock, key);
    mock.post("/auth/admin/verify", [200, verifiedBody(key)]);
    renderLogin(key, { startConnected: true, initialPath: "/login?to=%2Fusers" });
    expect(await screen.findByRole("heading", { name: "Users page" })).toBeInTheDocument();
  });

  it.each([
    [403, { message: "not whitelisted" }, "Access denied. Your wallet is not authorized for admin access."],
    [401, { message: "bad signature" }, "Invalid signature or expired nonce. Please try again."],
    [500, { message: "Signature service unavailable" }, "Signature service unavailable"],
  ])("shows the login error text for a %i, disconnects the wallet and raises no notification", async (status, body, text) => {
    const key = await makeWalletKey();
    mockNonce(mock, key);
    mock.post("/auth/admin/verify", [status, body]);
    renderLogin(key, { startConnected: true });

    expect(await screen.findByRole("alert")).toHaveTextContent(text);
    await waitFor(() => expect(disconnects).toHaveBeenCalledTimes(1));
    expect(walletButton()).toBeEnabled();
    expect(walletButton()).toHaveTextContent("Select Wallet");
    expect(screen.queryByText("Authenticating...")).not.toBeInTheDocument();
    expect(notifications.open).not.toHaveBeenCalled();
    expect(authStore.get().isAuthenticated).toBe(false);
    expect(screen.queryByRole("heading", { name: "Dashboard home" })).not.toBeInTheDocument();
  });

  it("refuses a wallet that is not an authorized admin", async () => {
    const key = await makeWalletKey();
    mockNonce(mock, key);
    mock.post("/auth/admin/verify", [
      200,
      {
        data: { ...verifiedBody(key).data, adminWalletAuthorized: false },
      },
    ]);
    renderLogin(key, { startConnected: true });

    expect(await screen.findByRole("alert")).toHaveTextContent(
      "Admin authorization failed. Your wallet must be in the admin whitelist and have admin privileges.",
    );
    await waitFor(() => expect(disconnects).toHaveBeenCalledTimes(1));
  });

  it("shows the wallet's rejection and never asks for verification", async () => {
    const key = await makeWalletKey();
    mockNonce(mock, key);
    key.signMessage.mockRejectedValueOnce(Object.assign(new Error("User rejected the request."), { name: "WalletSignMessageError" }));
    renderLogin(key, { startConnected: true });

    expect(await screen.findByRole("alert")).toHaveTextContent("User rejected the request.");
    await waitFor(() => expect(disconnects).toHaveBeenCalledTimes(1));
    expect(mock.requests("POST")).toHaveLength(0);
  });

  it("says 'Wallet not properly connected' for a wallet that cannot sign messages", async () => {
    const key = await makeWalletKey();
    renderLogin(key, { startConnected: true, canSign: false });

    expect(await screen.findByRole("alert")).toHaveTextContent("Wallet not properly connected");
    await waitFor(() => expect(disconnects).toHaveBeenCalledTimes(1));
    expect(nonceRequests()).toHaveLength(0);
    expect(mock.requests("POST")).toHaveLength(0);
  });

  it("tries again when the wallet reconnects after a failure, and the error can be dismissed", async () => {
    const key = await makeWalletKey();
    mockNonce(mock, key);
    mock.post("/auth/admin/verify", [401, {}], { once: true }).post("/auth/admin/verify", [200, verifiedBody(key)]);
    renderLogin(key, { startConnected: true });

    expect(await screen.findByRole("alert")).toHaveTextContent("Invalid signature or expired nonce. Please try again.");
    await userEvent.click(screen.getByRole("button", { name: "Dismiss error" }));
    expect(screen.queryByRole("alert")).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole("button", { name: "test: wallet connects" }));
    expect(await screen.findByRole("heading", { name: "Dashboard home" })).toBeInTheDocument();
    expect(nonceRequests()).toHaveLength(2);
  });

  it("stops instead of signing again when the session did not survive the sign-in", async () => {
    const key = await makeWalletKey();
    mockNonce(mock, key);
    mock.post("/auth/admin/verify", [200, verifiedBody(key)]);
    sessionKept = false; // e.g. the browser refused the session cookie
    renderLogin(key, { startConnected: true });

    expect(await screen.findByRole("alert")).toHaveTextContent(SESSION_NOT_KEPT);
    await waitFor(() => expect(disconnects).toHaveBeenCalledTimes(1));
    expect(nonceRequests()).toHaveLength(1);
    expect(key.signMessage).toHaveBeenCalledTimes(1);
    expect(authStore.get().isAuthenticated).toBe(false);
  });

  it("sends an already signed-in admin to / at once, without signing", async () => {
    const key = await makeWalletKey();
    authStore.signIn({ publicKey: key.address, role: "ADMIN" }, true);
    renderLogin(key, { startConnected: true });

    expect(await screen.findByRole("heading", { name: "Dashboard home" })).toBeInTheDocument();
    expect(key.signMessage).not.toHaveBeenCalled();
    expect(nonceRequests()).toHaveLength(0);
  });
});

describe("LoginPage with the real wallet adapter (WalletSetup)", () => {
  // WalletSetup loads the demo wallet's module only when the API offers one.
  compileChunks(
    () => import("@/providers/demo-wallet"),
    () => import("@/providers/wallet-engine"),
    () => import("@/providers/memo-transaction"),
  );

  /** The verify body's transaction: its only instruction a memo of the text, paid and signed by the key, its blockhash the text's. */
  async function expectMemoSigned(key: Key, text: string, body: { signature: string; signedTransaction?: string }) {
    expect(body.signedTransaction).toEqual(expect.any(String));
    const transaction = Transaction.from(Uint8Array.from(atob(body.signedTransaction!), (char) => char.charCodeAt(0)));
    expect(transaction.feePayer?.toBase58()).toBe(key.address);
    expect(transaction.recentBlockhash).toBe(memoBlockhash(text));
    expect(transaction.instructions).toHaveLength(1);
    expect(transaction.instructions[0].programId.toBase58()).toBe(MEMO_PROGRAM_ID);
    expect(transaction.instructions[0].keys).toEqual([]);
    expect(new TextDecoder().decode(transaction.instructions[0].data)).toBe(text);
    expect(bs58.encode(transaction.signature!)).toBe(body.signature);
    expect(await key.verifies(transaction.serializeMessage(), transaction.signature!)).toBe(true);
  }

  function renderWithWalletSetup() {
    return render(
      <StrictMode>
        <App initialPath="/login" wallet={(children) => <WalletSetup>{children}</WalletSetup>} />
      </StrictMode>,
    );
  }

  async function pickWallet(name: string) {
    await userEvent.click(walletButton());
    const dialog = await screen.findByRole("dialog");
    expect(within(dialog).getByRole("heading", { name: "Connect a wallet on Solana to continue" })).toBeInTheDocument();
    const entry = await within(dialog).findByRole("button", { name: new RegExp(`^${name}`) });
    expect(entry).toHaveTextContent("Detected");
    await userEvent.click(entry);
    await waitFor(() => expect(walletButton()).toHaveTextContent(/^Connect$/));
    await userEvent.click(walletButton());
  }

  it("loads the wallet modal styles without the third-party font request", () => {
    expect(document.getElementById(WALLET_STYLE_ID)?.tagName).toBe("STYLE");
    expect(original).toContain("fonts.googleapis.com");
    const css = withoutRemoteImports(original);
    expect(css).toContain(".wallet-adapter-modal");
    expect(css).not.toContain("@import");
    expect(css).not.toContain("fonts.googleapis.com");
  });

  it("signs in end to end with the demo wallet from GET /demo/wallet, in two steps from a server without the one-step call (404)", async () => {
    const key = await makeWalletKey();
    mock.get("/demo/wallet", [
      200,
      {
        data: { publicKey: key.address, secretKey: key.secretKey, label: "Local demo admin wallet" },
      },
    ]);
    mockNonce(mock, key);
    mock.post("/auth/admin/verify", [200, verifiedBody(key)]);
    renderWithWalletSetup();

    await pickWallet("Local demo admin wallet");

    expect(await screen.findByRole("heading", { name: "Dashboard home" })).toBeInTheDocument();
    await expectRealSignature(mock, key);
    expect(mock.requests("GET").filter((r) => r.path === "/auth/sign-in-input")).toHaveLength(1);
    expect(window.localStorage.getItem("walletName")).toBe(JSON.stringify("Local demo admin wallet"));
  });

  it("connects and signs in in one step with a wallet that offers solana:signIn, on the server's input", async () => {
    const key = await makeWalletKey();
    mock.get("/demo/wallet", [404, { message: "Not Found" }]);
    registerDemoWallet({ publicKey: key.address, secretKey: key.secretKey, label: "One-step test wallet" });
    const input = {
      domain: "localhost",
      statement: "Sign in.",
      uri: "http://localhost",
      version: "1",
      chainId: "devnet",
      nonce: "0a1b2c3d4e5f6789",
      issuedAt: "2026-01-01T00:00:00.000Z",
      expirationTime: "2026-01-01T00:05:00.000Z",
    };
    mock.get("/auth/sign-in-input", [200, { data: input }]);
    mock.post("/auth/admin/verify", [200, verifiedBody(key)]);
    renderWithWalletSetup();

    await pickWallet("One-step test wallet");

    expect(await screen.findByRole("heading", { name: "Dashboard home" })).toBeInTheDocument();
    expect(nonceRequests()).toHaveLength(0);
    const posted = mock.requests("POST");
    expect(posted).toHaveLength(1);
    const body = posted[0].body as { publicKey: string; nonce: string; message: string; signature: string };
    const text = createSignInMessageText({ ...input, address: key.address });
    expect(body).toMatchObject({ publicKey: key.address, nonce: input.nonce, message: text });
    expect(await key.verifies(text, bs58.decode(body.signature))).toBe(true);
  });

  it("signs in with a wallet that signs only transactions: the text as the memo of a transaction never sent, and says so", async () => {
    const key = await makeWalletKey();
    mock.get("/demo/wallet", [404, { message: "Not Found" }]);
    const wallet = transactionOnlyWallet("Ledger Test Wallet", key);
    registerWallet(wallet);
    mockNonce(mock, key);
    let release!: () => void;
    mock.post("/auth/admin/verify", () => new Promise((resolve) => (release = () => resolve([200, verifiedBody(key)]))));
    renderWithWalletSetup();
    expect(screen.getByRole("checkbox", { name: "Sign with a transaction (hardware wallet)" })).not.toBeChecked();

    await pickWallet("Ledger Test Wallet");

    // The wallet cannot sign messages: the transaction is the way, and the page says what is signed.
    expect(await screen.findByText("Your wallet signs a transaction that is never sent.")).toBeInTheDocument();
    await waitFor(() => expect(mock.requests("POST")).toHaveLength(1));
    await act(async () => release());
    expect(await screen.findByRole("heading", { name: "Dashboard home" })).toBeInTheDocument();
    expect(wallet.signed).toHaveLength(1);
    const body = mock.requests("POST")[0].body as {
      publicKey: string;
      nonce: string;
      message: string;
      signature: string;
      signedTransaction?: string;
    };
    expect(body).toMatchObject({ publicKey: key.address, nonce: "0a1b2c3d4e5f6789", message: message(key.address) });
    await expectMemoSigned(key, message(key.address), body);
  });

  it("signs with a transaction when the admin chooses it, even with a wallet that signs messages, and remembers the choice", async () => {
    const key = await makeWalletKey();
    mock.get("/demo/wallet", [404, { message: "Not Found" }]);
    // A wallet that signs messages, transactions and offers Sign In With Solana.
    registerDemoWallet({ publicKey: key.address, secretKey: key.secretKey, label: "Every-way test wallet" });
    mock.get("/auth/sign-in-input", [200, { data: {} }]);
    mockNonce(mock, key);
    mock.post("/auth/admin/verify", [200, verifiedBody(key)]);
    renderWithWalletSetup();

    await userEvent.click(screen.getByRole("checkbox", { name: "Sign with a transaction (hardware wallet)" }));
    expect(screen.getByRole("checkbox", { name: "Sign with a transaction (hardware wallet)" })).toHaveAccessibleDescription(
      "Your wallet signs a transaction that is never sent.",
    );
    expect(window.localStorage.getItem("signWithTransaction")).toBe("1");
    await pickWallet("Every-way test wallet");

    expect(await screen.findByRole("heading", { name: "Dashboard home" })).toBeInTheDocument();
    const body = mock.requests("POST")[0].body as { signature: string; signedTransaction?: string };
    await expectMemoSigned(key, message(key.address), body);
    // Not the one-step Sign In With Solana either: that signs a message.
    expect(mock.requests("GET").filter((r) => r.path === "/auth/sign-in-input")).toHaveLength(0);
  });

  it("shows a wallet's own connection error in the alert", async () => {
    mock.get("/demo/wallet", [404, { message: "Not Found" }]);
    const broken: Wallet = {
      version: "1.0.0",
      name: "Broken Test Wallet",
      icon: "data:image/svg+xml;base64,PHN2Zy8+",
      chains: ["solana:devnet"],
      accounts: [],
      features: {
        "standard:connect": {
          version: "1.0.0",
          connect: async () => {
            throw new Error("Connection refused by the test wallet");
          },
        },
        "standard:events": { version: "1.0.0", on: () => () => undefined },
        "solana:signTransaction": {
          version: "1.0.0",
          supportedTransactionVersions: ["legacy"],
          signTransaction: async () => [],
        },
      },
    };
    registerWallet(broken);
    renderWithWalletSetup();

    await pickWallet("Broken Test Wallet");

    expect(await screen.findByRole("alert")).toHaveTextContent("Connection refused by the test wallet");
    expect(nonceRequests()).toHaveLength(0);
  });
});
