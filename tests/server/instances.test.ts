// Two instances of the server on one database, as behind a load balancer. A session made on one works
// on the other, and the sign-in rate limit counts the calls made to both (its counters are in the
// database, not in each process).
import { startTwoInstances, type TestServer, type TwoInstances } from "./support/harness.ts";

const LIMIT = 4;
/** Both on one database: a SQLite file, or on the PostgreSQL run one PostgreSQL database. */
let instances: TwoInstances;
let first: TestServer;
let second: TestServer;

beforeAll(async () => {
  instances = await startTwoInstances({ config: { authRateLimit: { max: LIMIT, windowMs: 60_000 } } });
  ({ first, second } = instances);
});
afterAll(() => instances?.close());

it("a session made on one instance works on the other, state-changing calls included", async () => {
  const onFirst = await first.signIn();
  const onSecond = second.client();
  for (const [name, value] of onFirst.cookies) onSecond.cookies.set(name, value);
  const validated = await onSecond.get("/auth/validate");
  expect(validated.status).toBe(200);
  expect(validated.body.data.user.publicKey).toBe(first.adminWallet.publicKey);
  // The XSRF token made by the first instance is accepted by the second.
  const loggedOut = await onSecond.post("/auth/logout");
  expect(loggedOut.status).toBe(200);
  expect((await onFirst.get("/auth/validate")).status).toBe(401);
});

it("the sign-in rate limit counts the calls made to every instance", async () => {
  const ask = (server: TestServer) => server.client().get(`/auth/nonce?publicKey=${first.adminWallet.publicKey}`);
  // The sign-in above used one nonce call on the first instance.
  const statuses: number[] = [];
  for (let call = 1; call < LIMIT; call++) statuses.push((await ask(call % 2 ? second : first)).status);
  expect(statuses).toEqual(Array(LIMIT - 1).fill(200));
  const refused = await ask(second);
  expect(refused.status).toBe(429);
  expect(refused.body.message).toMatch(/^Too many requests: try again in \d+ s$/);
  expect((await ask(first)).status).toBe(429);
  // Each call counts apart: verify has its own window.
  // (In key order: without ORDER BY, PostgreSQL returns the rows in whatever order it finds them.)
  const rows = await first.ctx.db.selectFrom("rateLimits").select(["key", "count"]).orderBy("key").execute();
  expect(rows).toEqual([
    { key: expect.stringMatching(/^GET \/api\/v1\/auth\/nonce /), count: LIMIT + 2 },
    { key: expect.stringMatching(/^POST \/api\/v1\/auth\/admin\/verify /), count: 1 },
  ]);
});

it("starts a client's window again once it is over", async () => {
  first.clock.advance(60_000);
  second.clock.advance(60_000);
  expect((await second.client().get(`/auth/nonce?publicKey=${first.adminWallet.publicKey}`)).status).toBe(200);
  const row = await first.ctx.db.selectFrom("rateLimits").selectAll().where("key", "like", "GET %").executeTakeFirstOrThrow();
  expect(row.count).toBe(1);
});
