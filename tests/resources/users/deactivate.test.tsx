import { act, screen, waitFor, within } from "@testing-library/react";
import userEvent, { type UserEvent } from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import type { User } from "@contract";
import { compileFirst, pasteInto, renderApp, signedInApi } from "../../app/support";
import type { FakeApi } from "../../support/fake-api";
import { carol, dave, findDialog, findRow, listQueries, openUsers, queryDialog, serveUsers, USERS } from "./support";

compileFirst(() => import("@/resources/users/list"));

const CONFIRM = "Please confirm";
const REASON = "Reason required";

async function startDeactivation(user: UserEvent, rowText: string, buttonName: string) {
  const row = await findRow(rowText);
  await user.click(within(row).getByRole("button", { name: buttonName }));
  return findDialog(CONFIRM);
}

async function toReasonStep(user: UserEvent, confirm: HTMLElement) {
  await user.click(within(confirm).getByRole("button", { name: "OK" }));
  return findDialog(REASON);
}

async function dialogGone(name: string) {
  await waitFor(() => expect(queryDialog(name)).toBeUndefined());
}

/** A signed-in admin's API holding the users as a server does: a deactivation changes what the next GET /users returns. */
function liveUsersApi() {
  const api = signedInApi();
  const users: User[] = USERS.map((entry) => ({ ...entry }));
  serveUsers(api, users);
  serveDeactivate(api, users);
  return { api, users };
}

function serveDeactivate(api: FakeApi, users: User[]) {
  api.patch(/^\/users\/[^/]+\/deactivate$/, (request) => {
    const id = request.path.split("/")[2];
    const target = users.find((entry) => entry.id === id);
    if (!target) return [404, { message: "User not found" }];
    target.disabled = true;
    return [200, { data: target }];
  });
}

describe("deactivating a user", () => {
  it("asks 'Are you sure you want to deactivate {name}?' and sends nothing when cancelled", async () => {
    const user = userEvent.setup();
    const api = openUsers();

    const confirm = await startDeactivation(user, "Carol Diaz", "Deactivate Carol Diaz");
    expect(within(confirm).getByText("Are you sure you want to deactivate Carol Diaz?")).toBeInTheDocument();
    await user.click(within(confirm).getByRole("button", { name: "Cancel" }));
    await dialogGone(CONFIRM);

    expect(api.requests("PATCH")).toHaveLength(0);
    expect(queryDialog(REASON)).toBeUndefined();
  });

  it("names a user without a display name by their public key", async () => {
    const user = userEvent.setup();
    openUsers();

    const confirm = await startDeactivation(user, "No Name", `Deactivate ${dave.publicKey}`);
    expect(within(confirm).getByText(`Are you sure you want to deactivate ${dave.publicKey}?`)).toBeInTheDocument();
  });

  it("cannot be confirmed with a blank reason, and sends nothing when the reason step is cancelled", async () => {
    const user = userEvent.setup();
    const api = openUsers();

    const prompt = await toReasonStep(user, await startDeactivation(user, "Carol Diaz", "Deactivate Carol Diaz"));
    const field = within(prompt).getByLabelText("Reason for deactivation (required):");
    const submit = within(prompt).getByRole("button", { name: "Deactivate" });
    expect(submit).toBeDisabled();
    await pasteInto(user, field, "    ");
    expect(submit).toBeDisabled();
    await user.keyboard("{Control>}{Enter}{/Control}");
    await user.click(within(prompt).getByRole("button", { name: "Cancel" }));
    await dialogGone(REASON);

    expect(api.requests("PATCH")).toHaveLength(0);
  });

  it("sends PATCH /users/:id/deactivate { reason } once confirmed, then the row shows Disabled", async () => {
    const user = userEvent.setup();
    const { api } = liveUsersApi();
    renderApp("/users");

    const prompt = await toReasonStep(user, await startDeactivation(user, "Carol Diaz", "Deactivate Carol Diaz"));
    const listed = listQueries(api).length;
    await pasteInto(user, within(prompt).getByLabelText("Reason for deactivation (required):"), "  Spam listings  ");
    await user.click(within(prompt).getByRole("button", { name: "Deactivate" }));

    await waitFor(() => expect(api.requests("PATCH")).toHaveLength(1));
    const [patch] = api.requests("PATCH");
    expect(patch.path).toBe(`/users/${carol.id}/deactivate`);
    expect(patch.body).toEqual({ reason: "Spam listings" });

    await waitFor(() => expect(listQueries(api).length).toBeGreaterThan(listed));
    const row = await findRow("Carol Diaz");
    await waitFor(() => expect(within(row).getByText("Disabled")).toBeInTheDocument());
    expect(within(row).queryByRole("button", { name: "Deactivate Carol Diaz" })).not.toBeInTheDocument();
  });

  it("refreshes the dashboard counts after a deactivation", async () => {
    const user = userEvent.setup();
    const { api, users } = liveUsersApi();
    api.get("/admin/users/stats", () => [
      200,
      { data: { totalUsers: users.length, disabledUsers: users.filter((entry) => entry.disabled).length } },
    ]);
    renderApp("/");

    const disabledCard = () => within(screen.getByRole("region", { name: "Disabled Users" })).getByTestId(/^stat-/).textContent;
    await screen.findByRole("region", { name: "Disabled Users" });
    expect(disabledCard()).toBe("1");

    const nav = () => within(screen.getByRole("navigation", { name: "Sections" }));
    await user.click(nav().getByRole("link", { name: "Users" }));
    const prompt = await toReasonStep(user, await startDeactivation(user, "Carol Diaz", "Deactivate Carol Diaz"));
    await pasteInto(user, within(prompt).getByLabelText("Reason for deactivation (required):"), "Fraud");
    await user.click(within(prompt).getByRole("button", { name: "Deactivate" }));
    await waitFor(() => expect(api.requests("PATCH")).toHaveLength(1));
    const row = await findRow("Carol Diaz");
    await waitFor(() => expect(within(row).getByText("Disabled")).toBeInTheDocument());

    // Back to the dashboard within the cache's 5-minute freshness, by the browser's Back button: no
    // sidebar hover, so no preloading that could refresh the count on its own. It is read again.
    await act(async () => window.history.back());
    await waitFor(() => expect(disabledCard()).toBe("2"));
  });

  it("shows the server's refusal and leaves the row as it was", async () => {
    const user = userEvent.setup();
    const api = openUsers();
    api.patch(`/users/${carol.id}/deactivate`, [409, { message: "You cannot disable your own account" }]);

    const prompt = await toReasonStep(user, await startDeactivation(user, "Carol Diaz", "Deactivate Carol Diaz"));
    await pasteInto(user, within(prompt).getByLabelText("Reason for deactivation (required):"), "Testing");
    await user.click(within(prompt).getByRole("button", { name: "Deactivate" }));

    expect(await screen.findByText("You cannot disable your own account")).toBeInTheDocument();
    const row = await findRow("Carol Diaz");
    expect(within(row).getByRole("button", { name: "Deactivate Carol Diaz" })).toBeEnabled();
    expect(within(row).getByText("Active")).toBeInTheDocument();
  });
});
