import { act, render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { Button } from "antd";
import { describe, expect, it } from "vitest";
import { Hint } from "@/components/value/hint";
import { HINT_ID } from "@/components/value/hint-layer";

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
  it("shows the hint of the element the pointer rests on, names it as the element's description, and closes when the pointer leaves", async () => {
    const user = userEvent.setup();
    render(<Row label="alice" />);
    const edit = screen.getByRole("button", { name: "edit alice" });
    expect(screen.queryByRole("tooltip")).not.toBeInTheDocument();

    await user.hover(edit);
    expect(await openHint()).toHaveTextContent("Edit alice");
    expect(screen.getByRole("tooltip")).toHaveAttribute("id", HINT_ID);
    expect(edit).toHaveAttribute("aria-describedby", HINT_ID);

    await user.hover(screen.getByText("plain alice"));
    await noOpenHint();
    expect(edit).not.toHaveAttribute("aria-describedby");
  });

  it("moves from one hinted element to the next with the right text", async () => {
    const user = userEvent.setup();
    render(
      <>
        <Row label="alice" />
        <Row label="bob" />
      </>,
    );
    await user.hover(screen.getByRole("button", { name: "edit alice" }));
    expect(await openHint()).toHaveTextContent("Edit alice");
    await user.hover(screen.getByText("bob"));
    await waitFor(() => expect(screen.getByRole("tooltip")).toHaveTextContent("Key of bob"));
    expect(screen.getAllByRole("tooltip")).toHaveLength(1);
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

  it("closes when the hinted element goes away (a row re-rendered under the pointer)", async () => {
    const user = userEvent.setup();
    const { rerender } = render(<Row label="dave" />);
    await user.hover(screen.getByRole("button", { name: "edit dave" }));
    expect(await openHint()).toHaveTextContent("Edit dave");
    rerender(<span>no rows</span>);
    await noOpenHint();
  });

  it("closes on scroll, since its anchor does not follow the page", async () => {
    const user = userEvent.setup();
    render(<Row label="erin" />);
    await user.hover(screen.getByRole("button", { name: "edit erin" }));
    expect(await openHint()).toHaveTextContent("Edit erin");
    act(() => {
      window.dispatchEvent(new Event("scroll"));
    });
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
    // The same node: showing the hint did not re-create the element under the pointer.
    expect(screen.getByRole("button", { name: "copy" })).toBe(button);
    expect(button).toHaveFocus();
  });
});
