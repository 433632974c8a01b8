// One-step Sign In With Solana against the real server: an address-less challenge (GET
// /auth/sign-in-input), a text the "wallet" writes itself from it with the reference builder of
// @solana/wallet-standard-util, and POST /auth/admin/verify checking every field of it, the address
// against the signing key, the nonce's single use and expiry, then the signature.
import { createSignInMessageText, parseSignInMessageText, type SolanaSignInInputWithRequiredFields } from "@solana/wallet-standard-util";
import type { SignInInputResponse as Input } from "../../../contract/index.ts";
import { parseSignInMessage, signInMessageText } from "../../../server/auth/siws.ts";
import { SIGN_IN_INPUT } from "../../support/sign-in-input.ts";
import { startTestServer, type TestClient, type TestServer, type TestWallet } from "../support/harness.ts";

/** The fields a wallet writes into the text. */
type Message = SolanaSignInInputWithRequiredFields;

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.close();
});

async function signInInput(client: TestClient): Promise<Input> {
  const res = await client.get("/auth/sign-in-input");
  expect(res.status).toBe(200);
  return res.body.data;
}

/** What a wallet does with the input: write the text with its own address and sign it. */
function walletAnswer(wallet: TestWallet, input: Input, change: (message: Message) => Message = (m) => m) {
  const message = createSignInMessageText(change({ ...input, address: wallet.publicKey }));
  return { publicKey: wallet.publicKey, signature: wallet.sign(message), nonce: input.nonce, message };
}

/** A fresh challenge, answered by `wallet`, the body altered by `tamper`, posted. */
async function attempt(wallet: TestWallet, tamper: (body: ReturnType<typeof walletAnswer>, input: Input) => object = (b) => b) {
  const client = server.client();
  const input = await signInInput(client);
  const body = walletAnswer(wallet, input);
  return { client, input, body, res: await client.post("/auth/admin/verify", tamper(body, input)) };
}

const REFUSED = "Invalid signature or expired nonce";

function expectRefused(res: { status: number; body: { message?: string } }) {
  expect(res.status).toBe(401);
  expect(res.body.message).toBe(REFUSED);
}

describe("GET /auth/sign-in-input", () => {
  it("issues every field of the challenge but the address, expiring 5 minutes after issue", async () => {
    const before = server.clock.now();
    const input = await signInInput(server.client());
    expect(input).toEqual({
      domain: "localhost:5173",
      statement: "Sign in to the Marketplace Admin console.",
      uri: "http://localhost:5173",
      version: "1",
      chainId: "devnet",
      nonce: expect.stringMatching(/^[0-9a-f]{32}$/),
      issuedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
      expirationTime: expect.any(String),
    });
    expect(Date.parse(input.issuedAt)).toBeGreaterThanOrEqual(before - 1);
    expect(Date.parse(input.expirationTime) - Date.parse(input.issuedAt)).toBe(5 * 60_000);
  });

  it("sets the browser's pre-sign-in cookie and an XSRF token, as the nonce call does", async () => {
    const client = server.client();
    await signInInput(client);
    expect([...client.cookies.keys()].sort()).toEqual(["XSRF-TOKEN", "siws"]);
  });
});

describe("POST /auth/admin/verify with a wallet-written text", () => {
  it("signs the admin in from the text the wallet wrote, and the session is live", async () => {
    const { client, res } = await attempt(server.adminWallet);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ isAdmin: true, adminWalletAuthorized: true, user: { publicKey: server.adminWallet.publicKey } });
    const validate = await client.get("/auth/validate");
    expect(validate.status).toBe(200);
    expect(validate.body.data.user.publicKey).toBe(server.adminWallet.publicKey);
  });

  it("accepts the tagged lines in another order: each field is compared, not the bytes", async () => {
    const { res } = await attempt(server.adminWallet, (body) => {
      const lines = body.message.split("\n");
      const message = [...lines.slice(0, 5), ...lines.slice(5).reverse()].join("\n");
      expect(message).not.toBe(body.message);
      return { ...body, message, signature: server.adminWallet.sign(message) };
    });
    expect(res.status).toBe(200);
  });

  it("refuses a text for another domain", async () => {
    const client = server.client();
    const input = await signInInput(client);
    const body = walletAnswer(server.adminWallet, input, (m) => ({ ...m, domain: "evil.example", uri: "https://evil.example" }));
    expectRefused(await client.post("/auth/admin/verify", body));
  });

  it("refuses a text naming the admin's address signed by another key", async () => {
    const attacker = server.newWallet();
    const { res } = await attempt(server.adminWallet, (body) => ({
      ...body,
      publicKey: attacker.publicKey,
      signature: attacker.sign(body.message),
    }));
    expectRefused(res);
  });

  it("refuses a text naming another address than the admin key it is posted with", async () => {
    const other = server.newWallet();
    const { res } = await attempt(other, (body) => ({ ...body, publicKey: server.adminWallet.publicKey }));
    expectRefused(res);
  });

  it("refuses the admin's text signed by another key", async () => {
    const other = server.newWallet();
    const { res } = await attempt(server.adminWallet, (body) => ({ ...body, signature: other.sign(body.message) }));
    expectRefused(res);
  });

  it("refuses a used nonce: the replay of a successful sign-in, and the right answer after a failed one", async () => {
    const { client, body, res } = await attempt(server.adminWallet);
    expect(res.status).toBe(200);
    expectRefused(await client.post("/auth/admin/verify", body));

    const failed = await attempt(server.adminWallet, (b) => ({ ...b, signature: server.newWallet().sign(b.message) }));
    expectRefused(failed.res);
    expectRefused(await failed.client.post("/auth/admin/verify", failed.body));
  });

  it("refuses an expired challenge", async () => {
    const client = server.client();
    const input = await signInInput(client);
    server.clock.advance(5 * 60_000 + 1);
    expectRefused(await client.post("/auth/admin/verify", walletAnswer(server.adminWallet, input)));
  });

  it("refuses the challenge answered from another browser", async () => {
    const input = await signInInput(server.client());
    const other = server.client();
    await signInInput(other); // its own cookies, XSRF token included
    expectRefused(await other.post("/auth/admin/verify", walletAnswer(server.adminWallet, input)));
  });

  const shifted = (time: string | undefined, ms: number) => new Date(Date.parse(String(time)) + ms).toISOString();
  it.each<[string, (m: Message) => Message]>([
    ["the URI", (m) => ({ ...m, uri: "http://localhost:5174" })],
    ["the version", (m) => ({ ...m, version: "2" })],
    ["the chain", (m) => ({ ...m, chainId: "mainnet" })],
    ["the nonce", (m) => ({ ...m, nonce: "0123456789abcdef0123456789abcdef" })],
    ["the issue time", (m) => ({ ...m, issuedAt: shifted(m.issuedAt, -1000) })],
    ["the expiry, pushed later", (m) => ({ ...m, expirationTime: shifted(m.expirationTime, 3_600_000) })],
    ["the statement", (m) => ({ ...m, statement: "Send everything to me." })],
    ["the expiry, left out", ({ expirationTime: _, ...m }) => m],
    ["the statement, left out", ({ statement: _, ...m }) => m],
    ["a Not Before the server did not issue", (m) => ({ ...m, notBefore: m.issuedAt })],
    ["resources the server did not issue", (m) => ({ ...m, resources: ["https://evil.example"] })],
  ])("refuses a text with %s changed, though its signature is good", async (_label, change) => {
    const client = server.client();
    const input = await signInInput(client);
    expectRefused(await client.post("/auth/admin/verify", walletAnswer(server.adminWallet, input, change)));
  });

  it("answers 403 to a good one-step answer from a wallet off the whitelist", async () => {
    const { res } = await attempt(server.newWallet());
    expect(res.status).toBe(403);
  });
});

describe("the server's reading of a SIWS text", () => {
  const input = { ...SIGN_IN_INPUT, address: "9xQeWvG816bUx9EPjHmaT23yvVM2ZWbrrpZb9PusVFin" };
  const text = createSignInMessageText(input);

  it("writes what the reference builder writes, and reads back what the reference parser reads", () => {
    expect(signInMessageText(input)).toBe(text);
    expect(parseSignInMessage(text)).toEqual(
      Object.fromEntries(Object.entries(parseSignInMessageText(text)!).filter(([, v]) => v !== undefined)),
    );
  });

  it.each([
    ["CRLF line ends", text.replace(/\n/g, "\r\n")],
    ["a trailing newline", `${text}\n`],
    ["a byte-order mark", `\uFEFF${text}`],
    ["an envelope before the header", `\xffsolana offchain${text}`],
    ["a repeated line", `${text}\nNonce: ffffffffffffffff`],
    ["an unknown line", `${text}\nFavourite: colour`],
    ["two blank lines", text.replace("\n\nURI", "\n\n\nURI")],
    ["no blank line after the address", text.replace(`${input.address}\n\n`, `${input.address}\n`)],
  ])("finds no message in a text with %s", (_label, changed) => {
    expect(parseSignInMessage(changed)).toBeNull();
  });
});
