// Table settings per admin: columns shown and their order, density, rows per page and saved views,
// kept per wallet in local storage, and back to the defaults in one click.
import { cleanup, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { alice, compileFirst, pasteInto, renderApp, setupUser, signIn, type TestUser } from "../app/support";
import { listQueries, openUsers, USERS } from "../resources/users/support";

compileFirst(() => import("@/resources/users/list"));

const headers = () =>
  screen
    .getAllByRole("columnheader")
    .map((cell) => cell.textContent?.trim())
    .filter(Boolean);

async function openSettings(user: ReturnType<typeof setupUser>) {
  await user.click(await screen.findByRole("button", { name: "Table settings" }));
  return within(await screen.findByRole("tooltip"));
}

describe("table settings", () => {
  it("hides and reorders columns, changes density and rows per page, remembers it for this wallet and resets", async () => {
    const api = openUsers();
    const user = setupUser();
    await screen.findByText("Carol Diaz");
    expect(headers()).toEqual(["User", "Public Key", "Status", "Verified", "Active", "Actions"]);

    const panel = await openSettings(user);
    await user.click(panel.getByRole("checkbox", { name: "Verified" }));
    await waitFor(() => expect(headers()).toEqual(["User", "Public Key", "Status", "Active", "Actions"]));
    await user.click(panel.getByRole("button", { name: "Move Active up" }));
    await user.click(panel.getByRole("button", { name: "Move Active up" }));
    await waitFor(() => expect(headers()).toEqual(["User", "Public Key", "Active", "Status", "Actions"]));

    await user.click(panel.getByText("Compact"));
    await waitFor(() => expect(document.querySelector(".ant-table-small")).not.toBeNull());

    await user.click(panel.getByRole("combobox", { name: "Rows per page" }));
    await user.click(await screen.findByTitle("50"));
    await waitFor(() => expect(listQueries(api).at(-1)).toMatchObject({ page: "1", limit: "50" }));

    // A new visit of the same admin: the same arrangement, and 50 per page from the first request.
    cleanup();
    const again = openUsers("/users");
    await screen.findByText("Carol Diaz");
    expect(headers()).toEqual(["User", "Public Key", "Active", "Status", "Actions"]);
    expect(listQueries(again)[0]).toMatchObject({ limit: "50" });

    const panelAgain = await openSettings(user);
    await user.click(panelAgain.getByRole("button", { name: "Reset to defaults" }));
    await waitFor(() => expect(headers()).toEqual(["User", "Public Key", "Status", "Verified", "Active", "Actions"]));
    await waitFor(() => expect(listQueries(again).at(-1)).toMatchObject({ limit: "20" }));
    expect(document.querySelector(".ant-table-small")).toBeNull();
  });

  it("keeps each wallet's settings apart", async () => {
    openUsers();
    const user = setupUser();
    await screen.findByText("Carol Diaz");
    const panel = await openSettings(user);
    await user.click(panel.getByRole("checkbox", { name: "Status" }));
    await waitFor(() => expect(headers()).not.toContain("Status"));

    cleanup();
    const bob: TestUser = { ...alice, id: "u-2", publicKey: USERS[1]!.publicKey, displayName: "Bob" };
    const api = openUsers();
    signIn(api, bob);
    cleanup();
    renderApp("/users");
    await screen.findByText("Carol Diaz");
    expect(headers()).toContain("Status");
  });

  it("saves the current filters as a named view, applied again in one click", async () => {
    openUsers("/users?currentPage=1&pageSize=20&filters[0][field]=role&filters[0][operator]=eq&filters[0][value]=ADMIN");
    const user = setupUser();
    await screen.findByText("Carol Diaz");
    const panel = await openSettings(user);
    await pasteInto(user, panel.getByRole("textbox", { name: "Name of the view to save" }), "Admins only");
    await user.click(panel.getByRole("button", { name: "Save" }));
    expect(await panel.findByText("Admins only")).toBeInTheDocument();
    await user.keyboard("{Escape}");

    // Filters cleared, then the view brings them back.
    cleanup();
    const fresh = openUsers("/users");
    await screen.findByText("Erin Ford");
    const views = await screen.findByRole("navigation", { name: "Saved views" });
    await user.click(within(views).getByRole("button", { name: "Admins only" }));
    await waitFor(() => expect(listQueries(fresh).at(-1)).toMatchObject({ role: "ADMIN", page: "1" }));
    await waitFor(() => expect(screen.queryByText("Erin Ford")).not.toBeInTheDocument());
  });
});
