// A Sign In With Solana input shaped as GET /auth/sign-in-input hands one out to the development console
// (localhost:5173, devnet), issued at a fixed time and good for five minutes: the sample the console's
// and the server's sign-in tests share, with their own nonce or address where they need one.
import type { SignInInputResponse } from "../../contract/index.ts";

export const SIGN_IN_INPUT: SignInInputResponse = {
  domain: "localhost:5173",
  statement: "Sign in to the Marketplace Admin console.",
  uri: "http://localhost:5173",
  version: "1",
  chainId: "devnet",
  nonce: "abcdef0123456789",
  issuedAt: "2026-01-01T00:00:00.000Z",
  expirationTime: "2026-01-01T00:05:00.000Z",
};
