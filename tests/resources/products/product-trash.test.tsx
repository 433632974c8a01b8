// The products' trash, beyond the core API: the Deleted filter reads GET /admin/products/deleted and
// shows who deleted each product, when and why; Restore (in the row and in the record) asks for a
// reason and sends POST /admin/products/:id/restore; a 409 says why; against an API without the trash
// (404) neither the filter nor Restore shows, without a word.
import { screen, waitFor, within } from "@testing-library/react";
import type { UserEvent } from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { changes, choose, compileFirst, renderApp, setupUser, signedInApi } from "../../app/support";
import type { FakeApi } from "../../support/fake-api";
import { formatDate } from "@/utils/format";
import { paged, product } from "./fixtures";

const ADMIN = "7xKXtg2CW87d97TXJSDpbD5jBkheTqA83TZRuJosgAsU";
const LAMP = product("p1", { title: "Desk Lamp" });
const VASE = product("p9", {
  title: "Broken Vase",
  isDeleted: true,
  deletedAt: "2026-03-04T10:15:00.000Z",
  deleteReason: "Counterfeit report",
  deletedBy: { publicKey: ADMIN, displayName: "Dana Admin" },
});

function openProducts({ path = "/products", trash = true }: { path?: string; trash?: boolean } = {}): FakeApi {
  const api = signedInApi();
  api.get("/products/categories", [200, { data: [{ category: "Books", count: 2 }] }]);
  api.get("/admin/products", [200, paged([LAMP])]);
  if (trash) api.get("/admin/products/deleted", [200, paged([VASE])]);
  api.get("/products/p9", [200, { data: VASE }]);
  renderApp(path);
  return api;
}

/** Answers the confirmation with OK, types the reason and submits it. */
async function restoreWithReason(user: UserEvent, reason: string) {
  // The record's drawer is a dialog too: each step is found by its own words.
  const question = await screen.findByText('Restore "Broken Vase"? It is listed again as it was before its deletion.');
  await user.click(within(question.closest('[role="dialog"]') as HTMLElement).getByRole("button", { name: "OK" }));
  const field = await screen.findByLabelText("Reason for restoring (required):");
  const reasonStep = field.closest('[role="dialog"]') as HTMLElement;
  const submit = within(reasonStep).getByRole("button", { name: "Restore" });
  expect(submit).toBeDisabled();
  await user.click(field);
  await user.paste(reason);
  await user.click(submit);
}

compileFirst(() => import("@/resources/products/list"));

describe("Product Management: the trash (Deleted filter)", () => {
  it("lists the deleted products with who deleted them, when and why, and restores one with a reason", async () => {
    const api = openProducts();
    const user = setupUser();
    await screen.findByText("Desk Lamp");

    await choose(user, "Show", "Deleted");
    const row = (await screen.findByText("Broken Vase")).closest("tr") as HTMLElement;
    expect(screen.queryByText("Desk Lamp")).not.toBeInTheDocument();
    expect(api.requests("GET", "/admin/products/deleted").at(-1)?.query).toMatchObject({ page: "1", limit: "20" });
    expect(api.requests("GET", "/admin/products/deleted").at(-1)?.query).not.toHaveProperty("deleted");
    expect(row).toHaveTextContent("Dana Admin");
    expect(row).toHaveTextContent("Counterfeit report");
    expect(row).toHaveTextContent(`${formatDate(VASE.deletedAt)} by Dana Admin`);
    expect(within(row).queryByRole("button", { name: 'Delete "Broken Vase"' })).not.toBeInTheDocument();
    // The bulk actions change listed products: no selection column in the trash.
    expect(within(row).queryByRole("checkbox")).not.toBeInTheDocument();

    api.post("/admin/products/p9/restore", [
      200,
      { data: { ...VASE, isDeleted: false, deletedAt: null, deleteReason: null, deletedBy: null } },
    ]);
    await user.click(within(row).getByRole("button", { name: 'Restore "Broken Vase"' }));
    await restoreWithReason(user, "Report was wrong");
    await waitFor(() =>
      expect(changes(api)).toEqual([{ method: "POST", path: "/admin/products/p9/restore", body: { reason: "Report was wrong" } }]),
    );
    expect(await screen.findByText('"Broken Vase" was restored')).toBeInTheDocument();
    await waitFor(() => expect(api.requests("GET", "/admin/products/deleted").length).toBeGreaterThan(2));
  });

  it("offers Restore on a deleted product's record, and shows the API's 409 when another admin restored it first", async () => {
    const api = openProducts({ path: "/products/p9" });
    const user = setupUser();
    const drawer = (await screen.findByText("Deletion reason")).closest(".ant-drawer") as HTMLElement;
    expect(drawer).toHaveTextContent("Counterfeit report");
    expect(drawer).toHaveTextContent("Dana Admin");

    api.post("/admin/products/p9/restore", [409, { message: "The product is not deleted: another admin may have restored it already" }]);
    await user.click(await within(drawer).findByRole("button", { name: 'Restore "Broken Vase"' }));
    await restoreWithReason(user, "Mistake");
    await waitFor(() =>
      expect(changes(api)).toEqual([{ method: "POST", path: "/admin/products/p9/restore", body: { reason: "Mistake" } }]),
    );
    expect(await screen.findByText('Could not restore "Broken Vase"')).toBeInTheDocument();
    expect(screen.getByText("The product is not deleted: another admin may have restored it already")).toBeInTheDocument();
  });

  it("hides the Deleted filter and Restore, without a word, against an API without the trash (404)", async () => {
    const api = openProducts({ path: "/products/p9", trash: false });
    const drawer = (await screen.findByText("Deletion reason")).closest(".ant-drawer") as HTMLElement;
    await waitFor(() => expect(api.requests("GET", "/admin/products/deleted").length).toBe(1));
    await waitFor(() => expect(screen.queryByRole("combobox", { name: "Show" })).not.toBeInTheDocument());
    expect(within(drawer).queryByRole("button", { name: 'Restore "Broken Vase"' })).not.toBeInTheDocument();
    expect(screen.queryByText(/not found/i)).not.toBeInTheDocument();
    expect(screen.getByRole("combobox", { name: "Featured" })).toBeInTheDocument();
  });

  it("opens a link into the trash against an API without one (404) on the listed products", async () => {
    const api = openProducts({ path: "/products?filters[0][field]=deleted&filters[0][operator]=eq&filters[0][value]=true", trash: false });
    expect(await screen.findByText("Desk Lamp")).toBeInTheDocument();
    expect(api.requests("GET", "/admin/products").at(-1)?.query).not.toHaveProperty("deleted");
    expect(screen.queryByRole("combobox", { name: "Show" })).not.toBeInTheDocument();
  });
});
