import { act, waitFor, within } from "@testing-library/react";
import userEvent, { type UserEvent } from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import type { User } from "@contract";
import { choose, compileFirst, deferred, selectedText } from "../../app/support";
import { expectFormMessage } from "../../support/form-message";
import { carol, dave, findRow, listQueries, openUsers, serveUser, findDialog, queryDialog } from "./support";

compileFirst(() => import("@/resources/users/list"));

async function openEditor(user: UserEvent, rowText: string, buttonName: string) {
  const row = await findRow(rowText);
  await user.click(within(row).getByRole("button", { name: buttonName }));
  return findDialog("Edit User");
}

function field(modal: HTMLElement, label: string) {
  return within(modal).getByLabelText(label) as HTMLInputElement;
}

function switchOf(modal: HTMLElement, label: string) {
  return within(modal).getByRole("switch", { name: label });
}

function values(modal: HTMLElement) {
  return {
    publicKey: field(modal, "Public Key").value,
    displayName: field(modal, "Display Name").value,
    email: field(modal, "Email").value,
    role: selectedText("Role", modal),
    verified: switchOf(modal, "Verified").getAttribute("aria-checked"),
    disabled: switchOf(modal, "Disabled").getAttribute("aria-checked"),
    status: field(modal, "Status").value,
  };
}

const carolValues = {
  publicKey: carol.publicKey,
  displayName: "Carol Diaz",
  email: "carol@example.com",
  role: "Admin",
  verified: "true",
  disabled: "false",
  status: "active",
};

/** The users list served with Carol's record, and her editor open with her values. */
async function editCarol(user: UserEvent) {
  const api = openUsers();
  serveUser(api);
  const modal = await openEditor(user, "Carol Diaz", "Edit Carol Diaz");
  await waitFor(() => expect(values(modal)).toEqual(carolValues));
  return { api, modal };
}

describe("Edit User modal", () => {
  it("opens with the clicked user's values from GET /users/:id, with the key read-only and the user's History", async () => {
    const user = userEvent.setup();
    const { api, modal } = await editCarol(user);
    expect(field(modal, "Public Key")).toHaveAttribute("readonly");
    expect(api.requests("GET", "/users/u-10")).not.toHaveLength(0);
    // The History below the form asks the audit trail for this user.
    await waitFor(() =>
      expect(api.requests("GET", "/admin/audit").some(({ query }) => query.targetType === "user" && query.targetId === "u-10")).toBe(true),
    );
  });

  it("shows each open's own user, never the previous one's, even while the next one loads", async () => {
    const user = userEvent.setup();
    const api = openUsers();
    const daveResponse = deferred<[number, unknown]>();
    api.get("/users/u-11", () => daveResponse.promise);
    serveUser(api);

    let modal = await openEditor(user, "Carol Diaz", "Edit Carol Diaz");
    await waitFor(() => expect(values(modal)).toEqual(carolValues));
    await user.click(within(modal).getByRole("button", { name: "Cancel" }));
    await waitFor(() => expect(queryDialog("Edit User")).toBeUndefined());

    modal = await openEditor(user, "No Name", `Edit ${dave.publicKey}`);
    // Dave's record is still on its way: nothing of Carol's may show meanwhile, not even a field.
    expect(within(modal).queryByLabelText("Display Name")).not.toBeInTheDocument();
    expect(within(modal).queryByText(/Carol/)).not.toBeInTheDocument();
    expect(within(modal).getByRole("status", { name: "Loading user" })).toBeInTheDocument();
    expect(within(modal).getByRole("button", { name: "Save" })).toBeDisabled();

    await act(async () => daveResponse.resolve([200, { data: dave }]));
    await waitFor(() =>
      expect(values(modal)).toEqual({
        publicKey: dave.publicKey,
        displayName: "",
        email: "",
        role: "User",
        verified: "false",
        disabled: "false",
        status: "pending_verification",
      }),
    );

    // And back to Carol: hers again.
    await user.click(within(modal).getByRole("button", { name: "Cancel" }));
    await waitFor(() => expect(queryDialog("Edit User")).toBeUndefined());
    modal = await openEditor(user, "Carol Diaz", "Edit Carol Diaz");
    await waitFor(() => expect(values(modal)).toEqual(carolValues));
  });

  it("sends PATCH /users/:id with exactly the six fields, blanks as null, then closes and reloads the list", async () => {
    const user = userEvent.setup();
    const api = openUsers();
    serveUser(api);
    api.patch("/users/u-10", (request) => [200, { data: { ...carol, ...(request.body as Partial<User>) } }]);

    const modal = await openEditor(user, "Carol Diaz", "Edit Carol Diaz");
    await waitFor(() => expect(values(modal)).toEqual(carolValues));
    const listed = listQueries(api).length;

    await user.clear(field(modal, "Display Name"));
    await user.paste("  Carol D.  ");
    await user.clear(field(modal, "Status"));
    await choose(user, "Role", "Marketplace Authority", modal);
    await user.click(switchOf(modal, "Verified"));
    await user.click(within(modal).getByRole("button", { name: "Save" }));

    await waitFor(() => expect(api.requests("PATCH")).toHaveLength(1));
    const [patch] = api.requests("PATCH");
    expect(patch.path).toBe("/users/u-10");
    expect(patch.body).toEqual({
      displayName: "Carol D.",
      contactInfo: "carol@example.com",
      role: "MARKETPLACE_AUTHORITY",
      verified: false,
      disabled: false,
      status: null,
    });
    await waitFor(() => expect(queryDialog("Edit User")).toBeUndefined());
    await waitFor(() => expect(listQueries(api).length).toBeGreaterThan(listed));
  });

  it("says 'Invalid email' and sends nothing for a bad address", async () => {
    const user = userEvent.setup();
    const { api, modal } = await editCarol(user);
    await user.clear(field(modal, "Email"));
    await user.paste("carol-at-example");
    await user.click(within(modal).getByRole("button", { name: "Save" }));

    await expectFormMessage("Invalid email", modal);
    expect(api.requests("PATCH")).toHaveLength(0);
    expect(queryDialog("Edit User")).toBeDefined();
  });

  it("keeps what was typed and shows the server's message when the save fails", async () => {
    const user = userEvent.setup();
    const api = openUsers();
    serveUser(api);
    api.patch("/users/u-10", [409, { message: "You cannot disable your own account" }]);

    const modal = await openEditor(user, "Carol Diaz", "Edit Carol Diaz");
    await waitFor(() => expect(values(modal)).toEqual(carolValues));
    await user.clear(field(modal, "Display Name"));
    await user.paste("Still Carol");
    await user.click(switchOf(modal, "Disabled"));
    await user.click(within(modal).getByRole("button", { name: "Save" }));

    expect(await within(modal).findByText("You cannot disable your own account")).toBeInTheDocument();
    expect(api.requests("PATCH")).toHaveLength(1);
    // Still open, still what the admin typed, even after the record is read again.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(queryDialog("Edit User")).toBeDefined();
    expect(values(modal)).toEqual({ ...carolValues, displayName: "Still Carol", disabled: "true" });
  });

  it("puts the server's field errors on their fields", async () => {
    const user = userEvent.setup();
    const api = openUsers();
    serveUser(api);
    api.patch("/users/u-10", [
      400,
      {
        message: "Validation failed",
        errors: [{ field: "status", message: "Status must be at most 50 characters" }],
      },
    ]);

    const modal = await openEditor(user, "Carol Diaz", "Edit Carol Diaz");
    await waitFor(() => expect(values(modal)).toEqual(carolValues));
    await user.click(within(modal).getByRole("button", { name: "Save" }));

    await expectFormMessage("Status must be at most 50 characters", modal);
    expect(within(modal).getByText("Validation failed")).toBeInTheDocument();
  });
});
