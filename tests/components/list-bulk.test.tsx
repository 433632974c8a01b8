// Bulk actions on a list, in the real app against the fake API (the Users list, then Products):
// rows selected across pages, "Select all matching" paging through the list, one reason prompt and a
// confirmation naming the count, each row's own single call with its body, the outcome summary with
// a failure's message, the failed rows kept selected, and Cancel stopping the rows not yet sent.
import { screen, waitFor, within } from "@testing-library/react";
import userEvent, { type UserEvent } from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import type { User } from "@contract";
import { changes, compileFirst, deferred, pasteInto, renderApp, signedInApi } from "../app/support";
import type { Answer, FakeApi } from "../support/fake-api";
import { paged, product } from "../resources/products/fixtures";
import { carol, dave, erin, findDialog, findRow, openUsers, queryDialog, USERS } from "../resources/users/support";

compileFirst(
  () => import("@/resources/users/list"),
  () => import("@/resources/products/list"),
);

const bar = () => screen.getByRole("region", { name: "Selected users" });

/** Ticks the row showing `text`; its checkbox is named after the row (a nameless user by key). */
async function tick(user: UserEvent, text: string, name = text) {
  await findRow(text);
  await user.click(screen.getByRole("checkbox", { name: `Select ${name}` }));
}

/** A deactivation that changes the held user, as the server would. */
function serveDeactivate(api: FakeApi, users: User[], answer?: (id: string) => Answer | Promise<Answer> | undefined) {
  api.patch(/^\/users\/[^/]+\/deactivate$/, async (request) => {
    const id = request.path.split("/")[2];
    const held = await answer?.(id);
    if (held) return held;
    const target = users.find((entry) => entry.id === id);
    if (!target) return [404, { message: "User not found" }];
    target.disabled = true;
    return [200, { data: target }];
  });
}

function member(i: number): User {
  return {
    ...carol,
    id: `m-${i}`,
    publicKey: `Key${String(i).padStart(3, "0")}${"c".repeat(38)}`,
    displayName: `Member ${i}`,
    contactInfo: null,
  };
}

/** GET /users paging like the API, serving at most `cap` rows a page whatever the limit. */
function pagedUsers(api: FakeApi, users: User[], cap = 20) {
  api.get("/users", ({ query }) => {
    const limit = Math.min(Number(query.limit ?? 20), cap);
    const page = Number(query.page ?? 1);
    const matching = users.filter((entry) => query.disabled === undefined || String(entry.disabled) === query.disabled);
    const items = matching.slice((page - 1) * limit, page * limit);
    return [200, { data: { items, total: matching.length, page, limit, totalPages: Math.ceil(matching.length / limit) } }];
  });
}

async function finishReason(user: UserEvent, reason: string) {
  await user.click(within(await findDialog("Please confirm")).getByRole("button", { name: "OK" }));
  const reasonStep = await findDialog("Reason required");
  await pasteInto(user, within(reasonStep).getByRole("textbox"), reason);
  await user.click(within(reasonStep).getByRole("button", { name: "Deactivate" }));
}

describe("bulk actions on a list", () => {
  it("counts the selected rows, offers all matching ones and clears them", async () => {
    const user = userEvent.setup();
    openUsers();
    await screen.findByRole("heading", { name: "User Management" });
    expect(screen.queryByRole("region", { name: "Selected users" })).not.toBeInTheDocument();

    await tick(user, "Carol Diaz");
    expect(within(bar()).getByRole("status")).toHaveTextContent("1 selected");
    await tick(user, "Erin Ford");
    expect(within(bar()).getByRole("status")).toHaveTextContent("2 selected");
    expect(within(bar()).getByRole("button", { name: "Select all 4 matching" })).toBeInTheDocument();

    await user.click(within(bar()).getByRole("button", { name: "Clear" }));
    expect(screen.queryByRole("region", { name: "Selected users" })).not.toBeInTheDocument();
    expect(screen.getByRole("checkbox", { name: "Select Carol Diaz" })).not.toBeChecked();
  });

  it("deactivates the selected users with one reason, each by its own call, skipping the one already disabled", async () => {
    const user = userEvent.setup();
    const held = USERS.map((entry) => ({ ...entry }));
    const api = openUsers("/users", held);
    serveDeactivate(api, held);

    await tick(user, "Carol Diaz");
    await tick(user, "No Name", dave.publicKey);
    await tick(user, "Erin Ford"); // already disabled
    await user.click(within(bar()).getByRole("button", { name: "Deactivate" }));

    const confirm = await findDialog("Please confirm");
    expect(within(confirm).getByText("Deactivate 2 users? 1 user of the selection needs no change and is skipped.")).toBeInTheDocument();
    await user.click(within(confirm).getByRole("button", { name: "OK" }));
    const reasonStep = await findDialog("Reason required");
    // The single action's own words.
    expect(within(reasonStep).getByText("Reason for deactivation (required):")).toBeInTheDocument();
    expect(within(reasonStep).getByRole("button", { name: "Deactivate" })).toBeDisabled();
    await pasteInto(user, within(reasonStep).getByRole("textbox"), "  Spam wave  ");
    await user.click(within(reasonStep).getByRole("button", { name: "Deactivate" }));

    const summary = await findDialog("Deactivate users: outcome");
    await within(summary).findByText("2 done, 0 failed, 1 skipped (no change needed)");
    const sent = changes(api).sort((a, b) => a.path.localeCompare(b.path));
    expect(sent).toEqual([
      { method: "PATCH", path: `/users/${carol.id}/deactivate`, body: { reason: "Spam wave" } },
      { method: "PATCH", path: `/users/${dave.id}/deactivate`, body: { reason: "Spam wave" } },
    ]);
    await user.click(within(summary).getByRole("button", { name: "OK" }));
    // Nothing failed: nothing stays selected.
    await waitFor(() => expect(screen.queryByRole("region", { name: "Selected users" })).not.toBeInTheDocument());
  });

  it("lists a failed row with the server's message while the others go through, and keeps it selected", async () => {
    const user = userEvent.setup();
    const held = USERS.map((entry) => ({ ...entry }));
    const api = openUsers("/users", held);
    serveDeactivate(api, held, (id) => (id === dave.id ? [409, { message: "This user has an open dispute" }] : undefined));

    await tick(user, "Carol Diaz");
    await tick(user, "No Name", dave.publicKey);
    await tick(user, "Frank Gray");
    await user.click(within(bar()).getByRole("button", { name: "Deactivate" }));
    expect(within(await findDialog("Please confirm")).getByText("Deactivate 3 users?")).toBeInTheDocument();
    await finishReason(user, "Cleanup");

    const summary = await findDialog("Deactivate users: outcome");
    await within(summary).findByText("2 done, 1 failed");
    const failure = within(summary).getByRole("listitem");
    expect(failure).toHaveTextContent(`${dave.publicKey}: This user has an open dispute`);
    expect(changes(api)).toHaveLength(3);
    await user.click(within(summary).getByRole("button", { name: "OK" }));
    await waitFor(() => expect(within(bar()).getByRole("status")).toHaveTextContent("1 selected"));
    expect(screen.getByRole("checkbox", { name: `Select ${dave.publicKey}` })).toBeChecked();
  });

  it("activates a disabled user with the Edit User save's body, Disabled off", async () => {
    const user = userEvent.setup();
    const api = openUsers();
    api.patch(`/users/${erin.id}`, [200, { data: { ...erin, disabled: false } }]);

    await tick(user, "Erin Ford");
    await user.click(within(bar()).getByRole("button", { name: "Activate" }));
    const confirm = await findDialog("Please confirm");
    expect(within(confirm).getByText("Activate 1 user?")).toBeInTheDocument();
    await user.click(within(confirm).getByRole("button", { name: "Activate" }));

    await within(await findDialog("Activate users: outcome")).findByText("1 done, 0 failed");
    expect(changes(api)).toEqual([
      {
        method: "PATCH",
        path: `/users/${erin.id}`,
        body: {
          displayName: "Erin Ford",
          contactInfo: "erin@example.com",
          role: "USER",
          verified: false,
          disabled: false,
          status: "active",
        },
      },
    ]);
  });

  it("selects all matching rows by paging through the list with its filters, then clears on a filter change", async () => {
    const user = userEvent.setup();
    const api = signedInApi();
    const members = Array.from({ length: 45 }, (_, i) => member(i));
    pagedUsers(api, members);
    renderApp("/users?filters[0][field]=disabled&filters[0][operator]=eq&filters[0][value]=false");

    await tick(user, "Member 0");
    await user.click(within(bar()).getByRole("button", { name: "Select all 45 matching" }));
    await waitFor(() => expect(within(bar()).getByRole("status")).toHaveTextContent("45 selected"));
    // The API serves 20 a page whatever was asked: three pages, each with the table's filter.
    const reads = api
      .requests("GET", "/users")
      .slice(1)
      .map((request) => request.query);
    expect(reads.map((query) => query.page)).toEqual(["1", "2", "3"]);
    expect(reads.every((query) => query.disabled === "false")).toBe(true);
    expect(within(bar()).queryByRole("button", { name: /Select all/ })).not.toBeInTheDocument();

    // Another list: the selection was of the previous one.
    await user.click(screen.getByRole("combobox", { name: "Status" }));
    await user.click(await screen.findByRole("option", { name: "Disabled" }));
    await waitFor(() => expect(screen.queryByRole("region", { name: "Selected users" })).not.toBeInTheDocument());
  });

  it("Cancel stops sending the rows not yet sent; those sent finish and the rest stay selected", async () => {
    const user = userEvent.setup();
    const api = signedInApi();
    const members = Array.from({ length: 6 }, (_, i) => member(i));
    pagedUsers(api, members);
    const gate = deferred<void>();
    serveDeactivate(api, members, () => gate.promise.then(() => undefined as unknown as Answer));
    renderApp("/users");

    await findRow("Member 0");
    await user.click(screen.getByRole("checkbox", { name: "Select all" }));
    expect(within(bar()).getByRole("status")).toHaveTextContent("6 selected");
    await user.click(within(bar()).getByRole("button", { name: "Deactivate" }));
    await finishReason(user, "Batch");

    const progress = await findDialog("Deactivate users");
    await waitFor(() => expect(changes(api)).toHaveLength(4)); // four at a time
    expect(within(progress).getByText("0 of 6 sent")).toBeInTheDocument();
    await user.click(within(progress).getByRole("button", { name: "Cancel" }));
    gate.resolve();

    await waitFor(() => expect(screen.getByText("4 done, 0 failed, 2 not sent (cancelled)")).toBeInTheDocument());
    expect(changes(api)).toHaveLength(4);
    await user.click(within(await findDialog("Deactivate users: outcome")).getByRole("button", { name: "OK" }));
    await waitFor(() => expect(queryDialog("Deactivate users: outcome")).toBeUndefined());
    expect(within(bar()).getByRole("status")).toHaveTextContent("2 selected");
  });

  it("features the selected products with the star's own call", async () => {
    const user = userEvent.setup();
    const api = signedInApi();
    const products = [
      product("p-1", { title: "Red Lamp" }),
      product("p-2", { title: "Blue Vase" }),
      product("p-3", { title: "Old Clock", isFeatured: true }),
    ];
    api.get("/admin/products", [200, paged(products)]);
    api.get("/products/categories", [200, { data: [{ category: "Books", count: 3 }] }]);
    api.put(/^\/products\/[^/]+\/feature$/, [200, { data: {} }]);
    renderApp("/products");

    await findRow("Red Lamp");
    for (const title of ["Red Lamp", "Blue Vase", "Old Clock"]) await user.click(screen.getByRole("checkbox", { name: `Select ${title}` }));
    const selection = screen.getByRole("region", { name: "Selected products" });
    await user.click(within(selection).getByRole("button", { name: "Feature" }));
    const confirm = await findDialog("Please confirm");
    expect(within(confirm).getByText("Feature 2 products? 1 product of the selection needs no change and is skipped.")).toBeInTheDocument();
    await user.click(within(confirm).getByRole("button", { name: "Feature" }));

    await within(await findDialog("Feature products: outcome")).findByText("2 done, 0 failed, 1 skipped (no change needed)");
    expect(changes(api).sort((a, b) => a.path.localeCompare(b.path))).toEqual([
      { method: "PUT", path: "/products/p-1/feature", body: { featured: true } },
      { method: "PUT", path: "/products/p-2/feature", body: { featured: true } },
    ]);
  });
});
