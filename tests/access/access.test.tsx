// What the console shows an admin whose role does not allow everything (the session's permissions,
// beyond the core API): the sidebar and the palette leave out sections the role may not read, and
// a button the role may not use stays in its place, disabled, with the reason on hover. Against an
// API without roles (the session has no permissions) everything is as before.
import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { ROLES } from "@contract";
import {
  alice,
  compileFirst,
  openPalette,
  openScreen,
  paletteOptions as options,
  renderApp,
  setupUser,
  sidebarSections,
  signedInApi,
  type TestUser,
} from "../app/support";
import { page, USDC } from "../resources/tokens/fixtures";

compileFirst(
  () => import("@/pages/dashboard"),
  () => import("@/resources/tokens/list"),
  () => import("@/resources/users/list"),
);

const as = (role: keyof typeof ROLES): TestUser => ({ ...alice, teamRole: role, permissions: [...ROLES[role].permissions] });

const ALL = ["Dashboard", "Tokens", "Users", "Products", "Shops", "Orders", "Activity", "Marketplace"];
const AUDIT_PAGE = [200, { data: { items: [], total: 0, page: 1, limit: 20, totalPages: 1 } }] as const;

/** The API with an audit trail (so Activity exists) and a token list, for `user`. */
function apiFor(user: TestUser) {
  const api = signedInApi(undefined, user);
  api.get("/admin/audit", AUDIT_PAGE);
  api.get("/tokens/admin", [200, page([USDC])]);
  return api;
}

describe("access control in the console", () => {
  it("hides Activity from the sidebar and the palette for a role without audit.read", async () => {
    apiFor(as("support"));
    const user = setupUser();
    await openScreen("/tokens", "Token Management");
    await waitFor(() => expect(sidebarSections()).toEqual(ALL.filter((name) => name !== "Activity")));

    const dialog = await openPalette(user);
    await waitFor(() => expect(options(dialog)).toContain("Tokens"));
    expect(options(dialog)).not.toContain("Activity");
    // The screen's own action the role does not allow is not offered either.
    expect(options(dialog)).not.toContain("Add Token");
  });

  it("answers a section the role may not read, opened by its address, with the reason instead of its screen", async () => {
    apiFor(as("support"));
    await openScreen("/activity", "Not allowed");
    expect(screen.getByText("Your role (Support) does not include Read the audit trail")).toBeTruthy();
    expect(screen.queryByRole("heading", { name: "Activity" })).toBeNull();
  });

  it("shows Activity to an auditor, and the palette offers it", async () => {
    apiFor(as("auditor"));
    const user = setupUser();
    await openScreen("/tokens", "Token Management");
    await waitFor(() => expect(sidebarSections()).toEqual(ALL));
    const dialog = await openPalette(user);
    await waitFor(() => expect(options(dialog)).toContain("Activity"));
  });

  it("keeps a button the role does not allow in place, disabled, with the reason on hover", async () => {
    apiFor(as("support"));
    const user = setupUser();
    await openScreen("/tokens", "Token Management");
    const add = await waitFor(() => {
      const button = screen.getByRole("button", { name: /Add Token/ });
      expect(button).toBeDisabled();
      return button;
    });
    await user.hover(add);
    expect(await screen.findByRole("tooltip")).toHaveTextContent("Your role (Support) does not include Manage tokens");

    // A row's action too: the reason joins its hint.
    const row = (await screen.findByText("USD Coin")).closest("tr")!;
    const edit = within(row).getByRole("button", { name: "Edit USDC" });
    await waitFor(() => expect(edit).toBeDisabled());
    expect(edit).toHaveAttribute("aria-description", "Your role (Support) does not include Manage tokens");
    // Export needs `export`, which support lacks; an auditor's would be enabled.
    expect(screen.getByRole("button", { name: /Export CSV/ })).toBeDisabled();
  });

  it("allows everything, as before roles, when the session has no permissions (an API without roles)", async () => {
    apiFor(alice);
    const user = setupUser();
    renderApp("/tokens");
    const add = await screen.findByRole("button", { name: /Add Token/ });
    await waitFor(() => expect(sidebarSections()).toEqual(ALL));
    expect(add).toBeEnabled();
    const row = (await screen.findByText("USD Coin")).closest("tr")!;
    expect(within(row).getByRole("button", { name: "Edit USDC" })).toBeEnabled();
    expect(screen.getByRole("button", { name: /Export CSV/ })).toBeEnabled();
    const dialog = await openPalette(user);
    await waitFor(() => expect(options(dialog)).toEqual(expect.arrayContaining(["Activity", "Add Token"])));
  });
});
