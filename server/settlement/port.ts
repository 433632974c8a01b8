// The settlement port the services use (services/context.ts), on top of the chain module: turns an
// admin's decision into a split, the chain's typed refusals into API errors, and picks the authority.
import { Keypair } from "@solana/web3.js";
import bs58 from "bs58";
import type { AdminIdentity } from "../context.ts";
import type { DemoWallet } from "../demo-wallet.ts";
import type { OrderRow } from "../db/schema.ts";
import { ApiError } from "../http/errors.ts";
import type { DisputeDecision, PendingSignature, SettlementHooks, SettlementPort, SettlementResult } from "../services/context.ts";
import {
  AuthorityNotAdminError,
  createSettlement,
  SettlementError,
  toSplit,
  type MarketplaceConfig,
  type Settlement,
  type SettlementOptions,
} from "./index.ts";

/** What initialize records on chain and in the database: a week to resolve a dispute, action after 5 reports. */
export const DEFAULT_MARKETPLACE_CONFIG: MarketplaceConfig = { disputeResolutionLimit: 7 * 86_400, reportThreshold: 5 };

export const isInProcess = (options: Pick<SettlementOptions, "cluster">): boolean => (options.cluster?.trim() || "litesvm") === "litesvm";

/**
 * SPEC §6: the signing authority must be an admin wallet before initializing. With the in-process
 * chain, no AUTHORITY_KEYPAIR and a local demo admin wallet (loopback, not production), that wallet
 * IS the authority, so a fresh `npm start` can initialize from the console while the rule still
 * holds. Otherwise the authority is its own key (AUTHORITY_KEYPAIR, or <data>/authority-keypair.json)
 * and must be listed in ADMIN_WALLETS.
 */
export function withAuthority(options: SettlementOptions, demoWallet: DemoWallet | null): SettlementOptions {
  if (options.authorityKeypair || options.authorityKeypairPath || !demoWallet || !isInProcess(options)) return options;
  return { ...options, authorityKeypair: Keypair.fromSecretKey(bs58.decode(demoWallet.secretKey)) };
}

export class ChainSettlementPort implements SettlementPort {
  constructor(
    readonly settlement: Settlement,
    /** The live whitelist (ADMIN_WALLETS plus the demo wallet), read at each initialize. */
    private readonly adminWallets: ReadonlySet<string>,
    private readonly config: MarketplaceConfig = DEFAULT_MARKETPLACE_CONFIG,
  ) {}

  get cluster(): string {
    return this.settlement.cluster;
  }

  get authority(): string {
    return this.settlement.authority.toBase58();
  }

  get inProcess(): boolean {
    return this.settlement.cluster === "localnet-inprocess";
  }

  resolveDispute(order: OrderRow, decision: DisputeDecision, hooks: SettlementHooks): Promise<SettlementResult> {
    return this.settle(hooks, async (onSigned) => {
      const split = toSplit(decision.resolution, decision.refundPercentage);
      return this.settlement.chain.settle(order, split, { onSigned });
    });
  }

  resumeDispute(order: OrderRow, decision: DisputeDecision, pending: PendingSignature, hooks: SettlementHooks): Promise<SettlementResult> {
    return this.settle(hooks, async (onSigned) => {
      const split = toSplit(decision.resolution, decision.refundPercentage);
      return this.settlement.chain.resumeSettlement(order, split, pending.signature, { onSigned, lastValidBlockHeight: pending.lastValidBlockHeight });
    }, true);
  }

  async initializeMarketplace(_admin: AdminIdentity) {
    try {
      const result = await this.settlement.chain.initializeMarketplace(this.config, [...this.adminWallets]);
      return {
        transactionSignature: result.signature,
        cluster: this.cluster,
        configPDA: result.configAddress,
        authority: result.authority,
        ...this.config,
      };
    } catch (error) {
      throw toApiError(error, "before");
    }
  }

  async marketplaceStatus() {
    const status = await this.settlement.chain.status();
    return { initialized: status.initialized, configPDA: status.configAddress, authority: status.authority, cluster: this.cluster };
  }

  close(): Promise<void> {
    return this.settlement.close();
  }

  /**
   * Runs a settlement, noting whether a signature was handed out: an unexpected failure after that
   * point (RPC down mid-send) may still land, so it is an unknown outcome (504), never a failure.
   */
  private async settle(
    hooks: SettlementHooks,
    run: (
      onSigned: (pending: { signature: string; lastValidBlockHeight: number }) => Promise<void>,
    ) => Promise<{ signature: string; escrow: string; buyerAmount: bigint; sellerAmount: bigint }>,
    alreadySigned = false,
  ): Promise<SettlementResult> {
    let signed = alreadySigned;
    try {
      const result = await run(async ({ signature, lastValidBlockHeight }) => {
        await hooks.onSigned(signature, lastValidBlockHeight);
        signed = true;
      });
      return {
        transactionSignature: result.signature,
        cluster: this.cluster,
        escrow: result.escrow,
        buyerAmount: String(result.buyerAmount),
        sellerAmount: String(result.sellerAmount),
      };
    } catch (error) {
      throw toApiError(error, signed ? "after" : "before");
    }
  }
}

/**
 * SettlementError → ApiError with its status. Their messages already say what to do (which share is
 * below the rent minimum, the chain's own error for a 502). Anything else that escapes the chain
 * layer is a cluster that could not be reached: 502 if nothing was sent yet, else 504 (unknown).
 */
export function toApiError(error: unknown, sent: "before" | "after"): unknown {
  if (error instanceof ApiError) return error;
  if (error instanceof AuthorityNotAdminError) {
    return new ApiError(403, `${error.message}: add ${error.authority} to ADMIN_WALLETS and restart the server`);
  }
  if (error instanceof SettlementError) return new ApiError(error.httpStatus, error.message);
  const reason = error instanceof Error ? error.message : String(error);
  if (sent === "after") return new ApiError(504, `The transaction was sent but its outcome is not known yet (${reason}); it will be checked again`);
  return new ApiError(502, `The cluster could not be reached: ${reason}`);
}

export interface SettlementPortOptions {
  demoWallet: DemoWallet | null;
  adminWallets: ReadonlySet<string>;
  config?: MarketplaceConfig;
}

export async function createSettlementPort(options: SettlementOptions, context: SettlementPortOptions): Promise<ChainSettlementPort> {
  const settlement = await createSettlement(withAuthority(options, context.demoWallet));
  return new ChainSettlementPort(settlement, context.adminWallets, context.config);
}
