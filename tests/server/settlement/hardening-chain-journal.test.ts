// The in-process chain's journal under disk faults: a write that fails half-way must leave the journal
// at its last complete record, and a journal with garbage in the middle is refused at start with the
// file and the offset, never handed to litesvm (whose decoder panics and aborts the whole process).
// Faults are injected through ChainStore's file-system layer.
import * as fs from "node:fs";
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Keypair, PublicKey, SystemProgram } from "@solana/web3.js";
import { LiteSVM } from "litesvm";
import bs58 from "bs58";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { LiteSvmLedger } from "../../../server/settlement/index.ts";
import { ChainStore, CorruptChainError, JOURNAL_FILE, decodeJournal, type ChainFs } from "../../../server/settlement/journal.ts";
import { buildTransaction } from "../../../server/settlement/tx.ts";

const SOL = 1_000_000_000n;

/** node:fs, except that the next write (or truncation, or file write) can be made to fail. */
function faultyDisk() {
  let failWrite: { keep: number } | null = null;
  let failTruncate = false;
  let failWriteFile = false;
  let failRead = false;
  const enospc = (syscall: string) =>
    Object.assign(new Error(`ENOSPC: no space left on device, ${syscall}`), { code: "ENOSPC", errno: -28, syscall });
  const layer: ChainFs = {
    ...fs,
    writeSync: ((fd: number, buffer: Uint8Array, offset?: number, length?: number) => {
      if (!failWrite) return fs.writeSync(fd, buffer, offset, length);
      // Part of the record reaches the file, then the disk is full.
      const keep = Math.min(failWrite.keep, length ?? buffer.length);
      failWrite = null;
      fs.writeSync(fd, buffer, offset, keep);
      throw enospc("write");
    }) as typeof fs.writeSync,
    ftruncateSync: ((fd: number, len?: number) => {
      if (failTruncate) throw Object.assign(new Error("EIO: i/o error, ftruncate"), { code: "EIO", syscall: "ftruncate" });
      fs.ftruncateSync(fd, len);
    }) as typeof fs.ftruncateSync,
    writeFileSync: ((...args: Parameters<typeof fs.writeFileSync>) => {
      if (failWriteFile) throw enospc("write");
      fs.writeFileSync(...args);
    }) as typeof fs.writeFileSync,
    readFileSync: ((...args: Parameters<typeof fs.readFileSync>) => {
      if (failRead) throw Object.assign(new Error("EIO: i/o error, read"), { code: "EIO", syscall: "read" });
      return fs.readFileSync(...args);
    }) as typeof fs.readFileSync,
  };
  return {
    layer,
    failNextWrite(keep: number) {
      failWrite = { keep };
    },
    failTruncations(on: boolean) {
      failTruncate = on;
    },
    failFileWrites(on: boolean) {
      failWriteFile = on;
    },
    failReads(on: boolean) {
      failRead = on;
    },
  };
}

function transfer(ledger: LiteSvmLedger, from: Keypair, to: PublicKey, lamports: bigint): Promise<string> {
  return ledger.submit((lifetime) =>
    buildTransaction([SystemProgram.transfer({ fromPubkey: from.publicKey, toPubkey: to, lamports })], [from], lifetime.blockhash),
  );
}

async function balances(ledger: LiteSvmLedger, keys: PublicKey[]): Promise<(bigint | null)[]> {
  return Promise.all(keys.map(async (key) => (await ledger.getAccount(key))?.lamports ?? null));
}

let dir: string;
let stateDir: string;
let journal: string;

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), "mkt-journal-"));
  stateDir = join(dir, "chain");
  journal = join(stateDir, JOURNAL_FILE);
});

afterEach(() => {
  rmSync(dir, { recursive: true, force: true });
});

/** A chain on a disk that can be made to fail, with a payer holding 10 SOL (its airdrop journalled). */
async function fundedOnFaultyDisk(options: { checkpointEvery?: number } = {}) {
  const disk = faultyDisk();
  const live = LiteSvmLedger.open({ stateDir, fs: disk.layer, ...options });
  const payer = Keypair.generate();
  await live.airdrop(payer.publicKey, 10n * SOL);
  return { disk, live, payer };
}

describe("a journal write that fails", () => {
  it("leaves the journal at its last complete record, undoes the change, and later records append cleanly", async () => {
    const { disk, live, payer } = await fundedOnFaultyDisk();
    const before = readFileSync(journal);
    const recordsBefore = decodeJournal(before).length;
    const blockhash = (await live.latestBlockhash()).blockhash;

    const lost = Keypair.generate().publicKey;
    disk.failNextWrite(30);
    const failure = await transfer(live, payer, lost, SOL).catch((error: unknown) => error);
    // Known outcome: the transaction did not happen (502, the order stays DISPUTED), and says why.
    expect(failure).toMatchObject({ code: "CHAIN_TRANSACTION_FAILED" });
    expect((failure as Error).message).toMatch(/ENOSPC/);
    expect((failure as Error).message).toMatch(/nothing was paid/);
    // (a) The half-written record is gone from the file.
    expect(readFileSync(journal)).toEqual(before);
    // Memory was brought back to what is on disk: the transfer is undone, the blockhash not consumed.
    expect(await balances(live, [payer.publicKey, lost])).toEqual([10n * SOL, null]);
    expect((await live.latestBlockhash()).blockhash).toBe(blockhash);

    // (b) The next change appends right after the last complete record.
    const kept = Keypair.generate().publicKey;
    await transfer(live, payer, kept, 2n * SOL);
    const after = readFileSync(journal);
    expect(after.subarray(0, before.length)).toEqual(before);
    expect(decodeJournal(after)).toHaveLength(recordsBefore + 1);

    // (c) A restart after a kill -9 (no close, no final checkpoint) loads the same chain.
    const keys = [payer.publicKey, lost, kept];
    const restored = LiteSvmLedger.open({ stateDir });
    expect(await balances(restored, keys)).toEqual(await balances(live, keys));
    expect(await balances(restored, keys)).toEqual([8n * SOL - 5_000n, null, 2n * SOL]);
    expect((await restored.latestBlockhash()).blockhash).toBe((await live.latestBlockhash()).blockhash);
    await restored.close();
  });

  it("appends nothing after a partial record it could not cut off: the next change first writes a checkpoint", async () => {
    const { disk, live, payer } = await fundedOnFaultyDisk();
    const before = readFileSync(journal);

    disk.failTruncations(true);
    disk.failNextWrite(12);
    await expect(transfer(live, payer, Keypair.generate().publicKey, SOL)).rejects.toMatchObject({ code: "CHAIN_TRANSACTION_FAILED" });
    expect(readFileSync(journal).length).toBe(before.length + 12); // the partial record is still there

    // While the checkpoint cannot be written either, every change is refused and nothing is appended.
    disk.failFileWrites(true);
    await expect(transfer(live, payer, Keypair.generate().publicKey, SOL)).rejects.toThrow(/ENOSPC/);
    expect(readFileSync(journal).length).toBe(before.length + 12);
    expect(readdirSync(stateDir).filter((name) => name.endsWith(".tmp"))).toEqual([]);

    disk.failFileWrites(false);
    disk.failTruncations(false);
    const kept = Keypair.generate().publicKey;
    await transfer(live, payer, kept, SOL);
    // A new journal after a new checkpoint, not a record after the garbage.
    expect(readFileSync(journal).subarray(8, 16)).not.toEqual(before.subarray(8, 16));
    expect(decodeJournal(readFileSync(journal))).toHaveLength(1);

    const restored = LiteSvmLedger.open({ stateDir });
    expect(await balances(restored, [payer.publicKey, kept])).toEqual(await balances(live, [payer.publicKey, kept]));
    await restored.close();
  });

  it("reports an unknown outcome when memory cannot be rebuilt from disk either, and answers no status until a checkpoint holds it", async () => {
    const { disk, live, payer } = await fundedOnFaultyDisk();
    const before = readFileSync(journal);

    const kept = Keypair.generate().publicKey;
    let signature = "";
    disk.failNextWrite(30);
    disk.failReads(true);
    disk.failFileWrites(true);
    const failure = await live
      .submit((lifetime) => {
        const tx = buildTransaction(
          [SystemProgram.transfer({ fromPubkey: payer.publicKey, toPubkey: kept, lamports: SOL })],
          [payer],
          lifetime.blockhash,
        );
        signature = bs58.encode(tx.signatures[0]!);
        return tx;
      })
      .catch((error: unknown) => error);
    // Not CHAIN_TRANSACTION_FAILED: the transfer is in memory, so nobody may conclude nothing was paid.
    expect(failure).not.toMatchObject({ code: "CHAIN_TRANSACTION_FAILED" });
    expect((failure as Error).message).toMatch(/could not write its journal .*ENOSPC.* nor reload it .*EIO/);
    expect(readFileSync(journal)).toEqual(before);
    await expect(live.signatureStatus(signature)).rejects.toThrow(/not known yet/);
    await expect(transfer(live, payer, kept, SOL)).rejects.toMatchObject({ code: "CHAIN_TRANSACTION_FAILED" });

    disk.failReads(false);
    disk.failFileWrites(false);
    expect(await live.signatureStatus(signature)).toEqual({ state: "confirmed" });
    const restored = LiteSvmLedger.open({ stateDir });
    expect(await restored.signatureStatus(signature)).toEqual({ state: "confirmed" });
    expect(await balances(restored, [payer.publicKey, kept])).toEqual([9n * SOL - 5_000n, SOL]);
    await restored.close();
  });

  it("keeps a change whose record was written when the checkpoint after it fails, and retries the checkpoint later", async () => {
    const { disk, live, payer } = await fundedOnFaultyDisk({ checkpointEvery: 2 });
    const epoch = readFileSync(journal).subarray(8, 16);

    disk.failFileWrites(true);
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    const kept = Keypair.generate().publicKey;
    await transfer(live, payer, kept, SOL); // the second record: a checkpoint is due and fails
    expect(logged).toHaveBeenCalledWith(expect.stringMatching(/checkpoint of the in-process chain failed \(ENOSPC/));
    logged.mockRestore();
    expect(readFileSync(journal).subarray(8, 16)).toEqual(epoch);
    expect(decodeJournal(readFileSync(journal))).toHaveLength(2);
    expect(readdirSync(stateDir).filter((name) => name.endsWith(".tmp"))).toEqual([]);

    disk.failFileWrites(false);
    await transfer(live, payer, kept, SOL);
    expect(readFileSync(journal).subarray(8, 16)).not.toEqual(epoch);

    const restored = LiteSvmLedger.open({ stateDir });
    expect(await balances(restored, [payer.publicKey, kept])).toEqual([8n * SOL - 10_000n, 2n * SOL]);
    await restored.close();
  });
});

describe("a journal with garbage in the middle", () => {
  /** A chain folder with one airdrop journaled, and two more transfers' records kept aside. */
  async function journalWithTwoMoreRecords() {
    const live = LiteSvmLedger.open({ stateDir });
    const payer = Keypair.generate();
    await live.airdrop(payer.publicKey, 10n * SOL);
    const start = readFileSync(journal);
    await transfer(live, payer, Keypair.generate().publicKey, SOL);
    const one = readFileSync(journal);
    await transfer(live, payer, Keypair.generate().publicKey, SOL);
    const two = readFileSync(journal);
    return { start, first: one.subarray(start.length), second: two.subarray(one.length) };
  }

  it("is refused at open with the file and the last good offset, for every cut of the half-written record", async () => {
    const { start, first, second } = await journalWithTwoMoreRecords();
    const copy = join(dir, "copy");
    for (let cut = 1; cut < first.length; cut++) {
      // What a write cut half-way and a later append leave: part of a record, then the next record.
      rmSync(copy, { recursive: true, force: true });
      cpSync(stateDir, copy, { recursive: true });
      writeFileSync(join(copy, JOURNAL_FILE), Buffer.concat([start, first.subarray(0, cut), second]));
      const refusal = (() => {
        try {
          LiteSvmLedger.open({ stateDir: copy });
          return null;
        } catch (error) {
          return error;
        }
      })();
      expect(refusal, `cut at ${cut}`).toBeInstanceOf(CorruptChainError);
      expect((refusal as Error).message).toContain(`${join(copy, JOURNAL_FILE)} is corrupt after byte ${start.length}`);
    }
  });

  it("says how to recover, and the file cut there opens", async () => {
    const { start, first, second } = await journalWithTwoMoreRecords();
    writeFileSync(journal, Buffer.concat([start, first.subarray(0, 40), second]));
    expect(() => ChainStore.open(stateDir, () => new LiteSVM())).toThrow(
      new RegExp(
        `chain\\.journal is corrupt after byte ${start.length} \\(the end of its last complete record\\).*truncate -s ${start.length} `,
        "s",
      ),
    );
    fs.truncateSync(journal, start.length);
    const restored = LiteSvmLedger.open({ stateDir });
    await restored.close();
  });

  it("still drops a record cut short at the very end (a crash mid-write)", async () => {
    const { start, first } = await journalWithTwoMoreRecords();
    writeFileSync(journal, Buffer.concat([start, first.subarray(0, first.length - 5)]));
    const { pending } = ChainStore.open(stateDir, () => new LiteSVM());
    expect(pending).toHaveLength(decodeJournal(start).length);
  });

  it("reads a journal of the first format, and refuses one with garbage without ever handing it to litesvm", async () => {
    // Format 1 (data folders from before the checksum) had a 6-byte record head: kind, flags, length.
    // Without a checksum, garbage is caught by checking each record (kind, length, a transaction
    // that decodes to its last byte): not always at the record where it starts, and a payload that
    // is wrong but well-formed passes; but litesvm is never handed bytes it cannot decode.
    const { start, first, second } = await journalWithTwoMoreRecords();
    const v1 = (record: Buffer) => Buffer.concat([record.subarray(0, 6), record.subarray(10)]);
    const v1Start = Buffer.concat([Buffer.from("LSVMJNL1", "ascii"), start.subarray(8, 16), ...decodeRecords(start).map(v1)]);
    const copy = join(dir, "copy");
    const openWith = (content: Buffer): unknown => {
      rmSync(copy, { recursive: true, force: true });
      cpSync(stateDir, copy, { recursive: true });
      writeFileSync(join(copy, JOURNAL_FILE), content);
      try {
        LiteSvmLedger.open({ stateDir: copy });
        return null;
      } catch (error) {
        return error;
      }
    };
    expect(openWith(Buffer.concat([v1Start, v1(first), v1(second)]))).toBeNull();
    expect(readFileSync(join(copy, JOURNAL_FILE)).subarray(0, 8).toString()).toBe("LSVMJNL2");

    let refused = 0;
    for (let cut = 1; cut < first.length - 4; cut++) {
      const outcome = openWith(Buffer.concat([v1Start, v1(first).subarray(0, cut), v1(second)]));
      if (outcome === null) continue;
      expect(outcome, `cut at ${cut}`).toBeInstanceOf(CorruptChainError);
      const offset = Number(/is corrupt after byte (\d+)/.exec((outcome as Error).message)?.[1]);
      expect(offset).toBeGreaterThanOrEqual(v1Start.length);
      refused += 1;
    }
    expect(refused).toBeGreaterThan((first.length * 3) / 4);
  });
});

/** The raw records of a format-2 journal (10-byte head: kind, flags, length, CRC-32). */
function decodeRecords(buffer: Buffer): Buffer[] {
  const records: Buffer[] = [];
  for (let at = 16; at < buffer.length;) {
    const end = at + 10 + buffer.readUInt32LE(at + 2);
    records.push(buffer.subarray(at, end));
    at = end;
  }
  return records;
}
