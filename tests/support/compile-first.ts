// Vite compiles a lazy chunk the first time a page asks for it, and in a test run that first
// transform (antd, a screen, the demo wallet) can outlast a test's waits: a file that opens lazy
// chunks loads them once before its first test's clock starts.
import { beforeAll } from "vitest";

export function compileChunks(...chunks: (() => Promise<unknown>)[]): void {
  beforeAll(() => Promise.all(chunks.map((load) => load())), 120_000);
}
