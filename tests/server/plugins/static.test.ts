// The console's files as a browser on a slow network gets them: the build's brotli or gzip copy,
// whichever it accepts, cached for good when fingerprinted; index.html the same way for every
// client route.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { request as httpRequest } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from "node:zlib";
import { startTestServer, type TestServer } from "../support/harness.ts";

const script = "export const answer = 42;\n".repeat(200);
const page = `<!doctype html><title>Marketplace Admin</title><div id=root></div>${" ".repeat(2000)}`;

let server: TestServer;
let consoleDir: string;

beforeAll(async () => {
  consoleDir = mkdtempSync(join(tmpdir(), "mkt-console-"));
  mkdirSync(join(consoleDir, "assets"));
  for (const [file, text] of [
    ["index.html", page],
    ["assets/index-abc123.js", script],
  ]) {
    writeFileSync(join(consoleDir, file), text);
    writeFileSync(join(consoleDir, `${file}.br`), brotliCompressSync(text));
    writeFileSync(join(consoleDir, `${file}.gz`), gzipSync(text));
  }
  server = await startTestServer({ config: { staticDir: consoleDir } });
});
afterAll(async () => {
  await server.close();
  rmSync(consoleDir, { recursive: true, force: true });
});

/** Raw bytes and headers: fetch would decode the body and hide what went over the wire. */
function get(path: string, acceptEncoding?: string): Promise<{ status: number; headers: Record<string, unknown>; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(`${server.baseUrl}${path}`, { headers: acceptEncoding ? { "accept-encoding": acceptEncoding } : {} }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (chunk: Buffer) => chunks.push(chunk));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on("error", reject);
    });
    req.on("error", reject);
    req.end();
  });
}

describe("compressed console files", () => {
  it("sends a script's brotli copy to a browser that accepts it, cached as immutable", async () => {
    const res = await get("/assets/index-abc123.js", "gzip, deflate, br");
    expect(res.status).toBe(200);
    expect(res.headers["content-encoding"]).toBe("br");
    expect(res.headers["vary"]).toMatch(/accept-encoding/i);
    expect(res.headers["content-type"]).toMatch(/javascript/);
    expect(res.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(res.body.length).toBeLessThan(script.length / 10);
    expect(brotliDecompressSync(res.body).toString()).toBe(script);
  });

  it("sends the gzip copy when brotli is not accepted, and the original when neither is", async () => {
    const gzip = await get("/assets/index-abc123.js", "gzip");
    expect(gzip.headers["content-encoding"]).toBe("gzip");
    expect(gunzipSync(gzip.body).toString()).toBe(script);

    const plain = await get("/assets/index-abc123.js");
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.body.toString()).toBe(script);
  });

  it("sends index.html compressed and never cached for a client route", async () => {
    const res = await get("/orders?currentPage=2", "br");
    expect(res.status).toBe(200);
    expect(res.headers["content-encoding"]).toBe("br");
    expect(res.headers["content-type"]).toMatch(/text\/html/);
    expect(res.headers["cache-control"]).toBe("no-cache");
    expect(brotliDecompressSync(res.body).toString()).toBe(page);
  });
});
