// A JSON-RPC endpoint on 127.0.0.1 that answers the handful of Solana RPC methods RpcLedger and
// web3.js use, backed by an in-process LiteSVM. It lets the RPC backend be tested end to end through
// a real web3.js Connection without any public network.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { address, getTransactionDecoder, lamports } from "@solana/kit";
import { FailedTransactionMetadata, LiteSVM, type TransactionMetadata } from "litesvm";
import bs58 from "bs58";
import { Keypair, PublicKey } from "@solana/web3.js";
import { MINT_SIZE, MintLayout, TOKEN_PROGRAM_ID } from "@solana/spl-token";
import { describeLiteSvmError } from "../../server/settlement/ledger.ts";

export interface LoopbackOptions {
  /** getSignatureStatuses answers null this many times per signature before showing it confirmed. */
  confirmAfterPolls?: number;
  /** Accept transactions without ever executing them (a dropped transaction). */
  dropTransactions?: boolean;
  /** Blocks a fresh blockhash stays valid; one block passes per request received. */
  blockhashValidFor?: number;
}

export interface Loopback {
  url: string;
  svm: LiteSVM;
  /** Every method called, in order. */
  calls: string[];
  options: LoopbackOptions;
  /** Lets `blocks` blocks pass at once (a blockhash outlived without sending requests). */
  advanceBlocks(blocks: number): void;
  close(): Promise<void>;
}

/**
 * A 6-decimals SPL mint planted on the loopback's chain, its mint authority `authority` (the RPC
 * backend cannot create one itself: it has no test-mint faucet).
 */
export function plantMint(loop: Loopback, authority: PublicKey, decimals = 6): PublicKey {
  const mint = Keypair.generate().publicKey;
  const data = Buffer.alloc(MINT_SIZE);
  MintLayout.encode(
    { mintAuthorityOption: 1, mintAuthority: authority, supply: 0n, decimals, isInitialized: true, freezeAuthorityOption: 0, freezeAuthority: PublicKey.default },
    data,
  );
  loop.svm.setAccount({ address: address(mint.toBase58()), lamports: lamports(1_461_600n), programAddress: address(TOKEN_PROGRAM_ID.toBase58()), data, executable: false, space: BigInt(MINT_SIZE) });
  return mint;
}

interface Recorded {
  slot: number;
  err: string | null;
  polls: number;
}

class RpcError extends Error {
  constructor(
    readonly code: number,
    message: string,
    readonly data?: unknown,
  ) {
    super(message);
  }
}

export async function startRpcLoopback(options: LoopbackOptions = {}): Promise<Loopback> {
  const svm = new LiteSVM();
  const decoder = getTransactionDecoder();
  const statuses = new Map<string, Recorded>();
  const calls: string[] = [];
  let height = 1000;

  const context = () => ({ context: { slot: height } });
  const record = (sig: string, result: TransactionMetadata | FailedTransactionMetadata) => {
    // A duplicate is refused by the runtime, but the status stays the one of the first execution.
    if (statuses.has(sig)) return;
    const err = result instanceof FailedTransactionMetadata ? describeLiteSvmError(result) : null;
    statuses.set(sig, { slot: height, err, polls: 0 });
  };

  const methods: Record<string, (params: unknown[]) => unknown> = {
    getLatestBlockhash: () => ({ ...context(), value: { blockhash: svm.latestBlockhash(), lastValidBlockHeight: height + (options.blockhashValidFor ?? 150) } }),
    getBlockHeight: () => height,
    getMinimumBalanceForRentExemption: ([space]) => Number(svm.minimumBalanceForRentExemption(BigInt(space as number))),
    getBalance: ([key]) => ({ ...context(), value: Number(svm.getBalance(address(key as string)) ?? 0n) }),
    getAccountInfo: ([key]) => {
      const account = svm.getAccount(address(key as string));
      if (!account.exists) return { ...context(), value: null };
      return {
        ...context(),
        value: {
          data: [Buffer.from(account.data).toString("base64"), "base64"],
          executable: account.executable,
          lamports: Number(account.lamports),
          owner: account.programAddress,
          rentEpoch: 0,
          space: account.data.length,
        },
      };
    },
    requestAirdrop: ([key, amount]) => {
      const result = svm.airdrop(address(key as string), lamports(BigInt(amount as number)));
      if (!result || result instanceof FailedTransactionMetadata) throw new RpcError(-32603, "airdrop failed");
      const sig = bs58.encode(result.signature());
      record(sig, result);
      return sig;
    },
    sendTransaction: ([encoded, config]) => {
      const bytes = Buffer.from(encoded as string, "base64");
      const tx = decoder.decode(bytes);
      const sig = bs58.encode(bytes.subarray(1, 65));
      if (options.dropTransactions) return sig;
      const skipPreflight = (config as { skipPreflight?: boolean } | undefined)?.skipPreflight === true;
      if (!skipPreflight) {
        // Like a real node: a transaction that fails simulation is refused and never broadcast.
        const simulated = svm.simulateTransaction(tx);
        if (simulated instanceof FailedTransactionMetadata) {
          throw new RpcError(-32002, `Transaction simulation failed: ${describeLiteSvmError(simulated)}`, {
            err: describeLiteSvmError(simulated),
            logs: simulated.meta().logs(),
            accounts: null,
            unitsConsumed: 0,
          });
        }
      }
      record(sig, svm.sendTransaction(tx));
      return sig;
    },
    // Like a node: runs the transaction against the current state and keeps nothing.
    simulateTransaction: ([encoded]) => {
      const simulated = svm.simulateTransaction(decoder.decode(Buffer.from(encoded as string, "base64")));
      const failed = simulated instanceof FailedTransactionMetadata;
      return {
        ...context(),
        value: { err: failed ? describeLiteSvmError(simulated) : null, logs: simulated.meta().logs(), accounts: null, unitsConsumed: Number(simulated.meta().computeUnitsConsumed()), returnData: null },
      };
    },
    getSignatureStatuses: ([sigs]) => ({
      ...context(),
      value: (sigs as string[]).map((sig) => {
        const found = statuses.get(sig);
        if (!found) return null;
        found.polls += 1;
        if (found.polls <= (options.confirmAfterPolls ?? 0)) return null;
        return { slot: found.slot, confirmations: null, err: found.err, confirmationStatus: "confirmed", status: found.err ? { Err: found.err } : { Ok: null } };
      }),
    }),
    // Transaction details are not served: the ledger must cope without the logs of a landed failure.
    getTransaction: () => null,
  };

  const server: Server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      height += 1;
      const answer = (request: { id: unknown; method: string; params?: unknown[] }) => {
        calls.push(request.method);
        const handler = methods[request.method];
        try {
          if (!handler) throw new RpcError(-32601, `Method not found: ${request.method}`);
          return { jsonrpc: "2.0", id: request.id, result: handler(request.params ?? []) };
        } catch (error) {
          const rpc = error instanceof RpcError ? error : new RpcError(-32603, String(error));
          return { jsonrpc: "2.0", id: request.id, error: { code: rpc.code, message: rpc.message, data: rpc.data } };
        }
      };
      const body = JSON.parse(Buffer.concat(chunks).toString("utf8"));
      const payload = Array.isArray(body) ? body.map(answer) : answer(body);
      res.writeHead(200, { "content-type": "application/json" });
      res.end(JSON.stringify(payload));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    svm,
    calls,
    options,
    advanceBlocks: (blocks) => void (height += blocks),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
