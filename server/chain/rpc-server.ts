// A Solana JSON-RPC node over LiteSVM, for development and tests only. `npm run chain`
// (scripts/chain.ts) runs it as the chain several server instances share, kept in a folder, with
// airdrops; the tests run it in memory as their RPC cluster, with knobs that imitate a slow or lossy
// node. It answers the methods the server's RpcLedger, web3.js's Connection and the start's escrow
// funding use (getRecentPrioritizationFees with fees set by its options, getTransaction from the
// transactions it executed), signatureSubscribe over WebSocket (what Connection.confirmTransaction waits for), and
// one method of its own, litesvm_setAccount (test mints at a fixed address, as the in-process chain
// makes them).
//
// A transaction executes when it arrives: there are no real blocks, no fee market (the recent
// priority fees are whatever the options say), no forks, and everything is final at once; a
// signature it has seen is never executed again, as a node's status cache refuses duplicates. The block height moves with time (a 400 ms slot, as on Solana) and
// with each request. Each getLatestBlockhash hands out a new blockhash, valid for
// `blockhashValidFor` blocks: the node judges lifetimes itself (LiteSVM only knows its latest
// blockhash), so a transaction past its blockhash's last valid height is refused, never executed.
import { randomBytes } from "node:crypto";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { join } from "node:path";
import type { Duplex } from "node:stream";
import {
  getCompiledTransactionMessageDecoder,
  getTransactionDecoder,
  signature as toSignature,
  type Address,
  type Transaction,
} from "@solana/kit";
import { PublicKey } from "@solana/web3.js";
import bs58 from "bs58";
import { FailedTransactionMetadata, type LiteSVM } from "litesvm";
import { WebSocketServer, type RawData, type WebSocket } from "ws";
import { describeLiteSvmError, LiteSvmLedger, SET_ACCOUNT_METHOD, type Outcome } from "../settlement/ledger.ts";
import { feeOf, staticAccounts, TransactionHistory } from "./transactions.ts";

export interface ChainRpcOptions {
  /** Interface to listen on (default 127.0.0.1). */
  host?: string;
  /** Port of the JSON-RPC endpoint; 0 (default) = any free one. */
  port?: number;
  /**
   * Also serve subscriptions on port + 1, where web3.js's Connection looks for them (as
   * solana-test-validator does). They are served on the JSON-RPC port itself in any case.
   */
  pubsubOnNextPort?: boolean;
  /** Folder the chain is kept in (checkpoint + journal, see settlement/journal.ts); none = memory only. */
  stateDir?: string;
  /** getSignatureStatuses answers null this many times per signature before showing it (tests). */
  confirmAfterPolls?: number;
  /** Accept transactions without ever executing them: dropped on the way (tests). */
  dropTransactions?: boolean;
  /** Accept and drop the next this many broadcasts (sendTransaction calls), then execute again; counts down (tests). */
  dropBroadcasts?: number;
  /**
   * What getRecentPrioritizationFees reports (micro-lamports per compute unit, one per recent slot),
   * or a function of the writable accounts asked about. Default none: no fee market.
   */
  prioritizationFees?: readonly number[] | ((accounts: string[]) => readonly number[]);
  /** Blocks a blockhash stays valid for (default 150, as on Solana). */
  blockhashValidFor?: number;
}

export interface ChainRpc {
  /** The JSON-RPC endpoint, e.g. http://127.0.0.1:8899. */
  url: string;
  /** Where subscriptions are served: port + 1 with pubsubOnNextPort, else the JSON-RPC port. */
  wsUrl: string;
  /** This chain's identity: kept with its folder, new for each chain in memory. */
  genesisHash: string;
  ledger: LiteSvmLedger;
  /** The ledger's LiteSVM (read it here each time: the ledger may replace it). Changes made on it directly are not kept. */
  readonly svm: LiteSVM;
  /** Every method called, in order (the oldest are dropped past 100 000). */
  calls: string[];
  /** The signature of every transaction broadcast (sendTransaction), dropped ones included, in order. */
  broadcasts: string[];
  /** The knobs, read at each request: tests change them on the fly. */
  options: ChainRpcOptions;
  /** Lets `blocks` blocks pass at once (a blockhash outlived without sending requests). */
  advanceBlocks(blocks: number): void;
  /** Stops listening, then writes the chain's final checkpoint (with a folder). */
  close(): Promise<void>;
}

/** Kept next to the chain's checkpoint and journal. */
export const GENESIS_FILE = "genesis-hash";
const SLOT_MS = 400;
const CLOCK_EPOCH_MS = Date.UTC(2024, 0, 1);
const DEFAULT_BLOCKHASH_VALID_FOR = 150;
const LAMPORTS_PER_SIGNATURE = 5_000;
const SLOTS_PER_EPOCH = 432_000;
const MAX_BODY_BYTES = 16 * 1024 * 1024;
const MAX_CALLS_KEPT = 100_000;
/**
 * How long an idle keep-alive connection stays open: Fastify's default (the API server's), well past
 * the few seconds a fetch client (undici) keeps one. At Node's default, 5 s, the chain could drop a
 * connection just as a client sent its next call on it (the client then fails with ECONNRESET): undici
 * times its connections with a coarse timer, which a loaded machine makes later still.
 */
const KEEP_ALIVE_TIMEOUT_MS = 72_000;

class RpcError extends Error {
  constructor(
    readonly code: number,
    message: string,
    readonly data?: unknown,
  ) {
    super(message);
  }
}

const invalidParams = (message: string) => new RpcError(-32602, `Invalid params: ${message}`);

function publicKeyParam(value: unknown, name = "address"): PublicKey {
  if (typeof value !== "string") throw invalidParams(`${name} must be a base58 string`);
  try {
    return new PublicKey(value);
  } catch {
    throw invalidParams(`${name} ${value} is not a public key`);
  }
}

function integerParam(value: unknown, name: string, min: number): number {
  if (typeof value !== "number" || !Number.isSafeInteger(value) || value < min)
    throw invalidParams(`${name} must be an integer of at least ${min}`);
  return value;
}

function decodeBytes(value: unknown, encoding: unknown, what: string): Uint8Array {
  if (typeof value !== "string") throw invalidParams(`${what} must be a string`);
  if (encoding === "base64") return Buffer.from(value, "base64");
  if (encoding === undefined || encoding === "base58") {
    try {
      return bs58.decode(value);
    } catch {
      throw invalidParams(`${what} is not base58`);
    }
  }
  throw invalidParams(`unsupported encoding ${String(encoding)}`);
}

/** An account as getAccountInfo shows it (base64 data, whatever encoding was asked for). */
function accountValue(svm: LiteSVM, key: string) {
  const account = svm.getAccount(key as Address);
  if (!account.exists) return null;
  return {
    data: [Buffer.from(account.data).toString("base64"), "base64"],
    executable: account.executable,
    lamports: Number(account.lamports),
    owner: account.programAddress,
    rentEpoch: 0,
    space: account.data.length,
  };
}

function genesisHashOf(stateDir: string | undefined): string {
  if (!stateDir) return bs58.encode(randomBytes(32));
  const file = join(stateDir, GENESIS_FILE);
  if (existsSync(file)) return readFileSync(file, "utf8").trim();
  const hash = bs58.encode(randomBytes(32));
  writeFileSync(file, `${hash}\n`);
  return hash;
}

interface Landed {
  slot: number;
  err: string | null;
  polls: number;
}

interface Subscription {
  socket: WebSocket;
  signature: string;
}

export async function startChainRpc(options: ChainRpcOptions = {}): Promise<ChainRpc> {
  // LiteSVM's own blockhash check is off: lifetimes are judged here, across blocks (blockhashValid).
  const ledger = LiteSvmLedger.open({ stateDir: options.stateDir, blockhashCheck: false });
  const genesisHash = genesisHashOf(options.stateDir);
  const decoder = getTransactionDecoder();
  const messageDecoder = getCompiledTransactionMessageDecoder();
  const statuses = new Map<string, Landed>();
  const calls: string[] = [];
  const broadcasts: string[] = [];
  const history = new TransactionHistory();
  /** Blockhashes handed out: the block height when first, and the last one at which it is valid. */
  const issued = new Map<string, { at: number; lastValid: number }>();
  let extraBlocks = 0;

  const height = () => Math.floor((Date.now() - CLOCK_EPOCH_MS) / SLOT_MS) + extraBlocks;
  const context = () => ({ context: { slot: height() } });

  // --- Subscriptions (WebSocket): signatureSubscribe, answered once the signature has landed.
  const subscriptions = new Map<number, Subscription>();
  let nextSubscription = 1;
  const notify = (id: number, { socket }: Subscription, landed: Landed) => {
    subscriptions.delete(id);
    if (socket.readyState !== socket.OPEN) return;
    const result = { context: { slot: landed.slot }, value: { err: landed.err } };
    socket.send(JSON.stringify({ jsonrpc: "2.0", method: "signatureNotification", params: { result, subscription: id } }));
  };
  const landedNow = (signature: string, landed: Landed) => {
    for (const [id, subscription] of subscriptions) if (subscription.signature === signature) notify(id, subscription, landed);
  };

  const record = (signature: string, result: Outcome | null) => {
    // A duplicate is refused by the runtime, but the status stays the one of the first execution.
    if (statuses.has(signature)) return;
    const err = result instanceof FailedTransactionMetadata ? describeLiteSvmError(result) : null;
    const landed = { slot: height(), err, polls: 0 };
    statuses.set(signature, landed);
    landedNow(signature, landed);
  };

  /** A signature this process did not see land (before a restart, or sent to the LiteSVM directly). */
  const fromHistory = (signature: string): Landed | undefined => {
    let found: ReturnType<LiteSVM["getTransaction"]>;
    try {
      found = ledger.svm.getTransaction(toSignature(signature));
    } catch {
      return undefined;
    }
    if (!found) return undefined;
    const landed = {
      slot: height(),
      err: found instanceof FailedTransactionMetadata ? describeLiteSvmError(found) : null,
      polls: Infinity,
    };
    statuses.set(signature, landed);
    return landed;
  };

  /** Executes a transaction and keeps what getTransaction shows of it. */
  const executeRecorded = async (signature: string, bytes: Uint8Array, tx: Transaction): Promise<Outcome> => {
    const keys = staticAccounts(tx);
    const balances = () => keys.map((key) => Number(ledger.svm.getBalance(key as Address) ?? 0n));
    const preBalances = balances();
    const result = await ledger.execute(bytes);
    const failed = result instanceof FailedTransactionMetadata;
    const meta = failed ? result.meta() : result;
    history.add(signature, {
      bytes,
      slot: height(),
      err: failed ? describeLiteSvmError(result) : null,
      logs: meta.logs(),
      unitsConsumed: Number(meta.computeUnitsConsumed()),
      fee: feeOf(tx, LAMPORTS_PER_SIGNATURE),
      preBalances,
      postBalances: balances(),
    });
    return result;
  };

  const blockhashValidFor = () => options.blockhashValidFor ?? DEFAULT_BLOCKHASH_VALID_FOR;

  /** A new blockhash once a block has passed since the current one was handed out, as a cluster makes one per slot. */
  const latestBlockhash = () => {
    const now = height();
    if ((issued.get(ledger.svm.latestBlockhash())?.at ?? now) < now) ledger.svm.expireBlockhash();
    for (const [hash, { lastValid }] of issued) if (lastValid < now) issued.delete(hash);
    const blockhash = ledger.svm.latestBlockhash();
    let lifetime = issued.get(blockhash);
    if (!lifetime) issued.set(blockhash, (lifetime = { at: now, lastValid: now + blockhashValidFor() }));
    return { blockhash, lastValidBlockHeight: lifetime.lastValid };
  };

  /** Whether a blockhash is one handed out and still valid (or LiteSVM's latest, not handed out yet). */
  const blockhashValid = (hash: string) => {
    const lifetime = issued.get(hash);
    return lifetime ? height() <= lifetime.lastValid : hash === ledger.svm.latestBlockhash();
  };
  const lifetimeValid = (tx: Transaction) => blockhashValid(messageDecoder.decode(tx.messageBytes).lifetimeToken);

  const decodeTransaction = (encoded: unknown, config: unknown) => {
    const bytes = decodeBytes(encoded, (config as { encoding?: unknown } | undefined)?.encoding, "the transaction");
    let tx: Transaction;
    try {
      tx = decoder.decode(bytes);
      messageDecoder.decode(tx.messageBytes);
    } catch (error) {
      throw invalidParams(`failed to deserialize the transaction: ${error instanceof Error ? error.message : String(error)}`);
    }
    return { bytes, tx, signature: bs58.encode(bytes.subarray(1, 65)) };
  };

  const simulation = (tx: Transaction, checkLifetime: boolean) => {
    if (checkLifetime && !lifetimeValid(tx)) return { err: "BlockhashNotFound", logs: [] as string[], unitsConsumed: 0 };
    const simulated = ledger.svm.simulateTransaction(tx);
    const failed = simulated instanceof FailedTransactionMetadata;
    return {
      err: failed ? describeLiteSvmError(simulated) : null,
      logs: simulated.meta().logs(),
      unitsConsumed: Number(simulated.meta().computeUnitsConsumed()),
    };
  };

  const methods: Record<string, (params: unknown[]) => unknown> = {
    getHealth: () => "ok",
    getVersion: () => ({ "solana-core": "litesvm-dev-chain", "feature-set": 0 }),
    getGenesisHash: () => genesisHash,
    getSlot: () => height(),
    getBlockHeight: () => height(),
    getEpochInfo: () => {
      const slot = height();
      return {
        absoluteSlot: slot,
        blockHeight: slot,
        epoch: Math.floor(slot / SLOTS_PER_EPOCH),
        slotIndex: slot % SLOTS_PER_EPOCH,
        slotsInEpoch: SLOTS_PER_EPOCH,
      };
    },
    getLatestBlockhash: () => ({ ...context(), value: latestBlockhash() }),
    isBlockhashValid: ([hash]) => {
      if (typeof hash !== "string") throw invalidParams("the blockhash must be a string");
      return { ...context(), value: blockhashValid(hash) };
    },
    getFeeForMessage: ([message]) => {
      const bytes = decodeBytes(message, "base64", "the message");
      // A versioned message starts with 0x80 | version; its header follows.
      const signers = bytes[0] & 0x80 ? bytes[1] : bytes[0];
      return { ...context(), value: signers === undefined ? null : signers * LAMPORTS_PER_SIGNATURE };
    },
    getMinimumBalanceForRentExemption: ([space]) =>
      Number(ledger.svm.minimumBalanceForRentExemption(BigInt(integerParam(space, "space", 0)))),
    getBalance: ([key]) => ({ ...context(), value: Number(ledger.svm.getBalance(publicKeyParam(key).toBase58() as Address) ?? 0n) }),
    getAccountInfo: ([key]) => ({ ...context(), value: accountValue(ledger.svm, publicKeyParam(key).toBase58()) }),
    getMultipleAccounts: ([keys]) => {
      if (!Array.isArray(keys)) throw invalidParams("the addresses must be an array");
      return { ...context(), value: keys.map((key) => accountValue(ledger.svm, publicKeyParam(key).toBase58())) };
    },
    requestAirdrop: async ([key, amount]) => {
      const to = publicKeyParam(key);
      const lamports = integerParam(amount, "lamports", 1);
      let signature: string;
      try {
        signature = await ledger.airdrop(to, BigInt(lamports));
      } catch (error) {
        throw new RpcError(-32603, `Airdrop failed: ${error instanceof Error ? error.message : String(error)}`);
      }
      record(signature, null);
      return signature;
    },
    sendTransaction: async ([encoded, config]) => {
      const { bytes, tx, signature } = decodeTransaction(encoded, config);
      broadcasts.push(signature);
      if (broadcasts.length > MAX_CALLS_KEPT) broadcasts.splice(0, broadcasts.length - MAX_CALLS_KEPT / 2);
      if (options.dropTransactions) return signature;
      if ((options.dropBroadcasts ?? 0) > 0) {
        options.dropBroadcasts = (options.dropBroadcasts ?? 0) - 1;
        return signature;
      }
      // A re-broadcast of one already executed: LiteSVM's own duplicate check covers only its last few transactions.
      if (statuses.has(signature) || fromHistory(signature)) return signature;
      const skipPreflight = (config as { skipPreflight?: boolean } | undefined)?.skipPreflight === true;
      if (!skipPreflight) {
        // Like a node: a transaction that fails simulation is refused and never broadcast.
        const simulated = simulation(tx, true);
        if (simulated.err) {
          throw new RpcError(-32002, `Transaction simulation failed: ${simulated.err}`, {
            err: simulated.err,
            logs: simulated.logs,
            accounts: null,
            unitsConsumed: simulated.unitsConsumed,
          });
        }
      } else if (!lifetimeValid(tx)) {
        return signature; // expired on the way: it never lands
      }
      record(signature, await executeRecorded(signature, bytes, tx));
      return signature;
    },
    getRecentPrioritizationFees: ([accounts]) => {
      if (accounts !== undefined && (!Array.isArray(accounts) || accounts.length > 128))
        throw invalidParams("the accounts must be an array of at most 128 addresses");
      const keys = ((accounts ?? []) as unknown[]).map((key) => publicKeyParam(key).toBase58());
      const set = options.prioritizationFees ?? [];
      const fees = typeof set === "function" ? set(keys) : set;
      const now = height();
      return fees.map((prioritizationFee, i) => ({ slot: now - fees.length + i, prioritizationFee }));
    },
    // Like a node: runs the transaction against the current state and keeps nothing.
    simulateTransaction: ([encoded, config]) => {
      const { tx } = decodeTransaction(encoded, config);
      const replace = (config as { replaceRecentBlockhash?: boolean } | undefined)?.replaceRecentBlockhash === true;
      const { err, logs, unitsConsumed } = simulation(tx, !replace);
      return { ...context(), value: { err, logs, accounts: null, unitsConsumed, returnData: null } };
    },
    getSignatureStatuses: ([signatures]) => {
      if (!Array.isArray(signatures)) throw invalidParams("the signatures must be an array");
      return {
        ...context(),
        value: signatures.map((signature: unknown) => {
          if (typeof signature !== "string") throw invalidParams("a signature must be a base58 string");
          const found = statuses.get(signature) ?? fromHistory(signature);
          if (!found) return null;
          found.polls += 1;
          if (found.polls <= (options.confirmAfterPolls ?? 0)) return null;
          // Final at once: confirmations null is how a node says "rooted".
          return {
            slot: found.slot,
            confirmations: null,
            err: found.err,
            confirmationStatus: "finalized",
            status: found.err ? { Err: found.err } : { Ok: null },
          };
        }),
      };
    },
    getTransaction: ([signature, config]) => {
      if (typeof signature !== "string") throw invalidParams("the signature must be a base58 string");
      try {
        return history.answer(signature, (config as { encoding?: unknown } | undefined)?.encoding, (bytes) => decoder.decode(bytes));
      } catch (error) {
        throw invalidParams((error as Error).message);
      }
    },
    [SET_ACCOUNT_METHOD]: async ([key, account]) => {
      const address = publicKeyParam(key);
      if (typeof account !== "object" || account === null) throw invalidParams("the account must be an object");
      const { lamports, owner, executable, data } = account as {
        lamports?: unknown;
        owner?: unknown;
        executable?: unknown;
        data?: unknown;
      };
      const [encodedData, encoding] = Array.isArray(data) ? data : [data ?? "", "base64"];
      await ledger.setAccount(address, {
        lamports: BigInt(integerParam(lamports, "lamports", 0)),
        owner: publicKeyParam(owner, "owner"),
        executable: executable === true,
        data: decodeBytes(encodedData, encoding, "the data"),
      });
      return { ...context(), value: null };
    },
  };

  const answer = async (request: unknown) => {
    const {
      id = null,
      method,
      params,
    } = (typeof request === "object" && request !== null ? request : {}) as { id?: unknown; method?: unknown; params?: unknown };
    try {
      if (typeof method !== "string") throw new RpcError(-32600, "Invalid request");
      calls.push(method);
      if (calls.length > MAX_CALLS_KEPT) calls.splice(0, calls.length - MAX_CALLS_KEPT / 2);
      if (!Object.hasOwn(methods, method)) throw new RpcError(-32601, `Method not found: ${method}`);
      return { jsonrpc: "2.0", id, result: await methods[method](Array.isArray(params) ? params : []) };
    } catch (error) {
      const rpc = error instanceof RpcError ? error : new RpcError(-32603, error instanceof Error ? error.message : String(error));
      return { jsonrpc: "2.0", id, error: { code: rpc.code, message: rpc.message, data: rpc.data } };
    }
  };

  const reply = (res: ServerResponse, status: number, payload: unknown) => {
    res.writeHead(status, { "content-type": "application/json" });
    res.end(JSON.stringify(payload));
  };

  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    if (req.method !== "POST") {
      res.writeHead(405, { allow: "POST" }).end();
      return;
    }
    const chunks: Buffer[] = [];
    let size = 0;
    for await (const chunk of req as AsyncIterable<Buffer>) {
      size += chunk.length;
      if (size > MAX_BODY_BYTES) {
        reply(res, 413, { jsonrpc: "2.0", id: null, error: { code: -32600, message: `Request larger than ${MAX_BODY_BYTES} bytes` } });
        req.destroy();
        return;
      }
      chunks.push(chunk);
    }
    extraBlocks += 1;
    let body: unknown;
    try {
      body = JSON.parse(Buffer.concat(chunks).toString("utf8"));
    } catch {
      reply(res, 200, { jsonrpc: "2.0", id: null, error: { code: -32700, message: "Parse error" } });
      return;
    }
    if (!Array.isArray(body)) {
      reply(res, 200, await answer(body));
      return;
    }
    const answers = [];
    for (const request of body) answers.push(await answer(request));
    reply(res, 200, answers);
  };

  // --- WebSocket
  const pubsub = new WebSocketServer({ noServer: true, maxPayload: 1024 * 1024 });
  pubsub.on("connection", (socket: WebSocket) => {
    socket.on("message", (data: RawData) => {
      let request: { id?: unknown; method?: unknown; params?: unknown };
      try {
        request = JSON.parse(data.toString());
      } catch {
        socket.send(JSON.stringify({ jsonrpc: "2.0", id: null, error: { code: -32700, message: "Parse error" } }));
        return;
      }
      const { id = null, method, params } = request ?? {};
      if (id === null) return; // a notification (web3.js pings every 5 s): nothing to answer
      const respond = (result: unknown) => socket.send(JSON.stringify({ jsonrpc: "2.0", id, result }));
      const fail = (code: number, message: string) => socket.send(JSON.stringify({ jsonrpc: "2.0", id, error: { code, message } }));
      const [first] = Array.isArray(params) ? params : [];
      if (method === "signatureSubscribe") {
        if (typeof first !== "string") return fail(-32602, "Invalid params: the signature must be a base58 string");
        const subscription = { socket, signature: first };
        const number = nextSubscription++;
        subscriptions.set(number, subscription);
        respond(number);
        const landed = statuses.get(first) ?? fromHistory(first);
        if (landed) notify(number, subscription, landed);
        return;
      }
      if (method === "signatureUnsubscribe") return respond(typeof first === "number" && subscriptions.delete(first));
      fail(-32601, `Method not found: ${String(method)}`);
    });
    socket.on("close", () => {
      for (const [id, subscription] of subscriptions) if (subscription.socket === socket) subscriptions.delete(id);
    });
  });
  const upgrade = (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    pubsub.handleUpgrade(req, socket, head, (ws) => pubsub.emit("connection", ws, req));
  };

  const host = options.host ?? "127.0.0.1";
  const server: Server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      if (!res.headersSent) reply(res, 500, { jsonrpc: "2.0", id: null, error: { code: -32603, message: String(error) } });
    });
  });
  server.keepAliveTimeout = KEEP_ALIVE_TIMEOUT_MS;
  server.on("upgrade", upgrade);
  const pubsubServer = options.pubsubOnNextPort ? createServer((_req, res) => res.writeHead(405).end()) : null;
  pubsubServer?.on("upgrade", upgrade);
  try {
    // Any free port: tried again (a few times) when the one after it is taken.
    for (let attempt = 1; ; attempt++) {
      const port = await listen(server, options.port ?? 0, host);
      if (!pubsubServer) break;
      try {
        await listen(pubsubServer, port + 1, host);
        break;
      } catch (error) {
        const taken = (error as NodeJS.ErrnoException).code === "EADDRINUSE";
        if (taken && !options.port && attempt < 10) {
          await new Promise((resolve) => server.close(resolve));
          continue;
        }
        if (taken) (error as Error).message = `${host}:${port + 1}, the subscription port (the JSON-RPC port + 1), is already in use`;
        throw error;
      }
    }
  } catch (error) {
    server.close();
    pubsub.close();
    await ledger.close();
    throw error;
  }
  const port = (server.address() as AddressInfo).port;
  const url = `http://${host}:${port}`;
  const wsUrl = `ws://${host}:${pubsubServer ? port + 1 : port}`;

  let closing: Promise<void> | null = null;
  const stop = (s: Server) =>
    new Promise<void>((resolve) => {
      s.closeAllConnections();
      s.close(() => resolve());
    });
  return {
    url,
    wsUrl,
    genesisHash,
    ledger,
    get svm() {
      return ledger.svm;
    },
    calls,
    broadcasts,
    options,
    advanceBlocks: (blocks) => void (extraBlocks += blocks),
    close() {
      closing ??= (async () => {
        // A normal closure (1000): web3.js then does not try to reconnect every second.
        const goodbyes = [...pubsub.clients].map(
          (socket) =>
            new Promise<void>((done) => {
              const timer = setTimeout(() => socket.terminate(), 1_000);
              socket.once("close", () => {
                clearTimeout(timer);
                done();
              });
              socket.close(1000, "The chain is stopping");
            }),
        );
        await Promise.all(goodbyes);
        pubsub.close();
        await Promise.all([stop(server), pubsubServer ? stop(pubsubServer) : null]);
        await ledger.close();
      })();
      return closing;
    },
  };
}

function listen(server: Server, port: number, host: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const failed = (error: Error) => reject(error);
    server.once("error", failed);
    server.listen(port, host, () => {
      server.off("error", failed);
      resolve((server.address() as AddressInfo).port);
    });
  });
}
