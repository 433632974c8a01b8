import { cleanup, screen, waitFor, within } from "@testing-library/react";
import userEvent, { type UserEvent } from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import type { User } from "@contract";
import {
  choose,
  compileFirst,
  failsTwice,
  openSelect,
  pageToSecond,
  PHONE,
  renderApp,
  retryFailedList,
  search,
  selectedText,
  signedInApi,
  userOnFakeClock,
} from "../../app/support";
import type { FakeApi } from "../../support/fake-api";
import { findRow, KEY_C, listQueries, openUsers, serveUsers, USERS } from "./support";

const FIRST_PAGE = { page: "1", limit: "20" };

function columnTitles() {
  return within(screen.getByRole("table"))
    .getAllByRole("columnheader")
    .map((header) => header.textContent);
}

/** The Users list opened on the default users and drawn, with a user to work it. */
async function usersShown(user = userEvent.setup()) {
  const api = openUsers();
  await findRow("Carol Diaz");
  return { user, api };
}

/** Picks `option` in the `select` filter and waits for the list request that makes: page 1 with `filters`. */
async function chooseFilter(user: UserEvent, api: FakeApi, select: string, option: string, filters: Record<string, string>) {
  await choose(user, select, option);
  await waitFor(() => expect(listQueries(api).at(-1)).toEqual({ ...FIRST_PAGE, ...filters }));
}

function many(count: number): User[] {
  return Array.from({ length: count }, (_, i) => ({
    id: `m-${i}`,
    publicKey: `Key${String(i).padStart(3, "0")}aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa`,
    displayName: `Member ${i}`,
    contactInfo: `member${i}@example.com`,
    avatarUrl: null,
    role: "USER",
    verified: false,
    disabled: false,
    status: "active",
  }));
}

// The screen is a lazy chunk Vite compiles on first use; compile it before the clock starts.
compileFirst(() => import("@/resources/users/list"));

describe("User Management list", () => {
  it("shows the heading, subtitle, filters and the Users screen's columns, asking GET /users page 1 of 20", async () => {
    const api = openUsers();

    expect(await screen.findByRole("heading", { name: "User Management", level: 1 })).toBeInTheDocument();
    expect(screen.getByText("Manage users and permissions")).toBeInTheDocument();
    await findRow("Carol Diaz");
    // First the bulk actions' selection column, its header a "Select all" checkbox.
    expect(columnTitles()).toEqual(["", "User", "Public Key", "Status", "Verified", "Active", "Actions"]);
    expect(selectedText("Role")).toBe("All Roles");
    expect(selectedText("Verified")).toBe("All");
    expect(selectedText("Status")).toBe("All");
    expect(listQueries(api)).toEqual([FIRST_PAGE]);
    // One page only: no pager.
    expect(screen.queryByText(/^Page \d+ of \d+$/)).not.toBeInTheDocument();
  });

  it("shows each user's name, email, shortened key, status, verified and active state", async () => {
    openUsers();
    const carolRow = await findRow("Carol Diaz");

    expect(within(carolRow).getByText("carol@example.com")).toBeInTheDocument();
    // A key is shortened to its first 8 characters and an ellipsis.
    expect(within(carolRow).getByText("7Np41oeY...")).toBeInTheDocument();
    expect(within(carolRow).getByRole("img", { name: "Verified" })).toBeInTheDocument();
    expect(within(carolRow).getByText("Active")).toBeInTheDocument();
    expect(within(carolRow).getByText("C")).toBeInTheDocument(); // avatar initial

    // No display name and no email.
    const daveRow = await findRow("No Name");
    expect(within(daveRow).getByText("No Email")).toBeInTheDocument();
    expect(within(daveRow).getByText("5Q544fKr...")).toBeInTheDocument();
    expect(within(daveRow).getByRole("img", { name: "Not verified" })).toBeInTheDocument();
    expect(within(daveRow).getByText("5Q")).toBeInTheDocument(); // avatar: first 2 key characters

    const erinRow = await findRow("Erin Ford");
    expect(within(erinRow).getByText("Disabled")).toBeInTheDocument();
  });

  it("colours the status badge: red when disabled, green when 'active', grey otherwise, 'Unknown' when empty", async () => {
    openUsers();
    const tone = async (name: string, text: string) =>
      within(await findRow(name))
        .getByText(text)
        .closest(".ant-tag")
        ?.getAttribute("data-tone");

    expect(await tone("Carol Diaz", "active")).toBe("success");
    expect(await tone("No Name", "pending_verification")).toBe("neutral");
    // Disabled wins over an 'active' status text.
    expect(await tone("Erin Ford", "active")).toBe("error");
    expect(await tone("Frank Gray", "Unknown")).toBe("neutral");
  });

  it("offers edit for everyone and deactivate only for users not disabled", async () => {
    openUsers();
    const carolRow = await findRow("Carol Diaz");
    expect(within(carolRow).getByRole("button", { name: "Edit Carol Diaz" })).toBeInTheDocument();
    expect(within(carolRow).getByRole("button", { name: "Deactivate Carol Diaz" })).toBeInTheDocument();

    const erinRow = await findRow("Erin Ford");
    expect(within(erinRow).getByRole("button", { name: "Edit Erin Ford" })).toBeInTheDocument();
    expect(within(erinRow).queryByRole("button", { name: /Deactivate/ })).not.toBeInTheDocument();
  });

  it("lists the Users screen's filter options", async () => {
    const { user } = await usersShown();

    const optionsOf = async (name: string) => {
      const texts = (await openSelect(user, name)).map((option) => option.textContent);
      await user.keyboard("{Escape}");
      return texts;
    };

    expect(await optionsOf("Role")).toEqual(["All Roles", "User", "Admin", "Marketplace Authority"]);
    expect(await optionsOf("Verified")).toEqual(["All", "Verified", "Not Verified"]);
    expect(await optionsOf("Status")).toEqual(["All", "Active", "Disabled"]);
  });

  it("pages with Previous / 'Page x of y' / Next (20 per page)", async () => {
    const api = openUsers("/users", many(3), { total: 45 });
    await pageToSecond(() => listQueries(api));
  });

  it("sends the role filter as ?role= and goes back to page 1", async () => {
    const user = userEvent.setup();
    const api = openUsers("/users", many(3), { total: 45 });
    await screen.findByText("Page 1 of 3");
    await user.click(screen.getByRole("button", { name: "Next" }));
    await screen.findByText("Page 2 of 3");
    await waitFor(() => expect(listQueries(api).at(-1)).toEqual({ page: "2", limit: "20" }));
    const before = listQueries(api).length;

    await chooseFilter(user, api, "Role", "Marketplace Authority", { role: "MARKETPLACE_AUTHORITY" });
    // Straight to page 1: no request for page 2 with the new filter on the way.
    expect(listQueries(api).slice(before)).toEqual([{ ...FIRST_PAGE, role: "MARKETPLACE_AUTHORITY" }]);
    expect(selectedText("Role")).toBe("Marketplace Authority");
  });

  it("maps Verified and Status to verified / disabled, and 'All' drops the param", async () => {
    const { user, api } = await usersShown();

    await chooseFilter(user, api, "Verified", "Not Verified", { verified: "false" });
    await chooseFilter(user, api, "Status", "Disabled", { verified: "false", disabled: "true" });
    await chooseFilter(user, api, "Status", "Active", { verified: "false", disabled: "false" });
    await chooseFilter(user, api, "Verified", "All", { disabled: "false" });
    expect(selectedText("Status")).toBe("Active");
  });

  it("searches by name, email or wallet through GET /users/search/{term}, the other filters disabled meanwhile", async () => {
    const { user, api } = await usersShown(userOnFakeClock());
    await chooseFilter(user, api, "Role", "User", { role: "USER" });
    expect(screen.queryByRole("note")).not.toBeInTheDocument();

    const box = screen.getByRole("textbox", { name: "Search users" });
    await search(user, box, "carol@");
    // The SPEC's search takes page and limit only: the role is not sent with it.
    await waitFor(() =>
      expect(api.requests("GET", /^\/users\/search\//).map(({ path, query }) => ({ path, query }))).toEqual([
        { path: "/users/search/carol%40", query: FIRST_PAGE },
      ]),
    );
    await findRow("Carol Diaz");
    await waitFor(() => expect(screen.queryByText("Erin Ford")).not.toBeInTheDocument());
    expect(screen.getByRole("note")).toHaveTextContent(
      "A search looks through every user: Role, Verified and Status apply again once it is cleared.",
    );
    for (const name of ["Role", "Verified", "Status"]) {
      expect(screen.getByRole("combobox", { name })).toBeDisabled();
    }
    expect(box).toHaveFocus();

    // By wallet too; cleared, the list is filtered by role again.
    await search(user, box, KEY_C.slice(0, 10));
    await findRow("Erin Ford");
    await waitFor(() => expect(screen.queryByText("Carol Diaz")).not.toBeInTheDocument());
    await search(user, box, "");
    await waitFor(() => expect(listQueries(api).at(-1)).toEqual({ ...FIRST_PAGE, role: "USER" }));
    await waitFor(() => expect(screen.getByRole("combobox", { name: "Role" })).toBeEnabled());
    expect(screen.queryByRole("note")).not.toBeInTheDocument();
  });

  it("keeps filters and page in the URL, and a fresh load of that URL restores the same view", async () => {
    const user = userEvent.setup();
    const users = many(3).map((member) => ({ ...member, role: "ADMIN" as const, verified: true }));
    const api = openUsers("/users", users, { total: 45 });
    await screen.findByText("Page 1 of 3");

    await choose(user, "Role", "Admin");
    await choose(user, "Verified", "Verified");
    await screen.findByText("Page 1 of 3");
    await user.click(screen.getByRole("button", { name: "Next" }));
    await screen.findByText("Page 2 of 3");
    const expected = { page: "2", limit: "20", role: "ADMIN", verified: "true" };
    await waitFor(() => expect(listQueries(api).at(-1)).toEqual(expected));
    const url = `${window.location.pathname}${window.location.search}`;
    expect(url).toMatch(/^\/users\?/);

    // A new session of the app opened on that link.
    cleanup();
    const fresh = signedInApi();
    serveUsers(fresh, users, { total: 45 });
    renderApp(url);

    expect(await screen.findByText("Page 2 of 3")).toBeInTheDocument();
    expect(listQueries(fresh)).toEqual([expected]);
    expect(selectedText("Role")).toBe("Admin");
    expect(selectedText("Verified")).toBe("Verified");
    expect(selectedText("Status")).toBe("All");
  });

  it("shows a load error with Retry instead of an empty table", async () => {
    const api = signedInApi();
    failsTwice(api, "/users", "Users are down");
    serveUsers(api);
    renderApp("/users");

    await retryFailedList("Users are down", "Carol Diaz");
  });

  it("hides the Status and Verified columns on a phone", async () => {
    const api = signedInApi(PHONE);
    serveUsers(api, USERS);
    renderApp("/users");

    await findRow("Carol Diaz");
    expect(columnTitles()).toEqual(["", "User", "Public Key", "Active", "Actions"]);
  });
});
