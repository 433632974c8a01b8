// Where msw intercepts in the Node files: by patching the request APIs of the test's process.
// (The console files, in Chromium, get msw-runtime.browser.ts instead: see vitest.config.ts.)
import type { RequestHandler } from "msw";
import { setupServer } from "msw/node";

export function interceptor(...handlers: RequestHandler[]) {
  const server = setupServer(...handlers);
  return {
    start: () => server.listen({ onUnhandledRequest: "error" }),
    stop: () => server.close(),
    reset: () => server.resetHandlers(),
  };
}
