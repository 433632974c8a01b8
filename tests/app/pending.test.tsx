import { act, render, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ROUTER } from "@/config";
import { withMinimumPending } from "@/components/routing/lazy-screen";
import { PendingIndicator } from "@/components/routing/pending-indicator";

describe("router pending timings", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it("shows the pending indicator only after the pending delay", () => {
    render(<PendingIndicator />);
    act(() => vi.advanceTimersByTime(ROUTER.pendingDelayMs - 1));
    expect(screen.queryByRole("progressbar")).not.toBeInTheDocument();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.getByRole("progressbar", { name: "Loading page" })).toBeInTheDocument();
  });

  it("lets a chunk that arrives before the delay through at once", async () => {
    const loaded = vi.fn();
    const chunk = new Promise((resolve) => setTimeout(() => resolve("screen"), 300));
    void withMinimumPending(chunk).then(loaded);
    await act(() => vi.advanceTimersByTimeAsync(300));
    expect(loaded).toHaveBeenCalledWith("screen");
  });

  it("keeps a shown indicator for the minimum pending time", async () => {
    const loaded = vi.fn();
    const arrival = ROUTER.pendingDelayMs + 100; // the indicator has been visible for 100 ms
    const chunk = new Promise((resolve) => setTimeout(() => resolve("screen"), arrival));
    void withMinimumPending(chunk).then(loaded);

    await act(() => vi.advanceTimersByTimeAsync(arrival));
    expect(loaded).not.toHaveBeenCalled();
    await act(() => vi.advanceTimersByTimeAsync(ROUTER.pendingMinMs - 100 - 1));
    expect(loaded).not.toHaveBeenCalled();
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(loaded).toHaveBeenCalledWith("screen");
  });
});
