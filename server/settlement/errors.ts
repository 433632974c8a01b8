// Failures of the settlement layer: one error type whose `code` says what happened, with the facts
// behind it in `details` and its message built here, once per code. The services turn it into the
// API's error (status and message) in one place: server/services/settlement-errors.ts.

export type ShareSide = "buyer" | "seller";

const MESSAGES = {
  /** The order is not DISPUTED (and was never settled): nothing to resolve. */
  NOT_DISPUTED: (d: { orderId: string; status: string }) => `Only disputed orders can be resolved: order ${d.orderId} is ${d.status}`,
  /** A settlement of this order is already recorded: a second resolution is refused. */
  ALREADY_SETTLED: (d: { orderId: string; signature: string | null }) =>
    d.signature
      ? `The dispute of order ${d.orderId} is already resolved (transaction ${d.signature})`
      : `The dispute of order ${d.orderId} is already resolved`,
  /** Another call is settling the same order right now. */
  SETTLEMENT_IN_PROGRESS: (d: { orderId: string }) => `A settlement of order ${d.orderId} is already in progress`,
  /** The escrow holds nothing: never funded, or already paid out by an earlier settlement. */
  ESCROW_EMPTY: (d: { orderId: string; escrow: string; detail?: string }) =>
    `The escrow ${d.escrow} of order ${d.orderId} ${d.detail ?? "is empty (never funded or already settled)"}`,
  /**
   * The order's recorded escrow was derived from another key than the settlement authority (the
   * authority changed since it was funded): this authority's escrow of the order is empty, but the
   * funds are not gone, they wait under the old key. `owner` is that key when it could be identified.
   */
  AUTHORITY_MISMATCH: (d: { orderId: string; escrow: string; authority: string; owner: string | null }) =>
    `Settlement authority mismatch: the escrow ${d.escrow} of order ${d.orderId} belongs to ` +
    `${d.owner ? `the authority ${d.owner}` : "another authority key"}, not to this server's authority ${d.authority}; ` +
    `nothing was sent. Restart the server with AUTHORITY_KEYPAIR pointing at the key file of ${d.owner ?? "that authority"}`,
  INVALID_SPLIT: (d: { message: string }) => d.message,
  /** The escrow no longer pays what the admins decided (anyone can send funds to it): nothing was signed. */
  PAYOUT_CHANGED: (d: { orderId: string; decided: string; now: string }) =>
    `The escrow of order ${d.orderId} changed since its payout was decided: it would now pay ${d.now} (base units), ` +
    `not the ${d.decided} decided. Nothing was sent; decide the payout again`,
  /**
   * A SOL payout to a wallet that does not exist yet would create that account, and the runtime
   * refuses to create one below the rent-exempt minimum: the whole transaction would fail.
   */
  SHARE_BELOW_RENT_MINIMUM: (d: { share: ShareSide; amount: bigint; minimum: bigint; recipient: string }) =>
    `The ${d.share}'s share of ${d.amount} lamports is below the rent-exempt minimum of ${d.minimum} lamports ` +
    `for a new account: the ${d.share}'s wallet ${d.recipient} does not exist on chain yet`,
  /** A SOL escrow is a plain system account: it cannot exist holding less than the rent-exempt minimum. */
  ESCROW_BELOW_RENT_MINIMUM: (d: { orderId: string; amount: bigint; minimum: bigint }) =>
    `The escrow of order ${d.orderId} cannot hold ${d.amount} lamports: ` +
    `a SOL escrow needs at least the rent-exempt minimum of ${d.minimum} lamports`,
  /** The escrow cannot be funded from here (e.g. a real mint whose mint authority is someone else). */
  ESCROW_FUNDING_UNSUPPORTED: (d: { message: string }) => d.message,
  ALREADY_INITIALIZED: (d: { configAddress: string }) => `The marketplace is already initialized (config ${d.configAddress})`,
  INITIALIZATION_IN_PROGRESS: (_: Record<string, never>) => "The marketplace initialization is already in progress",
  AUTHORITY_NOT_ADMIN: (d: { authority: string }) =>
    `The marketplace authority ${d.authority} must be configured as an admin wallet before initializing`,
  INVALID_MARKETPLACE_CONFIG: (d: { message: string }) => d.message,
  /**
   * The chain rejected or failed the transaction. Nothing was paid: the order stays DISPUTED.
   * `message` is the chain's own explanation (error plus the decisive log line); `logs` are all of them.
   */
  CHAIN_TRANSACTION_FAILED: (d: { message: string; logs?: readonly string[]; signature?: string | null; expired?: boolean }) => d.message,
  /**
   * The transaction was signed and sent, but whether it landed is not known yet (RPC timeout or
   * network failure). Keep the stored signature and finish with EscrowChain.resumeSettlement later.
   */
  CHAIN_OUTCOME_UNKNOWN: (d: { signature: string; reason: string }) =>
    `Transaction ${d.signature} was sent but is not confirmed yet (${d.reason}); it will be checked again`,
} as const;

export type SettlementErrorCode = keyof typeof MESSAGES;
export type SettlementErrorDetails<C extends SettlementErrorCode> = Parameters<(typeof MESSAGES)[C]>[0];

export class SettlementError<C extends SettlementErrorCode = SettlementErrorCode> extends Error {
  constructor(
    readonly code: C,
    readonly details: SettlementErrorDetails<C>,
  ) {
    super((MESSAGES[code] as (d: SettlementErrorDetails<C>) => string)(details));
    this.name = "SettlementError";
  }
}

/** Whether `error` is a SettlementError, of one of `codes` when any are given. */
export function isSettlementError<C extends SettlementErrorCode>(error: unknown, ...codes: C[]): error is SettlementError<C> {
  return error instanceof SettlementError && (codes.length === 0 || codes.includes(error.code as C));
}

/** The chain rejected or failed the transaction: nothing was paid. */
export const chainFailed = (message: string, logs: readonly string[] = [], signature: string | null = null) =>
  new SettlementError("CHAIN_TRANSACTION_FAILED", { message, logs, signature });

/**
 * Sent, never seen by the cluster, and its blockhash is past its last valid height: it can never
 * land, so the same payment may be signed anew (the one case where it may).
 */
export const expiredUnlanded = (signature: string) =>
  new SettlementError("CHAIN_TRANSACTION_FAILED", {
    message: `Transaction ${signature} expired before it was confirmed (its blockhash is no longer valid)`,
    logs: [],
    signature,
    expired: true,
  });

/** Sent, but whether it landed is not known yet. */
export const outcomeUnknown = (signature: string, reason: string) => new SettlementError("CHAIN_OUTCOME_UNKNOWN", { signature, reason });

/** Turns an RPC-style JSON error (`{"InstructionError":[0,{"Custom":1}]}`) into Rust's debug form. */
export function describeChainError(err: unknown): string {
  if (typeof err === "string" || typeof err === "number") return String(err);
  if (Array.isArray(err)) return err.map(describeChainError).join(", ");
  if (err && typeof err === "object") {
    const [key, value] = Object.entries(err)[0] ?? ["UnknownError", null];
    if (Array.isArray(value)) return `${key}(${value.map(describeChainError).join(", ")})`;
    if (value && typeof value === "object") {
      const fields = Object.entries(value).map(([k, v]) => `${k}: ${describeChainError(v)}`);
      return `${key} { ${fields.join(", ")} }`;
    }
    return value === null ? key : `${key}(${describeChainError(value)})`;
  }
  return "UnknownError";
}

const NOISE = /^Program \S+ (?:invoke \[\d+\]|success|consumed \d+ of \d+ compute units)$|^Program log: Instruction: /;

/**
 * The log line that explains a failure ("Transfer: insufficient lamports 0, need 2000000"), preferring
 * the program's own words over the generic "Program … failed: custom program error" line.
 */
export function decisiveLogLine(logs: readonly string[]): string | null {
  const useful = logs.filter((line) => !NOISE.test(line));
  const specific = useful.filter((line) => !/^Program \S+ failed: /.test(line));
  const line = specific.at(-1) ?? useful.at(-1);
  return line ? line.replace(/^Program log: /, "") : null;
}

export function chainErrorMessage(error: string, logs: readonly string[]): string {
  const line = decisiveLogLine(logs);
  return line ? `Transaction failed: ${error}: ${line}` : `Transaction failed: ${error}`;
}
