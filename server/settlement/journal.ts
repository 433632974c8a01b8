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
import { closeSync, existsSync, openSync, readdirSync, readFileSync, renameSync, unlinkSync, writeFileSync, writeSync, mkdirSync } from "node:fs";
import { randomBytes } from "node:crypto";
import { join } from "node:path";
import { LiteSVM } from "litesvm";

export const JOURNAL_FILE = "chain.journal";
const MAGIC = Buffer.from("LSVMJNL1", "ascii");
const HEADER_SIZE = MAGIC.length + 8;
const snapshotName = (epoch: string) => `chain-${epoch}.litesvm`;

export type JournalRecord =
  | { kind: "tx"; bytes: Uint8Array; ok: boolean; expired: boolean }
  | { kind: "airdrop"; to: Uint8Array; lamports: bigint; ok: boolean; expired: boolean }
  | { kind: "account"; address: Uint8Array; lamports: bigint; owner: Uint8Array; executable: boolean; data: Uint8Array };

const KIND = { tx: 1, airdrop: 2, account: 3 } as const;
const FLAG_OK = 1;
const FLAG_EXPIRED = 2;

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
  const head = Buffer.alloc(6);
  head.writeUInt8(KIND[record.kind], 0);
  head.writeUInt8(flags, 1);
  head.writeUInt32LE(payload.length, 2);
  return Buffer.concat([head, payload]);
}

/** Decodes every complete record; a record cut short by a crash mid-write is dropped. */
export function decodeJournal(buffer: Buffer): JournalRecord[] {
  const records: JournalRecord[] = [];
  let at = HEADER_SIZE;
  while (at + 6 <= buffer.length) {
    const kind = buffer.readUInt8(at);
    const flags = buffer.readUInt8(at + 1);
    const length = buffer.readUInt32LE(at + 2);
    if (at + 6 + length > buffer.length) break;
    const p = buffer.subarray(at + 6, at + 6 + length);
    const ok = (flags & FLAG_OK) !== 0;
    const expired = (flags & FLAG_EXPIRED) !== 0;
    if (kind === KIND.tx) records.push({ kind: "tx", bytes: new Uint8Array(p), ok, expired });
    else if (kind === KIND.airdrop) records.push({ kind: "airdrop", to: new Uint8Array(p.subarray(0, 32)), lamports: p.readBigUInt64LE(32), ok, expired });
    else if (kind === KIND.account) {
      records.push({
        kind: "account",
        address: new Uint8Array(p.subarray(0, 32)),
        lamports: p.readBigUInt64LE(32),
        owner: new Uint8Array(p.subarray(40, 72)),
        executable: p.readUInt8(72) === 1,
        data: new Uint8Array(p.subarray(73)),
      });
    } else throw new Error(`Chain journal: unknown record kind ${kind} at byte ${at}`);
    at += 6 + length;
  }
  return records;
}

export class ChainStore {
  private fd: number | null = null;
  private records = 0;

  private constructor(
    readonly dir: string,
    private epoch: string | null,
  ) {}

  /** The stored chain (or `fresh()` when there is none) and the journal records to replay onto it. */
  static open(dir: string, fresh: () => LiteSVM): { store: ChainStore; svm: LiteSVM; pending: JournalRecord[] } {
    mkdirSync(dir, { recursive: true });
    const journalPath = join(dir, JOURNAL_FILE);
    if (!existsSync(journalPath)) return { store: new ChainStore(dir, null), svm: fresh(), pending: [] };
    const buffer = readFileSync(journalPath);
    if (buffer.length < HEADER_SIZE || !buffer.subarray(0, MAGIC.length).equals(MAGIC)) {
      throw new Error(`${journalPath} is not a chain journal`);
    }
    const epoch = buffer.subarray(MAGIC.length, HEADER_SIZE).toString("hex");
    const snapshot = join(dir, snapshotName(epoch));
    if (!existsSync(snapshot)) throw new Error(`${journalPath} continues ${snapshot}, which is missing`);
    return { store: new ChainStore(dir, epoch), svm: LiteSVM.loadFromFile(snapshot), pending: decodeJournal(buffer) };
  }

  get sinceCheckpoint(): number {
    return this.records;
  }

  append(record: JournalRecord): void {
    if (this.fd === null) throw new Error("The chain store is closed or has no checkpoint yet");
    const bytes = encode(record);
    let written = 0;
    while (written < bytes.length) written += writeSync(this.fd, bytes, written, bytes.length - written);
    this.records += 1;
  }

  /** Writes the whole chain as a new checkpoint and starts an empty journal after it. */
  checkpoint(svm: LiteSVM): void {
    const epoch = randomBytes(8).toString("hex");
    const snapshot = join(this.dir, snapshotName(epoch));
    writeFileSync(`${snapshot}.tmp`, svm.toBytes());
    renameSync(`${snapshot}.tmp`, snapshot);
    const header = Buffer.concat([MAGIC, Buffer.from(epoch, "hex")]);
    const journalPath = join(this.dir, JOURNAL_FILE);
    writeFileSync(`${journalPath}.tmp`, header);
    if (this.fd !== null) closeSync(this.fd);
    renameSync(`${journalPath}.tmp`, journalPath);
    this.fd = openSync(journalPath, "a");
    this.epoch = epoch;
    this.records = 0;
    this.removeStaleSnapshots();
  }

  close(svm: LiteSVM): void {
    if (this.fd === null) return;
    this.checkpoint(svm);
    closeSync(this.fd as number);
    this.fd = null;
  }

  /** Older checkpoints and leftovers of a checkpoint interrupted by a crash. */
  private removeStaleSnapshots(): void {
    const keep = snapshotName(this.epoch ?? "");
    for (const name of readdirSync(this.dir)) {
      if (/^chain-[0-9a-f]{16}\.litesvm(\.tmp)?$/.test(name) && name !== keep) unlinkSync(join(this.dir, name));
    }
  }
}
