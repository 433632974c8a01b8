import "@testing-library/jest-dom/vitest";
import { cleanup } from "@testing-library/react";
import { afterEach } from "vitest";
import { installStyleMatchIndex } from "./support/style-match-index";

// jsdom lacks the layout APIs antd and the wallet modal probe for.
if (typeof window !== "undefined") {
  // Same computed styles, found without testing every antd rule on every element (see the module).
  installStyleMatchIndex(document);
  if (!window.matchMedia) {
    Object.defineProperty(window, "matchMedia", {
      writable: true,
      value: (query: string) => ({
        matches: false,
        media: query,
        onchange: null,
        addListener: () => undefined,
        removeListener: () => undefined,
        addEventListener: () => undefined,
        removeEventListener: () => undefined,
        dispatchEvent: () => false,
      }),
    });
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
  afterEach(() => {
    cleanup();
    window.localStorage.clear();
  });
}
