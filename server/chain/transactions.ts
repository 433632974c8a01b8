// The development chain's record of the transactions it executed, and getTransaction's answer from
// it, in the json and base64 encodings a node serves. Kept in memory (the newest only): after a
// restart, or for an old signature, getTransaction answers null, as a node without history does.
import { getCompiledTransactionMessageDecoder, type Transaction } from "@solana/kit";
import bs58 from "bs58";
import { MAX_COMPUTE_UNITS, priorityFeeLamports } from "../settlement/fees.ts";

const COMPUTE_BUDGET_PROGRAM = "ComputeBudget111111111111111111111111111111";
const SET_COMPUTE_UNIT_LIMIT = 2;
const SET_COMPUTE_UNIT_PRICE = 3;
/** Without a limit instruction the runtime allows this much per instruction, up to MAX_COMPUTE_UNITS. */
const DEFAULT_UNITS_PER_INSTRUCTION = 200_000;
const KEPT = 10_000;

export interface ExecutedTransaction {
  bytes: Uint8Array;
  slot: number;
  err: string | null;
  logs: string[];
  unitsConsumed: number;
  fee: number;
  preBalances: number[];
  postBalances: number[];
}

const messageDecoder = getCompiledTransactionMessageDecoder();

/** A legacy or v0 message (what web3.js 1.x builds); the newer v1 format is not served here. */
function messageOf(tx: Transaction) {
  const message = messageDecoder.decode(tx.messageBytes);
  if (!("instructions" in message)) throw new Error(`version ${message.version} transactions are not supported by this chain`);
  return message;
}

/** The accounts the message names itself, in its order (what pre/postBalances are indexed by). */
export function staticAccounts(tx: Transaction): string[] {
  return [...messageOf(tx).staticAccounts];
}

/**
 * The fee the runtime charges: the base fee per signature plus the compute unit price times the
 * compute unit limit (requested, or the default one), as a node reports it in meta.fee.
 */
export function feeOf(tx: Transaction, lamportsPerSignature: number): number {
  const message = messageOf(tx);
  let limit: number | null = null;
  let price = 0n;
  for (const ix of message.instructions) {
    const data = ix.data;
    if (message.staticAccounts[ix.programAddressIndex] !== COMPUTE_BUDGET_PROGRAM || !data) continue;
    const view = new DataView(data.buffer, data.byteOffset, data.byteLength);
    if (data[0] === SET_COMPUTE_UNIT_LIMIT && data.length >= 5) limit = view.getUint32(1, true);
    if (data[0] === SET_COMPUTE_UNIT_PRICE && data.length >= 9) price = view.getBigUint64(1, true);
  }
  const units = Math.min(limit ?? DEFAULT_UNITS_PER_INSTRUCTION * message.instructions.length, MAX_COMPUTE_UNITS);
  return message.header.numSignerAccounts * lamportsPerSignature + priorityFeeLamports(Number(price), units);
}

export class TransactionHistory {
  private readonly executed = new Map<string, ExecutedTransaction>();

  add(signature: string, record: ExecutedTransaction): void {
    this.executed.set(signature, record);
    if (this.executed.size > KEPT) this.executed.delete(this.executed.keys().next().value as string);
  }

  /** getTransaction's result: null when unknown; `encoding` json (default) or base64. */
  answer(signature: string, encoding: unknown, decode: (bytes: Uint8Array) => Transaction): unknown {
    const found = this.executed.get(signature);
    if (!found) return null;
    if (encoding !== undefined && encoding !== "json" && encoding !== "base64") {
      throw new Error(`unsupported encoding ${String(encoding)}: json or base64`);
    }
    const tx = decode(found.bytes);
    const message = messageOf(tx);
    const meta = {
      err: found.err,
      status: found.err ? { Err: found.err } : { Ok: null },
      fee: found.fee,
      preBalances: found.preBalances,
      postBalances: found.postBalances,
      innerInstructions: [],
      logMessages: found.logs,
      preTokenBalances: [],
      postTokenBalances: [],
      rewards: [],
      loadedAddresses: { writable: [], readonly: [] },
      computeUnitsConsumed: found.unitsConsumed,
    };
    const version = message.version === "legacy" ? "legacy" : message.version;
    const base = { slot: found.slot, blockTime: Math.floor(Date.now() / 1000), version, meta };
    if (encoding === "base64") return { ...base, transaction: [Buffer.from(found.bytes).toString("base64"), "base64"] };
    return {
      ...base,
      transaction: {
        signatures: Object.values(tx.signatures).map((s) => (s ? bs58.encode(s) : bs58.encode(new Uint8Array(64)))),
        message: {
          accountKeys: [...message.staticAccounts],
          header: {
            numRequiredSignatures: message.header.numSignerAccounts,
            numReadonlySignedAccounts: message.header.numReadonlySignerAccounts,
            numReadonlyUnsignedAccounts: message.header.numReadonlyNonSignerAccounts,
          },
          recentBlockhash: message.lifetimeToken,
          instructions: message.instructions.map((ix) => ({
            programIdIndex: ix.programAddressIndex,
            accounts: [...(ix.accountIndices ?? [])],
            data: bs58.encode(Uint8Array.from(ix.data ?? [])),
            stackHeight: null,
          })),
          addressTableLookups: ("addressTableLookups" in message ? (message.addressTableLookups ?? []) : []).map((l) => ({
            accountKey: l.lookupTableAddress,
            writableIndexes: [...l.writableIndexes],
            readonlyIndexes: [...l.readonlyIndexes],
          })),
        },
      },
    };
  }
}
