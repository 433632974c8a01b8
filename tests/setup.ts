import { afterAll, afterEach } from "vitest";

// Console files only: the server files (node environment) need none of it, and loading React and
// Testing Library into each of them was a second of their start-up.
if (typeof window !== "undefined") {
  await import("@testing-library/jest-dom/vitest");
  const { cleanup } = await import("@testing-library/react");
  const { installIndexedCascade, installStyleMatchIndex } = await import("./support/style-match-index");
  // jsdom lacks the layout APIs antd and the wallet modal probe for.
  // Same computed styles, found without testing every antd rule on every element (see the module).
  installStyleMatchIndex(document);
  installIndexedCascade(window);
  if (!window.matchMedia) {
    const { fakeMatchMedia } = await import("./support/media");
    Object.defineProperty(window, "matchMedia", { writable: true, value: fakeMatchMedia(() => false) });
  }
  if (!("ResizeObserver" in window)) {
    class ResizeObserverStub {
      observe() {}
      unobserve() {}
      disconnect() {}
    }
    Object.defineProperty(window, "ResizeObserver", { writable: true, value: ResizeObserverStub });
  }
  window.scrollTo = () => undefined;
  // Wallet adapters poll for their browser extension every second for as long as the page lives
  // (Solflare's does); jsdom's window goes with the test file, so its intervals go with it too,
  // or they fire into the next file with no window.
  const intervals = new Set<ReturnType<typeof setInterval>>();
  const setIntervalOfNode = globalThis.setInterval;
  globalThis.setInterval = ((...args: Parameters<typeof setInterval>) => {
    const id = setIntervalOfNode(...args);
    intervals.add(id);
    return id;
  }) as typeof setInterval;
  afterAll(() => {
    for (const id of intervals) clearInterval(id);
    globalThis.setInterval = setIntervalOfNode;
  });
  afterEach(() => {
    cleanup();
    window.localStorage.clear();
  });
}
