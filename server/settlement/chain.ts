// The settlement service: reads the escrow, checks every rule that can be checked before sending,
// builds the transaction from escrow.ts and sends it through whichever Ledger it was given.
import { Keypair, PublicKey, SystemProgram, type TransactionInstruction, type VersionedTransaction } from "@solana/web3.js";
import { AccountLayout, AccountState, getAccountLenForMint, MINT_SIZE, MintLayout, TOKEN_PROGRAM_ID } from "@solana/spl-token";
import type { DisputeResolution, OrderStatusValue, SettlementStatus } from "../../contract/index.ts";
import { chainFailed, isSettlementError, outcomeUnknown, SettlementError, type ShareSide } from "./errors.ts";
import {
  assertPayoutsFundable,
  ataOf,
  CONFIG_SPACE,
  configAddress,
  configMemo,
  createAtaInstruction,
  escrowAddress,
  escrowBelongsTo,
  initializeInstructions,
  isTokenProgram,
  payouts,
  solDepositInstructions,
  solFundingInstructions,
  solSettlementInstructions,
  splDepositInstructions,
  splitAmount,
  splMintToInstructions,
  splOpenEscrowInstructions,
  splSettlementInstructions,
  TOKEN_ACCOUNT_SPACE,
  type MarketplaceConfig,
  type Payout,
  type Shares,
  type Split,
  type TokenContext,
} from "./escrow.ts";
import {
  budgetInstructions,
  computeBudget,
  DEFAULT_FEE_POLICY,
  MAX_COMPUTE_UNITS,
  priorityFeeLamports,
  priorityPrice,
  writableAccounts,
  type ComputeBudget,
  type FeePolicy,
} from "./fees.ts";
import type { ClusterName, Ledger, LedgerAccount, SendOptions, Simulation } from "./ledger.ts";
import { assessMint, decodeMint, type MintReport } from "./mint-risk.ts";
import { buildTransaction, signatureOf, toPublicKey } from "./tx.ts";

/** The order fields settlement needs, named like the `orders` table so a row can be passed as is. */
export interface EscrowOrder {
  id: string;
  /** Only DISPUTED orders settle. */
  status: OrderStatusValue;
  buyerWalletAddress: string;
  sellerWalletAddress: string;
  /** null = native SOL. */
  currencyMint: string | null;
  /** Base units: the deposit when funding; the escrow's on-chain balance is what gets split. */
  totalPrice: number | bigint;
  currencyDecimals: number;
  settlementSignature?: string | null;
  settlementStatus?: SettlementStatus | null;
  resolution?: DisputeResolution | null;
  /** The escrow recorded for the order when it was funded: it must be this authority's. */
  escrowPDA?: string | null;
  /** Where escrowPDA lives; null/absent = this chain. */
  cluster?: string | null;
}

export interface SettlementResult {
  signature: string;
  escrow: string;
  buyerAmount: bigint;
  sellerAmount: bigint;
}

/** Handed to `onSigned` before the transaction is sent: store it, so a restart can finish the job. */
export interface PendingSettlement extends SettlementResult {
  orderId: string;
  lastValidBlockHeight: number;
  /** The compute budget it was signed with; null where there is no fee market (in-process). */
  budget: ComputeBudget | null;
}

export interface SettleOptions {
  /**
   * What was decided to pay, per side, in base units: a plan paying anything else (funds sent to the
   * escrow since, or taken from it) is refused with PAYOUT_CHANGED before anything is signed.
   */
  expected?: readonly { side: ShareSide; amount: bigint }[];
  onSigned?: (pending: PendingSettlement) => void | Promise<void>;
  /** After each broadcast of the signed transaction (see SendOptions.onBroadcast). */
  onBroadcast?: SendOptions["onBroadcast"];
}

export interface ResumeOptions extends SettleOptions {
  /** The stored lifetime of the signed transaction (PendingSettlement.lastValidBlockHeight); null = not recorded. */
  lastValidBlockHeight?: number | null;
}

export interface FundingResult {
  escrow: string;
  /** null when the escrow was already funded (funding is idempotent). */
  signature: string | null;
}

export interface InitializeResult {
  signature: string;
  configAddress: string;
  authority: string;
  memo: string;
}

export interface ChainStatus {
  cluster: ClusterName;
  authority: string;
  configAddress: string;
  initialized: boolean;
}

const LAMPORTS_PER_SOL = 1_000_000_000n;
const SOL_DECIMALS = 9;
/** The base fee, per signature; a priority fee comes on top where there is a fee market. */
const LAMPORTS_PER_SIGNATURE = 5_000n;
/**
 * Signings of one settlement per call: each after the one before expired unseen. Past them the
 * call fails (nothing paid) and the admin, or the re-check, tries again later.
 */
const MAX_SIGNINGS = 3;
/** More compute units than any settlement's limit (an SPL payout creating both token accounts uses well under half). */
const SETTLEMENT_UNITS_BOUND = 200_000;

/** One party's payout in a preview: `tokenAccount` is where it lands (SOL: the wallet itself). */
export interface PayoutLine {
  side: ShareSide;
  wallet: string;
  tokenAccount: string;
  amount: bigint;
}

export interface EscrowInspection {
  escrow: string;
  exists: boolean;
  /** Base units held: lamports of a SOL escrow, tokens of an SPL one (0 when missing). */
  amount: bigint;
  /** The key that can move the funds, when known. */
  controlledBy: string | null;
  /** Whether this server's authority controls it. */
  ours: boolean;
}

export interface SettlementPreview {
  /** The escrow paid out; null when the order's escrow is not known (a refused preview). */
  escrow: string | null;
  /** The token's decimals as the mint says (SOL: 9). */
  decimals: number;
  /** The non-zero payouts; after a refusal, the split of the order's total (nothing would be paid). */
  payouts: PayoutLine[];
  /** The base fee plus the priority fee. */
  networkFeeLamports: bigint;
  /** The part of networkFeeLamports bid for priority (0 without a fee market). */
  priorityFeeLamports: bigint;
  /** Rent of the recipients' token accounts the transaction would create (paid by the authority). */
  rentLamports: bigint;
  simulation: Simulation;
}

/** A signed transaction ready to send, with the budget it bids (see EscrowChain.prepare). */
interface Prepared {
  tx: VersionedTransaction;
  budget: ComputeBudget | null;
  /** The simulation, when it failed: the chain's reason, and the transaction must not be sent. */
  refused: Simulation | null;
}

export interface EscrowChainOptions {
  /** Keys this data folder used before (authority.ts), to name the owner of a foreign escrow. */
  formerAuthorities?: readonly PublicKey[];
  /** How priority fees are bid where the ledger has a fee market. */
  fees?: FeePolicy;
}

export class EscrowChain {
  readonly authority: PublicKey;
  private readonly busy = new Set<string>();

  private readonly formerAuthorities: readonly PublicKey[];
  private readonly fees: FeePolicy;

  constructor(
    readonly ledger: Ledger,
    private readonly authorityKey: Keypair,
    options: EscrowChainOptions = {},
  ) {
    this.authority = authorityKey.publicKey;
    this.formerAuthorities = options.formerAuthorities ?? [];
    this.fees = options.fees ?? DEFAULT_FEE_POLICY;
  }

  get cluster(): ClusterName {
    return this.ledger.cluster;
  }

  /** The address an order's payment sits at (SOL: system account; SPL: token account of the mint's program). */
  async escrowOf(order: EscrowOrder): Promise<PublicKey> {
    if (!order.currencyMint) return escrowAddress(this.authority, order.id);
    const token = await this.tokenContext(order, false);
    return escrowAddress(this.authority, order.id, token.tokenProgram);
  }

  // -------------------------------------------------------------------------------------------
  // Settlement

  /**
   * Pays out the escrow of a DISPUTED order per the split, in one transaction signed by the authority.
   * Everything that can be refused is refused before sending; nothing is written anywhere here
   * except through `onSigned`. Throws a SettlementError on every refusal or chain failure.
   */
  async settle(order: EscrowOrder, split: Split, options: SettleOptions = {}): Promise<SettlementResult> {
    assertSettleable(order);
    const busy = () => new SettlementError("SETTLEMENT_IN_PROGRESS", { orderId: order.id });
    return this.exclusive(`order:${order.id}`, busy, () => this.sendSettlement(order, split, options));
  }

  /**
   * Finishes a settlement whose signature was stored but whose outcome was not (a restart or a timeout
   * during confirmation). Confirmed: returns it. Failed: throws CHAIN_TRANSACTION_FAILED. Unknown:
   * if the escrow was emptied, the earlier transaction did land (only the authority can empty it);
   * if it may still land (its blockhash is valid up to `lastValidBlockHeight`), nothing is sent and
   * the outcome stays unknown; otherwise it never will, and a fresh settlement is sent. Without a
   * recorded lifetime (signed before it was recorded) the old transaction is taken as expired: even
   * then whichever lands first empties the escrow and makes the other fail. Amounts of an
   * already-landed settlement are recomputed from the order's totalPrice.
   */
  async resumeSettlement(order: EscrowOrder, split: Split, signature: string, options: ResumeOptions = {}): Promise<SettlementResult> {
    // A settlement of this order being sent by this process right now may be that very transaction.
    const busy = () => outcomeUnknown(signature, "it is still being sent by this server");
    return this.exclusive(`order:${order.id}`, busy, async () => {
      const until = options.lastValidBlockHeight ?? null;
      // Asked before the reads below: once past its lifetime, the transaction cannot land after them.
      const mayLand = until !== null && (await this.ledger.canStillLand(until));
      const escrowKey = await this.escrowOf(order);
      const escrow = escrowKey.toBase58();
      const landed = (): SettlementResult => ({ signature, escrow, ...splitAmount(BigInt(order.totalPrice), split) });
      const status = await this.ledger.signatureStatus(signature);
      if (status.state === "confirmed") return landed();
      if (status.state === "failed") throw chainFailed(status.error, [], signature);
      if (status.state === "pending") throw outcomeUnknown(signature, "still pending on the cluster");
      try {
        await this.assertOwnEscrow(order, escrowKey);
      } catch (error) {
        // This key can neither tell nor finish what the old one did: leave it pending, do not fail it.
        throw isSettlementError(error, "AUTHORITY_MISMATCH") ? outcomeUnknown(signature, error.message) : error;
      }
      if (!(await this.escrowHoldsFunds(order))) return landed();
      if (mayLand) {
        throw outcomeUnknown(
          signature,
          `not landed yet, and its blockhash is valid up to block height ${until}: it is sent again only after that`,
        );
      }
      try {
        return await this.sendSettlement({ ...order, status: "DISPUTED", settlementStatus: null }, split, options);
      } catch (error) {
        // The old transaction may have landed in between: then it is the settlement.
        if (isSettlementError(error, "CHAIN_TRANSACTION_FAILED") && (await this.ledger.signatureStatus(signature)).state === "confirmed")
          return landed();
        throw error;
      }
    });
  }

  /**
   * Plans, signs (handing the signature to onSigned) and sends a settlement; the caller holds the
   * order. A transaction that expired unseen can never land: the settlement is then planned and
   * signed anew (a fresh blockhash and fee), up to MAX_SIGNINGS times.
   */
  private async sendSettlement(order: EscrowOrder, split: Split, options: SettleOptions): Promise<SettlementResult> {
    for (let signing = 1; ; signing++) {
      const plan = await this.planSettlement(order, split);
      if (options.expected) assertDecidedPayouts(order.id, plan.list, options.expected);
      try {
        const signature = await this.ledger.submit(
          async (lifetime) => {
            const prepared = await this.prepare(plan.instructions, [this.authorityKey], lifetime.blockhash);
            const tx = sendable(prepared);
            const pending = { signature: signatureOf(tx), escrow: plan.escrow.toBase58(), ...plan.shares };
            await options.onSigned?.({
              ...pending,
              orderId: order.id,
              lastValidBlockHeight: lifetime.lastValidBlockHeight,
              budget: prepared.budget,
            });
            return tx;
          },
          { onBroadcast: options.onBroadcast, simulated: this.feeMarket },
        );
        return { signature, escrow: plan.escrow.toBase58(), ...plan.shares };
      } catch (error) {
        if (signing < MAX_SIGNINGS && isSettlementError(error, "CHAIN_TRANSACTION_FAILED") && error.details.expired) continue;
        throw error;
      }
    }
  }

  /**
   * What settle would pay, from a simulation of the transaction it would send (same plan, same
   * builder, signed with a current blockhash but never sent). Changes nothing. The refusals settle
   * would make before sending (escrow empty or missing, another authority's escrow, a share below the
   * rent minimum) come back as a failed simulation in their own words, with the split of the order's
   * total as the intended payouts; refusals about the order itself (not disputed, already settled,
   * being settled) are thrown as settle throws them.
   */
  async previewSettlement(order: EscrowOrder, split: Split): Promise<SettlementPreview> {
    assertSettleable(order);
    if (this.busy.has(`order:${order.id}`)) throw new SettlementError("SETTLEMENT_IN_PROGRESS", { orderId: order.id });
    let plan: Plan;
    try {
      plan = await this.planSettlement(order, split);
    } catch (error) {
      if (!isSettlementError(error, ...PLAN_REFUSALS)) throw error;
      return this.refusedPreview(order, split, error.message);
    }
    const prepared = await this.prepare(plan.instructions, [this.authorityKey], (await this.ledger.latestBlockhash()).blockhash);
    const { tx, budget } = prepared;
    let rentLamports = 0n;
    if (plan.token) {
      const token = plan.token;
      for (const p of plan.list)
        if (!(await this.ledger.getAccount(ataOf(p.to, token)))) rentLamports += await this.ledger.rentExemptMinimum(token.accountSpace);
    }
    return {
      escrow: plan.escrow.toBase58(),
      decimals: plan.token?.decimals ?? SOL_DECIMALS,
      payouts: plan.list.map((p) => payoutLine(p, plan.token)),
      networkFeeLamports: LAMPORTS_PER_SIGNATURE * BigInt(tx.signatures.length) + BigInt(budget?.priorityFeeLamports ?? 0),
      priorityFeeLamports: BigInt(budget?.priorityFeeLamports ?? 0),
      rentLamports,
      simulation: prepared.refused ?? (await this.ledger.simulate(tx)),
    };
  }

  /** A preview of a settlement refused before any transaction could be built: nothing would be paid. */
  private async refusedPreview(order: EscrowOrder, split: Split, reason: string): Promise<SettlementPreview> {
    let token: TokenContext | null = null;
    if (order.currencyMint) token = await this.tokenContext(order, false).catch(() => null);
    const intended = payouts(
      splitAmount(BigInt(order.totalPrice), split),
      toPublicKey(order.buyerWalletAddress),
      toPublicKey(order.sellerWalletAddress),
    );
    return {
      escrow: order.escrowPDA ?? null,
      decimals: token?.decimals ?? (order.currencyMint ? order.currencyDecimals : SOL_DECIMALS),
      // An SPL payout's token account cannot be named without the mint's program.
      payouts: order.currencyMint && !token ? [] : mergeSameRecipient(intended).map((p) => payoutLine(p, token)),
      networkFeeLamports: 0n,
      priorityFeeLamports: 0n,
      rentLamports: 0n,
      simulation: { ok: false, error: reason, logs: [] },
    };
  }

  /**
   * The one builder of the transactions this chain sends: settle sends what previewSettlement
   * simulates. Where the ledger has a fee market, the instructions are first simulated under the
   * largest compute budget to learn the units they use; the transaction is then signed with a limit
   * of that plus a margin and a price from the recent fees on its writable accounts (fees.ts).
   */
  private async prepare(
    instructions: readonly TransactionInstruction[],
    signers: readonly Keypair[],
    blockhash: string,
  ): Promise<Prepared> {
    if (!this.ledger.recentPriorityFees) return { tx: buildTransaction(instructions, signers, blockhash), budget: null, refused: null };
    const payer = signers[0]?.publicKey ?? this.authority;
    // Priced at 0: the draft must not be refused for a fee that only its oversized limit would cost.
    const draft = buildTransaction([...budgetInstructions(MAX_COMPUTE_UNITS, 0), ...instructions], signers, blockhash);
    const [recent, simulation] = await Promise.all([
      this.ledger.recentPriorityFees(writableAccounts(payer, instructions)),
      this.ledger.simulate(draft),
    ]);
    if (!simulation.ok) return { tx: draft, budget: null, refused: simulation };
    const budget = computeBudget(simulation.unitsConsumed ?? null, priorityPrice(recent, this.fees));
    const tx = buildTransaction([...budgetInstructions(budget.unitLimit, budget.unitPrice), ...instructions], signers, blockhash);
    return { tx, budget, refused: null };
  }

  private planSettlement(order: EscrowOrder, split: Split): Promise<Plan> {
    return order.currencyMint ? this.planSpl(order, split) : this.planSol(order, split);
  }

  private async planSol(order: EscrowOrder, split: Split): Promise<Plan> {
    const escrow = escrowAddress(this.authority, order.id);
    await this.assertOwnEscrow(order, escrow);
    const account = await this.ledger.getAccount(escrow);
    if (!account || account.lamports === 0n) throw escrowEmpty(order, escrow);
    if (!account.owner.equals(SystemProgram.programId) || account.data.length > 0) {
      throw escrowEmpty(order, escrow, "is not a plain SOL escrow account");
    }
    // A SOL escrow is always drained in full: a partial drain would leave it below rent and fail.
    const shares = splitAmount(account.lamports, split);
    const list = mergeSameRecipient(payouts(shares, toPublicKey(order.buyerWalletAddress), toPublicKey(order.sellerWalletAddress)));
    const rent = await this.ledger.rentExemptMinimum(0);
    const existing = new Set<string>();
    for (const p of list) {
      if (p.amount < rent && (await this.ledger.getAccount(p.to))) existing.add(p.to.toBase58());
    }
    assertPayoutsFundable(list, (p) => existing.has(p.to.toBase58()), rent);
    return { escrow, shares, list, token: null, instructions: solSettlementInstructions(this.authority, order.id, list) };
  }

  private async planSpl(order: EscrowOrder, split: Split): Promise<Plan> {
    const token = await this.tokenContext(order, false, "move");
    const escrow = escrowAddress(this.authority, order.id, token.tokenProgram);
    await this.assertOwnEscrow(order, escrow);
    const account = await this.ledger.getAccount(escrow);
    if (!account) throw escrowEmpty(order, escrow, "does not exist (never funded or already settled)");
    const held = decodeTokenAccount(account);
    if (!held || !held.mint.equals(token.mint) || !held.owner.equals(this.authority)) {
      throw escrowEmpty(order, escrow, `is not a ${token.mint.toBase58()} token account of the authority`);
    }
    if (held.amount === 0n) throw escrowEmpty(order, escrow);
    const shares = splitAmount(held.amount, split);
    const list = mergeSameRecipient(payouts(shares, toPublicKey(order.buyerWalletAddress), toPublicKey(order.sellerWalletAddress)));
    return { escrow, shares, list, token, instructions: splSettlementInstructions(this.authority, order.id, token, list) };
  }

  // -------------------------------------------------------------------------------------------
  // Reconciliation

  /**
   * What the chain holds for the order's escrow: the recorded escrowPDA when there is one (it may be
   * another authority's), else the one this authority derives. Reads only; facts, no judgement.
   */
  async inspectEscrow(order: EscrowOrder): Promise<EscrowInspection> {
    const spl = !!order.currencyMint;
    let address: PublicKey;
    if (order.escrowPDA) address = toPublicKey(order.escrowPDA);
    else if (!spl) address = escrowAddress(this.authority, order.id);
    else {
      // Without the mint its program is unknown: the classic token program is where escrows are opened.
      const token = await this.tokenContext(order, false).catch(() => null);
      address = escrowAddress(this.authority, order.id, token?.tokenProgram ?? TOKEN_PROGRAM_ID);
    }
    const escrow = address.toBase58();
    const ours = escrowBelongsTo(this.authority, order.id, escrow, spl);
    // A SOL escrow answers to the key it was derived from; an SPL one also names its token owner.
    let controlledBy = ours ? this.authority : (this.formerAuthorities.find((key) => escrowBelongsTo(key, order.id, escrow, spl)) ?? null);
    const account = await this.ledger.getAccount(address);
    if (!account) return { escrow, exists: false, amount: 0n, controlledBy: controlledBy?.toBase58() ?? null, ours };
    let amount = account.lamports;
    if (spl) {
      const held = decodeTokenAccount(account);
      amount = held?.amount ?? 0n;
      if (held) controlledBy = held.owner;
    }
    return {
      escrow,
      exists: true,
      amount,
      controlledBy: controlledBy?.toBase58() ?? null,
      ours: ours && (!controlledBy || controlledBy.equals(this.authority)),
    };
  }

  // -------------------------------------------------------------------------------------------
  // Funding (seed data, tests)

  /**
   * Puts the order's totalPrice into its escrow, paid by the authority: the stand-in for the buyer's
   * payment when there is no buyer key (seed data). Idempotent: an escrow that already holds funds is
   * left alone, and since the deposit creates the escrow account, one funded by another process
   * meanwhile (instances starting together on one chain) refuses this deposit on chain: it then counts
   * as funded. On a chain with a faucet the authority is topped up by airdrop and a missing SPL mint is
   * created as a test mint where the ledger can write accounts (authority = mint authority); on a real
   * cluster the authority must hold the SOL and be the mint's mint authority.
   */
  async fundEscrow(order: EscrowOrder): Promise<FundingResult> {
    const amount = BigInt(order.totalPrice);
    if (!order.currencyMint) {
      const escrow = escrowAddress(this.authority, order.id);
      await this.assertSolEscrowAmount(order.id, amount);
      if (await this.escrowHoldsFunds(order)) return { escrow: escrow.toBase58(), signature: null };
      await this.ensureAuthorityLamports(amount);
      return this.fundOnce(order, escrow, solFundingInstructions(this.authority, order.id, amount));
    }
    const token = await this.tokenContext(order, true, "move");
    const escrow = escrowAddress(this.authority, order.id, token.tokenProgram);
    if (await this.ledger.getAccount(escrow)) return { escrow: escrow.toBase58(), signature: null };
    await this.assertMintAuthority(token);
    const rent = await this.ledger.rentExemptMinimum(token.accountSpace);
    await this.ensureAuthorityLamports(rent);
    return this.fundOnce(order, escrow, [
      ...splOpenEscrowInstructions(this.authority, order.id, token, rent),
      ...splMintToInstructions(this.authority, escrow, token, amount),
    ]);
  }

  /** Sends a deposit that creates the escrow; refused because someone else's just did, it is done all the same. */
  private async fundOnce(order: EscrowOrder, escrow: PublicKey, instructions: TransactionInstruction[]): Promise<FundingResult> {
    try {
      return { escrow: escrow.toBase58(), signature: await this.send(instructions, [this.authorityKey]) };
    } catch (error) {
      if (isSettlementError(error, "CHAIN_TRANSACTION_FAILED") && (await this.escrowHoldsFunds(order)))
        return { escrow: escrow.toBase58(), signature: null };
      throw error;
    }
  }

  /**
   * The buyer's own payment into escrow, signed by the buyer (tests, demos). SPL: the authority opens
   * the escrow token account in the same transaction (it pays that rent and gets it back at close).
   */
  async depositFor(order: EscrowOrder, buyer: Keypair): Promise<FundingResult> {
    if (!buyer.publicKey.equals(toPublicKey(order.buyerWalletAddress))) {
      throw unsupported(`The deposit of order ${order.id} must be signed by its buyer ${order.buyerWalletAddress}`);
    }
    const amount = BigInt(order.totalPrice);
    if (!order.currencyMint) {
      const escrow = escrowAddress(this.authority, order.id);
      await this.assertSolEscrowAmount(order.id, amount);
      const signature = await this.send(solDepositInstructions(buyer.publicKey, escrow, amount), [buyer]);
      return { escrow: escrow.toBase58(), signature };
    }
    const token = await this.tokenContext(order, false, "move");
    const escrow = escrowAddress(this.authority, order.id, token.tokenProgram);
    const ixs: TransactionInstruction[] = [];
    if (!(await this.ledger.getAccount(escrow))) {
      ixs.push(...splOpenEscrowInstructions(this.authority, order.id, token, await this.ledger.rentExemptMinimum(token.accountSpace)));
    }
    ixs.push(...splDepositInstructions(buyer.publicKey, escrow, token, amount));
    const signature = await this.send(ixs, [this.authorityKey, buyer]);
    return { escrow: escrow.toBase58(), signature };
  }

  /** A new test mint on the in-process chain, its mint authority being the marketplace authority. */
  async createTestMint(decimals: number, mint: PublicKey = Keypair.generate().publicKey): Promise<PublicKey> {
    if (!this.ledger.setAccount) throw unsupported(`Test mints can only be created in-process, not on ${this.cluster}`);
    const data = testMintData(this.authority, decimals);
    const lamports = await this.ledger.rentExemptMinimum(MINT_SIZE);
    await this.ledger.setAccount(mint, { lamports, owner: TOKEN_PROGRAM_ID, data, executable: false });
    return mint;
  }

  /** Mints test tokens into the owner's associated token account (created if missing). */
  async mintTestTokens(mint: PublicKey, owner: PublicKey, amount: bigint): Promise<string> {
    const token = await this.tokenContext({ currencyMint: mint.toBase58(), currencyDecimals: 0 }, false);
    await this.assertMintAuthority(token);
    await this.ensureAuthorityLamports(0n);
    return this.send(
      [createAtaInstruction(this.authority, owner, token), ...splMintToInstructions(this.authority, ataOf(owner, token), token, amount)],
      [this.authorityKey],
    );
  }

  // -------------------------------------------------------------------------------------------
  // Marketplace configuration

  /**
   * The most one settlement costs the authority: its fee (with a fee market, the highest priority fee
   * it may bid) and the rent of the two token accounts it may create.
   */
  async maxSettlementCost(): Promise<bigint> {
    const priority = this.ledger.recentPriorityFees ? priorityFeeLamports(this.fees.maxMicroLamports, SETTLEMENT_UNITS_BOUND) : 0;
    return LAMPORTS_PER_SIGNATURE + BigInt(priority) + 2n * (await this.ledger.rentExemptMinimum(TOKEN_ACCOUNT_SPACE));
  }

  async status(): Promise<ChainStatus> {
    const address = configAddress(this.authority);
    const account = await this.ledger.getAccount(address);
    return {
      cluster: this.cluster,
      authority: this.authority.toBase58(),
      configAddress: address.toBase58(),
      initialized: isConfigAccount(account),
    };
  }

  /**
   * One-time: allocates the config address (a second allocation fails on chain) and records the
   * config in a Memo. The authority must be one of the admin wallets.
   */
  async initializeMarketplace(config: MarketplaceConfig, adminWallets: readonly string[]): Promise<InitializeResult> {
    const authority = this.authority.toBase58();
    if (!adminWallets.includes(authority)) throw new SettlementError("AUTHORITY_NOT_ADMIN", { authority });
    for (const [name, value] of Object.entries(config)) {
      if (!Number.isSafeInteger(value) || value <= 0)
        throw new SettlementError("INVALID_MARKETPLACE_CONFIG", { message: `${name} must be a positive integer` });
    }
    return this.exclusive(
      "initialize",
      () => new SettlementError("INITIALIZATION_IN_PROGRESS", {}),
      async () => {
        const address = configAddress(this.authority);
        const account = await this.ledger.getAccount(address);
        if (isConfigAccount(account)) throw new SettlementError("ALREADY_INITIALIZED", { configAddress: address.toBase58() });
        const rent = await this.ledger.rentExemptMinimum(CONFIG_SPACE);
        const held = account?.lamports ?? 0n;
        await this.ensureAuthorityLamports(rent);
        const signature = await this.send(initializeInstructions(this.authority, config, rent > held ? rent - held : 0n), [
          this.authorityKey,
        ]);
        return { signature, configAddress: address.toBase58(), authority, memo: configMemo(this.authority, config) };
      },
    );
  }

  // -------------------------------------------------------------------------------------------

  private async send(instructions: TransactionInstruction[], signers: Keypair[]): Promise<string> {
    const build = async (lifetime: { blockhash: string }) => sendable(await this.prepare(instructions, signers, lifetime.blockhash));
    return this.ledger.submit(build, { simulated: this.feeMarket });
  }

  /** Whether the ledger has a fee market: then prepare simulates every transaction before it is signed for sending. */
  private get feeMarket(): boolean {
    return !!this.ledger.recentPriorityFees;
  }

  /** One call at a time per key; a concurrent one is refused (409) rather than queued behind. */
  private async exclusive<T>(key: string, busyError: () => Error, work: () => Promise<T>): Promise<T> {
    if (this.busy.has(key)) throw busyError();
    this.busy.add(key);
    try {
      return await work();
    } finally {
      this.busy.delete(key);
    }
  }

  /**
   * The escrow recorded for the order must be the one this authority derives: otherwise it was funded
   * under another key, and this authority's (empty) escrow would be refused as "empty" although the
   * funds are there, out of this key's reach. Names the other key when the data folder knows it.
   */
  private async assertOwnEscrow(order: EscrowOrder, escrow: PublicKey): Promise<void> {
    const recorded = order.escrowPDA;
    if (!recorded || recorded === escrow.toBase58() || (order.cluster && order.cluster !== this.cluster)) return;
    let owner = this.formerAuthorities.find((key) => escrowBelongsTo(key, order.id, recorded, !!order.currencyMint)) ?? null;
    if (!owner && order.currencyMint) {
      // An SPL escrow says who owns it.
      const account = await this.ledger.getAccount(toPublicKey(recorded));
      owner = account ? (decodeTokenAccount(account)?.owner ?? null) : null;
    }
    throw new SettlementError("AUTHORITY_MISMATCH", {
      orderId: order.id,
      escrow: recorded,
      authority: this.authority.toBase58(),
      owner: owner?.toBase58() ?? null,
    });
  }

  private async escrowHoldsFunds(order: EscrowOrder): Promise<boolean> {
    const escrow = await this.escrowOf(order);
    const account = await this.ledger.getAccount(escrow);
    if (!account) return false;
    if (!order.currencyMint) return account.lamports > 0n;
    return (decodeTokenAccount(account)?.amount ?? 0n) > 0n;
  }

  private async assertSolEscrowAmount(orderId: string, amount: bigint): Promise<void> {
    const minimum = await this.ledger.rentExemptMinimum(0);
    if (amount < minimum) throw new SettlementError("ESCROW_BELOW_RENT_MINIMUM", { orderId, amount, minimum });
  }

  /** In-process (or any ledger with a faucet): keep the authority able to pay what it is asked to. */
  private async ensureAuthorityLamports(needed: bigint): Promise<void> {
    if (!this.ledger.airdrop) return;
    const balance = (await this.ledger.getAccount(this.authority))?.lamports ?? 0n;
    const floor = needed + LAMPORTS_PER_SOL;
    if (balance < floor) await this.ledger.airdrop(this.authority, floor + 100n * LAMPORTS_PER_SOL);
  }

  private async assertMintAuthority(token: TokenContext): Promise<void> {
    const account = await this.ledger.getAccount(token.mint);
    const mint = account ? MintLayout.decode(Buffer.from(account.data)) : null;
    if (!mint || mint.mintAuthorityOption !== 1 || !mint.mintAuthority.equals(this.authority)) {
      throw unsupported(`Cannot mint ${token.mint.toBase58()} on ${this.cluster}: the marketplace authority is not its mint authority`);
    }
  }

  /**
   * The mint's token program and decimals, read from the chain. With `createIfMissing` (funding), an
   * absent mint is created as a test mint in-process, with the order's decimals. To `move` tokens,
   * a mint the whitelist would refuse is refused; reads (an escrow's address) take any mint.
   */
  private async tokenContext(
    order: Pick<EscrowOrder, "currencyMint" | "currencyDecimals">,
    createIfMissing: boolean,
    purpose: "read" | "move" = "read",
  ): Promise<TokenContext> {
    const mint = toPublicKey(order.currencyMint ?? "");
    let account = await this.ledger.getAccount(mint);
    if (!account && createIfMissing && this.ledger.setAccount) {
      await this.createTestMint(order.currencyDecimals, mint);
      account = await this.ledger.getAccount(mint);
    }
    if (!account) throw unsupported(`The mint ${mint.toBase58()} does not exist on ${this.cluster}`);
    if (!isTokenProgram(account.owner)) throw unsupported(`${mint.toBase58()} is not an SPL token mint`);
    // What the whitelist refuses (a fee that breaks the exact split, a hook, a paused mint...) is never settled either.
    const { refusals } = purpose === "move" ? assessMint(mint, account) : { refusals: [] };
    if (refusals.length > 0) throw unsupported(`The mint ${mint.toBase58()} cannot be settled: ${refusals.join("; ")}`);
    const decoded = decodeMint(mint, account);
    return { mint, decimals: decoded.decimals, tokenProgram: account.owner, accountSpace: getAccountLenForMint(decoded) };
  }

  /** The mint at `address` as the whitelist judges it (mint-risk.ts). Reads only. */
  async readMint(address: string): Promise<MintReport> {
    const key = toPublicKey(address);
    return assessMint(key, await this.ledger.getAccount(key));
  }
}

interface Plan {
  escrow: PublicKey;
  shares: Shares;
  /** The non-zero payouts, one per recipient. */
  list: Payout[];
  /** null = native SOL. */
  token: TokenContext | null;
  instructions: TransactionInstruction[];
}

/** The prepared transaction, unless its simulation failed: then the chain's reason, and nothing is signed for sending. */
function sendable({ refused, tx }: Prepared): VersionedTransaction {
  if (refused) throw chainFailed(refused.error ?? "Transaction simulation failed", refused.logs);
  return tx;
}

/** Refusals of the plan that depend on the chain's state: a preview reports them as a failed simulation. */
const PLAN_REFUSALS = ["ESCROW_EMPTY", "AUTHORITY_MISMATCH", "SHARE_BELOW_RENT_MINIMUM", "ESCROW_FUNDING_UNSUPPORTED"] as const;

/** A SOL payout lands in the wallet itself; an SPL one in the wallet's associated token account. */
function payoutLine(p: Payout, token: TokenContext | null): PayoutLine {
  return { side: p.side, wallet: p.to.toBase58(), tokenAccount: (token ? ataOf(p.to, token) : p.to).toBase58(), amount: p.amount };
}

/**
 * Only a DISPUTED order settles, once. A recorded resolution or a confirmed settlement means it was
 * already resolved; a PENDING one is still being confirmed (finish it with resumeSettlement).
 */
function assertSettleable(order: EscrowOrder): void {
  if (order.settlementStatus === "PENDING") throw new SettlementError("SETTLEMENT_IN_PROGRESS", { orderId: order.id });
  const resolved =
    order.settlementStatus === "CONFIRMED" || (order.status !== "DISPUTED" && !!(order.settlementSignature || order.resolution));
  if (resolved) throw new SettlementError("ALREADY_SETTLED", { orderId: order.id, signature: order.settlementSignature ?? null });
  if (order.status !== "DISPUTED") throw new SettlementError("NOT_DISPUTED", { orderId: order.id, status: order.status });
}

/** The escrow holds nothing to settle (by default: never funded, or already paid out). */
const escrowEmpty = (order: EscrowOrder, escrow: PublicKey, detail?: string) =>
  new SettlementError("ESCROW_EMPTY", { orderId: order.id, escrow: escrow.toBase58(), detail });

/** What funding cannot do from here (a mint it does not control, a test mint on a real cluster...). */
const unsupported = (message: string) => new SettlementError("ESCROW_FUNDING_UNSUPPORTED", { message });

/** The plan pays what was decided, side by side, or nothing is signed. */
function assertDecidedPayouts(orderId: string, planned: readonly Payout[], expected: readonly { side: ShareSide; amount: bigint }[]): void {
  const key = (list: readonly { side: ShareSide; amount: bigint }[]) =>
    list
      .map((p) => `${p.side} ${p.amount}`)
      .sort()
      .join(", ");
  const now = key(planned);
  const decided = key(expected);
  if (now !== decided) throw new SettlementError("PAYOUT_CHANGED", { orderId, decided: decided || "nothing", now: now || "nothing" });
}

/** Buyer and seller may be the same wallet: pay it once, the sum of both shares. */
function mergeSameRecipient(list: Payout[]): Payout[] {
  const [first, second] = list;
  if (first && second && first.to.equals(second.to)) return [{ ...first, amount: first.amount + second.amount }];
  return list;
}

function isConfigAccount(account: LedgerAccount | null): boolean {
  return !!account && account.owner.equals(SystemProgram.programId) && account.data.length === CONFIG_SPACE;
}

function decodeTokenAccount(account: LedgerAccount): { mint: PublicKey; owner: PublicKey; amount: bigint } | null {
  if (!isTokenProgram(account.owner) || account.data.length < TOKEN_ACCOUNT_SPACE) return null;
  const raw = AccountLayout.decode(Buffer.from(account.data));
  if (raw.state !== AccountState.Initialized) return null;
  return { mint: raw.mint, owner: raw.owner, amount: raw.amount };
}

/** The account data of an initialized SPL mint with no supply and no freeze authority: a test mint's. */
export function testMintData(mintAuthority: PublicKey, decimals: number): Buffer {
  const data = Buffer.alloc(MINT_SIZE);
  MintLayout.encode(
    {
      mintAuthorityOption: 1,
      mintAuthority,
      supply: 0n,
      decimals,
      isInitialized: true,
      freezeAuthorityOption: 0,
      freezeAuthority: PublicKey.default,
    },
    data,
  );
  return data;
}
