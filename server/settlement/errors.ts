// Typed failures of the settlement layer. Each carries the HTTP status a route should answer with,
// so the routes map them with one `instanceof SettlementError` check instead of parsing messages.

export abstract class SettlementError extends Error {
  abstract readonly code: string;
  abstract readonly httpStatus: number;
}

export type ShareSide = "buyer" | "seller";

/** The order is not DISPUTED (and was never settled): nothing to resolve. */
export class NotDisputedError extends SettlementError {
  readonly code = "NOT_DISPUTED";
  readonly httpStatus = 409;
  constructor(
    readonly orderId: string,
    readonly status: string,
  ) {
    super(`Only disputed orders can be resolved: order ${orderId} is ${status}`);
    this.name = "NotDisputedError";
  }
}

/** A settlement of this order is already recorded: a second resolution is refused. */
export class AlreadySettledError extends SettlementError {
  readonly code = "ALREADY_SETTLED";
  readonly httpStatus = 409;
  constructor(
    readonly orderId: string,
    readonly signature: string | null,
  ) {
    super(
      signature
        ? `The dispute of order ${orderId} is already resolved (transaction ${signature})`
        : `The dispute of order ${orderId} is already resolved`,
    );
    this.name = "AlreadySettledError";
  }
}

/** Another call is settling the same order right now. */
export class SettlementInProgressError extends SettlementError {
  readonly code = "SETTLEMENT_IN_PROGRESS";
  readonly httpStatus = 409;
  constructor(readonly orderId: string) {
    super(`A settlement of order ${orderId} is already in progress`);
    this.name = "SettlementInProgressError";
  }
}

/** The escrow holds nothing: never funded, or already paid out by an earlier settlement. */
export class EscrowEmptyError extends SettlementError {
  readonly code = "ESCROW_EMPTY";
  readonly httpStatus = 409;
  constructor(
    readonly orderId: string,
    readonly escrow: string,
    detail = "is empty (never funded or already settled)",
  ) {
    super(`The escrow ${escrow} of order ${orderId} ${detail}`);
    this.name = "EscrowEmptyError";
  }
}

/**
 * The order's recorded escrow was derived from another key than the settlement authority (the
 * authority changed since it was funded): this authority's escrow of the order is empty, but the
 * funds are not gone, they wait under the old key. `owner` is that key when it could be identified.
 */
export class AuthorityMismatchError extends SettlementError {
  readonly code = "AUTHORITY_MISMATCH";
  readonly httpStatus = 409;
  constructor(
    readonly orderId: string,
    readonly escrow: string,
    readonly authority: string,
    readonly owner: string | null,
  ) {
    super(
      `Settlement authority mismatch: the escrow ${escrow} of order ${orderId} belongs to ` +
        `${owner ? `the authority ${owner}` : "another authority key"}, not to this server's authority ${authority}; ` +
        `nothing was sent. Restart the server with AUTHORITY_KEYPAIR pointing at the key file of ${owner ?? "that authority"}`,
    );
    this.name = "AuthorityMismatchError";
  }
}

export class InvalidSplitError extends SettlementError {
  readonly code = "INVALID_SPLIT";
  readonly httpStatus = 400;
  constructor(message: string) {
    super(message);
    this.name = "InvalidSplitError";
  }
}

/**
 * A SOL payout to a wallet that does not exist yet would create that account, and the runtime
 * refuses to create one below the rent-exempt minimum: the whole transaction would fail.
 */
export class ShareBelowRentMinimumError extends SettlementError {
  readonly code = "SHARE_BELOW_RENT_MINIMUM";
  readonly httpStatus = 400;
  constructor(
    readonly share: ShareSide,
    readonly amount: bigint,
    readonly minimum: bigint,
    readonly recipient: string,
  ) {
    super(
      `The ${share}'s share of ${amount} lamports is below the rent-exempt minimum of ${minimum} lamports ` +
        `for a new account: the ${share}'s wallet ${recipient} does not exist on chain yet`,
    );
    this.name = "ShareBelowRentMinimumError";
  }
}

/** A SOL escrow is a plain system account: it cannot exist holding less than the rent-exempt minimum. */
export class EscrowBelowRentMinimumError extends SettlementError {
  readonly code = "ESCROW_BELOW_RENT_MINIMUM";
  readonly httpStatus = 400;
  constructor(
    readonly orderId: string,
    readonly amount: bigint,
    readonly minimum: bigint,
  ) {
    super(
      `The escrow of order ${orderId} cannot hold ${amount} lamports: ` +
        `a SOL escrow needs at least the rent-exempt minimum of ${minimum} lamports`,
    );
    this.name = "EscrowBelowRentMinimumError";
  }
}

/** The escrow cannot be funded from here (e.g. a real mint whose mint authority is someone else). */
export class EscrowFundingError extends SettlementError {
  readonly code = "ESCROW_FUNDING_UNSUPPORTED";
  readonly httpStatus = 409;
  constructor(message: string) {
    super(message);
    this.name = "EscrowFundingError";
  }
}

export class AlreadyInitializedError extends SettlementError {
  readonly code = "ALREADY_INITIALIZED";
  readonly httpStatus = 409;
  constructor(readonly configAddress: string) {
    super(`The marketplace is already initialized (config ${configAddress})`);
    this.name = "AlreadyInitializedError";
  }
}

export class InitializationInProgressError extends SettlementError {
  readonly code = "INITIALIZATION_IN_PROGRESS";
  readonly httpStatus = 409;
  constructor() {
    super("The marketplace initialization is already in progress");
    this.name = "InitializationInProgressError";
  }
}

/** SPEC §6: the signing authority must be configured as an admin wallet before initializing. */
export class AuthorityNotAdminError extends SettlementError {
  readonly code = "AUTHORITY_NOT_ADMIN";
  readonly httpStatus = 403;
  constructor(readonly authority: string) {
    super(`The marketplace authority ${authority} must be configured as an admin wallet before initializing`);
    this.name = "AuthorityNotAdminError";
  }
}

export class InvalidMarketplaceConfigError extends SettlementError {
  readonly code = "INVALID_MARKETPLACE_CONFIG";
  readonly httpStatus = 400;
  constructor(message: string) {
    super(message);
    this.name = "InvalidMarketplaceConfigError";
  }
}

/**
 * The chain rejected or failed the transaction. Nothing was paid: the order stays DISPUTED.
 * `message` is the chain's own explanation (error plus the decisive log line); `logs` are all of them.
 */
export class ChainTransactionError extends SettlementError {
  readonly code = "CHAIN_TRANSACTION_FAILED";
  readonly httpStatus = 502;
  constructor(
    message: string,
    readonly logs: readonly string[] = [],
    readonly signature: string | null = null,
  ) {
    super(message);
    this.name = "ChainTransactionError";
  }
}

/**
 * The transaction was signed and sent, but whether it landed is not known yet (RPC timeout or
 * network failure). Keep the stored signature and finish with EscrowChain.resumeSettlement later.
 */
export class ChainOutcomeUnknownError extends SettlementError {
  readonly code = "CHAIN_OUTCOME_UNKNOWN";
  readonly httpStatus = 504;
  constructor(
    readonly signature: string,
    reason: string,
  ) {
    super(`Transaction ${signature} was sent but is not confirmed yet (${reason}); it will be checked again`);
    this.name = "ChainOutcomeUnknownError";
  }
}

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
