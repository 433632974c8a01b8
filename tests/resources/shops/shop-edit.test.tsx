import { act, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import type { Shop } from "@contract";
import { changes, compileFirst, deferred, renderApp, setupUser, signedInApi } from "../../app/support";
import type { FakeApi } from "../../support/fake-api";
import { SELLER_KEY, shop, shopPage } from "./fixtures";

compileFirst(() => import("@/resources/shops/list"));

const HUB = shop("s1", {
  name: "Gadget Hub",
  description: "Phones and cables",
  category: "Electronics",
  productCount: 42,
  orderCount: 1234,
  viewCount: 98765,
  isActive: true,
  isVerified: false,
});
const NOOK = shop("s2", {
  name: "Book Nook",
  description: "Second-hand books",
  category: "Books",
  seller: { displayName: null, publicKey: SELLER_KEY },
  productCount: 3,
  orderCount: 7,
  viewCount: 55,
  isActive: false,
  isVerified: true,
});

function openShops(shops: Shop[] = [HUB, NOOK]): FakeApi {
  const api = signedInApi();
  api.get("/admin/shops", [200, shopPage(shops)]);
  for (const one of shops) api.get(`/admin/shops/${one.id}`, [200, { data: one }]);
  renderApp("/shops");
  return api;
}

/**
 * The open Edit Shop dialog, by its title: under NODE_ENV=test rc-util gives every dialog title and
 * tooltip the same id, so the row's Edit tooltip (still open after the click) would name it.
 */
const openModal = () =>
  screen.queryAllByRole("dialog").find((dialog) => dialog.querySelector(".ant-modal-title")?.textContent === "Edit Shop");
const modal = () =>
  waitFor(() => {
    const dialog = openModal();
    if (!dialog) throw new Error('no open dialog titled "Edit Shop"');
    return dialog;
  });
/** The value cell next to a read-only detail's label. */
function detail(dialog: HTMLElement, label: string): HTMLElement {
  const cell = [...dialog.querySelectorAll(".ant-descriptions-item-label")].find((element) => element.textContent === label);
  if (!cell?.nextElementSibling) throw new Error(`no detail "${label}"`);
  return cell.nextElementSibling as HTMLElement;
}
const toggle = (dialog: HTMLElement, name: string) => within(dialog).getByRole("switch", { name });

describe("Edit Shop modal", () => {
  it("shows the shop read-only with its two toggles, and sends exactly {isActive, isVerified}", async () => {
    const api = openShops();
    const user = setupUser();
    await screen.findByText("Gadget Hub");
    api.patch("/admin/shops/s1", [200, { data: { ...HUB, isVerified: true } }]);

    await user.click(screen.getByRole("button", { name: 'Edit "Gadget Hub"' }));
    const dialog = await modal();
    await within(dialog).findByText("Phones and cables");
    expect(detail(dialog, "Name")).toHaveTextContent("Gadget Hub");
    expect(detail(dialog, "Description")).toHaveTextContent("Phones and cables");
    expect(detail(dialog, "Category")).toHaveTextContent("Electronics");
    expect(detail(dialog, "Owner")).toHaveTextContent("Seller s1");
    expect(detail(dialog, "Products")).toHaveTextContent("42");
    expect(detail(dialog, "Orders")).toHaveTextContent("1,234");
    expect(detail(dialog, "Views")).toHaveTextContent("98,765");
    expect(within(dialog).queryByRole("textbox")).not.toBeInTheDocument();
    expect(within(dialog).getByText("Inactive shops are hidden from public view")).toBeInTheDocument();
    expect(within(dialog).getByText("Verified shops show a badge and rank higher in search")).toBeInTheDocument();
    expect(toggle(dialog, "Active Status")).toBeChecked();
    expect(toggle(dialog, "Verified Status")).not.toBeChecked();
    expect(api.requests("GET", "/admin/shops/s1")).toHaveLength(1);

    await user.click(toggle(dialog, "Verified Status"));
    const listLoads = api.requests("GET", "/admin/shops").length;
    await user.click(within(dialog).getByRole("button", { name: "Update Shop" }));

    await waitFor(() =>
      expect(changes(api)).toEqual([{ method: "PATCH", path: "/admin/shops/s1", body: { isActive: true, isVerified: true } }]),
    );
    await waitFor(() => expect(openModal()).toBeUndefined());
    await waitFor(() => expect(api.requests("GET", "/admin/shops").length).toBeGreaterThan(listLoads));
  });

  it("shows the owner's key (16 characters) when there is no display name", async () => {
    openShops();
    const user = setupUser();
    await screen.findByText("Book Nook");
    await user.click(screen.getByRole("button", { name: 'Edit "Book Nook"' }));
    const dialog = await modal();
    await within(dialog).findByText("Second-hand books");
    expect(detail(dialog, "Owner")).toHaveTextContent(`${SELLER_KEY.slice(0, 16)}...`);
  });

  it("shows each open's own shop, never the previous one's values", async () => {
    const api = openShops();
    const user = setupUser();
    await screen.findByText("Gadget Hub");
    const nook = deferred<[number, unknown]>();
    api.get("/admin/shops/s2", () => nook.promise);

    await user.click(screen.getByRole("button", { name: 'Edit "Gadget Hub"' }));
    let dialog = await modal();
    await within(dialog).findByText("Phones and cables");
    await user.click(toggle(dialog, "Active Status")); // changed, then abandoned
    await user.click(within(dialog).getByRole("button", { name: "Cancel" }));
    await waitFor(() => expect(openModal()).toBeUndefined());

    await user.click(screen.getByRole("button", { name: 'Edit "Book Nook"' }));
    dialog = await modal();
    // While Book Nook loads, nothing of Gadget Hub is shown.
    expect(within(dialog).queryByText("Phones and cables")).not.toBeInTheDocument();
    expect(within(dialog).queryByRole("switch")).not.toBeInTheDocument();
    // (its name says "loading" too while the shop loads)
    expect(within(dialog).getByRole("button", { name: /Update Shop/ })).toBeDisabled();

    await act(async () => nook.resolve([200, { data: NOOK }]));
    await within(dialog).findByText("Second-hand books");
    expect(detail(dialog, "Name")).toHaveTextContent("Book Nook");
    expect(toggle(dialog, "Active Status")).not.toBeChecked();
    expect(toggle(dialog, "Verified Status")).toBeChecked();

    await user.click(within(dialog).getByRole("button", { name: "Cancel" }));
    await waitFor(() => expect(openModal()).toBeUndefined());
    await user.click(screen.getByRole("button", { name: 'Edit "Gadget Hub"' }));
    dialog = await modal();
    await within(dialog).findByText("Phones and cables");
    expect(toggle(dialog, "Active Status")).toBeChecked();
    expect(toggle(dialog, "Verified Status")).not.toBeChecked();
    expect(changes(api)).toEqual([]);
  });

  it("keeps the toggles and shows the server's message when the save fails", async () => {
    const api = openShops();
    const user = setupUser();
    await screen.findByText("Gadget Hub");
    api.patch("/admin/shops/s1", [500, { message: "Database is read-only" }]);

    await user.click(screen.getByRole("button", { name: 'Edit "Gadget Hub"' }));
    const dialog = await modal();
    await within(dialog).findByText("Phones and cables");
    await user.click(toggle(dialog, "Active Status"));
    await user.click(toggle(dialog, "Verified Status"));
    await user.click(within(dialog).getByRole("button", { name: "Update Shop" }));

    await waitFor(() =>
      expect(changes(api)).toEqual([{ method: "PATCH", path: "/admin/shops/s1", body: { isActive: false, isVerified: true } }]),
    );
    const alert = await within(dialog).findByRole("alert");
    expect(alert).toHaveTextContent("Could not save the shop");
    expect(alert).toHaveTextContent("Database is read-only");
    // Still open, still as the admin set it (even after Refine refetches the shop).
    await waitFor(() => expect(api.requests("GET", "/admin/shops/s1").length).toBeGreaterThan(1));
    expect(openModal()).toBeDefined();
    expect(toggle(dialog, "Active Status")).not.toBeChecked();
    expect(toggle(dialog, "Verified Status")).toBeChecked();

    // A second try that works closes it.
    api.patch("/admin/shops/s1", [200, { data: { ...HUB, isActive: false, isVerified: true } }]);
    await user.click(within(dialog).getByRole("button", { name: "Update Shop" }));
    await waitFor(() => expect(openModal()).toBeUndefined());
    expect(changes(api)).toHaveLength(2);
  });
});
