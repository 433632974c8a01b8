// The one port between settlement logic and a chain. Two backends implement it: LiteSvmLedger
// (litesvm 1.5, in-process, persisted to a snapshot file) and RpcLedger (a real cluster through a
// web3.js 1.x Connection). EscrowChain runs unchanged on both.
import { existsSync } from "node:fs";
import { mkdir, rename, writeFile } from "node:fs/promises";
import { dirname } from "node:path";
import {
  Connection,
  PublicKey,
  SendTransactionError,
  type Commitment,
  type SignatureStatus,
  type VersionedTransaction,
} from "@solana/web3.js";
import { address, getTransactionDecoder, lamports as toLamports, signature as toSignature, type Address } from "@solana/kit";
import { FailedTransactionMetadata, LiteSVM, type TransactionMetadata } from "litesvm";
import bs58 from "bs58";
import {
  ChainOutcomeUnknownError,
  ChainTransactionError,
  chainErrorMessage,
  describeChainError,
} from "./errors.ts";
import { signatureOf } from "./tx.ts";

export type ClusterName = "localnet-inprocess" | "localnet" | "devnet" | "testnet" | "mainnet-beta" | "custom";

export interface LedgerAccount {
  lamports: bigint;
  owner: PublicKey;
  data: Uint8Array;
  executable: boolean;
}

export interface RecentBlockhash {
  blockhash: string;
  /** Past this block height the transaction can never land (lets a sender tell "lost" from "slow"). */
  lastValidBlockHeight: number;
}

export type SignatureState =
  | { state: "confirmed" }
  | { state: "failed"; error: string }
  /** Seen by the cluster but not confirmed yet. */
  | { state: "pending" }
  /** Not known: never received, expired, or dropped from the history the backend keeps. */
  | { state: "unknown" };

export interface Ledger {
  readonly cluster: ClusterName;
  latestBlockhash(): Promise<RecentBlockhash>;
  getAccount(address: PublicKey): Promise<LedgerAccount | null>;
  rentExemptMinimum(space: number): Promise<bigint>;
  /**
   * Sends and waits for confirmation; resolves with the base58 signature. Throws ChainTransactionError
   * when the chain refuses or fails it, ChainOutcomeUnknownError when that cannot be known in time.
   */
  sendAndConfirm(tx: VersionedTransaction, lifetime?: RecentBlockhash): Promise<string>;
  /**
   * Fetches a blockhash, lets `build` make (and sign) the transaction with it, then sends and confirms
   * it. The blockhash stays valid until the send: in-process, where it expires after every transaction,
   * concurrent submissions are serialized from blockhash to execution (not through the snapshot write).
   */
  submit(build: (lifetime: RecentBlockhash) => Promise<VersionedTransaction> | VersionedTransaction): Promise<string>;
  signatureStatus(signature: string): Promise<SignatureState>;
  /** Present where lamports can be minted (in-process, local validators): seeding and tests. */
  airdrop?(to: PublicKey, lamports: bigint): Promise<string>;
  /** In-process only: writes an account directly (test mints at a given address). */
  setAccount?(address: PublicKey, account: LedgerAccount): Promise<void>;
  /** Waits for pending writes (the snapshot). */
  close(): Promise<void>;
}

// ---------------------------------------------------------------------------------------------
// In-process: litesvm 1.5

export interface LiteSvmLedgerOptions {
  /** Where the chain is saved after each change and loaded from at start; none = memory only. */
  snapshotPath?: string;
  /**
   * LiteSVM's blockhash is the same in every fresh instance and only changes when expired, and its
   * duplicate check covers the last few transactions only: expiring after each transaction makes any
   * re-sent old transaction fail with BlockhashNotFound. Keep it on outside experiments.
   */
  expireBlockhashAfterTx?: boolean;
  onSnapshotError?: (error: unknown) => void;
}

/** Built-in programs and sysvars; the airdrop account's default 1M SOL could run dry on a long-lived demo chain. */
function freshSvm(): LiteSVM {
  return new LiteSVM().withLamports(10n ** 18n);
}

/** Litesvm returns field-less errors as bare numbers (TS const enums have no runtime object). */
const FIELDLESS_TX_ERRORS = [
  "AccountInUse", "AccountLoadedTwice", "AccountNotFound", "ProgramAccountNotFound", "InsufficientFundsForFee",
  "InvalidAccountForFee", "AlreadyProcessed", "BlockhashNotFound", "CallChainTooDeep", "MissingSignatureForFee",
  "InvalidAccountIndex", "SignatureFailure", "InvalidProgramForExecution", "SanitizeFailure", "ClusterMaintenance",
  "AccountBorrowOutstanding", "WouldExceedMaxBlockCostLimit", "UnsupportedVersion", "InvalidWritableAccount",
  "WouldExceedMaxAccountCostLimit", "WouldExceedAccountDataBlockLimit", "TooManyAccountLocks",
  "AddressLookupTableNotFound", "InvalidAddressLookupTableOwner", "InvalidAddressLookupTableData",
  "InvalidAddressLookupTableIndex", "InvalidRentPayingAccount", "WouldExceedMaxVoteCostLimit",
  "WouldExceedAccountDataTotalLimit", "MaxLoadedAccountsDataSizeExceeded", "ResanitizationNeeded",
  "InvalidLoadedAccountsDataSizeLimit", "UnbalancedTransaction", "ProgramCacheHitMaxLimit", "CommitCancelled",
];

/** Rust's debug form of the error, e.g. `InstructionError(1, Custom(0))`, read from litesvm's own rendering. */
export function describeLiteSvmError(failed: FailedTransactionMetadata): string {
  const err: unknown = failed.err();
  if (typeof err === "number") return FIELDLESS_TX_ERRORS[err] ?? `TransactionError(${err})`;
  const rendered = /\berr: (.*?), meta: TransactionMetadata/s.exec(failed.toString());
  return rendered?.[1] ?? String(err);
}

export class LiteSvmLedger implements Ledger {
  readonly cluster: ClusterName = "localnet-inprocess";
  private readonly decoder = getTransactionDecoder();
  private readonly rentCache = new Map<number, bigint>();
  private readonly expire: boolean;
  private writing: Promise<void> | null = null;
  private queued: Promise<void> | null = null;
  private lockTail: Promise<void> = Promise.resolve();
  private dirReady = false;

  constructor(
    readonly svm: LiteSVM = freshSvm(),
    private readonly options: LiteSvmLedgerOptions = {},
  ) {
    this.expire = options.expireBlockhashAfterTx ?? true;
  }

  /** Loads the snapshot when there is one, else starts a fresh chain with the built-in programs. */
  static open(options: LiteSvmLedgerOptions = {}): LiteSvmLedger {
    const path = options.snapshotPath;
    const svm = path && existsSync(path) ? LiteSVM.loadFromFile(path) : freshSvm();
    return new LiteSvmLedger(svm, options);
  }

  async latestBlockhash(): Promise<RecentBlockhash> {
    // There are no blocks in-process; the blockhash stays valid until expired.
    return { blockhash: this.svm.latestBlockhash(), lastValidBlockHeight: Number.MAX_SAFE_INTEGER };
  }

  async getAccount(key: PublicKey): Promise<LedgerAccount | null> {
    // A PublicKey's base58 is valid by construction: skip kit's re-validation (a base58 decode) on this hot path.
    const account = this.svm.getAccount(key.toBase58() as Address);
    if (!account.exists) return null;
    return {
      lamports: BigInt(account.lamports),
      owner: new PublicKey(account.programAddress),
      data: account.data,
      executable: account.executable,
    };
  }

  async rentExemptMinimum(space: number): Promise<bigint> {
    let value = this.rentCache.get(space);
    if (value === undefined) {
      value = this.svm.minimumBalanceForRentExemption(BigInt(space));
      this.rentCache.set(space, value);
    }
    return value;
  }

  async sendAndConfirm(tx: VersionedTransaction): Promise<string> {
    return this.finish(tx, this.execute(tx));
  }

  async submit(build: (lifetime: RecentBlockhash) => Promise<VersionedTransaction> | VersionedTransaction): Promise<string> {
    const release = await this.lock();
    let tx: VersionedTransaction;
    let result: TransactionMetadata | FailedTransactionMetadata;
    try {
      tx = await build(await this.latestBlockhash());
      result = this.execute(tx);
    } finally {
      release();
    }
    return this.finish(tx, result);
  }

  private execute(tx: VersionedTransaction): TransactionMetadata | FailedTransactionMetadata {
    // litesvm 1.5 takes kit transactions only: hand it the wire bytes, decoded by kit.
    const result = this.svm.sendTransaction(this.decoder.decode(tx.serialize()));
    if (this.expire) this.svm.expireBlockhash();
    return result;
  }

  private async finish(tx: VersionedTransaction, result: TransactionMetadata | FailedTransactionMetadata): Promise<string> {
    const signature = signatureOf(tx);
    // Even a failed transaction may have charged its fee: persist either way.
    await this.persist();
    if (result instanceof FailedTransactionMetadata) {
      const logs = result.meta().logs();
      throw new ChainTransactionError(chainErrorMessage(describeLiteSvmError(result), logs), logs, signature);
    }
    return signature;
  }

  /** A FIFO mutex: resolves with the function that releases it. */
  private async lock(): Promise<() => void> {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const previous = this.lockTail;
    this.lockTail = previous.then(() => held);
    await previous;
    return release;
  }

  async signatureStatus(signature: string): Promise<SignatureState> {
    const found = this.svm.getTransaction(toSignature(signature));
    if (!found) return { state: "unknown" };
    if (found instanceof FailedTransactionMetadata) {
      return { state: "failed", error: chainErrorMessage(describeLiteSvmError(found), found.meta().logs()) };
    }
    return { state: "confirmed" };
  }

  async airdrop(to: PublicKey, amount: bigint): Promise<string> {
    // An airdrop is a transaction too: it must not expire a blockhash a submission is holding.
    const release = await this.lock();
    let result: TransactionMetadata | FailedTransactionMetadata | null;
    try {
      result = this.svm.airdrop(address(to.toBase58()), toLamports(amount));
      if (this.expire) this.svm.expireBlockhash();
    } finally {
      release();
    }
    await this.persist();
    if (!result) throw new ChainTransactionError("Airdrop failed");
    if (result instanceof FailedTransactionMetadata) {
      const logs = result.meta().logs();
      throw new ChainTransactionError(chainErrorMessage(describeLiteSvmError(result), logs), logs);
    }
    return bs58.encode(result.signature());
  }

  async setAccount(key: PublicKey, account: LedgerAccount): Promise<void> {
    this.svm.setAccount({
      address: address(key.toBase58()),
      lamports: toLamports(account.lamports),
      programAddress: address(account.owner.toBase58()),
      data: account.data,
      executable: account.executable,
      space: BigInt(account.data.length),
    });
    await this.persist();
  }

  async close(): Promise<void> {
    while (this.queued || this.writing) await (this.queued ?? this.writing);
  }

  /**
   * Saves the chain before the caller reports success, so a confirmed settlement is on disk before
   * the database says so. Writes are coalesced: every change made while a write is running is
   * covered by the single write queued behind it (the state is captured when that write starts).
   * The file is replaced atomically (write, then rename), so a crash never leaves half a snapshot.
   */
  private persist(): Promise<void> {
    const path = this.options.snapshotPath;
    if (!path) return Promise.resolve();
    if (this.queued) return this.queued;
    const run = async () => {
      // Always yield first: the state is captured (and `queued` cleared) only after every change
      // that joined this write has been made.
      await this.writing;
      this.queued = null;
      const bytes = this.svm.toBytes();
      const tmp = `${path}.tmp`;
      const mine = (async () => {
        if (!this.dirReady) {
          await mkdir(dirname(path), { recursive: true });
          this.dirReady = true;
        }
        await writeFile(tmp, bytes);
        await rename(tmp, path);
      })().catch((error: unknown) => (this.options.onSnapshotError ?? defaultSnapshotError)(error));
      this.writing = mine;
      await mine;
      if (this.writing === mine) this.writing = null;
    };
    this.queued = run();
    return this.queued;
  }
}

function defaultSnapshotError(error: unknown): void {
  // The transaction did execute; losing one snapshot only loses it on the next restart. Say so loudly.
  console.error("settlement: could not save the in-process chain snapshot:", error);
}

// ---------------------------------------------------------------------------------------------
// Real cluster: web3.js 1.x Connection, confirmation by polling (no websocket needed)

export interface RpcLedgerOptions {
  commitment?: Extract<Commitment, "confirmed" | "finalized">;
  /** Interval between getSignatureStatuses polls. */
  pollIntervalMs?: number;
  /** Longest wait for a confirmation before answering "outcome unknown". */
  timeoutMs?: number;
  skipPreflight?: boolean;
  /** Only local validators and test endpoints mint lamports on request. */
  airdrop?: boolean;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export function clusterFromUrl(url: string): ClusterName {
  const host = new URL(url).hostname.toLowerCase();
  if (host === "localhost" || host === "::1" || host === "[::1]" || /^127(?:\.\d{1,3}){3}$/.test(host)) return "localnet";
  if (host.includes("devnet")) return "devnet";
  if (host.includes("testnet")) return "testnet";
  if (host.includes("mainnet")) return "mainnet-beta";
  return "custom";
}

export class RpcLedger implements Ledger {
  readonly cluster: ClusterName;
  readonly connection: Connection;
  private readonly rentCache = new Map<number, bigint>();
  private readonly commitment: "confirmed" | "finalized";
  private readonly pollMs: number;
  private readonly timeoutMs: number;
  readonly airdrop?: (to: PublicKey, lamports: bigint) => Promise<string>;

  constructor(
    connection: Connection | string,
    private readonly options: RpcLedgerOptions = {},
    cluster?: ClusterName,
  ) {
    this.commitment = options.commitment ?? "confirmed";
    this.connection = typeof connection === "string" ? new Connection(connection, { commitment: this.commitment }) : connection;
    this.cluster = cluster ?? clusterFromUrl(this.connection.rpcEndpoint);
    this.pollMs = options.pollIntervalMs ?? 400;
    this.timeoutMs = options.timeoutMs ?? 60_000;
    if (options.airdrop) {
      this.airdrop = async (to, amount) => {
        const signature = await this.connection.requestAirdrop(to, Number(amount));
        await this.waitForConfirmation(signature, null);
        return signature;
      };
    }
  }

  async latestBlockhash(): Promise<RecentBlockhash> {
    return this.connection.getLatestBlockhash(this.commitment);
  }

  async getAccount(key: PublicKey): Promise<LedgerAccount | null> {
    const info = await this.connection.getAccountInfo(key, this.commitment);
    if (!info) return null;
    return { lamports: BigInt(info.lamports), owner: info.owner, data: new Uint8Array(info.data), executable: info.executable };
  }

  async rentExemptMinimum(space: number): Promise<bigint> {
    let value = this.rentCache.get(space);
    if (value === undefined) {
      value = BigInt(await this.connection.getMinimumBalanceForRentExemption(space, this.commitment));
      this.rentCache.set(space, value);
    }
    return value;
  }

  async sendAndConfirm(tx: VersionedTransaction, lifetime?: RecentBlockhash): Promise<string> {
    const signature = signatureOf(tx);
    try {
      await this.connection.sendRawTransaction(tx.serialize(), {
        skipPreflight: this.options.skipPreflight ?? false,
        preflightCommitment: this.commitment,
      });
    } catch (error) {
      if (error instanceof SendTransactionError) {
        // Preflight refused it: it was never broadcast.
        const logs = error.transactionError.logs ?? [];
        const what = error.transactionError.message.replace(/^Transaction simulation failed: /, "");
        throw new ChainTransactionError(chainErrorMessage(what, logs), logs, signature);
      }
      // The request may or may not have reached the node: only the status can tell.
      throw new ChainOutcomeUnknownError(signature, error instanceof Error ? error.message : String(error));
    }
    await this.waitForConfirmation(signature, lifetime?.lastValidBlockHeight ?? null);
    return signature;
  }

  async submit(build: (lifetime: RecentBlockhash) => Promise<VersionedTransaction> | VersionedTransaction): Promise<string> {
    const lifetime = await this.latestBlockhash();
    return this.sendAndConfirm(await build(lifetime), lifetime);
  }

  async signatureStatus(signature: string): Promise<SignatureState> {
    const { value } = await this.connection.getSignatureStatuses([signature], { searchTransactionHistory: true });
    return this.toState(value[0] ?? null);
  }

  async close(): Promise<void> {}

  private toState(status: SignatureStatus | null): SignatureState {
    if (!status) return { state: "unknown" };
    if (status.err) return { state: "failed", error: chainErrorMessage(describeChainError(status.err), []) };
    const level = status.confirmationStatus;
    const done = this.commitment === "finalized" ? level === "finalized" : level === "confirmed" || level === "finalized";
    return done ? { state: "confirmed" } : { state: "pending" };
  }

  private async waitForConfirmation(signature: string, lastValidBlockHeight: number | null): Promise<void> {
    const deadline = Date.now() + this.timeoutMs;
    for (let poll = 1; ; poll++) {
      let status: SignatureStatus | null | undefined;
      try {
        status = (await this.connection.getSignatureStatuses([signature])).value[0];
      } catch {
        status = undefined; // a transient RPC failure: keep polling until the deadline
      }
      if (status?.err) {
        const logs = await this.logsOf(signature);
        throw new ChainTransactionError(chainErrorMessage(describeChainError(status.err), logs), logs, signature);
      }
      if (status && this.toState(status).state === "confirmed") return;
      if (Date.now() >= deadline) throw new ChainOutcomeUnknownError(signature, `no confirmation within ${this.timeoutMs} ms`);
      if (lastValidBlockHeight !== null && status === null && poll % 5 === 0 && (await this.expired(signature, lastValidBlockHeight))) {
        throw new ChainTransactionError(`Transaction ${signature} expired before it was confirmed (its blockhash is no longer valid)`, [], signature);
      }
      await sleep(this.pollMs);
    }
  }

  /** True once the blockhash is past its last valid height and the cluster never saw the transaction. */
  private async expired(signature: string, lastValidBlockHeight: number): Promise<boolean> {
    try {
      const height = await this.connection.getBlockHeight(this.commitment);
      if (height <= lastValidBlockHeight) return false;
      return (await this.signatureStatus(signature)).state === "unknown";
    } catch {
      return false;
    }
  }

  private async logsOf(signature: string): Promise<string[]> {
    try {
      const tx = await this.connection.getTransaction(signature, { maxSupportedTransactionVersion: 0, commitment: this.commitment });
      return tx?.meta?.logMessages ?? [];
    } catch {
      return [];
    }
  }
}
