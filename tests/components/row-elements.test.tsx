// The row elements (antd's Button, Tag, Typography and icons) as list rows use them: each action is
// named for its row, runs its click, ignores clicks while loading, and the dangerous one is drawn as
// such; copyable text copies its value and says so.
import type { ReactNode } from "react";
import { act, fireEvent, render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ThemedConfig } from "@/components/antd/setup";
import { CopyText } from "@/components/value/copy-text";
import { COPY_CONFIRM_MS } from "@/config";
import { userColumns } from "@/resources/users/columns";
import type { User } from "@contract";
import { carol } from "../resources/users/support";
import { RefineHarness } from "./support";

/** The Users list's Actions cell for `user`, under the console's theme. */
function renderActions(user: User, actions: Partial<Parameters<typeof userColumns>[0]> = {}) {
  const onEdit = vi.fn();
  const onDeactivate = vi.fn();
  const column = userColumns({ onEdit, onDeactivate, ...actions }).find((each) => each.key === "actions");
  const cell = column?.render?.(undefined, user, 0) as ReactNode;
  // In Refine: a row action asks its access control (none here: everything is allowed).
  const view = render(
    <RefineHarness>
      <ThemedConfig>{cell}</ThemedConfig>
    </RefineHarness>,
  );
  return { onEdit, onDeactivate, view };
}

describe("Row actions", () => {
  it("are named for their row, show their hint and run their click", async () => {
    const user = userEvent.setup();
    const { onEdit, onDeactivate } = renderActions(carol);
    const edit = screen.getByRole("button", { name: "Edit Carol Diaz" });
    await user.hover(edit);
    expect(await screen.findByRole("tooltip")).toHaveTextContent("Edit");
    await user.click(edit);
    expect(onEdit).toHaveBeenCalledWith(carol);

    const deactivate = screen.getByRole("button", { name: "Deactivate Carol Diaz" });
    await user.hover(deactivate);
    await waitFor(() => expect(screen.getAllByRole("tooltip").some((tip) => tip.textContent === "Deactivate")).toBe(true));
    await user.click(deactivate);
    expect(onDeactivate).toHaveBeenCalledWith(carol);
  });

  it("draw the dangerous action in the danger colour, the other in the text colour", () => {
    renderActions(carol);
    const deactivate = screen.getByRole("button", { name: "Deactivate Carol Diaz" });
    const edit = screen.getByRole("button", { name: "Edit Carol Diaz" });
    expect(deactivate).toHaveClass("ant-btn-dangerous");
    expect(edit).not.toHaveClass("ant-btn-dangerous");
    expect(getComputedStyle(deactivate).color).not.toBe(getComputedStyle(edit).color);
  });

  it("ignore clicks while loading, and the other rows' are disabled meanwhile", () => {
    const { onEdit, onDeactivate } = renderActions(carol, { deactivatingId: carol.id });
    const deactivate = screen.getByRole("button", { name: "Deactivate Carol Diaz" });
    expect(deactivate).toHaveClass("ant-btn-loading");
    expect(deactivate.querySelector(".anticon-loading")).not.toBeNull();
    fireEvent.click(deactivate);
    expect(onDeactivate).not.toHaveBeenCalled();
    // Edit stays usable: only the deactivations wait for the one being sent.
    fireEvent.click(screen.getByRole("button", { name: "Edit Carol Diaz" }));
    expect(onEdit).toHaveBeenCalledTimes(1);
  });

  it("offer no deactivation for a disabled user", () => {
    renderActions({ ...carol, disabled: true });
    expect(screen.getByRole("button", { name: "Edit Carol Diaz" })).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Deactivate Carol Diaz" })).not.toBeInTheDocument();
  });
});

describe("CopyText", () => {
  afterEach(() => {
    vi.restoreAllMocks();
    vi.useRealTimers();
  });

  it("copies its value, not the shortened text, and says 'Copied' (icon, name and live region)", async () => {
    // antd copies through a selection and the copy command (copy-to-clipboard): what is selected then is what is copied.
    const copied: string[] = [];
    vi.spyOn(document, "execCommand").mockImplementation((command) => {
      if (command === "copy") copied.push(String(document.getSelection()));
      return true;
    });
    render(
      <ThemedConfig>
        <CopyText className="mono" value="order-1-full" label="Copy order id">
          order-1…
        </CopyText>
      </ThemedConfig>,
    );
    expect(screen.getByText("order-1…")).toHaveClass("mono");
    const button = screen.getByRole("button", { name: "Copy order id" });
    expect(button.querySelector(".anticon-copy")).not.toBeNull();

    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    fireEvent.click(button);
    await act(async () => undefined);
    expect(copied).toEqual(["order-1-full"]);
    expect(screen.getByRole("status")).toHaveTextContent("Copied");
    expect(screen.getByRole("button", { name: "Copied" }).querySelector(".anticon-check")).not.toBeNull();

    act(() => vi.advanceTimersByTime(COPY_CONFIRM_MS));
    expect(screen.getByRole("status")).toHaveTextContent("");
  });
});
