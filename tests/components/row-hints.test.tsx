import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { Button } from "antd";
import { describe, expect, it, vi } from "vitest";
import { Address } from "@/components/value/address";
import { VerifiedMark } from "@/components/value/badges";
import { CopyText } from "@/components/value/copy-text";
import { Hint } from "@/components/value/hint";
import { fakeClipboard, restoreClipboardAfterEach } from "../support/clipboard";

/** The open hint: antd keeps a closed tooltip hidden, and Testing Library's role queries skip hidden ones. */
const openHint = () => screen.findByRole("tooltip");
const noOpenHint = () => waitFor(() => expect(screen.queryByRole("tooltip")).not.toBeInTheDocument());

function Row({ label }: { label: string }) {
  return (
    <div>
      <Hint title={`Edit ${label}`}>
        <Button aria-label={`edit ${label}`}>E</Button>
      </Hint>
      <Hint title={`Key of ${label}`}>
        <span tabIndex={0}>{label}</span>
      </Hint>
      <span>plain {label}</span>
    </div>
  );
}

describe("Hint", () => {
  restoreClipboardAfterEach();

  it("shows the hint of the element the pointer rests on, and closes when the pointer leaves", async () => {
    const user = userEvent.setup();
    render(<Row label="alice" />);
    expect(screen.queryByRole("tooltip")).not.toBeInTheDocument();

    await user.hover(screen.getByRole("button", { name: "edit alice" }));
    expect(await openHint()).toHaveTextContent("Edit alice");

    await user.unhover(screen.getByRole("button", { name: "edit alice" }));
    await user.hover(screen.getByText("plain alice"));
    await noOpenHint();
  });

  it("opens from the keyboard and closes when the focus moves on", async () => {
    const user = userEvent.setup();
    render(<Row label="carol" />);
    await user.tab();
    expect(screen.getByRole("button", { name: "edit carol" })).toHaveFocus();
    expect(await openHint()).toHaveTextContent("Edit carol");
    await user.tab();
    await waitFor(() => expect(screen.getByRole("tooltip")).toHaveTextContent("Key of carol"));
    await user.tab();
    await noOpenHint();
  });

  it("keeps the element itself as it was: its own props, events and focus", async () => {
    const user = userEvent.setup();
    let clicks = 0;
    render(
      <Hint title="Copy">
        <Button aria-label="copy" onClick={() => clicks++}>
          C
        </Button>
      </Hint>,
    );
    const button = screen.getByRole("button", { name: "copy" });
    await user.hover(button);
    await openHint();
    await user.click(button);
    expect(clicks).toBe(1);
    expect(screen.getByRole("button", { name: "copy" })).toBe(button);
    expect(button).toHaveFocus();
  });

  it("shows an address's full value over its shortened text, on hover and on focus", async () => {
    const user = userEvent.setup();
    const key = "8zK1ProposerOtherAdmin1111111111111111111111";
    render(<Address value={key} display="8zK1…1111" cluster={null} />);
    await user.hover(screen.getByText("8zK1…1111"));
    expect(await openHint()).toHaveTextContent(key);
    await user.unhover(screen.getByText("8zK1…1111"));
    await noOpenHint();

    screen.getByText("8zK1…1111").focus();
    expect(await openHint()).toHaveTextContent(key);
  });

  it("names a verified mark on hover (a row icon under the hint)", async () => {
    const user = userEvent.setup();
    render(<VerifiedMark verified />);
    await user.hover(screen.getByRole("img", { name: "Verified" }));
    expect(await openHint()).toHaveTextContent("Verified");
  });

  it("says 'Copied' in a copy button's open hint after a copy, then its label again", async () => {
    fakeClipboard(vi.fn<(text: string) => Promise<void>>().mockResolvedValue(undefined));
    const user = userEvent.setup();
    render(
      <CopyText value="order-1-full" label="Copy order id">
        order-1…
      </CopyText>,
    );
    const button = screen.getByRole("button", { name: "Copy order id" });
    await user.hover(button);
    expect(await openHint()).toHaveTextContent("Copy order id");

    await user.click(button);
    await waitFor(() => expect(screen.getByRole("tooltip")).toHaveTextContent("Copied"));
    await waitFor(() => expect(screen.getByRole("tooltip")).toHaveTextContent("Copy order id"));
  });
});
