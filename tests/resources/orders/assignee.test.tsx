// Taking disputes, beyond the core API: the Assignee column and filter of Orders, "Assign to me" and
// Release in a dispute's details (an owner's, after a confirmation, for another admin's dispute), and all of it hidden where GET /admin/orders/assignments answers 404.
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { endpoints } from "@/providers/endpoints";
import { ROLES } from "@contract";
import { ADMIN_KEY, alice, choose, columnTitles, type TestUser } from "../../app/support";
import { makeOrder, openDetails, openOrders, ordersApi, page, section } from "./support";

const OTHER_ADMIN = "0therAdmin1111111111111111111111111111111111";

function withAssignments(api: ReturnType<typeof ordersApi>["api"]) {
  api.get(endpoints.orderAssignments, [200, { data: { mine: 1, unassigned: 5 } }]);
  return api;
}

describe("taking disputes (beyond the core API)", () => {
  it("shows who took each dispute in the list, under its status, and filters by Assigned to me and Unassigned", async () => {
    const mine = makeOrder({ status: "DISPUTED", assignedTo: ADMIN_KEY });
    const theirs = makeOrder({ status: "DISPUTED", assignedTo: OTHER_ADMIN });
    const nobodys = makeOrder({ status: "DISPUTED", assignedTo: null });
    const { api, listQueries } = ordersApi(() => [200, page([mine, theirs, nobodys])]);
    withAssignments(api);
    const user = userEvent.setup();
    openOrders();

    await screen.findByRole("combobox", { name: "Filter orders by assignee" });
    await screen.findByText(`${mine.id.slice(0, 8)}...`);
    // Under each dispute's status, not in a column of its own: the table still fits a laptop.
    expect(columnTitles()).not.toContain("Assignee");
    const statusCell = (order: typeof mine) => {
      const row = screen.getByText(`${order.id.slice(0, 8)}...`).closest("tr")!;
      return within(row).getAllByRole("cell")[columnTitles().indexOf("Status")];
    };
    await waitFor(() => expect(statusCell(mine)).toHaveTextContent(/^DISPUTEDYou$/));
    expect(statusCell(theirs)).toHaveTextContent(OTHER_ADMIN.slice(0, 4));
    expect(statusCell(nobodys)).toHaveTextContent(/^DISPUTED$/);

    await choose(user, "Filter orders by assignee", "Assigned to me");
    await waitFor(() => expect(listQueries().at(-1)).toEqual({ page: "1", limit: "20", assignee: "me" }));
    await choose(user, "Filter orders by assignee", "Unassigned");
    await waitFor(() => expect(listQueries().at(-1)).toEqual({ page: "1", limit: "20", assignee: "none" }));
    expect(new URL(window.location.href).search).toContain("assignee");
  });

  it("takes a dispute with Assign to me and releases it from its details", async () => {
    const order = makeOrder({ status: "DISPUTED", disputeRaisedAt: "2025-03-01T00:00:00.000Z", assignedTo: null });
    const { api } = ordersApi(() => [200, page([order])]);
    withAssignments(api);
    api.post(endpoints.orderAssignee(order.id), [
      200,
      { data: { ...order, assignedTo: ADMIN_KEY, assignedAt: "2025-03-05T00:00:00.000Z" } },
    ]);
    api.delete(endpoints.orderAssignee(order.id), [200, { data: { ...order, assignedTo: null, assignedAt: null } }]);
    const user = userEvent.setup();
    openOrders();
    await screen.findByRole("combobox", { name: "Filter orders by assignee" });

    const dialog = await openDetails(user, order);
    const dispute = section(dialog, "Dispute Details");
    expect(dispute).toHaveTextContent(/AssigneeUnassigned/);
    await user.click(within(dispute).getByRole("button", { name: "Assign to me" }));
    await waitFor(() => expect(dispute).toHaveTextContent(/AssigneeYou/));
    expect(api.requests("POST", endpoints.orderAssignee(order.id))).toHaveLength(1);
    expect(within(dispute).queryByRole("button", { name: "Assign to me" })).not.toBeInTheDocument();

    await user.click(within(dispute).getByRole("button", { name: "Release" }));
    await waitFor(() => expect(within(dispute).getByRole("button", { name: "Assign to me" })).toBeInTheDocument());
    expect(api.requests("DELETE", endpoints.orderAssignee(order.id))).toHaveLength(1);
    expect(dispute).toHaveTextContent(/AssigneeUnassigned/);
  });

  it("lets an owner release a dispute another admin holds, once confirmed; cancelled, nothing is sent", async () => {
    const order = makeOrder({ status: "DISPUTED", disputeRaisedAt: "2025-03-01T00:00:00.000Z", assignedTo: OTHER_ADMIN });
    const { api } = ordersApi(() => [200, page([order])]);
    withAssignments(api);
    api.delete(endpoints.orderAssignee(order.id), [200, { data: { ...order, assignedTo: null, assignedAt: null } }]);
    const user = userEvent.setup();
    openOrders();
    await screen.findByRole("combobox", { name: "Filter orders by assignee" });
    const dispute = section(await openDetails(user, order), "Dispute Details");
    expect(dispute).toHaveTextContent(`Assignee${OTHER_ADMIN.slice(0, 4)}`);

    await user.click(within(dispute).getByRole("button", { name: "Release" }));
    const confirm = await screen.findByRole("tooltip", { name: /Release this dispute\?/ });
    expect(confirm).toHaveTextContent(`Held by ${OTHER_ADMIN.slice(0, 4)}`);
    await user.click(within(confirm).getByRole("button", { name: "Cancel" }));
    await api.settled();
    expect(api.requests("DELETE", endpoints.orderAssignee(order.id))).toHaveLength(0);

    await user.click(within(dispute).getByRole("button", { name: "Release" }));
    await user.click(
      within(await screen.findByRole("tooltip", { name: /Release this dispute\?/ })).getByRole("button", { name: "Release" }),
    );
    await waitFor(() => expect(dispute).toHaveTextContent(/AssigneeUnassigned/));
    expect(api.requests("DELETE", endpoints.orderAssignee(order.id))).toHaveLength(1);
    expect(within(dispute).getByRole("button", { name: "Assign to me" })).toBeInTheDocument();
  });

  it("keeps Release of another admin's dispute disabled, with the reason, for a role that is not an owner", async () => {
    const order = makeOrder({ status: "DISPUTED", disputeRaisedAt: "2025-03-01T00:00:00.000Z", assignedTo: OTHER_ADMIN });
    const operations: TestUser = { ...alice, teamRole: "operations", permissions: [...ROLES.operations.permissions] };
    const { api } = ordersApi(() => [200, page([order])], operations);
    withAssignments(api);
    const user = userEvent.setup();
    openOrders();
    await screen.findByRole("combobox", { name: "Filter orders by assignee" });
    const dispute = section(await openDetails(user, order), "Dispute Details");
    const release = await waitFor(() => {
      const button = within(dispute).getByRole("button", { name: "Release" });
      expect(button).toBeDisabled();
      return button;
    });
    expect(release).toHaveAttribute("aria-description", "Your role (Operations) does not include Manage the admin team");
    await api.settled();
    expect(api.requests("DELETE", endpoints.orderAssignee(order.id))).toHaveLength(0);
  });

  it("says who holds a dispute another admin took first (409)", async () => {
    const order = makeOrder({ status: "DISPUTED", assignedTo: null });
    const { api } = ordersApi(() => [200, page([order])]);
    withAssignments(api);
    const message = `This dispute is already taken by Bob (${OTHER_ADMIN})`;
    api.post(endpoints.orderAssignee(order.id), [409, { message }]);
    const user = userEvent.setup();
    openOrders();
    await screen.findByRole("combobox", { name: "Filter orders by assignee" });
    const dispute = section(await openDetails(user, order), "Dispute Details");
    await user.click(within(dispute).getByRole("button", { name: "Assign to me" }));
    expect(await within(dispute).findByRole("alert")).toHaveTextContent(message);
  });

  it("hides the assignee, the filter and Assign to me against an API without assignment (404)", async () => {
    const order = makeOrder({ status: "DISPUTED", disputeRaisedAt: "2025-03-01T00:00:00.000Z" });
    const { api } = ordersApi(() => [200, page([order])]);
    const user = userEvent.setup();
    openOrders();
    await screen.findByText(`${order.id.slice(0, 8)}...`);
    await waitFor(() => expect(api.requests("GET", endpoints.orderAssignments).length).toBeGreaterThan(0));
    await api.settled();
    expect(screen.queryByRole("combobox", { name: "Filter orders by assignee" })).not.toBeInTheDocument();
    const dispute = section(await openDetails(user, order), "Dispute Details");
    expect(dispute).not.toHaveTextContent(/Assignee/);
    expect(within(dispute).queryByRole("button", { name: "Assign to me" })).not.toBeInTheDocument();
    expect(screen.queryByRole("alert")).not.toBeInTheDocument();
  });
});
