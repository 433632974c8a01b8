import { screen, waitFor, within } from "@testing-library/react";
import type { UserEvent } from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { UNDO_REASON } from "@/resources/products/use-product-actions";
import type { Product } from "@contract";
import { changes, compileFirst, renderApp, setupUser, signedInApi } from "../../app/support";
import type { FakeApi } from "../../support/fake-api";
import { paged, product } from "./fixtures";

const LAMP = product("p1", { title: "Desk Lamp" });
const MUG = product("p2", { title: "Mug", isActive: false, isFeatured: true });

function openProducts(items: Product[] = [LAMP, MUG]): FakeApi {
  const api = signedInApi();
  api.get("/products/categories", [200, { data: [{ category: "Books", count: 2 }] }]);
  api.get("/admin/products", [200, paged(items)]);
  renderApp("/products");
  return api;
}

/** The state-changing requests (anything but GET). */
const listLoads = (api: FakeApi) => api.requests("GET", "/admin/products").length;
const categoryLoads = (api: FakeApi) => api.requests("GET", "/products/categories").length;

/** The list with its rows shown (`title`'s among them), and a user to act on it. */
async function openListed(title = "Desk Lamp") {
  const api = openProducts();
  const user = setupUser();
  await screen.findByText(title);
  return { api, user };
}

async function dialog() {
  return screen.findByRole("dialog");
}

/** Answers the confirmation with OK and returns the reason step's dialog. */
async function confirmStep(user: UserEvent, text: string) {
  const confirm = await dialog();
  expect(confirm).toHaveTextContent(text);
  await user.click(within(confirm).getByRole("button", { name: "OK" }));
  return dialog();
}

/** Cancels a dialog and waits for it to close. */
async function cancel(user: UserEvent, step: HTMLElement) {
  await user.click(within(step).getByRole("button", { name: "Cancel" }));
  await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
}

/** An action that asks to confirm, then for a reason: its button, the question, the reason's field and submit. */
interface ReasonedAction {
  action: string;
  question: string;
  field: string;
  submit: string;
}

const DISABLE_LAMP: ReasonedAction = {
  action: 'Disable "Desk Lamp"',
  question: 'Are you sure you want to disable "Desk Lamp"?',
  field: "Reason for disabling (required):",
  submit: "Disable",
};
const ENABLE_MUG: ReasonedAction = {
  action: 'Enable "Mug"',
  question: 'Are you sure you want to enable "Mug"?',
  field: "Reason for enabling (required):",
  submit: "Enable",
};
const DELETE_LAMP: ReasonedAction = {
  action: 'Delete "Desk Lamp"',
  question: 'Are you sure you want to delete "Desk Lamp"? This action can be reversed by an admin.',
  field: "Reason for deletion (required):",
  submit: "Delete",
};

/** The action's confirmation cancelled once (closing it); then the action again, OK: its reason step. */
async function reasonStepAfterACancel(user: UserEvent, { action, question }: ReasonedAction) {
  await user.click(screen.getByRole("button", { name: action }));
  await cancel(user, await dialog());
  await user.click(screen.getByRole("button", { name: action }));
  return confirmStep(user, question);
}

/** The action the whole way through: its button, OK, the reason pasted, its submit. */
async function actWithReason(user: UserEvent, { action, question, field, submit }: ReasonedAction, reason: string) {
  await user.click(screen.getByRole("button", { name: action }));
  const reasonStep = await confirmStep(user, question);
  await user.click(within(reasonStep).getByLabelText(field));
  await user.paste(reason);
  await user.click(within(reasonStep).getByRole("button", { name: submit }));
}

// The machine running these is shared.

compileFirst(() => import("@/resources/products/list"));

describe("Product Management: featuring", () => {
  it("toggles the star with PUT /products/{id}/feature and refreshes the list and the categories", async () => {
    const { api, user } = await openListed();
    await waitFor(() => expect(categoryLoads(api)).toBe(1));
    api.put("/products/p1/feature", [200, { data: { ...LAMP, isFeatured: true } }]);
    api.put("/products/p2/feature", [200, { data: { ...MUG, isFeatured: false } }]);

    await user.click(screen.getByRole("button", { name: "Featured: Desk Lamp" }));
    await waitFor(() => expect(changes(api)).toEqual([{ method: "PUT", path: "/products/p1/feature", body: { featured: true } }]));
    expect(await screen.findByText('"Desk Lamp" is now featured')).toBeInTheDocument();
    await waitFor(() => expect(listLoads(api)).toBe(2));
    await waitFor(() => expect(categoryLoads(api)).toBe(2));

    await user.click(screen.getByRole("button", { name: "Featured: Mug" }));
    await waitFor(() => expect(changes(api).at(-1)).toEqual({ method: "PUT", path: "/products/p2/feature", body: { featured: false } }));
    await waitFor(() => expect(listLoads(api)).toBe(3));
    await waitFor(() => expect(categoryLoads(api)).toBe(3));
  });
});

describe("Product Management: enabling and disabling with a reason", () => {
  it("asks to confirm, then for a reason, and sends PATCH /admin/products/{id} {isActive, reason}", async () => {
    const { api, user } = await openListed();
    await waitFor(() => expect(categoryLoads(api)).toBe(1));
    api.patch("/admin/products/p1", [200, { data: { ...LAMP, isActive: false } }]);

    await user.click(screen.getByRole("button", { name: DISABLE_LAMP.action }));
    const reasonStep = await confirmStep(user, DISABLE_LAMP.question);
    const field = within(reasonStep).getByLabelText(DISABLE_LAMP.field);
    const submit = within(reasonStep).getByRole("button", { name: DISABLE_LAMP.submit });
    expect(submit).toBeDisabled();
    await user.type(field, "   ");
    expect(submit).toBeDisabled();
    await user.click(field);
    await user.paste(" Counterfeit report ");
    await user.click(submit);

    await waitFor(() =>
      expect(changes(api)).toEqual([
        { method: "PATCH", path: "/admin/products/p1", body: { isActive: false, reason: "Counterfeit report" } },
      ]),
    );
    expect(await screen.findByText('"Desk Lamp" is now inactive')).toBeInTheDocument();
    await waitFor(() => expect(listLoads(api)).toBe(2));
    await waitFor(() => expect(categoryLoads(api)).toBe(2));
  });

  it("words the dialog 'enable' for an inactive product and sends isActive true", async () => {
    const { api, user } = await openListed("Mug");
    api.patch("/admin/products/p2", [200, { data: { ...MUG, isActive: true } }]);

    await actWithReason(user, ENABLE_MUG, "Review passed");

    await waitFor(() =>
      expect(changes(api)).toEqual([{ method: "PATCH", path: "/admin/products/p2", body: { isActive: true, reason: "Review passed" } }]),
    );
  });

  it("sends nothing when the confirmation or the reason is cancelled", async () => {
    const { api, user } = await openListed();

    const reasonStep = await reasonStepAfterACancel(user, DISABLE_LAMP);
    await user.click(within(reasonStep).getByLabelText(DISABLE_LAMP.field));
    await user.paste("changed my mind");
    await cancel(user, reasonStep);

    expect(changes(api)).toEqual([]);
  });

  it("shows the server's message when the change fails", async () => {
    const { api, user } = await openListed();
    api.patch("/admin/products/p1", [409, { message: "The product is deleted: restore it first" }]);

    await actWithReason(user, DISABLE_LAMP, "Spam");

    expect(await screen.findByText("The product is deleted: restore it first")).toBeInTheDocument();
    expect(screen.getByText('Could not disable "Desk Lamp"')).toBeInTheDocument();
    expect(within(screen.getByText("Desk Lamp").closest("tr")!).getByText("Active")).toBeInTheDocument();
  });
});

describe("Product Management: deleting with a reason", () => {
  it("sends DELETE /admin/products/{id} with the reason in the body, then offers Undo (restore)", async () => {
    const { api, user } = await openListed();
    await waitFor(() => expect(categoryLoads(api)).toBe(1));
    api.delete("/admin/products/p1", [200, { data: { ...LAMP, isDeleted: true } }]);
    api.post("/admin/products/p1/restore", [200, { data: LAMP }]);

    await actWithReason(user, DELETE_LAMP, "Duplicate listing");
    await waitFor(() =>
      expect(changes(api)).toEqual([{ method: "DELETE", path: "/admin/products/p1", body: { reason: "Duplicate listing" } }]),
    );
    await waitFor(() => expect(listLoads(api)).toBe(2));
    await waitFor(() => expect(categoryLoads(api)).toBe(2));

    const notice = (await screen.findByText('"Desk Lamp" was deleted')).closest(".ant-notification-notice") as HTMLElement;
    await user.click(within(notice).getByRole("button", { name: "Undo" }));
    await waitFor(() =>
      expect(changes(api).at(-1)).toEqual({
        method: "POST",
        path: "/admin/products/p1/restore",
        body: { reason: UNDO_REASON },
      }),
    );
    expect(await screen.findByText('"Desk Lamp" was restored')).toBeInTheDocument();
    await waitFor(() => expect(listLoads(api)).toBe(3));
  });

  it("sends nothing when the deletion is cancelled or the reason left blank", async () => {
    const { api, user } = await openListed();

    const reasonStep = await reasonStepAfterACancel(user, DELETE_LAMP);
    expect(within(reasonStep).getByRole("button", { name: DELETE_LAMP.submit })).toBeDisabled();
    await cancel(user, reasonStep);

    expect(changes(api)).toEqual([]);
  });

  it("stops offering Undo once the server answers 404 to restore", async () => {
    const { api, user } = await openListed();
    api.delete("/admin/products/p1", [200, { data: { ...LAMP, isDeleted: true } }]);
    api.post("/admin/products/p1/restore", [404, { message: "Not Found" }]);

    await actWithReason(user, DELETE_LAMP, "Duplicate listing");
    const notice = (await screen.findByText('"Desk Lamp" was deleted')).closest(".ant-notification-notice") as HTMLElement;
    await user.click(within(notice).getByRole("button", { name: "Undo" }));
    await waitFor(() => expect(changes(api).at(-1)?.path).toBe("/admin/products/p1/restore"));

    // The notice comes back without Undo, and without an error.
    await waitFor(() => expect(screen.getByText('"Desk Lamp" was deleted')).toBeInTheDocument());
    await waitFor(() => expect(screen.queryByRole("button", { name: "Undo" })).not.toBeInTheDocument());
    expect(screen.queryByText(/Could not restore/)).not.toBeInTheDocument();

    await actWithReason(user, DELETE_LAMP, "Again");
    await waitFor(() => expect(changes(api).at(-1)).toEqual({ method: "DELETE", path: "/admin/products/p1", body: { reason: "Again" } }));
    await waitFor(() => expect(screen.getAllByText('"Desk Lamp" was deleted').length).toBeGreaterThan(0));
    expect(screen.queryByRole("button", { name: "Undo" })).not.toBeInTheDocument();
  });
});
