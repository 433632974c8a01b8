// The settlement port the services use (SettlementPort, services/ports.ts) over the chain module:
// turns an admin's decision into a split and runs it on the chain, and picks the authority. Its
// failures are the chain module's SettlementErrors, untranslated: the services turn them into the
// API's error in one place (services/settlement-errors.ts).
import { Keypair } from "@solana/web3.js";
import bs58 from "bs58";
import type { DemoWallet } from "../demo-wallet.ts";
import type { DisputeDecision, SettlementHooks, SettlementPort, SettlementResult } from "../services/ports.ts";
import type { PendingSettlement, SettlementResult as ChainSettlementResult } from "./chain.ts";
import { toSplit, type MarketplaceConfig, type Settlement, type SettlementOptions } from "./index.ts";

/** What initialize records on chain and in the database: a week to resolve a dispute, action after 5 reports. */
export const DEFAULT_MARKETPLACE_CONFIG: MarketplaceConfig = { disputeResolutionLimit: 7 * 86_400, reportThreshold: 5 };

export const isInProcess = (options: Pick<SettlementOptions, "cluster">): boolean => (options.cluster?.trim() || "litesvm") === "litesvm";

/**
 * The signing authority must be an admin wallet before initializing. With the in-process
 * chain, no AUTHORITY_KEYPAIR and a local demo admin wallet (loopback, not production), that wallet
 * IS the authority, so a fresh `npm start` can initialize from the console while the rule still
 * holds. Otherwise the authority is its own key (AUTHORITY_KEYPAIR, or <data>/authority-keypair.json)
 * and must be listed in ADMIN_WALLETS.
 */
export function withAuthority(options: SettlementOptions, demoWallet: DemoWallet | null): SettlementOptions {
  if (options.authorityKeypair || options.authorityKeypairPath || !demoWallet || !isInProcess(options)) return options;
  return { ...options, authorityKeypair: Keypair.fromSecretKey(bs58.decode(demoWallet.secretKey)) };
}

/**
 * The port over a settlement backend. `adminWallets` is the live whitelist (ADMIN_WALLETS plus the
 * demo wallet), read at each initialize.
 */
export function chainSettlementPort(
  settlement: Settlement,
  adminWallets: ReadonlySet<string>,
  config: MarketplaceConfig = DEFAULT_MARKETPLACE_CONFIG,
): SettlementPort {
  const { chain, cluster } = settlement;
  const options = (hooks: SettlementHooks, decision: DisputeDecision) => ({
    expected: decision.payouts?.map((p) => ({ side: p.party, amount: p.amount })),
    onSigned: (pending: PendingSettlement) => hooks.onSigned(pending.signature, pending.lastValidBlockHeight, pending.budget),
    onBroadcast: hooks.onBroadcast?.bind(hooks),
  });
  const settled = (result: ChainSettlementResult): SettlementResult => ({
    transactionSignature: result.signature,
    cluster,
    escrow: result.escrow,
    buyerAmount: String(result.buyerAmount),
    sellerAmount: String(result.sellerAmount),
  });
  return {
    cluster,
    authority: settlement.authority.toBase58(),
    async resolveDispute(order, decision, hooks) {
      const split = toSplit(decision.resolution, decision.refundPercentage);
      return settled(await chain.settle(order, split, options(hooks, decision)));
    },
    async resumeDispute(order, decision, pending, hooks) {
      const split = toSplit(decision.resolution, decision.refundPercentage);
      return settled(
        await chain.resumeSettlement(order, split, pending.signature, {
          ...options(hooks, decision),
          lastValidBlockHeight: pending.lastValidBlockHeight,
        }),
      );
    },
    async previewDispute(order, decision) {
      const preview = await chain.previewSettlement(order, toSplit(decision.resolution, decision.refundPercentage));
      return { ...preview, payouts: preview.payouts.map(({ side, ...line }) => ({ party: side, ...line })) };
    },
    inspectEscrow: (order) => chain.inspectEscrow(order),
    readMint: (address) => chain.readMint(address),
    inProcess: settlement.inProcess,
    async initializeMarketplace() {
      const result = await chain.initializeMarketplace(config, [...adminWallets]);
      return { transactionSignature: result.signature, cluster, configPDA: result.configAddress, authority: result.authority, ...config };
    },
    async authorityFunds() {
      const [account, settlementCostLamports] = await Promise.all([
        settlement.ledger.getAccount(settlement.authority),
        chain.maxSettlementCost(),
      ]);
      return { cluster, authority: settlement.authority.toBase58(), lamports: account?.lamports ?? 0n, settlementCostLamports };
    },
    async marketplaceStatus() {
      const status = await chain.status();
      return { initialized: status.initialized, configPDA: status.configAddress, authority: status.authority, cluster };
    },
  };
}
