// Persistence of the in-process chain: a full litesvm snapshot (checkpoint) plus an append-only
// journal of every change made since. A change is on disk (the OS's, no fsync: it survives a crash
// of the process, not of the machine) before the call that made it returns, at the cost of one small
// write, where a full snapshot costs milliseconds and grows with the chain. At start the checkpoint
// is loaded and the journal replayed; litesvm is deterministic (its blockhash sequence too), so the
// replay rebuilds the same state, including the runtime's refusals.
//
// Files in the state folder:
//   chain.journal           header (magic + epoch) then records
//   chain-<epoch>.litesvm   the checkpoint that journal continues
// A checkpoint writes the new snapshot under a new epoch first, then atomically replaces the
// journal: at every instant the journal names a snapshot that is complete.
//
// The journal only ever grows by whole records: a write that fails half-way is cut off again before
// anything else is appended, and every record carries a CRC-32, so garbage is recognised at start
// and refused with its offset instead of being replayed (litesvm's decoder panics on it and takes the
// process down).
import * as nodeFs from "node:fs";
import { randomBytes } from "node:crypto";
import { join } from "node:path";
import { crc32 } from "node:zlib";
import { getCompiledTransactionMessageDecoder, getTransactionDecoder } from "@solana/kit";
import { LiteSVM } from "litesvm";

/** The file-system calls the store makes: node:fs, or a stand-in that injects faults in tests. */
export type ChainFs = Pick<
  typeof nodeFs,
  | "closeSync"
  | "existsSync"
  | "ftruncateSync"
  | "mkdirSync"
  | "openSync"
  | "readdirSync"
  | "readFileSync"
  | "renameSync"
  | "unlinkSync"
  | "writeFileSync"
  | "writeSync"
>;

export const JOURNAL_FILE = "chain.journal";
// Format 1 had no checksum; its journals are still read (and replaced by format 2 at the first checkpoint).
const MAGIC_V1 = Buffer.from("LSVMJNL1", "ascii");
const MAGIC = Buffer.from("LSVMJNL2", "ascii");
const HEADER_SIZE = MAGIC.length + 8;
const snapshotName = (epoch: string) => `chain-${epoch}.litesvm`;

export type JournalRecord =
  | { kind: "tx"; bytes: Uint8Array; ok: boolean; expired: boolean }
  | { kind: "airdrop"; to: Uint8Array; lamports: bigint; ok: boolean; expired: boolean }
  | { kind: "account"; address: Uint8Array; lamports: bigint; owner: Uint8Array; executable: boolean; data: Uint8Array };

const KIND = { tx: 1, airdrop: 2, account: 3 } as const;
const FLAG_OK = 1;
const FLAG_EXPIRED = 2;
/** Payload sizes a record can have: a transaction fits a packet, an account holds at most 10 MiB. */
const PAYLOAD: Record<number, { name: string; min: number; max: number; flags: number }> = {
  [KIND.tx]: { name: "transaction", min: 1, max: 1232, flags: FLAG_OK | FLAG_EXPIRED },
  [KIND.airdrop]: { name: "airdrop", min: 40, max: 40, flags: FLAG_OK | FLAG_EXPIRED },
  [KIND.account]: { name: "account", min: 73, max: 73 + 10 * 1024 * 1024, flags: 0 },
};

/** The stored chain cannot be loaded as it is; the message names the file and what to do. */
export class CorruptChainError extends Error {
  constructor(
    readonly file: string,
    message: string,
  ) {
    super(message);
    this.name = "CorruptChainError";
  }
}

function encode(record: JournalRecord): Buffer {
  let payload: Buffer;
  let flags = 0;
  if (record.kind === "account") {
    payload = Buffer.alloc(32 + 8 + 32 + 1 + record.data.length);
    payload.set(record.address, 0);
    payload.writeBigUInt64LE(record.lamports, 32);
    payload.set(record.owner, 40);
    payload.writeUInt8(record.executable ? 1 : 0, 72);
    payload.set(record.data, 73);
  } else {
    flags = (record.ok ? FLAG_OK : 0) | (record.expired ? FLAG_EXPIRED : 0);
    if (record.kind === "tx") {
      payload = Buffer.from(record.bytes);
    } else {
      payload = Buffer.alloc(40);
      payload.set(record.to, 0);
      payload.writeBigUInt64LE(record.lamports, 32);
    }
  }
  const head = Buffer.alloc(10);
  head.writeUInt8(KIND[record.kind], 0);
  head.writeUInt8(flags, 1);
  head.writeUInt32LE(payload.length, 2);
  head.writeUInt32LE(crc32(payload, crc32(head.subarray(0, 6))), 6);
  return Buffer.concat([head, payload]);
}

const txDecoder = getTransactionDecoder();
const messageDecoder = getCompiledTransactionMessageDecoder();

/** Throws unless the bytes are one whole transaction whose message decodes to its last byte. */
function checkTransaction(bytes: Uint8Array): void {
  const tx = txDecoder.decode(bytes);
  const [message, end] = messageDecoder.read(tx.messageBytes, 0);
  if (end !== tx.messageBytes.length) throw new Error(`${tx.messageBytes.length - end} bytes after the message`);
  if (Object.keys(tx.signatures).length !== message.header.numSignerAccounts) throw new Error("signature count does not match the message");
}

function parse(kind: number, flags: number, p: Buffer): JournalRecord {
  const ok = (flags & FLAG_OK) !== 0;
  const expired = (flags & FLAG_EXPIRED) !== 0;
  if (kind === KIND.tx) {
    checkTransaction(p);
    return { kind: "tx", bytes: new Uint8Array(p), ok, expired };
  }
  if (kind === KIND.airdrop)
    return { kind: "airdrop", to: new Uint8Array(p.subarray(0, 32)), lamports: p.readBigUInt64LE(32), ok, expired };
  const executable = p.readUInt8(72);
  if (executable > 1) throw new Error(`executable flag ${executable}`);
  return {
    kind: "account",
    address: new Uint8Array(p.subarray(0, 32)),
    lamports: p.readBigUInt64LE(32),
    owner: new Uint8Array(p.subarray(40, 72)),
    executable: executable === 1,
    data: new Uint8Array(p.subarray(73)),
  };
}

function corruptAfter(file: string, offset: number, reason: string): CorruptChainError {
  return new CorruptChainError(
    file,
    `${file} is corrupt after byte ${offset} (the end of its last complete record): ${reason}. ` +
      `Nothing was loaded. To keep the chain up to that record, cut the file there ` +
      `(truncate -s ${offset} ${file}); the changes recorded after it are then lost. ` +
      `Or move the folder away to start a new, empty chain.`,
  );
}

/**
 * Decodes and checks every record. A record cut short at the very end of the file is what a crash
 * in the middle of its write leaves: it never completed, so it is dropped. Anything else that is not
 * a valid record (unknown kind, impossible length, checksum or decoding failure) is garbage with
 * possibly real records after it: replaying around it would build another chain than the one that
 * ran, so the journal is refused at the offset where the last complete record ends.
 */
export function decodeJournal(buffer: Buffer, file = JOURNAL_FILE): JournalRecord[] {
  const checksummed = buffer.subarray(0, MAGIC.length).equals(MAGIC);
  const headSize = checksummed ? 10 : 6;
  const records: JournalRecord[] = [];
  let at = HEADER_SIZE;
  while (at < buffer.length) {
    if (at + headSize > buffer.length) break; // a head cut short: a crash mid-write
    const kind = buffer.readUInt8(at);
    const flags = buffer.readUInt8(at + 1);
    const length = buffer.readUInt32LE(at + 2);
    const shape = PAYLOAD[kind];
    if (!shape) throw corruptAfter(file, at, `unknown record kind ${kind}`);
    if ((flags & ~shape.flags) !== 0) throw corruptAfter(file, at, `flags ${flags} on a ${shape.name} record`);
    if (length < shape.min || length > shape.max) throw corruptAfter(file, at, `a ${shape.name} record of ${length} bytes`);
    if (at + headSize + length > buffer.length) break; // a payload cut short: a crash mid-write
    const payload = buffer.subarray(at + headSize, at + headSize + length);
    if (checksummed && buffer.readUInt32LE(at + 6) !== crc32(payload, crc32(buffer.subarray(at, at + 6)))) {
      throw corruptAfter(file, at, "checksum mismatch");
    }
    try {
      records.push(parse(kind, flags, payload));
    } catch (error) {
      throw corruptAfter(file, at, `undecodable ${shape.name} record (${error instanceof Error ? error.message : String(error)})`);
    }
    at += headSize + length;
  }
  return records;
}

export class ChainStore {
  private fd: number | null = null;
  private records = 0;
  /** Bytes of the journal that hold whole records: where a failed write is cut back to. */
  private size = 0;
  /** Set when the journal may end in a partial record (or memory is ahead of it): see `append`. */
  private damaged: Error | null = null;

  private constructor(
    readonly dir: string,
    private epoch: string | null,
    private readonly fs: ChainFs,
  ) {}

  /** The stored chain (or `fresh()` when there is none) and the journal records to replay onto it. */
  static open(dir: string, fresh: () => LiteSVM, fs: ChainFs = nodeFs): { store: ChainStore; svm: LiteSVM; pending: JournalRecord[] } {
    fs.mkdirSync(dir, { recursive: true });
    const store = new ChainStore(dir, null, fs);
    const stored = store.load();
    if (!stored) return { store, svm: fresh(), pending: [] };
    store.epoch = stored.epoch;
    return { store, svm: stored.svm, pending: stored.pending };
  }

  /**
   * The stored chain without opening it for writing (no folder created, no checkpoint, no journal
   * handle): what a restart would load now, or null when the folder holds no chain. A server may be
   * writing it meanwhile: a checkpoint that replaced the journal between the two reads is read again.
   */
  static read(dir: string, fs: ChainFs = nodeFs): { svm: LiteSVM; pending: JournalRecord[] } | null {
    const store = new ChainStore(dir, null, fs);
    for (let attempt = 1; ; attempt++) {
      try {
        return store.load();
      } catch (error) {
        if (!(error instanceof CorruptChainError) || !/ which is missing/.test(error.message) || attempt >= 3) throw error;
      }
    }
  }

  /** What a restart would load now: the checkpoint and the journal records after it. */
  load(): { epoch: string; svm: LiteSVM; pending: JournalRecord[] } | null {
    const journalPath = join(this.dir, JOURNAL_FILE);
    if (!this.fs.existsSync(journalPath)) return null;
    const buffer = this.fs.readFileSync(journalPath);
    const magic = buffer.subarray(0, MAGIC.length);
    if (buffer.length < HEADER_SIZE || !(magic.equals(MAGIC) || magic.equals(MAGIC_V1))) {
      throw new CorruptChainError(
        journalPath,
        `${journalPath} is not a chain journal: move the folder ${this.dir} away to start a new chain`,
      );
    }
    const epoch = buffer.subarray(MAGIC.length, HEADER_SIZE).toString("hex");
    const snapshot = join(this.dir, snapshotName(epoch));
    if (!this.fs.existsSync(snapshot)) {
      throw new CorruptChainError(
        journalPath,
        `${journalPath} continues ${snapshot}, which is missing: move the folder ${this.dir} away to start a new chain`,
      );
    }
    // Checked in full before litesvm sees any of it.
    const pending = decodeJournal(buffer, journalPath);
    return { epoch, svm: LiteSVM.fromBytes(this.fs.readFileSync(snapshot)), pending };
  }

  get sinceCheckpoint(): number {
    return this.records;
  }

  /** True when nothing may be appended before a checkpoint succeeds. */
  get needsCheckpoint(): boolean {
    return this.damaged !== null;
  }

  /**
   * Appends one record. When the write fails (a full disk writes part of it, then ENOSPC), the file
   * is cut back to its last complete record and the error rethrown: the change is not on disk. If
   * even that cut fails, the partial record stays at the end, where a restart drops it as a crash
   * leftover; but nothing may follow it, so the store refuses to append until a checkpoint has
   * replaced the journal.
   */
  append(record: JournalRecord): void {
    if (this.fd === null) throw new Error("The chain store is closed or has no checkpoint yet");
    if (this.damaged) throw this.damaged;
    const bytes = encode(record);
    let written = 0;
    try {
      while (written < bytes.length) written += this.fs.writeSync(this.fd, bytes, written, bytes.length - written);
    } catch (error) {
      try {
        this.fs.ftruncateSync(this.fd, this.size);
      } catch {
        this.damaged = error instanceof Error ? error : new Error(String(error));
      }
      throw error;
    }
    this.size += bytes.length;
    this.records += 1;
  }

  /** The in-memory chain may hold a change the journal lacks: only a checkpoint may write again. */
  markDamaged(reason: Error): void {
    this.damaged = reason;
  }

  /**
   * Writes the whole chain as a new checkpoint and starts an empty journal after it. All or nothing:
   * when a step fails, its files are removed and the current checkpoint and journal stay in use.
   */
  checkpoint(svm: LiteSVM): void {
    const epoch = randomBytes(8).toString("hex");
    const snapshot = join(this.dir, snapshotName(epoch));
    const journalPath = join(this.dir, JOURNAL_FILE);
    let fd: number | null = null;
    try {
      this.fs.writeFileSync(`${snapshot}.tmp`, svm.toBytes());
      this.fs.renameSync(`${snapshot}.tmp`, snapshot);
      this.fs.writeFileSync(`${journalPath}.tmp`, Buffer.concat([MAGIC, Buffer.from(epoch, "hex")]));
      // Opened (appending, so a cut-back write lands at the end again) before the rename: the
      // descriptor then follows the file, and no step after the switch can fail.
      fd = this.fs.openSync(`${journalPath}.tmp`, "a");
      this.fs.renameSync(`${journalPath}.tmp`, journalPath);
    } catch (error) {
      if (fd !== null) this.fs.closeSync(fd);
      for (const leftover of [`${snapshot}.tmp`, snapshot, `${journalPath}.tmp`]) this.removeQuietly(leftover);
      throw error;
    }
    if (this.fd !== null) this.closeQuietly(this.fd);
    this.fd = fd;
    this.epoch = epoch;
    this.records = 0;
    this.size = HEADER_SIZE;
    this.damaged = null;
    this.removeStaleSnapshots();
  }

  close(svm: LiteSVM): void {
    if (this.fd === null) return;
    try {
      this.checkpoint(svm);
    } finally {
      this.closeQuietly(this.fd);
      this.fd = null;
    }
  }

  /** Older checkpoints and leftovers of a checkpoint interrupted by a crash; failing here loses nothing. */
  private removeStaleSnapshots(): void {
    const keep = snapshotName(this.epoch ?? "");
    try {
      for (const name of this.fs.readdirSync(this.dir)) {
        if (/^chain-[0-9a-f]{16}\.litesvm(\.tmp)?$/.test(name) && name !== keep) this.removeQuietly(join(this.dir, name));
      }
    } catch {
      // listed again at the next checkpoint
    }
  }

  private removeQuietly(path: string): void {
    try {
      this.fs.unlinkSync(path);
    } catch {
      // absent, or removed at the next checkpoint
    }
  }

  private closeQuietly(fd: number): void {
    try {
      this.fs.closeSync(fd);
    } catch {
      // nothing left to do with it
    }
  }
}
