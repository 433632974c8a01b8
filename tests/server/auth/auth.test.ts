// Sign-in against the real server over HTTP: the SIWS challenge, every bad input of the issue's
// list, and the session life cycle (validate, idle and absolute expiry, logout, rotation).
import bs58 from "bs58";
import { PERMISSION_VALUES } from "../../../contract/permissions.ts";
import { countLiveNonces } from "../../../server/db/nonces.ts";
import { hashSessionToken } from "../../../server/auth/sessions.ts";
import { startTestServer, type TestClient, type TestServer, type TestWallet } from "../support/harness.ts";

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.close();
});

async function challenge(client: TestClient, wallet: TestWallet): Promise<{ nonce: string; message: string }> {
  const res = await client.get(`/auth/nonce?publicKey=${wallet.publicKey}`);
  expect(res.status).toBe(200);
  return res.body.data;
}

async function verify(client: TestClient, body: Record<string, unknown>) {
  return client.post("/auth/admin/verify", body);
}

/** The verify body for a challenge, signed by `wallet`. */
const signed = (wallet: TestWallet, { nonce, message }: { nonce: string; message: string }) => ({
  publicKey: wallet.publicKey,
  signature: wallet.sign(message),
  nonce,
  message,
});

/** The verify call for `issued` (a fresh challenge unless given), signed by `wallet`. */
async function signAndVerify(client: TestClient, wallet: TestWallet, issued?: { nonce: string; message: string }) {
  return verify(client, signed(wallet, issued ?? (await challenge(client, wallet))));
}

/** A fresh nonce for `wallet`, then a verify call whose body `tamper` may alter. */
async function attempt(wallet: TestWallet, tamper: (b: ReturnType<typeof signed>) => Record<string, unknown> = (b) => b) {
  const client = server.client();
  const body = signed(wallet, await challenge(client, wallet));
  return { client, body, res: await verify(client, tamper(body)) };
}

const bytesOf = (n: number, fill = 7) => bs58.encode(new Uint8Array(n).fill(fill));

describe("GET /auth/nonce", () => {
  it("returns a 128-bit nonce and the exact SIWS text, expiring 5 minutes after issue", async () => {
    const before = server.clock.now();
    const { nonce, message } = await challenge(server.client(), server.adminWallet);
    expect(nonce).toMatch(/^[0-9a-f]{32}$/);
    const lines = message.split("\n");
    expect(lines.slice(0, 9)).toEqual([
      "localhost:5173 wants you to sign in with your Solana account:",
      server.adminWallet.publicKey,
      "",
      "Sign in to the Marketplace Admin console.",
      "",
      "URI: http://localhost:5173",
      "Version: 1",
      "Chain ID: devnet",
      `Nonce: ${nonce}`,
    ]);
    expect(lines).toHaveLength(11);
    const issued = Date.parse(lines[9].replace("Issued At: ", ""));
    const expires = Date.parse(lines[10].replace("Expiration Time: ", ""));
    expect(lines[9]).toMatch(/^Issued At: \d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    expect(issued).toBeGreaterThanOrEqual(before - 1);
    expect(expires - issued).toBe(5 * 60_000);
  });

  it("gives every nonce only once", async () => {
    const a = await challenge(server.client(), server.adminWallet);
    const b = await challenge(server.client(), server.adminWallet);
    expect(a.nonce).not.toBe(b.nonce);
  });

  it("answers a whitelisted and an unknown key with the same shape and cookies", async () => {
    const stranger = server.newWallet();
    const [w, s] = [server.client(), server.client()];
    const rw = await w.get(`/auth/nonce?publicKey=${server.adminWallet.publicKey}`);
    const rs = await s.get(`/auth/nonce?publicKey=${stranger.publicKey}`);
    expect([rw.status, rs.status]).toEqual([200, 200]);
    expect(Object.keys(rs.body)).toEqual(Object.keys(rw.body));
    expect(Object.keys(rs.body.data).sort()).toEqual(["message", "nonce"]);
    expect(Object.keys(rw.body.data).sort()).toEqual(["message", "nonce"]);
    const template = (m: string, key: string, nonce: string) =>
      m
        .replace(key, "KEY")
        .replace(nonce, "NONCE")
        .replace(/\d{4}-\d\d-\d\dT[\d:.]+Z/g, "TIME");
    expect(template(rs.body.data.message, stranger.publicKey, rs.body.data.nonce)).toBe(
      template(rw.body.data.message, server.adminWallet.publicKey, rw.body.data.nonce),
    );
    expect([...s.cookies.keys()]).toEqual([...w.cookies.keys()]);
  });

  it.each([
    ["missing", ""],
    ["not base58", "0OIl0OIl0OIl0OIl0OIl0OIl0OIl0OIl"],
    ["31 bytes", bytesOf(31)],
    ["33 bytes", bytesOf(33)],
    ["base64", Buffer.alloc(32, 9).toString("base64")],
  ])("refuses a public key that is %s with 400", async (_label, key) => {
    const res = await server.client().get(`/auth/nonce?publicKey=${encodeURIComponent(key)}`);
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/publicKey/);
  });

  it("keeps at most 3 outstanding nonces per key, evicting the oldest", async () => {
    const wallet = server.newWallet();
    const client = server.client();
    const issued = [];
    for (let i = 0; i < 5; i++) issued.push(await challenge(client, wallet));
    expect(await countLiveNonces(server.ctx.db, wallet.publicKey, server.ctx.now())).toBe(3);
    // The oldest is gone, the newest still works (to the signature check: this key is not whitelisted).
    expect((await signAndVerify(client, wallet, issued[0])).status).toBe(401);
    expect((await signAndVerify(client, wallet, issued[4])).status).toBe(403);
  });
});

describe("POST /auth/admin/verify", () => {
  it("signs a whitelisted key in, creating its ADMIN user on first sign-in", async () => {
    const wallet = server.newWallet();
    const extra = await startTestServer({ extraAdminWallets: [wallet] });
    try {
      const client = extra.client();
      const res = await signAndVerify(client, wallet);
      expect(res.status).toBe(200);
      expect(res.body.data).toEqual({
        isAdmin: true,
        adminWalletAuthorized: true,
        user: {
          id: expect.any(String),
          publicKey: wallet.publicKey,
          displayName: null,
          role: "ADMIN",
          isAdmin: true,
          // ADMIN_WALLETS are owners: every permission.
          teamRole: "owner",
          permissions: PERMISSION_VALUES,
        },
      });
      const row = await extra.ctx.db.selectFrom("users").selectAll().where("publicKey", "=", wallet.publicKey).executeTakeFirstOrThrow();
      expect(row.role).toBe("ADMIN");
      expect(row.id).toBe(res.body.data.user.id);
      expect(client.cookies.get("sid")).toMatch(/^[A-Za-z0-9_-]{43}$/);
    } finally {
      await extra.close();
    }
  });

  it.each([
    ["a 31-byte key", (b: Record<string, string>) => ({ ...b, publicKey: bytesOf(31) })],
    ["a 33-byte key", (b: Record<string, string>) => ({ ...b, publicKey: bytesOf(33) })],
    ["a non-base58 key", (b: Record<string, string>) => ({ ...b, publicKey: "0" + b.publicKey.slice(1) })],
    ["a 63-byte signature", (b: Record<string, string>) => ({ ...b, signature: bs58.encode(bs58.decode(b.signature).slice(0, 63)) })],
    [
      "a 65-byte signature",
      (b: Record<string, string>) => ({ ...b, signature: bs58.encode(Uint8Array.from([...bs58.decode(b.signature), 0])) }),
    ],
    ["a non-base58 signature", (b: Record<string, string>) => ({ ...b, signature: "0OIl" + b.signature.slice(4) })],
    ["a base64 signature", (b: Record<string, string>) => ({ ...b, signature: Buffer.from(bs58.decode(b.signature)).toString("base64") })],
    ["an all-zero signature", (b: Record<string, string>) => ({ ...b, signature: bytesOf(64, 0) })],
    [
      "a bit-flipped signature",
      (b: Record<string, string>) => {
        const sig = bs58.decode(b.signature);
        sig[10] ^= 1;
        return { ...b, signature: bs58.encode(sig) };
      },
    ],
    [
      "a message changed by one character",
      (b: Record<string, string>) => ({ ...b, message: b.message.replace("Version: 1", "Version: 2") }),
    ],
    ["a message with a trailing newline", (b: Record<string, string>) => ({ ...b, message: b.message + "\n" })],
    ["a CRLF message", (b: Record<string, string>) => ({ ...b, message: b.message.replace(/\n/g, "\r\n") })],
    ["an unknown nonce", (b: Record<string, string>) => ({ ...b, nonce: "0123456789abcdef0123456789abcdef" })],
  ])("answers 401 to %s", async (_label, tamper) => {
    const { res } = await attempt(server.adminWallet, tamper);
    expect(res.status).toBe(401);
    expect(res.body.message).toMatch(/signature|nonce/i);
  });

  it("answers 401 when the message is re-signed consistently after a one-character change", async () => {
    const { res } = await attempt(server.adminWallet, (b) => {
      const message = b.message.replace("Chain ID: devnet", "Chain ID: mainnet");
      return { ...b, message, signature: server.adminWallet.sign(message) };
    });
    expect(res.status).toBe(401);
  });

  it("answers 401 to a valid signature by another key", async () => {
    const other = server.newWallet();
    const { res } = await attempt(server.adminWallet, (b) => ({ ...b, signature: other.sign(b.message) }));
    expect(res.status).toBe(401);
  });

  it("answers 401 to a nonce issued for another key, even signed by the poster", async () => {
    const other = server.newWallet();
    const { res } = await attempt(server.adminWallet, (b) => ({ ...b, publicKey: other.publicKey, signature: other.sign(b.message) }));
    expect(res.status).toBe(401);
  });

  it("consumes the nonce on a failed attempt: the right signature afterwards is refused", async () => {
    const client = server.client();
    const good = signed(server.adminWallet, await challenge(client, server.adminWallet));
    expect((await verify(client, { ...good, signature: bytesOf(64) })).status).toBe(401);
    expect((await verify(client, good)).status).toBe(401);
  });

  it("refuses the replay of a successful sign-in", async () => {
    const { client, body, res } = await attempt(server.adminWallet);
    expect(res.status).toBe(200);
    expect((await verify(client, body)).status).toBe(401);
    expect((await verify(server.client(), body)).status).toBe(403); // no XSRF token at all
  });

  it.each([
    ["refuses an expired nonce (5 minutes)", 5 * 60_000 + 1, 401],
    ["accepts a nonce just before it expires", 5 * 60_000 - 2_000, 200],
  ])("%s", async (_title, age, status) => {
    const client = server.client();
    const issued = await challenge(client, server.adminWallet);
    server.clock.advance(age);
    expect((await signAndVerify(client, server.adminWallet, issued)).status).toBe(status);
  });

  it("refuses a forged signature for a small-order key (anyone can make one)", async () => {
    const identity = "4uQeVj5tqViQh7yWWGStvkEG1Zmhx6uasJtWCJziofM";
    const client = server.client();
    const nonceRes = await client.get(`/auth/nonce?publicKey=${identity}`);
    expect(nonceRes.status).toBe(200);
    const { nonce, message } = nonceRes.body.data;
    const forged = new Uint8Array(64);
    forged[0] = 1; // R = identity point, S = 0
    const res = await verify(client, { publicKey: identity, signature: bs58.encode(forged), nonce, message });
    expect(res.status).toBe(401);
  });

  it("answers 403 to a valid signature from a key outside the whitelist", async () => {
    const { res } = await attempt(server.newWallet());
    expect(res.status).toBe(403);
    expect(res.body.message).toMatch(/whitelist/);
    expect(res.headers.getSetCookie().some((c) => c.startsWith("sid="))).toBe(false);
  });

  it("answers 403 to a whitelisted admin who is disabled, or whose role is not admin", async () => {
    const disabled = server.newWallet();
    const demoted = server.newWallet();
    const extra = await startTestServer({ extraAdminWallets: [disabled, demoted] });
    try {
      await extra.signIn(disabled);
      await extra.signIn(demoted);
      await extra.ctx.db.updateTable("users").set({ disabled: 1 }).where("publicKey", "=", disabled.publicKey).execute();
      await extra.ctx.db.updateTable("users").set({ role: "USER" }).where("publicKey", "=", demoted.publicKey).execute();
      await expect(extra.signIn(disabled)).rejects.toThrow(/403.*disabled/);
      await expect(extra.signIn(demoted)).rejects.toThrow(/403.*admin privileges/);
    } finally {
      await extra.close();
    }
  });

  it.each([
    ["an empty body", undefined],
    ["missing fields", { publicKey: "x" }],
    ["non-string fields", { publicKey: 1, signature: [], nonce: {}, message: null }],
    ["an oversized message", { publicKey: "a", signature: "b", nonce: "c", message: "m".repeat(5000) }],
  ])("answers 400 to %s", async (_label, body) => {
    const client = server.client();
    await challenge(client, server.adminWallet); // for the XSRF cookie
    const res = await verify(client, body as Record<string, unknown>);
    expect(res.status).toBe(400);
    expect(typeof res.body.message).toBe("string");
  });
});

describe("sessions", () => {
  it("validates a live session and refuses a missing or unknown one", async () => {
    const client = await server.signIn();
    const ok = await client.get("/auth/validate");
    expect(ok.status).toBe(200);
    expect(ok.body.data).toEqual({
      valid: true,
      user: expect.objectContaining({ publicKey: server.adminWallet.publicKey, role: "ADMIN", isAdmin: true }),
    });
    expect((await server.client().get("/auth/validate")).status).toBe(401);
    const forged = server.client();
    forged.cookies.set("sid", "A".repeat(43));
    expect((await forged.get("/auth/validate")).status).toBe(401);
  });

  it("stores only the SHA-256 of the cookie", async () => {
    const client = await server.signIn();
    const sid = client.cookies.get("sid") ?? "";
    const rows = await server.ctx.db.selectFrom("sessions").select("id").execute();
    expect(rows.some((r) => r.id === sid)).toBe(false);
    const { createHash } = await import("node:crypto");
    expect(rows.some((r) => r.id === createHash("sha256").update(sid).digest("hex"))).toBe(true);
  });

  /** The session's validate status once `minutes` more have passed. */
  const validateAfter = async (client: TestClient, minutes: number) => {
    server.clock.advance(minutes * 60_000);
    return (await client.get("/auth/validate")).status;
  };

  it("expires after 30 minutes idle, but activity keeps it alive", async () => {
    const client = await server.signIn();
    expect(await validateAfter(client, 25)).toBe(200);
    expect(await validateAfter(client, 25)).toBe(200);
    expect(await validateAfter(client, 30)).toBe(401);
  });

  it("expires 8 hours after sign-in however active", async () => {
    const client = await server.signIn();
    for (let elapsed = 0; elapsed < 8 * 60 - 20; elapsed += 20) expect(await validateAfter(client, 20)).toBe(200);
    expect(await validateAfter(client, 20)).toBe(401);
  });

  it("logout revokes that session server-side, and only that one: its old cookie no longer works", async () => {
    const client = await server.signIn();
    const other = await server.signIn(); // the same admin in another browser
    const sid = client.cookies.get("sid")!;
    const stolen = server.client();
    for (const [k, v] of client.cookies) stolen.cookies.set(k, v);
    const res = await client.post("/auth/logout");
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ data: { success: true } });
    expect(res.headers.get("clear-site-data")).toBe('"cookies"');
    expect(client.cookies.has("sid")).toBe(false);
    expect((await stolen.get("/auth/validate")).status).toBe(401);
    const sessionOf = (token: string) =>
      server.ctx.db.selectFrom("sessions").selectAll().where("id", "=", hashSessionToken(token)).executeTakeFirstOrThrow();
    expect((await sessionOf(sid)).revokedAt).not.toBeNull();
    expect((await sessionOf(other.cookies.get("sid")!)).revokedAt).toBeNull();
    expect((await other.get("/auth/validate")).status).toBe(200);
  });

  it("rotates the session id at each sign-in and ends the previous one", async () => {
    const client = await server.signIn();
    const first = client.cookies.get("sid");
    expect((await signAndVerify(client, server.adminWallet)).status).toBe(200);
    const second = client.cookies.get("sid");
    expect(second).toBeDefined();
    expect(second).not.toBe(first);
    const old = server.client();
    old.cookies.set("sid", first ?? "");
    expect((await old.get("/auth/validate")).status).toBe(401);
  });

  it("ignores a session cookie planted before sign-in (fixation)", async () => {
    const client = server.client();
    const planted = "B".repeat(43);
    client.cookies.set("sid", planted);
    expect((await signAndVerify(client, server.adminWallet)).status).toBe(200);
    expect(client.cookies.get("sid")).not.toBe(planted);
  });

  it("ends access when the user is disabled or leaves the whitelist after sign-in", async () => {
    const wallet = server.newWallet();
    const extra = await startTestServer({ extraAdminWallets: [wallet] });
    try {
      const client = await extra.signIn(wallet);
      expect((await client.get("/auth/validate")).status).toBe(200);
      await extra.ctx.db.updateTable("users").set({ disabled: 1 }).where("publicKey", "=", wallet.publicKey).execute();
      const res = await client.get("/auth/validate");
      expect(res.status).toBe(403);
      expect(res.body.message).toMatch(/disabled/);
      await extra.ctx.db.updateTable("users").set({ disabled: 0 }).where("publicKey", "=", wallet.publicKey).execute();
      expect((await client.get("/auth/validate")).status).toBe(200);
      (extra.ctx.adminWallets as Set<string>).delete(wallet.publicKey);
      expect((await client.get("/auth/validate")).status).toBe(403);
    } finally {
      await extra.close();
    }
  });
});
