// Where msw intercepts: in the browser by its service worker, which sees what the page really sent.
import type { RequestHandler } from "msw";
import { setupWorker } from "msw/browser";

export function interceptor(...handlers: RequestHandler[]) {
  const worker = setupWorker(...handlers);
  return {
    start: () => worker.start({ onUnhandledRequest: "bypass", quiet: true }),
    stop: () => worker.stop(),
    reset: () => worker.resetHandlers(),
  };
}
