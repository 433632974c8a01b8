// The wallet adapter's chunk (@/providers/wallet-engine) held back until the test lets it arrive, for
// what the console does before the adapter has loaded. Vitest hoists vi.mock within its own file, so
// each test file keeps the mock that waits, on `arrived` here:
//   vi.mock("@/providers/wallet-engine", async (importOriginal) => { await adapter.arrived; return importOriginal(); });
import { compileChunks } from "../../support/compile-first";
import { makeWalletKey } from "../../support/ed25519";
import type { FakeApi } from "../../support/fake-api";

export interface HeldAdapter {
  /** Settles when `release` is called: the mocked module's import waits for it. */
  arrived: Promise<void>;
  release(): void;
}

export function holdBackAdapter(): HeldAdapter {
  let release: () => void = () => undefined;
  const arrived = new Promise<void>((resolve) => (release = resolve));
  // The adapter's own module is held back; what it imports is loaded before the clock starts.
  compileChunks(
    () => import("@solana/wallet-adapter-react"),
    () => import("@solana/wallet-adapter-react-ui"),
    () => import("@solana/wallet-adapter-solflare"),
  );
  return { arrived, release: () => release() };
}

/** GET /demo/wallet answers a fresh key pair named `label` (once `answerWhen` settles, if given). */
export async function serveDemoWallet(mock: FakeApi, label: string, answerWhen?: Promise<void>): Promise<void> {
  const key = await makeWalletKey();
  const answer = [200, { data: { publicKey: key.address, secretKey: key.secretKey, label } }] as const;
  mock.get("/demo/wallet", answerWhen ? () => answerWhen.then(() => answer) : answer);
}
