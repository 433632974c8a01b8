// What a mint can do to an escrow, read from its account: which token program owns it, its decimals,
// its authorities and every Token-2022 extension, each judged reject / warn / info for a marketplace
// that holds buyers' payments in escrow and pays them out later (research: mainnet-readiness.md §3).
// Pure: the caller fetches the account. Anything this module does not know is refused, so a new
// extension is never whitelisted by default.
import { PublicKey, type AccountInfo } from "@solana/web3.js";
import {
  AccountState,
  ExtensionType,
  getDefaultAccountState,
  getExtensionTypes,
  getInterestBearingMintConfigState,
  getMintCloseAuthority,
  getPausableConfig,
  getPermanentDelegate,
  getPermissionedBurn,
  getScaledUiAmountConfig,
  getTransferFeeConfig,
  getTransferHook,
  TOKEN_2022_PROGRAM_ID,
  TOKEN_PROGRAM_ID,
  unpackMint,
  type Mint,
  type TransferFee,
} from "@solana/spl-token";
import type { LedgerAccount } from "./ledger.ts";

export type MintProgram = "spl-token" | "token-2022";
export type RiskVerdict = "reject" | "warn" | "info";

export interface MintExtension {
  /** The extension's number in the Token-2022 program (interface/src/extension/mod.rs). */
  type: number;
  name: string;
  verdict: RiskVerdict;
  detail: string;
}

export interface MintReport {
  /** False: the cluster holds no account at the address. */
  exists: boolean;
  /** Null: no account, or one no token program owns. */
  program: MintProgram | null;
  decimals: number | null;
  mintAuthority: string | null;
  freezeAuthority: string | null;
  extensions: MintExtension[];
  /** Why the mint cannot be whitelisted, in words (empty: it can). */
  refusals: string[];
  /** What an admin should know before whitelisting it. */
  warnings: string[];
}

// These getters answer PublicKey.default for "none".
const named = (key: PublicKey | null | undefined): string | null => (key && !key.equals(PublicKey.default) ? key.toBase58() : null);

const finding = (type: number, name: string, verdict: RiskVerdict, detail: string): MintExtension => ({ type, name, verdict, detail });

/** A fee is charged when both its rate and its cap are above zero. */
const charges = (fee: TransferFee) => fee.transferFeeBasisPoints > 0 && fee.maximumFee > 0n;

type Judge = (mint: Mint, type: number) => MintExtension;

const CONFIDENTIAL = "balances and amounts can be encrypted, so the escrow's holdings cannot be verified";

/** The mint extensions this server knows, and how each is judged. */
const JUDGES: Partial<Record<number, Judge>> = {
  [ExtensionType.TransferFeeConfig]: (mint, type) => {
    const config = getTransferFeeConfig(mint);
    const authority = named(config?.transferFeeConfigAuthority);
    const fee = config && [config.olderTransferFee, config.newerTransferFee].find(charges);
    if (fee)
      return finding(
        type,
        "Transfer fee",
        "reject",
        `a transfer fee of ${fee.transferFeeBasisPoints} bps (at most ${fee.maximumFee} base units) is taken from every payout`,
      );
    if (authority)
      return finding(
        type,
        "Transfer fee",
        "reject",
        `the fee authority ${authority} can raise the transfer fee (up to 100 %, two epochs later)`,
      );
    return finding(type, "Transfer fee", "info", "the transfer fee is zero and no authority can change it");
  },
  [ExtensionType.MintCloseAuthority]: (mint, type) => {
    const authority = named(getMintCloseAuthority(mint)?.closeAuthority);
    return authority
      ? finding(type, "Mint close authority", "warn", `${authority} can close the mint once its supply is zero`)
      : finding(type, "Mint close authority", "info", "no close authority");
  },
  [ExtensionType.ConfidentialTransferMint]: (_, type) => finding(type, "Confidential transfers", "reject", CONFIDENTIAL),
  16: (_, type) => finding(type, "Confidential transfer fees", "reject", CONFIDENTIAL),
  24: (_, type) => finding(type, "Confidential mint and burn", "reject", CONFIDENTIAL),
  [ExtensionType.DefaultAccountState]: (mint, type) =>
    getDefaultAccountState(mint)?.state === AccountState.Initialized
      ? finding(type, "Default account state", "info", "new accounts start usable")
      : finding(
          type,
          "Default account state",
          "reject",
          "new token accounts start frozen, the escrow's included, until the freeze authority thaws them",
        ),
  [ExtensionType.NonTransferable]: (_, type) =>
    finding(type, "Non-transferable", "reject", "the tokens cannot be transferred, so no payment could enter or leave escrow"),
  [ExtensionType.InterestBearingConfig]: (mint, type) => {
    const rate = getInterestBearingMintConfigState(mint)?.currentRate ?? 0;
    return finding(type, "Interest-bearing", "warn", `displayed amounts accrue interest (${rate} bps a year) while payouts move raw units`);
  },
  [ExtensionType.PermanentDelegate]: (mint, type) => {
    const delegate = named(getPermanentDelegate(mint)?.delegate);
    return delegate
      ? finding(
          type,
          "Permanent delegate",
          "reject",
          `the permanent delegate ${delegate} can transfer or burn tokens from any account, the escrow included`,
        )
      : finding(type, "Permanent delegate", "info", "no permanent delegate");
  },
  [ExtensionType.TransferHook]: (mint, type) => {
    const hook = getTransferHook(mint);
    const program = named(hook?.programId);
    const authority = named(hook?.authority);
    if (program)
      return finding(type, "Transfer hook", "reject", `every transfer calls the hook program ${program}, which can make payouts fail`);
    if (authority) return finding(type, "Transfer hook", "reject", `the hook authority ${authority} can set a transfer hook at any time`);
    return finding(type, "Transfer hook", "info", "no hook program and no authority to set one");
  },
  [ExtensionType.MetadataPointer]: (_, type) => finding(type, "Metadata pointer", "info", "names where the token's metadata lives"),
  [ExtensionType.TokenMetadata]: (_, type) => finding(type, "Token metadata", "info", "name, symbol and URI stored in the mint"),
  [ExtensionType.GroupPointer]: (_, type) => finding(type, "Group pointer", "info", "names the token's group"),
  [ExtensionType.TokenGroup]: (_, type) => finding(type, "Token group", "info", "the mint is a group of tokens"),
  [ExtensionType.GroupMemberPointer]: (_, type) => finding(type, "Group member pointer", "info", "names the token's group membership"),
  [ExtensionType.TokenGroupMember]: (_, type) => finding(type, "Token group member", "info", "the mint belongs to a group"),
  [ExtensionType.ScaledUiAmountConfig]: (mint, type) => {
    const multiplier = getScaledUiAmountConfig(mint)?.multiplier ?? 1;
    return finding(type, "Scaled UI amount", "warn", `displayed amounts are raw units × ${multiplier}; payouts move raw units`);
  },
  [ExtensionType.PausableConfig]: (mint, type) => {
    const config = getPausableConfig(mint);
    const authority = named(config?.authority) ?? "nobody";
    return config?.paused
      ? finding(type, "Pausable", "reject", `the mint is paused: no transfer, so no payout, until ${authority} resumes it`)
      : finding(type, "Pausable", "warn", `${authority} can pause every transfer, settlements included`);
  },
  [ExtensionType.PermissionedBurn]: (mint, type) =>
    finding(type, "Permissioned burn", "info", `burning needs ${named(getPermissionedBurn(mint)?.authority) ?? "an authority"}'s approval`),
};

function judgeExtension(mint: Mint, type: number): MintExtension {
  const judge = JUDGES[type];
  if (judge) return judge(mint, type);
  const known = ExtensionType[type] as string | undefined;
  return finding(
    type,
    known ?? `Extension ${type}`,
    "reject",
    `${known ? "an extension" : "an unknown extension"} this server does not check`,
  );
}

const programOf = (owner: PublicKey): MintProgram | null =>
  owner.equals(TOKEN_PROGRAM_ID) ? "spl-token" : owner.equals(TOKEN_2022_PROGRAM_ID) ? "token-2022" : null;

const nothing = { program: null, decimals: null, mintAuthority: null, freezeAuthority: null, extensions: [], warnings: [] };

/** The account decoded as a mint of the token program owning it; throws when it is not one. */
export function decodeMint(address: PublicKey, account: LedgerAccount): Mint {
  const info: AccountInfo<Buffer> = { ...account, lamports: Number(account.lamports), data: Buffer.from(account.data) };
  return unpackMint(address, info, account.owner);
}

/** Judges the account at `address` as a mint to whitelist; `account` null = the cluster holds none. */
export function assessMint(address: PublicKey, account: LedgerAccount | null): MintReport {
  if (!account) return { exists: false, ...nothing, refusals: ["no account at this address"] };
  const program = programOf(account.owner);
  if (!program) return { exists: true, ...nothing, refusals: [`not a token mint: the account belongs to ${account.owner.toBase58()}`] };
  let mint: Mint;
  try {
    mint = decodeMint(address, account);
  } catch {
    return { exists: true, ...nothing, program, refusals: ["not a mint: a token account or another record of the token program"] };
  }
  if (!mint.isInitialized) return { exists: true, ...nothing, program, refusals: ["not a mint: the mint is not initialized"] };
  const extensions = getExtensionTypes(mint.tlvData).map((type) => judgeExtension(mint, type));
  const mintAuthority = named(mint.mintAuthority);
  const freezeAuthority = named(mint.freezeAuthority);
  const warnings = [
    ...(freezeAuthority ? [`freeze authority ${freezeAuthority} can freeze the escrow's token account`] : []),
    ...(mintAuthority ? [`mint authority ${mintAuthority} can mint more supply`] : []),
    ...extensions.filter((e) => e.verdict === "warn").map((e) => `${e.name}: ${e.detail}`),
  ];
  const refusals = extensions.filter((e) => e.verdict === "reject").map((e) => `${e.name}: ${e.detail}`);
  return { exists: true, program, decimals: mint.decimals, mintAuthority, freezeAuthority, extensions, refusals, warnings };
}
