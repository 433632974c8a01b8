// The whitelist's judgement of a mint (server/settlement/mint-risk.ts) on real mints: each created on
// LiteSVM by the SPL Token or Token-2022 program with one extension, then read back and judged.
import { beforeAll, describe, expect, it } from "vitest";
import { Keypair, SystemProgram } from "@solana/web3.js";
import {
  AccountState,
  AuthorityType,
  createAssociatedTokenAccountIdempotentInstruction,
  createSetAuthorityInstruction,
  ExtensionType,
  getAssociatedTokenAddressSync,
  TOKEN_2022_PROGRAM_ID,
} from "@solana/spl-token";
import { LiteSvmLedger } from "../../../server/settlement/index.ts";
import { assessMint, type MintReport } from "../../../server/settlement/mint-risk.ts";
import { buildTransaction } from "../../../server/settlement/tx.ts";
import { createMint, ext, pauseMint, type MintSpec } from "../support/mint-support.ts";

let ledger: LiteSvmLedger;
const issuer = Keypair.generate();
const other = Keypair.generate().publicKey;

beforeAll(async () => {
  ledger = LiteSvmLedger.open({});
  await ledger.airdrop(issuer.publicKey, 10n ** 12n);
});

async function judged(spec: MintSpec): Promise<MintReport> {
  const mint = await createMint(ledger, issuer, spec);
  return assessMint(mint, await ledger.getAccount(mint));
}

/** The one extension's verdict, and the words the mint is refused or warned with. */
async function verdictOf(spec: MintSpec) {
  const report = await judged(spec);
  expect(report.extensions).toHaveLength(spec.extensions?.length ?? 0);
  return { verdict: report.extensions[0]?.verdict, refusals: report.refusals.join("; "), warnings: report.warnings.join("; "), report };
}

describe("plain mints", () => {
  it("reads an SPL Token mint's program, decimals and authorities; its mint authority is a warning", async () => {
    const report = await judged({ decimals: 9 });
    expect(report).toMatchObject({
      exists: true,
      program: "spl-token",
      decimals: 9,
      mintAuthority: issuer.publicKey.toBase58(),
      freezeAuthority: null,
      extensions: [],
      refusals: [],
    });
    expect(report.warnings).toEqual([`mint authority ${issuer.publicKey.toBase58()} can mint more supply`]);
  });

  it("accepts a Token-2022 mint without extensions and a revoked mint authority", async () => {
    const mint = await createMint(ledger, issuer, { program: "token-2022", decimals: 2 });
    const revoke = createSetAuthorityInstruction(mint, issuer.publicKey, AuthorityType.MintTokens, null, [], TOKEN_2022_PROGRAM_ID);
    await ledger.submit((l) => buildTransaction([revoke], [issuer], l.blockhash));
    const report = assessMint(mint, await ledger.getAccount(mint));
    expect(report).toMatchObject({
      program: "token-2022",
      decimals: 2,
      mintAuthority: null,
      freezeAuthority: null,
      refusals: [],
      warnings: [],
    });
  });

  it("warns of a freeze authority", async () => {
    const report = await judged({ freezeAuthority: other });
    expect(report.freezeAuthority).toBe(other.toBase58());
    expect(report.refusals).toEqual([]);
    expect(report.warnings[0]).toBe(`freeze authority ${other.toBase58()} can freeze the escrow's token account`);
  });
});

describe("extensions that are refused", () => {
  it("a permanent delegate", async () => {
    const { verdict, refusals } = await verdictOf({ extensions: [ext.permanentDelegate(other)] });
    expect(verdict).toBe("reject");
    expect(refusals).toContain(
      `Permanent delegate: the permanent delegate ${other.toBase58()} can transfer or burn tokens from any account`,
    );
  });

  it("a transfer hook program, and a hook authority that could set one later", async () => {
    const program = Keypair.generate().publicKey;
    const set = await verdictOf({ extensions: [ext.transferHook(null, program)] });
    expect(set.verdict).toBe("reject");
    expect(set.refusals).toContain(`calls the hook program ${program.toBase58()}`);
    const settable = await verdictOf({ extensions: [ext.transferHook(other, null)] });
    expect(settable.verdict).toBe("reject");
    expect(settable.refusals).toContain(`the hook authority ${other.toBase58()} can set a transfer hook`);
  });

  it("non-transferable tokens", async () => {
    const { verdict, refusals } = await verdictOf({ extensions: [ext.nonTransferable()] });
    expect(verdict).toBe("reject");
    expect(refusals).toMatch(/^Non-transferable: the tokens cannot be transferred/);
  });

  it("confidential transfers", async () => {
    const { verdict, refusals, report } = await verdictOf({ extensions: [ext.confidentialTransfers(other)] });
    expect(report.extensions[0]?.type).toBe(ExtensionType.ConfidentialTransferMint);
    expect(verdict).toBe("reject");
    expect(refusals).toMatch(/^Confidential transfers: balances and amounts can be encrypted/);
  });

  it("accounts frozen by default, but not accounts usable by default", async () => {
    const frozen = await verdictOf({ freezeAuthority: other, extensions: [ext.defaultState(AccountState.Frozen)] });
    expect(frozen.verdict).toBe("reject");
    expect(frozen.refusals).toMatch(/^Default account state: new token accounts start frozen/);
    const usable = await verdictOf({ freezeAuthority: other, extensions: [ext.defaultState(AccountState.Initialized)] });
    expect(usable).toMatchObject({ verdict: "info", refusals: "" });
  });

  it("a transfer fee above zero, or a fee authority that can raise it; a zero fee nobody can change is fine", async () => {
    const fee = await verdictOf({ extensions: [ext.transferFee(null, 50, 1_000n)] });
    expect(fee.verdict).toBe("reject");
    expect(fee.refusals).toContain("a transfer fee of 50 bps (at most 1000 base units)");
    const raisable = await verdictOf({ extensions: [ext.transferFee(other, 0, 0n)] });
    expect(raisable.verdict).toBe("reject");
    expect(raisable.refusals).toContain(`the fee authority ${other.toBase58()} can raise the transfer fee`);
    const zero = await verdictOf({ extensions: [ext.transferFee(null, 0, 0n)] });
    expect(zero).toMatchObject({ verdict: "info", refusals: "" });
  });

  it("a pausable mint once it is paused (before, a warning)", async () => {
    const mint = await createMint(ledger, issuer, { extensions: [ext.pausable(issuer.publicKey)] });
    const before = assessMint(mint, await ledger.getAccount(mint));
    expect(before.extensions[0]).toMatchObject({ name: "Pausable", verdict: "warn" });
    expect(before.refusals).toEqual([]);
    await pauseMint(ledger, mint, issuer);
    const after = assessMint(mint, await ledger.getAccount(mint));
    expect(after.extensions[0]).toMatchObject({ name: "Pausable", verdict: "reject" });
    expect(after.refusals.join()).toMatch(/^Pausable: the mint is paused/);
  });

  it("an extension the server does not know", async () => {
    // A real mint whose one extension's type is rewritten to a number no program version has used.
    const mint = await createMint(ledger, issuer, { extensions: [ext.closeAuthority(other)] });
    const account = (await ledger.getAccount(mint))!;
    const data = Buffer.from(account.data);
    expect(data.readUInt16LE(166)).toBe(ExtensionType.MintCloseAuthority);
    data.writeUInt16LE(200, 166);
    const report = assessMint(mint, { ...account, data });
    expect(report.extensions).toEqual([
      { type: 200, name: "Extension 200", verdict: "reject", detail: "an unknown extension this server does not check" },
    ]);
    expect(report.refusals).toHaveLength(1);
  });

  it("an account that is not a mint, and an address with no account", async () => {
    const wallet = assessMint(issuer.publicKey, await ledger.getAccount(issuer.publicKey));
    expect(wallet).toMatchObject({ exists: true, program: null });
    expect(wallet.refusals).toEqual([`not a token mint: the account belongs to ${SystemProgram.programId.toBase58()}`]);
    const mint = await createMint(ledger, issuer);
    const ata = getAssociatedTokenAddressSync(mint, issuer.publicKey);
    await ledger.submit((l) =>
      buildTransaction(
        [createAssociatedTokenAccountIdempotentInstruction(issuer.publicKey, ata, issuer.publicKey, mint)],
        [issuer],
        l.blockhash,
      ),
    );
    const tokenAccount = assessMint(ata, await ledger.getAccount(ata));
    expect(tokenAccount).toMatchObject({ exists: true, program: "spl-token", decimals: null });
    expect(tokenAccount.refusals[0]).toMatch(/^not a mint/);
    const nowhere = Keypair.generate().publicKey;
    expect(assessMint(nowhere, await ledger.getAccount(nowhere))).toMatchObject({
      exists: false,
      program: null,
      refusals: ["no account at this address"],
    });
  });
});

describe("extensions that are accepted", () => {
  it("warns of a close authority, interest-bearing and scaled UI amounts", async () => {
    const close = await verdictOf({ extensions: [ext.closeAuthority(other)] });
    expect(close).toMatchObject({ verdict: "warn", refusals: "" });
    expect(close.warnings).toContain(`Mint close authority: ${other.toBase58()} can close the mint once its supply is zero`);
    const interest = await verdictOf({ extensions: [ext.interestBearing(other, 250)] });
    expect(interest).toMatchObject({ verdict: "warn", refusals: "" });
    expect(interest.warnings).toContain("Interest-bearing: displayed amounts accrue interest (250 bps a year)");
    const scaled = await verdictOf({ extensions: [ext.scaledUiAmount(other, 2)] });
    expect(scaled).toMatchObject({ verdict: "warn", refusals: "" });
    expect(scaled.warnings).toContain("Scaled UI amount: displayed amounts are raw units × 2");
  });

  it("reports metadata and group pointers and a permissioned burn as information only", async () => {
    const { verdict, refusals, report } = await verdictOf({ extensions: [ext.metadataPointer(other)] });
    expect(verdict).toBe("info");
    expect(refusals).toBe("");
    expect(report.warnings).toEqual([`mint authority ${issuer.publicKey.toBase58()} can mint more supply`]);
    expect(await verdictOf({ extensions: [ext.groupPointer(other)] })).toMatchObject({ verdict: "info", refusals: "" });
    const burn = await verdictOf({ extensions: [ext.permissionedBurn(other)] });
    expect(burn).toMatchObject({ verdict: "info", refusals: "" });
    expect(burn.report.extensions[0]?.detail).toBe(`burning needs ${other.toBase58()}'s approval`);
  });

  it("judges every extension of a mint that has several", async () => {
    const report = await judged({ extensions: [ext.closeAuthority(other), ext.permanentDelegate(other), ext.metadataPointer(other)] });
    expect(report.extensions.map((e) => [e.type, e.verdict])).toEqual([
      [ExtensionType.MintCloseAuthority, "warn"],
      [ExtensionType.PermanentDelegate, "reject"],
      [ExtensionType.MetadataPointer, "info"],
    ]);
    expect(report.refusals).toHaveLength(1);
  });
});
