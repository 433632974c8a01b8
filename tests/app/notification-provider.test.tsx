import { screen, waitFor } from "@testing-library/react";
import { beforeAll, describe, expect, it } from "vitest";
import { notificationProvider } from "@/components/antd/notification-provider";

// The provider loads antd on first use (it must stay off the /login bundle); these check that the
// deferred notifications really show and close.
describe("notificationProvider", () => {
  // antd renders notifications into a root of its own, outside any test's act(): like a browser.
  beforeAll(() => {
    (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = false;
  });

  it("shows Refine's notifications with antd once it has loaded, and closes them by key", async () => {
    notificationProvider.open({
      key: "save",
      type: "success",
      message: "Token updated",
      description: "Saved",
    });
    expect(await screen.findByText("Saved")).toBeInTheDocument();
    expect(screen.getByText("Token updated")).toBeInTheDocument();

    notificationProvider.close("save");
    await waitFor(() => expect(screen.queryByText("Saved")).not.toBeInTheDocument());
  });

  it("shows an undoable action with a working Undo button", async () => {
    let undone = false;
    notificationProvider.open({
      key: "undo-1",
      type: "progress",
      message: "Deleting token",
      undoableTimeout: 5,
      cancelMutation: () => {
        undone = true;
      },
    });
    const undo = await screen.findByRole("button", { name: "Undo" });
    undo.click();
    expect(undone).toBe(true);
    await waitFor(() => expect(screen.queryByText("Deleting token")).not.toBeInTheDocument());
  });
});
