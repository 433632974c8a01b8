// A screen's dialogs load on first use (src/components/routing/lazy-dialog.tsx): nothing before the
// first opening but a fetch when the browser is idle or a pointer reaches an opener; a click made
// while the code is on its way opens the dialog when it lands, and one made after opens it at once.
import { useState } from "react";
import { act, fireEvent, render, screen } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { lazyDialog } from "@/components/routing/lazy-dialog";

let mounts = 0;

function Dialog({ open, text }: { open: boolean; text: string }) {
  const [mount] = useState(() => ++mounts);
  return (
    <div role="dialog" aria-label="Lazy" data-open={open} data-mount={mount}>
      {text}
    </div>
  );
}

type DialogModule = { Dialog: typeof Dialog };

/** A dialog whose code arrives when the test says (`arrive`), or fails (`fail`). */
function controlledDialog() {
  const fetches: { resolve: (module: DialogModule) => void; reject: (error: Error) => void }[] = [];
  const dialog = lazyDialog(
    () =>
      new Promise<DialogModule>((resolve, reject) => {
        fetches.push({ resolve, reject });
      }),
    "Dialog",
  );
  const arrive = () => act(async () => fetches.at(-1)!.resolve({ Dialog }));
  const fail = () => act(async () => fetches.at(-1)!.reject(new Error("chunk failed")));
  return { dialog, fetches, arrive, fail };
}

function Screen({ dialog }: { dialog: ReturnType<typeof controlledDialog>["dialog"] }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button onClick={() => setOpen(true)} {...dialog.intent}>
        Open
      </button>
      <button onClick={() => setOpen(false)}>Close</button>
      <dialog.Host active={open} open={open} text="Hello" />
    </>
  );
}

/** requestIdleCallback held until the test runs it. */
function holdIdleCallbacks() {
  const callbacks: (() => void)[] = [];
  vi.stubGlobal("requestIdleCallback", (callback: () => void) => callbacks.push(callback));
  vi.stubGlobal("cancelIdleCallback", () => undefined);
  return { runIdle: () => act(() => callbacks.splice(0).forEach((callback) => callback())), callbacks };
}

describe("lazyDialog", () => {
  it("renders nothing and fetches nothing with the screen, then fetches its code once the browser is idle", async () => {
    const { runIdle, callbacks } = holdIdleCallbacks();
    const { dialog, fetches } = controlledDialog();
    render(<Screen dialog={dialog} />);
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
    expect(fetches).toHaveLength(0);
    expect(callbacks).toHaveLength(1);

    await runIdle();
    expect(fetches).toHaveLength(1);
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
  });

  it("keeps a click made while the code is on its way, and opens the dialog when it lands", async () => {
    holdIdleCallbacks();
    const { dialog, fetches, arrive } = controlledDialog();
    render(<Screen dialog={dialog} />);
    fireEvent.click(screen.getByRole("button", { name: "Open" }));
    expect(fetches).toHaveLength(1);
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
    // The screen is still there meanwhile.
    expect(screen.getByRole("button", { name: "Open" })).toBeInTheDocument();

    await arrive();
    expect(await screen.findByRole("dialog", { name: "Lazy" })).toHaveAttribute("data-open", "true");
    expect(fetches).toHaveLength(1);
  });

  it("opens in the click's own render once the code is here", async () => {
    const { runIdle } = holdIdleCallbacks();
    const { dialog, arrive } = controlledDialog();
    render(<Screen dialog={dialog} />);
    await runIdle();
    await arrive();

    act(() => screen.getByRole("button", { name: "Open" }).click());
    expect(screen.getByRole("dialog", { name: "Lazy" })).toHaveAttribute("data-open", "true");
  });

  it("stays mounted once opened, so it can animate closed and reopen as it was", async () => {
    holdIdleCallbacks();
    const { dialog, arrive } = controlledDialog();
    render(<Screen dialog={dialog} />);
    fireEvent.click(screen.getByRole("button", { name: "Open" }));
    await arrive();
    const first = await screen.findByRole("dialog", { name: "Lazy" });
    const mount = first.getAttribute("data-mount");

    fireEvent.click(screen.getByRole("button", { name: "Close" }));
    expect(screen.getByRole("dialog", { name: "Lazy" })).toHaveAttribute("data-open", "false");
    fireEvent.click(screen.getByRole("button", { name: "Open" }));
    expect(screen.getByRole("dialog", { name: "Lazy" })).toHaveAttribute("data-mount", mount);
  });

  it("fetches its code when the pointer or the focus reaches a button that opens it", () => {
    holdIdleCallbacks();
    const { dialog, fetches } = controlledDialog();
    render(<Screen dialog={dialog} />);
    fireEvent.pointerEnter(screen.getByRole("button", { name: "Open" }));
    expect(fetches).toHaveLength(1);
    fireEvent.focus(screen.getByRole("button", { name: "Open" }));
    expect(fetches).toHaveLength(1);
  });

  it("fetches again on the opening when the preload failed", async () => {
    const { runIdle } = holdIdleCallbacks();
    const { dialog, fetches, fail, arrive } = controlledDialog();
    render(<Screen dialog={dialog} />);
    await runIdle();
    await fail();

    fireEvent.click(screen.getByRole("button", { name: "Open" }));
    expect(fetches).toHaveLength(2);
    await arrive();
    expect(await screen.findByRole("dialog", { name: "Lazy" })).toHaveAttribute("data-open", "true");
  });

  it("falls back to a timer where the browser has no requestIdleCallback", async () => {
    vi.stubGlobal("requestIdleCallback", undefined);
    vi.useFakeTimers();
    try {
      const { dialog, fetches } = controlledDialog();
      render(<Screen dialog={dialog} />);
      expect(fetches).toHaveLength(0);
      await act(async () => vi.runOnlyPendingTimers());
      expect(fetches).toHaveLength(1);
    } finally {
      vi.useRealTimers();
    }
  });
});
