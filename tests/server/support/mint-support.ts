// Real mints for the whitelist's risk checks: created by transactions of the SPL Token and Token-2022
// programs LiteSVM ships, on whichever ledger a test runs (in-process, or the RPC chain of
// `npm run chain`), each with the extensions a test asks for.
import { Keypair, PublicKey, SystemProgram, TransactionInstruction } from "@solana/web3.js";
import {
  AccountState,
  createInitializeDefaultAccountStateInstruction,
  createInitializeGroupPointerInstruction,
  createInitializeInterestBearingMintInstruction,
  createInitializeMetadataPointerInstruction,
  createInitializeMint2Instruction,
  createInitializeMintCloseAuthorityInstruction,
  createInitializeNonTransferableMintInstruction,
  createInitializePausableConfigInstruction,
  createInitializePermanentDelegateInstruction,
  createInitializePermissionedBurnInstruction,
  createInitializeScaledUiAmountConfigInstruction,
  createInitializeTransferFeeConfigInstruction,
  createInitializeTransferHookInstruction,
  createPauseInstruction,
  ExtensionType,
  getTypeLen,
  MINT_SIZE,
  TOKEN_2022_PROGRAM_ID,
  TOKEN_PROGRAM_ID,
  TokenInstruction,
} from "@solana/spl-token";
import type { Ledger } from "../../../server/settlement/index.ts";
import { buildTransaction } from "../../../server/settlement/tx.ts";

const P22 = TOKEN_2022_PROGRAM_ID;

/** One extension: its type, its size in the mint (when spl-token cannot say) and its initialize instruction. */
export interface ExtensionSpec {
  type: number;
  size?: number;
  init: (mint: PublicKey) => TransactionInstruction;
}

export interface MintSpec {
  program?: "spl-token" | "token-2022";
  decimals?: number;
  /** Default: the payer. */
  mintAuthority?: PublicKey;
  freezeAuthority?: PublicKey | null;
  extensions?: ExtensionSpec[];
}

/**
 * ConfidentialTransferMint has no builder in spl-token 0.4.15: ConfidentialTransferExtension (27),
 * InitializeMint (0), then its authority (32 bytes, zero = none), auto-approve (1 byte) and auditor
 * ElGamal key (32 bytes, zero = none).
 */
function initializeConfidentialTransferMint(mint: PublicKey, authority: PublicKey): TransactionInstruction {
  const data = Buffer.concat([
    Buffer.from([TokenInstruction.ConfidentialTransferExtension, 0]),
    authority.toBuffer(),
    Buffer.from([1]),
    Buffer.alloc(32),
  ]);
  return new TransactionInstruction({ programId: P22, keys: [{ pubkey: mint, isSigner: false, isWritable: true }], data });
}

/** Extensions as the tests name them; `who` is the authority or delegate each one names. */
export const ext = {
  permanentDelegate: (who: PublicKey): ExtensionSpec => ({
    type: ExtensionType.PermanentDelegate,
    init: (m) => createInitializePermanentDelegateInstruction(m, who, P22),
  }),
  transferHook: (authority: PublicKey | null, program: PublicKey | null): ExtensionSpec => ({
    type: ExtensionType.TransferHook,
    init: (m) => createInitializeTransferHookInstruction(m, authority ?? PublicKey.default, program ?? PublicKey.default, P22),
  }),
  transferFee: (authority: PublicKey | null, bps: number, maximumFee: bigint): ExtensionSpec => ({
    type: ExtensionType.TransferFeeConfig,
    init: (m) => createInitializeTransferFeeConfigInstruction(m, authority, authority, bps, maximumFee, P22),
  }),
  nonTransferable: (): ExtensionSpec => ({
    type: ExtensionType.NonTransferable,
    init: (m) => createInitializeNonTransferableMintInstruction(m, P22),
  }),
  confidentialTransfers: (authority: PublicKey): ExtensionSpec => ({
    type: ExtensionType.ConfidentialTransferMint,
    size: 65,
    init: (m) => initializeConfidentialTransferMint(m, authority),
  }),
  defaultState: (state: AccountState): ExtensionSpec => ({
    type: ExtensionType.DefaultAccountState,
    init: (m) => createInitializeDefaultAccountStateInstruction(m, state, P22),
  }),
  pausable: (authority: PublicKey): ExtensionSpec => ({
    type: ExtensionType.PausableConfig,
    init: (m) => createInitializePausableConfigInstruction(m, authority, P22),
  }),
  closeAuthority: (authority: PublicKey): ExtensionSpec => ({
    type: ExtensionType.MintCloseAuthority,
    init: (m) => createInitializeMintCloseAuthorityInstruction(m, authority, P22),
  }),
  interestBearing: (authority: PublicKey, rateBps: number): ExtensionSpec => ({
    type: ExtensionType.InterestBearingConfig,
    init: (m) => createInitializeInterestBearingMintInstruction(m, authority, rateBps, P22),
  }),
  scaledUiAmount: (authority: PublicKey, multiplier: number): ExtensionSpec => ({
    type: ExtensionType.ScaledUiAmountConfig,
    init: (m) => createInitializeScaledUiAmountConfigInstruction(m, authority, multiplier, P22),
  }),
  metadataPointer: (authority: PublicKey): ExtensionSpec => ({
    type: ExtensionType.MetadataPointer,
    init: (m) => createInitializeMetadataPointerInstruction(m, authority, m, P22),
  }),
  groupPointer: (authority: PublicKey): ExtensionSpec => ({
    type: ExtensionType.GroupPointer,
    init: (m) => createInitializeGroupPointerInstruction(m, authority, m, P22),
  }),
  permissionedBurn: (authority: PublicKey): ExtensionSpec => ({
    type: ExtensionType.PermissionedBurn,
    init: (m) => createInitializePermissionedBurnInstruction(m, authority, P22),
  }),
};

/** A Token-2022 mint's size: the base mint padded to an account's size, its account type, then each extension's TLV entry. */
function mintSpace(extensions: readonly ExtensionSpec[]): number {
  if (extensions.length === 0) return MINT_SIZE;
  return extensions.reduce((space, e) => space + 4 + (e.size ?? getTypeLen(e.type)), 165 + 1);
}

/** Creates a mint as its issuer would (extensions initialized before the mint), paid and signed by `payer`. */
export async function createMint(ledger: Ledger, payer: Keypair, spec: MintSpec = {}): Promise<PublicKey> {
  const extensions = spec.extensions ?? [];
  const program = spec.program === "token-2022" || extensions.length > 0 ? P22 : TOKEN_PROGRAM_ID;
  const mint = Keypair.generate();
  const space = mintSpace(extensions);
  const lamports = await ledger.rentExemptMinimum(space);
  const instructions = [
    SystemProgram.createAccount({
      fromPubkey: payer.publicKey,
      newAccountPubkey: mint.publicKey,
      space,
      lamports: Number(lamports),
      programId: program,
    }),
    ...extensions.map((e) => e.init(mint.publicKey)),
    createInitializeMint2Instruction(
      mint.publicKey,
      spec.decimals ?? 6,
      spec.mintAuthority ?? payer.publicKey,
      spec.freezeAuthority ?? null,
      program,
    ),
  ];
  await ledger.submit((lifetime) => buildTransaction(instructions, [payer, mint], lifetime.blockhash));
  return mint.publicKey;
}

/** Pauses a pausable mint, signed by its pause authority. */
export async function pauseMint(ledger: Ledger, mint: PublicKey, authority: Keypair): Promise<void> {
  await ledger.submit((lifetime) =>
    buildTransaction([createPauseInstruction(mint, authority.publicKey, [], P22)], [authority], lifetime.blockhash),
  );
}
