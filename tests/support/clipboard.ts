// A clipboard the test answers: `fakeClipboard(writeText)` puts it on navigator; the file's tests get
// the browser's own back after each one (call `restoreClipboardAfterEach()` once, at the top).
import { afterEach } from "vitest";

export function restoreClipboardAfterEach(): void {
  const original = Object.getOwnPropertyDescriptor(navigator, "clipboard");
  afterEach(() => {
    if (original) Object.defineProperty(navigator, "clipboard", original);
    else Reflect.deleteProperty(navigator, "clipboard");
  });
}

export function fakeClipboard(writeText: (text: string) => Promise<void>): void {
  Object.defineProperty(navigator, "clipboard", { configurable: true, value: { writeText } });
}
