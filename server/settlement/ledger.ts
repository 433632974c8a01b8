// The one port between settlement logic and a chain. Two backends implement it: LiteSvmLedger
// (litesvm 1.5, in-process, persisted by journal.ts) and RpcLedger (a real cluster through a
// web3.js 1.x Connection). EscrowChain runs unchanged on both.
import {
  Connection,
  PublicKey,
  SendTransactionError,
  type Commitment,
  type SignatureStatus,
  type VersionedTransaction,
} from "@solana/web3.js";
import { getTransactionDecoder, lamports as toLamports, signature as toSignature, type Address } from "@solana/kit";
import { FailedTransactionMetadata, LiteSVM, type TransactionMetadata } from "litesvm";
import bs58 from "bs58";
import { chainErrorMessage, chainFailed, describeChainError, expiredUnlanded, outcomeUnknown } from "./errors.ts";
import { ChainStore, type ChainFs, type JournalRecord } from "./journal.ts";
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

/** What the chain would do with a transaction, asked without sending it (nothing changes). */
export interface Simulation {
  ok: boolean;
  /** The chain's own explanation when it would fail (error plus the decisive log line). */
  error?: string;
  logs: string[];
  /** Compute units it took, when the backend says. */
  unitsConsumed?: number;
}

export interface SendOptions {
  /** The caller simulated the transaction itself (its compute budget draft): no second simulation. */
  simulated?: boolean;
  /**
   * After each broadcast of the signed bytes, with how many there were so far. Bookkeeping only: it
   * cannot stop the transaction, and its failure is ignored.
   */
  onBroadcast?: (signature: string, count: number) => void | Promise<void>;
}

export interface Ledger {
  readonly cluster: ClusterName;
  latestBlockhash(): Promise<RecentBlockhash>;
  getAccount(address: PublicKey): Promise<LedgerAccount | null>;
  rentExemptMinimum(space: number): Promise<bigint>;
  /**
   * Sends and waits for confirmation; resolves with the base58 signature. Throws a SettlementError:
   * CHAIN_TRANSACTION_FAILED when the chain refuses or fails it, CHAIN_OUTCOME_UNKNOWN when that cannot be known in time.
   */
  sendAndConfirm(tx: VersionedTransaction, lifetime?: RecentBlockhash, options?: SendOptions): Promise<string>;
  /**
   * Fetches a blockhash, lets `build` make (and sign) the transaction with it, then sends and confirms
   * it. The blockhash stays valid until the send: in-process, where it expires after every transaction,
   * concurrent submissions are serialized from blockhash to execution.
   */
  submit(
    build: (lifetime: RecentBlockhash) => Promise<VersionedTransaction> | VersionedTransaction,
    options?: SendOptions,
  ): Promise<string>;
  /**
   * Where blocks are contested (a cluster's fee market): the priority fees (micro-lamports per
   * compute unit) recent transactions paid to write `writable`. Absent in-process: no fee market.
   */
  recentPriorityFees?(writable: readonly PublicKey[]): Promise<number[]>;
  /** Runs the transaction against the current state without keeping anything (no journal, no signature). */
  simulate(tx: VersionedTransaction): Promise<Simulation>;
  signatureStatus(signature: string): Promise<SignatureState>;
  /**
   * Whether a transaction whose blockhash is valid up to `lastValidBlockHeight` may still land. False
   * means never: a signature the chain does not know by then can be given up and its settlement sent
   * again without risking a second transaction in flight.
   */
  canStillLand(lastValidBlockHeight: number): Promise<boolean>;
  /** Present where lamports can be minted (in-process, local validators): seeding and tests. */
  airdrop?(to: PublicKey, lamports: bigint): Promise<string>;
  /** In-process only: writes an account directly (test mints at a given address). */
  setAccount?(address: PublicKey, account: LedgerAccount): Promise<void>;
  /** Releases the backend (in-process: writes a final checkpoint). */
  close(): Promise<void>;
}

// ---------------------------------------------------------------------------------------------
// In-process: litesvm 1.5

export interface LiteSvmLedgerOptions {
  /**
   * Folder where the chain is kept (checkpoint + journal, see journal.ts): every change is on disk
   * before the call that made it returns, and the chain is restored at start. None = memory only.
   */
  stateDir?: string;
  /** Journal records between two full checkpoints. */
  checkpointEvery?: number;
  /**
   * LiteSVM's blockhash is the same in every fresh instance and only changes when expired, and its
   * duplicate check covers the last few transactions only: expiring after each transaction makes any
   * re-sent old transaction fail with BlockhashNotFound. Keep it on outside experiments.
   */
  expireBlockhashAfterTx?: boolean;
  /**
   * False: LiteSVM accepts any blockhash (it knows only its latest one), the caller judging lifetimes
   * itself (the JSON-RPC node does, as a cluster would, for blockhashes valid across several blocks).
   */
  blockhashCheck?: boolean;
  /** The file-system layer behind the state folder (default node:fs); tests inject disk faults. */
  fs?: ChainFs;
}

/** Built-in programs and sysvars; the airdrop account's default 1M SOL could run dry on a long-lived demo chain. */
function freshSvm(): LiteSVM {
  return new LiteSVM().withLamports(10n ** 18n);
}

/** Litesvm returns field-less errors as bare numbers (TS const enums have no runtime object). */
const FIELDLESS_TX_ERRORS = [
  "AccountInUse",
  "AccountLoadedTwice",
  "AccountNotFound",
  "ProgramAccountNotFound",
  "InsufficientFundsForFee",
  "InvalidAccountForFee",
  "AlreadyProcessed",
  "BlockhashNotFound",
  "CallChainTooDeep",
  "MissingSignatureForFee",
  "InvalidAccountIndex",
  "SignatureFailure",
  "InvalidProgramForExecution",
  "SanitizeFailure",
  "ClusterMaintenance",
  "AccountBorrowOutstanding",
  "WouldExceedMaxBlockCostLimit",
  "UnsupportedVersion",
  "InvalidWritableAccount",
  "WouldExceedMaxAccountCostLimit",
  "WouldExceedAccountDataBlockLimit",
  "TooManyAccountLocks",
  "AddressLookupTableNotFound",
  "InvalidAddressLookupTableOwner",
  "InvalidAddressLookupTableData",
  "InvalidAddressLookupTableIndex",
  "InvalidRentPayingAccount",
  "WouldExceedMaxVoteCostLimit",
  "WouldExceedAccountDataTotalLimit",
  "MaxLoadedAccountsDataSizeExceeded",
  "ResanitizationNeeded",
  "InvalidLoadedAccountsDataSizeLimit",
  "UnbalancedTransaction",
  "ProgramCacheHitMaxLimit",
  "CommitCancelled",
];

/** Rust's debug form of the error, e.g. `InstructionError(1, Custom(0))`, read from litesvm's own rendering. */
export function describeLiteSvmError(failed: FailedTransactionMetadata): string {
  const err: unknown = failed.err();
  if (typeof err === "number") return FIELDLESS_TX_ERRORS[err] ?? `TransactionError(${err})`;
  const rendered = /\berr: (.*?), meta: TransactionMetadata/s.exec(failed.toString());
  return rendered?.[1] ?? String(err);
}

export type Outcome = TransactionMetadata | FailedTransactionMetadata;

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

async function reportBroadcast(options: SendOptions, signature: string, count: number): Promise<void> {
  try {
    await options.onBroadcast?.(signature, count);
  } catch {
    // A count that could not be written must not turn a payout on its way into a failure.
  }
}

export class LiteSvmLedger implements Ledger {
  readonly cluster: ClusterName = "localnet-inprocess";
  private readonly decoder = getTransactionDecoder();
  private readonly rentCache = new Map<number, bigint>();
  private readonly expire: boolean;
  private readonly blockhashCheck: boolean;
  private readonly checkpointEvery: number;
  private lockTail: Promise<void> = Promise.resolve();
  /** True from the build of a submission to its execution (see canStillLand). */
  private submitting = false;
  private current: LiteSVM;

  constructor(
    svm: LiteSVM = freshSvm(),
    options: LiteSvmLedgerOptions = {},
    private readonly store: ChainStore | null = null,
  ) {
    this.blockhashCheck = options.blockhashCheck ?? true;
    this.current = this.configured(svm);
    this.expire = options.expireBlockhashAfterTx ?? true;
    this.checkpointEvery = options.checkpointEvery ?? 1000;
  }

  /** The chain in memory; replaced by the one on disk when a change could not be journaled (see undo). */
  get svm(): LiteSVM {
    return this.current;
  }

  /** Restores the chain kept in `stateDir` (checkpoint + journal replay), or starts a fresh one there. */
  static open(options: LiteSvmLedgerOptions = {}): LiteSvmLedger {
    if (!options.stateDir) return new LiteSvmLedger(freshSvm(), options);
    const { store, svm, pending } = ChainStore.open(options.stateDir, freshSvm, options.fs);
    const ledger = new LiteSvmLedger(svm, options, store);
    ledger.replay(pending);
    store.checkpoint(svm);
    return ledger;
  }

  /**
   * The chain kept in `stateDir` as a restart would load it, in memory only: nothing is ever written
   * to the folder (no store), so a server using it meanwhile is not disturbed. Changes made through
   * this ledger are lost at exit; it is meant for reading (reconciliation).
   */
  static openReadOnly(stateDir: string): LiteSvmLedger {
    const stored = ChainStore.read(stateDir);
    const ledger = new LiteSvmLedger(stored?.svm ?? freshSvm());
    ledger.replay(stored?.pending ?? []);
    return ledger;
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

  async sendAndConfirm(tx: VersionedTransaction, _lifetime?: RecentBlockhash, options: SendOptions = {}): Promise<string> {
    const result = this.executeTx(tx.serialize());
    await reportBroadcast(options, signatureOf(tx), 1);
    return this.outcome(signatureOf(tx), result);
  }

  async submit(
    build: (lifetime: RecentBlockhash) => Promise<VersionedTransaction> | VersionedTransaction,
    options: SendOptions = {},
  ): Promise<string> {
    const release = await this.lock();
    let tx: VersionedTransaction;
    let result: Outcome;
    this.submitting = true;
    try {
      tx = await build(await this.latestBlockhash());
      result = this.executeTx(tx.serialize());
    } finally {
      this.submitting = false;
      release();
    }
    // In-process a transaction is executed when it is sent: one broadcast, never lost.
    await reportBroadcast(options, signatureOf(tx), 1);
    return this.outcome(signatureOf(tx), result);
  }

  async simulate(tx: VersionedTransaction): Promise<Simulation> {
    // litesvm's simulation leaves the chain as it was: nothing to journal, no lock needed.
    const result = this.svm.simulateTransaction(this.decoder.decode(tx.serialize()));
    const logs = result.meta().logs();
    const unitsConsumed = Number(result.meta().computeUnitsConsumed());
    if (result instanceof FailedTransactionMetadata)
      return { ok: false, error: chainErrorMessage(describeLiteSvmError(result), logs), logs, unitsConsumed };
    return { ok: true, logs, unitsConsumed };
  }

  async signatureStatus(signature: string): Promise<SignatureState> {
    // Memory may hold a change the disk lacks (see undo): no answer a restart could contradict.
    try {
      this.ensureWritable();
    } catch (error) {
      throw new Error(`The in-process chain is not on disk (${messageOf(error)}): the status of ${signature} is not known yet`);
    }
    const found = this.svm.getTransaction(toSignature(signature));
    if (!found) return { state: "unknown" };
    if (found instanceof FailedTransactionMetadata) {
      return { state: "failed", error: chainErrorMessage(describeLiteSvmError(found), found.meta().logs()) };
    }
    return { state: "confirmed" };
  }

  /**
   * In-process a transaction exists only inside submit(): built under the lock and executed at once,
   * which expires its blockhash. Outside a submission, a signature the chain does not know was never
   * executed and never will be (nobody else holds its bytes); during one, it may be that one.
   */
  async canStillLand(): Promise<boolean> {
    return this.submitting;
  }

  async airdrop(to: PublicKey, amount: bigint): Promise<string> {
    // An airdrop is a transaction too: it must not expire a blockhash a submission is holding.
    const release = await this.lock();
    let result: Outcome | null;
    try {
      result = this.executeAirdrop(to.toBytes(), amount);
    } finally {
      release();
    }
    if (!result) throw chainFailed("Airdrop failed");
    return this.outcome(bs58.encode(result instanceof FailedTransactionMetadata ? result.meta().signature() : result.signature()), result);
  }

  /**
   * Executes a transaction's wire bytes as they came (a JSON-RPC node's sendTransaction): journaled
   * like every change, its outcome returned, a failure included, rather than thrown.
   */
  async execute(bytes: Uint8Array): Promise<Outcome> {
    const release = await this.lock();
    try {
      return this.executeTx(bytes);
    } finally {
      release();
    }
  }

  async setAccount(key: PublicKey, account: LedgerAccount): Promise<void> {
    this.writable();
    this.applySetAccount(key.toBytes(), account.lamports, account.owner.toBytes(), account.executable, account.data);
    this.journal({
      kind: "account",
      address: key.toBytes(),
      lamports: account.lamports,
      owner: account.owner.toBytes(),
      executable: account.executable,
      data: account.data,
    });
  }

  /** Writes a final checkpoint; the ledger must not be used afterwards. */
  async close(): Promise<void> {
    this.store?.close(this.svm);
  }

  // Every change goes through one of these three, executed then journaled in the same tick: nobody
  // sees a change before it is on disk.

  private executeTx(bytes: Uint8Array): Outcome {
    this.writable();
    const result = this.applyTx(bytes, this.expire);
    this.journal({ kind: "tx", bytes, ok: !(result instanceof FailedTransactionMetadata), expired: this.expire });
    return result;
  }

  private executeAirdrop(to: Uint8Array, amount: bigint): Outcome | null {
    this.writable();
    const result = this.applyAirdrop(to, amount, this.expire);
    this.journal({
      kind: "airdrop",
      to,
      lamports: amount,
      ok: !!result && !(result instanceof FailedTransactionMetadata),
      expired: this.expire,
    });
    return result;
  }

  private applyTx(bytes: Uint8Array, expire: boolean): Outcome {
    // litesvm 1.5 takes kit transactions only: hand it the wire bytes, decoded by kit.
    const result = this.svm.sendTransaction(this.decoder.decode(bytes));
    if (expire) this.svm.expireBlockhash();
    return result;
  }

  private applyAirdrop(to: Uint8Array, amount: bigint, expire: boolean): Outcome | null {
    const result = this.svm.airdrop(bs58.encode(to) as Address, toLamports(amount));
    if (expire) this.svm.expireBlockhash();
    return result;
  }

  private applySetAccount(key: Uint8Array, lamports: bigint, owner: Uint8Array, executable: boolean, data: Uint8Array): void {
    this.svm.setAccount({
      address: bs58.encode(key) as Address,
      lamports: toLamports(lamports),
      programAddress: bs58.encode(owner) as Address,
      data,
      executable,
      space: BigInt(data.length),
    });
  }

  private journal(record: JournalRecord): void {
    if (!this.store) return;
    try {
      this.store.append(record);
    } catch (error) {
      this.undo(error);
    }
    if (this.store.sinceCheckpoint < this.checkpointEvery) return;
    try {
      this.store.checkpoint(this.svm);
    } catch (error) {
      // The change is in the journal already: it stands. The checkpoint is tried again after the next one.
      console.error(
        `settlement: writing a checkpoint of the in-process chain failed (${messageOf(error)}); the journal keeps every change`,
      );
    }
  }

  /** Refuses a change up front (nothing applied, nothing paid) while the store cannot take one. */
  private writable(): void {
    try {
      this.ensureWritable();
    } catch (error) {
      throw chainFailed(
        `The in-process chain cannot write to ${this.store?.dir} (${messageOf(error)}): nothing was sent, nothing was paid`,
      );
    }
  }

  /** After a failed journal write nothing is appended until a checkpoint has written memory in full. */
  private ensureWritable(): void {
    if (this.store?.needsCheckpoint) this.store.checkpoint(this.svm);
  }

  /**
   * A change ran in memory but its record is not on disk (the store cut the partial write off).
   * Keeping it would let callers, and the database through them, see a transaction that a restart
   * forgets; so memory is rebuilt from disk exactly as a restart would, and the change reported as
   * not made (CHAIN_TRANSACTION_FAILED: nothing was paid, the dispute can be resolved again). If even
   * that reload fails, memory stays ahead of the disk: the store then takes no record, and status
   * answers nothing, until a checkpoint has written memory in full; the outcome is then unknown.
   */
  private undo(cause: unknown): never {
    const store = this.store as ChainStore;
    const previous = this.current;
    try {
      const stored = store.load();
      if (!stored) throw new Error("no checkpoint on disk");
      this.current = this.configured(stored.svm);
      this.replay(stored.pending);
    } catch (reloadError) {
      this.current = previous;
      store.markDamaged(cause instanceof Error ? cause : new Error(String(cause)));
      throw new Error(
        `The in-process chain could not write its journal in ${store.dir} (${messageOf(cause)}) nor reload it (${messageOf(reloadError)}); ` +
          "the change is kept in memory and written with the next checkpoint",
      );
    }
    throw chainFailed(
      `The in-process chain could not record the transaction in ${store.dir} (${messageOf(cause)}): it was undone and nothing was paid; free space there and try again`,
    );
  }

  /** Re-executes journaled changes in order; litesvm is deterministic, so outcomes must match. */
  private replay(records: readonly JournalRecord[]): void {
    let diverged = 0;
    for (const r of records) {
      if (r.kind === "account") {
        this.applySetAccount(r.address, r.lamports, r.owner, r.executable, r.data);
        continue;
      }
      const result = r.kind === "tx" ? this.applyTx(r.bytes, r.expired) : this.applyAirdrop(r.to, r.lamports, r.expired);
      const ok = !!result && !(result instanceof FailedTransactionMetadata);
      if (ok !== r.ok) diverged += 1;
    }
    if (diverged > 0) console.error(`settlement: ${diverged} of ${records.length} journaled changes replayed with a different outcome`);
  }

  private outcome(signature: string, result: Outcome): string {
    if (result instanceof FailedTransactionMetadata) {
      const logs = result.meta().logs();
      throw chainFailed(chainErrorMessage(describeLiteSvmError(result), logs), logs, signature);
    }
    return signature;
  }

  /** This ledger's settings, applied to every LiteSVM it runs: a fresh one, a loaded one, a reloaded one. */
  private configured(svm: LiteSVM): LiteSVM {
    return this.blockhashCheck ? svm : svm.withBlockhashCheck(false);
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
}

// ---------------------------------------------------------------------------------------------
// Real cluster: web3.js 1.x Connection, confirmation by polling (no websocket needed)

export interface RpcLedgerOptions {
  commitment?: Extract<Commitment, "confirmed" | "finalized">;
  /** Interval between getSignatureStatuses polls. */
  pollIntervalMs?: number;
  /** Longest wait for a confirmation before answering "outcome unknown". */
  timeoutMs?: number;
  /**
   * How often the same signed bytes are sent again while they are not confirmed: transactions are
   * sent with maxRetries 0, so the node never retries them itself, and one dropped on the way to the
   * leader would otherwise never land.
   */
  rebroadcastIntervalMs?: number;
  /** No simulation before sending (the node is never asked for one: every send skips its preflight). */
  skipPreflight?: boolean;
  /** Only local validators and test endpoints mint lamports on request. */
  airdrop?: boolean;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Public clusters by genesis hash (mainnet-beta, devnet, testnet): never asked for lamports. */
const PUBLIC_GENESIS_HASHES = new Set([
  "5eykt4UsFv8P8NJdTREpY1vzqKqZKvdpKuc147dw2N9d",
  "EtWTRABZaYq6iMfeYKouRu166VU2xqa1wcaWoxPkrZBG",
  "4uhcVJyU9pJkvQyS88uRDiswHXSCkY3zQawwpjk2NsNY",
]);

/**
 * The development chain's one non-Solana method (server/chain/rpc-server.ts): writes an account as
 * given, as the in-process chain's setAccount does (test mints at a fixed address).
 */
export const SET_ACCOUNT_METHOD = "litesvm_setAccount";

/** What detectDevelopmentChain airdrops to its probe key: the start's first top-up of the authority. */
const PROBE_AIRDROP_LAMPORTS = 1_000_000_000n;

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
  private readonly rebroadcastMs: number;
  private development: Promise<boolean> | null = null;
  /** Set by the `airdrop` option, or by detectDevelopmentChain on a chain that grants airdrops. */
  airdrop?: (to: PublicKey, lamports: bigint) => Promise<string>;
  /** Set by detectDevelopmentChain on a development chain that writes accounts (`npm run chain`). */
  setAccount?: (address: PublicKey, account: LedgerAccount) => Promise<void>;

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
    this.rebroadcastMs = options.rebroadcastIntervalMs ?? 2_000;
    if (options.airdrop) this.airdrop = (to, amount) => this.requestAirdrop(to, amount);
  }

  /**
   * Whether this cluster is a development chain: one that is not a public cluster (by its genesis
   * hash) and grants an airdrop, here to `probe` (the authority: its first top-up). When it is,
   * `airdrop` is set, and `setAccount` too where the chain offers it (`npm run chain` does;
   * solana-test-validator does not). Asked once; a cluster that refuses, fails or does not answer
   * within `timeoutMs` is quietly not one, and nothing is set.
   */
  detectDevelopmentChain(probe: PublicKey, timeoutMs = 10_000): Promise<boolean> {
    this.development ??= this.detect(probe, timeoutMs);
    return this.development;
  }

  private async detect(probe: PublicKey, timeoutMs: number): Promise<boolean> {
    let timer: NodeJS.Timeout | undefined;
    let late = false;
    const probing = (async () => {
      if (PUBLIC_GENESIS_HASHES.has(await this.connection.getGenesisHash())) return false;
      await this.requestAirdrop(probe, PROBE_AIRDROP_LAMPORTS);
      const writesAccounts = await this.offers(SET_ACCOUNT_METHOD);
      if (late) return false;
      this.airdrop ??= (to, amount) => this.requestAirdrop(to, amount);
      if (writesAccounts) this.setAccount = (address, account) => this.writeAccount(address, account);
      return true;
    })();
    const timeout = new Promise<boolean>((resolve) => {
      timer = setTimeout(() => {
        late = true;
        resolve(false);
      }, timeoutMs);
    });
    try {
      return await Promise.race([probing, timeout]);
    } catch {
      return false;
    } finally {
      clearTimeout(timer);
      probing.catch(() => {}); // lost the race: its failure is no news
    }
  }

  private async requestAirdrop(to: PublicKey, amount: bigint): Promise<string> {
    const signature = await this.connection.requestAirdrop(to, Number(amount));
    await this.waitForConfirmation(signature, null);
    return signature;
  }

  private async writeAccount(address: PublicKey, account: LedgerAccount): Promise<void> {
    await this.call(SET_ACCOUNT_METHOD, [
      address.toBase58(),
      {
        lamports: Number(account.lamports),
        owner: account.owner.toBase58(),
        executable: account.executable,
        data: [Buffer.from(account.data).toString("base64"), "base64"],
      },
    ]);
  }

  /** Whether the node knows `method`: asked without its parameters, it answers "invalid params" (not "method not found"). */
  private async offers(method: string): Promise<boolean> {
    try {
      await this.call(method, []);
      return true;
    } catch (error) {
      return (error as { code?: unknown }).code === -32602;
    }
  }

  /** One JSON-RPC call outside web3.js (which only knows Solana's methods); an error answer is thrown with its code. */
  private async call(method: string, params: unknown[]): Promise<unknown> {
    const response = await fetch(this.connection.rpcEndpoint, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ jsonrpc: "2.0", id: 1, method, params }),
    });
    if (!response.ok) throw new Error(`${method}: HTTP ${response.status}`);
    const body = (await response.json()) as { result?: unknown; error?: { code: number; message: string } };
    if (body.error) throw Object.assign(new Error(`${method}: ${body.error.message}`), { code: body.error.code });
    return body.result;
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

  /**
   * Simulates (unless the caller did), then broadcasts the signed bytes with maxRetries 0 and no
   * preflight, and again every rebroadcastIntervalMs until they are confirmed, fail, or their
   * blockhash expires unseen (CHAIN_TRANSACTION_FAILED with `expired`: only then may the same
   * payment be signed anew). Re-sending the same bytes cannot pay twice: a signature lands once.
   */
  async sendAndConfirm(tx: VersionedTransaction, lifetime?: RecentBlockhash, options: SendOptions = {}): Promise<string> {
    const signature = signatureOf(tx);
    if (!options.simulated && !this.options.skipPreflight) {
      const simulation = await this.simulate(tx);
      if (!simulation.ok) throw chainFailed(simulation.error ?? "Transaction simulation failed", simulation.logs, signature);
    }
    const bytes = tx.serialize();
    let broadcasts = 0;
    const broadcast = async () => {
      try {
        await this.connection.sendRawTransaction(bytes, { skipPreflight: true, maxRetries: 0 });
      } catch (error) {
        // The node refused the first one outright: it was never broadcast. Later refusals (and
        // network failures, which may or may not have reached it) change nothing: keep checking.
        if (broadcasts === 0 && error instanceof SendTransactionError) {
          const logs = error.transactionError.logs ?? [];
          throw chainFailed(
            chainErrorMessage(error.transactionError.message.replace(/^Transaction simulation failed: /, ""), logs),
            logs,
            signature,
          );
        }
      } finally {
        broadcasts += 1;
      }
      await reportBroadcast(options, signature, broadcasts);
    };
    await this.waitForConfirmation(signature, lifetime?.lastValidBlockHeight ?? null, broadcast);
    return signature;
  }

  async submit(
    build: (lifetime: RecentBlockhash) => Promise<VersionedTransaction> | VersionedTransaction,
    options: SendOptions = {},
  ): Promise<string> {
    const lifetime = await this.latestBlockhash();
    return this.sendAndConfirm(await build(lifetime), lifetime, options);
  }

  async recentPriorityFees(writable: readonly PublicKey[]): Promise<number[]> {
    const recent = await this.connection.getRecentPrioritizationFees({ lockedWritableAccounts: [...writable] });
    return recent.map((slot) => slot.prioritizationFee);
  }

  async simulate(tx: VersionedTransaction): Promise<Simulation> {
    // The node checks the signatures and the blockhash as it would on send: a preview that passes is sendable.
    const { value } = await this.connection.simulateTransaction(tx, { sigVerify: true, commitment: this.commitment });
    const logs = value.logs ?? [];
    const unitsConsumed = value.unitsConsumed ?? undefined;
    if (value.err) return { ok: false, error: chainErrorMessage(describeChainError(value.err), logs), logs, unitsConsumed };
    return { ok: true, logs, unitsConsumed };
  }

  async signatureStatus(signature: string): Promise<SignatureState> {
    const { value } = await this.connection.getSignatureStatuses([signature], { searchTransactionHistory: true });
    return this.toState(value[0] ?? null);
  }

  async canStillLand(lastValidBlockHeight: number): Promise<boolean> {
    return (await this.connection.getBlockHeight(this.commitment)) <= lastValidBlockHeight;
  }

  async close(): Promise<void> {}

  private toState(status: SignatureStatus | null): SignatureState {
    if (!status) return { state: "unknown" };
    if (status.err) return { state: "failed", error: chainErrorMessage(describeChainError(status.err), []) };
    const level = status.confirmationStatus;
    const done = this.commitment === "finalized" ? level === "finalized" : level === "confirmed" || level === "finalized";
    return done ? { state: "confirmed" } : { state: "pending" };
  }

  /** Polls the signature's status until it is settled; `broadcast`, when given, runs first and then every rebroadcastIntervalMs. */
  private async waitForConfirmation(
    signature: string,
    lastValidBlockHeight: number | null,
    broadcast?: () => Promise<void>,
  ): Promise<void> {
    const deadline = Date.now() + this.timeoutMs;
    let nextBroadcast = Date.now();
    for (let poll = 1; ; poll++) {
      if (broadcast && Date.now() >= nextBroadcast) {
        await broadcast();
        nextBroadcast = Date.now() + this.rebroadcastMs;
      }
      let status: SignatureStatus | null | undefined;
      try {
        status = (await this.connection.getSignatureStatuses([signature])).value[0];
      } catch {
        status = undefined; // a transient RPC failure: keep polling until the deadline
      }
      if (status?.err) {
        const logs = await this.logsOf(signature);
        throw chainFailed(chainErrorMessage(describeChainError(status.err), logs), logs, signature);
      }
      if (status && this.toState(status).state === "confirmed") return;
      if (Date.now() >= deadline) throw outcomeUnknown(signature, `no confirmation within ${this.timeoutMs} ms`);
      if (lastValidBlockHeight !== null && status === null && poll % 5 === 0 && (await this.expired(signature, lastValidBlockHeight))) {
        throw expiredUnlanded(signature);
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
