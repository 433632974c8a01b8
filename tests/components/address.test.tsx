import { act, fireEvent, render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { COPY_CONFIRM_MS } from "@/config";
import { Address } from "@/components/value/address";
import { fakeClipboard, restoreClipboardAfterEach } from "../support/clipboard";

const KEY = "9xQeWvG816bUx9EPjHmaT23yvVM2ZWbrrpZb9PusVFin";
const SIG = "5VERv8NMvzbJMEkV8xnrLkEaWRtSz9CosKDYjCJjBRnbJLgp8uirBgmQpjKhoR4tjF3ZpRzrFmBV6UjKdiSZkQUW";

restoreClipboardAfterEach();
afterEach(() => {
  vi.useRealTimers();
});

describe("Address", () => {
  it("shows the shortened text, and the full value in a tooltip on hover", async () => {
    const user = userEvent.setup();
    render(<Address value={KEY} display="9xQeWv...VFin" />);
    const text = screen.getByText("9xQeWv...VFin");
    expect(screen.queryByText(KEY)).not.toBeInTheDocument();

    await user.hover(text);
    expect(await screen.findByRole("tooltip")).toHaveTextContent(KEY);
  });

  it("opens the tooltip from the keyboard", async () => {
    const user = userEvent.setup();
    render(<Address value={KEY} display="9xQe..." />);
    await user.tab();
    expect(screen.getByText("9xQe...")).toHaveFocus();
    expect(await screen.findByRole("tooltip")).toHaveTextContent(KEY);
  });

  it("copies the full value and says 'Copied' for COPY_CONFIRM_MS, then goes back", async () => {
    // Only the timers: antd's button wave and Testing Library's own waits keep the real clock.
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    const writeText = vi.fn<(text: string) => Promise<void>>().mockResolvedValue(undefined);
    fakeClipboard(writeText);
    render(<Address value={KEY} display="9xQe..." />);

    fireEvent.click(screen.getByRole("button", { name: "Copy address" }));
    await act(async () => undefined);
    expect(writeText).toHaveBeenCalledWith(KEY);
    expect(screen.getByRole("status")).toHaveTextContent("Copied");

    act(() => vi.advanceTimersByTime(COPY_CONFIRM_MS - 1));
    expect(screen.getByRole("status")).toHaveTextContent("Copied");
    act(() => vi.advanceTimersByTime(1));
    expect(screen.getByRole("status")).toHaveTextContent("");
    expect(screen.queryByText("Copied")).not.toBeInTheDocument();
  });

  it("does not say 'Copied' when the copy failed", async () => {
    const user = userEvent.setup();
    vi.spyOn(navigator.clipboard, "writeText").mockRejectedValue(new Error("denied"));
    // The fallback for browsers without the Clipboard API fails too.
    vi.spyOn(document, "execCommand").mockReturnValue(false);
    render(<Address value={SIG} display="5VERv8NM..." kind="tx" />);
    await user.click(screen.getByRole("button", { name: "Copy signature" }));
    await act(async () => undefined);
    expect(screen.queryByText("Copied")).not.toBeInTheDocument();
  });

  it("links to the explorer on public clusters, in a new tab", () => {
    const { rerender } = render(<Address value={SIG} display="5VERv8NM..." kind="tx" cluster="devnet" />);
    let link = screen.getByRole("link", { name: "View on Solana Explorer" });
    expect(link).toHaveAttribute("href", `https://explorer.solana.com/tx/${SIG}?cluster=devnet`);
    expect(link).toHaveAttribute("target", "_blank");
    expect(link).toHaveAttribute("rel", "noopener noreferrer");

    rerender(<Address value={KEY} display="9xQe..." cluster="mainnet-beta" />);
    link = screen.getByRole("link", { name: "View on Solana Explorer" });
    expect(link).toHaveAttribute("href", `https://explorer.solana.com/address/${KEY}`);

    rerender(<Address value={KEY} display="9xQe..." />);
    expect(screen.getByRole("link", { name: "View on Solana Explorer" })).toHaveAttribute(
      "href",
      `https://explorer.solana.com/address/${KEY}?cluster=devnet`,
    );
  });

  it("has no explorer link on local or unknown clusters, but still copies", () => {
    for (const cluster of ["localnet", "localnet-inprocess", null]) {
      const { container, unmount } = render(<Address value={KEY} display="9xQe..." cluster={cluster} />);
      expect(within(container).queryByRole("link")).not.toBeInTheDocument();
      expect(within(container).getByRole("button", { name: "Copy address" })).toBeInTheDocument();
      unmount();
    }
  });

  it("shows 'N/A' and no controls when there is no value", () => {
    const { container } = render(<Address value="" display="" />);
    expect(container).toHaveTextContent(/^N\/A$/);
    expect(screen.queryByRole("button")).not.toBeInTheDocument();
    expect(screen.queryByRole("link")).not.toBeInTheDocument();
  });

  it("shows the full value when no display text is given", () => {
    render(<Address value={KEY} />);
    expect(screen.getByText(KEY)).toBeInTheDocument();
  });
});
