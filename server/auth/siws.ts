// The sign-in text, in the Sign In With Solana format (Phantom's SIWS ABNF, the same text
// @solana/wallet-standard-util's createSignInMessageText builds). Two ways in:
// - a challenge for a known address: the server writes the whole text and later requires the posted
//   text to be byte-identical, so nothing on that trust path parses it;
// - an address-less challenge (the `solana:signIn` input): the wallet writes the text itself, so the
//   server parses what was signed and compares every field with what it issued.
import type { SignInInputResponse } from "../../contract/index.ts";

export const SIGN_IN_STATEMENT = "Sign in to the Marketplace Admin console.";
export const SIGN_IN_CHAIN_ID = "devnet";

export type SignInInput = SignInInputResponse;

export interface ChallengeFields {
  /** PUBLIC_ORIGIN: its host (with port) is the domain, the origin itself the URI. */
  origin: string;
  nonce: string;
  issuedAt: number;
  expiresAt: number;
}

export function signInInput(f: ChallengeFields): SignInInput {
  const url = new URL(f.origin);
  return {
    domain: url.host,
    statement: SIGN_IN_STATEMENT,
    uri: url.origin,
    version: "1",
    chainId: SIGN_IN_CHAIN_ID,
    nonce: f.nonce,
    issuedAt: new Date(f.issuedAt).toISOString(),
    expirationTime: new Date(f.expiresAt).toISOString(),
  };
}

/** The tagged lines of the format, in the ABNF's order (Resources is never issued, so never parsed). */
const TAGS = [
  ["uri", "URI"],
  ["version", "Version"],
  ["chainId", "Chain ID"],
  ["nonce", "Nonce"],
  ["issuedAt", "Issued At"],
  ["expirationTime", "Expiration Time"],
  ["notBefore", "Not Before"],
  ["requestId", "Request ID"],
] as const;

type Tag = (typeof TAGS)[number][0];

export type SignInMessage = { domain: string; address: string; statement?: string } & Partial<Record<Tag, string>>;

const HEADER = " wants you to sign in with your Solana account:";

export function signInMessageText(input: SignInInput & { address: string }): string {
  return [
    `${input.domain}${HEADER}`,
    input.address,
    "",
    input.statement,
    "",
    ...TAGS.flatMap(([key, label]) => (key in input ? [`${label}: ${(input as Record<string, string>)[key]}`] : [])),
  ].join("\n");
}

export function buildSignInMessage(f: ChallengeFields & { address: string }): string {
  return signInMessageText({ ...signInInput(f), address: f.address });
}

function taggedLine(line: string): [Tag, string] | null {
  for (const [key, label] of TAGS) {
    if (line.startsWith(`${label}: `)) return [key, line.slice(label.length + 2)];
  }
  return null;
}

/**
 * Reads a SIWS text strictly: header, address, an optional statement block, then tagged lines in any
 * order, each at most once. Anything else (CR, a BOM or envelope before the header, unknown or
 * repeated lines, Resources, a trailing newline) makes it unreadable: null.
 */
export function parseSignInMessage(text: string): SignInMessage | null {
  if (text.includes("\r")) return null;
  const [header, address, ...rest] = text.split("\n");
  if (!header?.endsWith(HEADER) || !address) return null;
  const message: SignInMessage = { domain: header.slice(0, -HEADER.length), address };
  if (!message.domain || /\s/.test(message.domain) || /\s/.test(address)) return null;
  if (rest.length === 0) return message;
  if (rest[0] !== "") return null;
  let next = 1;
  if (rest[1] && !taggedLine(rest[1])) {
    message.statement = rest[1];
    if (rest.length === 2) return message;
    if (rest[2] !== "") return null;
    next = 3;
  }
  const lines = rest.slice(next);
  if (lines.length === 0) return null;
  for (const line of lines) {
    const field = taggedLine(line);
    if (!field || field[0] in message) return null;
    message[field[0]] = field[1];
  }
  return message;
}

/** Every field but the address: each issued one must come back unchanged, and nothing else may be added. */
const COMPARED = ["domain", "statement", ...TAGS.map(([key]) => key)] as const;

/**
 * Why a wallet-written text does not answer the issued input for `publicKey`, or null if it does. The
 * signature is checked apart (by `publicKey`, over this text); here the text must name that key.
 */
export function signedMessageProblem(issued: SignInInput, publicKey: string, text: string): string | null {
  const signed = parseSignInMessage(text);
  if (!signed) return "message is not a Sign In With Solana text";
  if (signed.address !== publicKey) return "message names another address than the signing key";
  const field = COMPARED.find((key) => signed[key] !== (issued as Partial<Record<string, string>>)[key]);
  return field ? `${field} differs from the issued challenge` : null;
}
