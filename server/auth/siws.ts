// The sign-in text, in the Sign In With Solana format (Phantom's SIWS ABNF, the same text
// @solana/wallet-standard-util's createSignInMessageText builds). The server writes it and later
// requires the posted text to be byte-identical, so nothing on the trust path parses it.

export const SIGN_IN_STATEMENT = "Sign in to the Marketplace Admin console.";
export const SIGN_IN_CHAIN_ID = "devnet";

export interface SignInFields {
  /** PUBLIC_ORIGIN: its host (with port) is the domain, the origin itself the URI. */
  origin: string;
  address: string;
  nonce: string;
  issuedAt: number;
  expiresAt: number;
  statement?: string;
  chainId?: string;
}

export function buildSignInMessage(f: SignInFields): string {
  const url = new URL(f.origin);
  return [
    `${url.host} wants you to sign in with your Solana account:`,
    f.address,
    "",
    f.statement ?? SIGN_IN_STATEMENT,
    "",
    `URI: ${url.origin}`,
    "Version: 1",
    `Chain ID: ${f.chainId ?? SIGN_IN_CHAIN_ID}`,
    `Nonce: ${f.nonce}`,
    `Issued At: ${new Date(f.issuedAt).toISOString()}`,
    `Expiration Time: ${new Date(f.expiresAt).toISOString()}`,
  ].join("\n");
}
