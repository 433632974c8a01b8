// Taking disputes, beyond the core API: the Assignee column and filter of Orders, "Assign to me" and
// Release in a dispute's details, and all of it hidden where GET /admin/orders/assignments answers 404.
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { endpoints } from "@/providers/endpoints";
import { ADMIN_KEY, choose, columnTitles } from "../../app/support";
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
