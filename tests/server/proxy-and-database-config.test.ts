// DATABASE_URL, SEED_DEMO_DATA and TRUST_PROXY: how they are read, refused, and what TRUST_PROXY changes for the
// per-client sign-in rate limit behind a load balancer.
import { ConfigError, parseConfig } from "../../server/config.ts";
import { databaseName } from "../../server/db/connection.ts";
import { startTestServer, type TestServer } from "./support/harness.ts";

const refusal = (env: Record<string, string>) => {
  try {
    parseConfig(env, "/srv/app");
  } catch (error) {
    return error;
  }
  return null;
};

describe("DATABASE_URL", () => {
  it("is unset by default (SQLite at DATABASE_PATH) and taken as given when it is a postgres:// URL", () => {
    expect(parseConfig({}, "/srv/app").databaseUrl).toBeNull();
    expect(parseConfig({ DATABASE_URL: "postgresql://app:pw@db:5432/marketplace" }, "/srv/app").databaseUrl).toBe(
      "postgresql://app:pw@db:5432/marketplace",
    );
  });

  it("is named in the start banner without its password", () => {
    expect(
      databaseName({ databaseUrl: "postgres://app:s3cret@db:5432/marketplace", databasePath: "/srv/app/data/marketplace.sqlite" }),
    ).toBe("postgres://app:***@db:5432/marketplace");
    expect(databaseName({ databaseUrl: null, databasePath: "/srv/app/data/marketplace.sqlite" })).toBe("/srv/app/data/marketplace.sqlite");
  });

  it("refuses another scheme, naming the variable and never echoing the URL (it may hold a password)", () => {
    const error = refusal({ DATABASE_URL: "mysql://app:s3cret@db/marketplace" });
    expect(error).toBeInstanceOf(ConfigError);
    expect(String(error)).toMatch(/DATABASE_URL/);
    expect(String(error)).not.toMatch(/s3cret/);
  });
});

describe("SEED_DEMO_DATA", () => {
  it("seeds an empty database outside production only, unless told otherwise", () => {
    expect(parseConfig({}, "/srv/app").seedDemoData).toBe(true);
    expect(parseConfig({ NODE_ENV: "production" }, "/srv/app").seedDemoData).toBe(false);
    expect(parseConfig({ NODE_ENV: "production", SEED_DEMO_DATA: "1" }, "/srv/app").seedDemoData).toBe(true);
    expect(parseConfig({ SEED_DEMO_DATA: "0" }, "/srv/app").seedDemoData).toBe(false);
    expect(String(refusal({ SEED_DEMO_DATA: "maybe" }))).toMatch(/^ConfigError: SEED_DEMO_DATA|SEED_DEMO_DATA/);
  });
});

describe("TRUST_PROXY", () => {
  it("reads off by default, a hop count, or a list of proxy addresses", () => {
    expect(parseConfig({}, "/srv/app").trustProxy).toBe(false);
    expect(parseConfig({ TRUST_PROXY: "2" }, "/srv/app").trustProxy).toBe(2);
    expect(parseConfig({ TRUST_PROXY: " 10.0.0.0/8, 192.168.1.7 " }, "/srv/app").trustProxy).toBe("10.0.0.0/8,192.168.1.7");
  });

  it("refuses 'true', which would believe any client's own X-Forwarded-For", () => {
    const error = refusal({ TRUST_PROXY: "true" });
    expect(error).toBeInstanceOf(ConfigError);
    expect(String(error)).toMatch(/TRUST_PROXY/);
  });
});

describe("the sign-in rate limit behind a proxy", () => {
  let server: TestServer | undefined;
  afterEach(async () => {
    await server?.close();
    server = undefined;
  });

  /** Statuses of three nonce requests, each forwarded for another client address. */
  async function fromThreeClients(): Promise<number[]> {
    const s = server as TestServer;
    const wallet = s.newWallet();
    const statuses: number[] = [];
    for (const ip of ["203.0.113.1", "203.0.113.2", "203.0.113.3"]) {
      const response = await s.client().get(`/auth/nonce?publicKey=${wallet.publicKey}`, { headers: { "x-forwarded-for": ip } });
      statuses.push(response.status);
    }
    return statuses;
  }

  it("with TRUST_PROXY, counts each forwarded client on its own", async () => {
    server = await startTestServer({ env: { TRUST_PROXY: "1" }, config: { authRateLimit: { max: 1, windowMs: 60_000 } } });
    expect(await fromThreeClients()).toEqual([200, 200, 200]);
  });

  it("without it, the proxy's own address is the client, so the forwarded ones share one limit", async () => {
    server = await startTestServer({ config: { authRateLimit: { max: 1, windowMs: 60_000 } } });
    expect(await fromThreeClients()).toEqual([200, 429, 429]);
  });
});
