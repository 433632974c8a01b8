// Beyond the core API: the Webhooks screen, against the fake API: the endpoints and the deliveries
// with their attempts, a failed delivery re-sent, an endpoint added with its secret shown once or
// changed from its row, and the whole section hidden when the API has no webhooks (404).
import { cleanup, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import type { WebhookDelivery, WebhookEndpoint } from "@contract";
import {
  changes,
  choose,
  compileFirst,
  deferred,
  dialogWith,
  findDialogWith,
  openScreen,
  renderApp,
  selectedText,
  setupUser,
  sidebarSections,
  signedInApi,
} from "../../app/support";
import { expectFormMessage } from "../../support/form-message";
import type { FakeApi } from "../../support/fake-api";

compileFirst(() => import("@/resources/webhooks/list"));

const SECRET = "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw+qGx5qdBd7c=";

const ENDPOINT: WebhookEndpoint = {
  id: "ep-1",
  url: "https://hooks.example.com/ops",
  description: "Ops pager",
  events: ["dispute.opened", "settlement.failed"],
  enabled: true,
  createdAt: "2025-03-10T10:00:00.000Z",
  updatedAt: "2025-03-10T10:00:00.000Z",
};

const FAILED: WebhookDelivery = {
  id: "d-1",
  eventId: "msg_1",
  eventType: "settlement.failed",
  endpointId: "ep-1",
  endpointUrl: ENDPOINT.url,
  status: "failed",
  lastStatusCode: 503,
  lastError: "HTTP 503",
  nextAttemptAt: null,
  deliveredAt: null,
  createdAt: "2025-03-10T11:00:00.000Z",
  payload: "{}",
  attempts: [
    { at: "2025-03-10T11:00:00.000Z", statusCode: 503, error: "HTTP 503", response: "Service Unavailable", durationMs: 12 },
    { at: "2025-03-10T11:00:10.000Z", statusCode: null, error: "No answer within 10 s", response: null, durationMs: 10000 },
  ],
};
const DELIVERED: WebhookDelivery = {
  ...FAILED,
  id: "d-2",
  eventId: "msg_2",
  eventType: "dispute.opened",
  status: "delivered",
  lastStatusCode: 200,
  lastError: null,
  deliveredAt: "2025-03-10T12:00:00.000Z",
  createdAt: "2025-03-10T12:00:00.000Z",
  attempts: [{ at: "2025-03-10T12:00:00.000Z", statusCode: 200, error: null, response: "ok", durationMs: 8 }],
};

function webhooksApi(endpointList: WebhookEndpoint[] = [ENDPOINT]): FakeApi {
  const api = signedInApi();
  api.get("/admin/webhooks", () => [200, { data: { items: endpointList, total: endpointList.length, page: 1, limit: 20, totalPages: 1 } }]);
  api.get("/admin/webhooks/deliveries", [200, { data: { items: [DELIVERED, FAILED], total: 2, page: 1, limit: 20, totalPages: 1 } }]);
  return api;
}

describe("Webhooks", () => {
  it("lists the endpoints and the deliveries with their attempts, and re-sends a failed one", async () => {
    const api = webhooksApi();
    const user = setupUser();
    await openScreen("/webhooks", "Webhooks");
    expect(await screen.findByText("Ops pager")).toBeInTheDocument();
    expect(screen.getAllByText("Settlement failed").length).toBeGreaterThan(0);
    await waitFor(() => expect(sidebarSections()).toContain("Webhooks"));

    const failedRow = (await screen.findByText("Failed")).closest("tr")!;
    expect(within(failedRow).getByText("2")).toBeInTheDocument();
    await user.click(within(failedRow).getByRole("button", { name: "Expand row" }));
    const attempts = await screen.findByRole("list", { name: "Attempts" });
    expect(attempts).toHaveTextContent("503");
    expect(attempts).toHaveTextContent("Service Unavailable");
    expect(attempts).toHaveTextContent("No answer · No answer within 10 s");

    const deliveredRow = screen.getByText("Delivered").closest("tr")!;
    expect(within(deliveredRow).queryByRole("button", { name: "Re-send" })).not.toBeInTheDocument();
    api.post("/admin/webhooks/deliveries/d-1/resend", [200, { data: { ...FAILED, status: "pending" } }]);
    const before = api.requests("GET", "/admin/webhooks/deliveries").length;
    await user.click(within(failedRow).getByRole("button", { name: "Re-send" }));
    await waitFor(() => expect(changes(api)).toEqual([{ method: "POST", path: "/admin/webhooks/deliveries/d-1/resend", body: {} }]));
    expect(await screen.findByText("Delivery queued again")).toBeInTheDocument();
    await waitFor(() => expect(api.requests("GET", "/admin/webhooks/deliveries").length).toBeGreaterThan(before));
  });

  it("keeps the deliveries' endpoint and page in the URL: a fresh load of that URL shows the same deliveries", async () => {
    const pager: WebhookEndpoint = { ...ENDPOINT, id: "ep-2", url: "https://hooks.example.com/pager", description: "Night pager" };
    const api = webhooksApi([ENDPOINT, pager]);
    // 45 deliveries: three pages of 20, each row naming its page.
    api.get("/admin/webhooks/deliveries", ({ query }) => {
      const page = Number(query.page);
      const items = [{ ...FAILED, id: `d-p${page}`, endpointUrl: `https://hooks.example.com/page-${page}` }];
      return [200, { data: { items, total: 45, page, limit: 20, totalPages: 3 } }];
    });
    const deliveriesQueries = () => api.requests("GET", "/admin/webhooks/deliveries").map((request) => request.query);
    const user = setupUser();
    await openScreen("/webhooks", "Webhooks");
    await screen.findByText("https://hooks.example.com/page-1");

    await choose(user, "Endpoint", "Night pager");
    await waitFor(() => expect(deliveriesQueries().at(-1)).toEqual({ page: "1", limit: "20", endpointId: "ep-2" }));
    const deliveries = screen.getByText("Deliveries").closest<HTMLElement>(".ant-card")!;
    await user.click(within(deliveries).getByTitle("2"));
    await screen.findByText("https://hooks.example.com/page-2");
    expect(deliveriesQueries().at(-1)).toEqual({ page: "2", limit: "20", endpointId: "ep-2" });
    await waitFor(() => expect(new URLSearchParams(window.location.search).get("deliveriesPage")).toBe("2"));
    const url = `${window.location.pathname}${window.location.search}`;
    const params = new URLSearchParams(window.location.search);
    expect(params.get("deliveriesEndpoint")).toBe("ep-2");
    // The endpoints table's own paging is kept beside it.
    expect(params.get("currentPage")).toBe("1");

    cleanup();
    const before = deliveriesQueries().length;
    // The endpoints held back: the chosen one is not shown as its bare id meanwhile, then by its name.
    const endpointsAnswer = deferred<[number, unknown]>();
    api.get("/admin/webhooks", () => endpointsAnswer.promise);
    renderApp(url);
    await screen.findByText("https://hooks.example.com/page-2");
    expect(deliveriesQueries().slice(before)[0]).toEqual({ page: "2", limit: "20", endpointId: "ep-2" });
    expect(selectedText("Endpoint")).toBe("Loading...");
    endpointsAnswer.resolve([200, { data: { items: [ENDPOINT, pager], total: 2, page: 1, limit: 20, totalPages: 1 } }]);
    await waitFor(() => expect(selectedText("Endpoint")).toBe("Night pager"));

    // All endpoints again: back to page 1, and neither parameter is left in the URL.
    await choose(user, "Endpoint", "All endpoints");
    await screen.findByText("https://hooks.example.com/page-1");
    expect(deliveriesQueries().at(-1)).toEqual({ page: "1", limit: "20" });
    const cleared = new URLSearchParams(window.location.search);
    expect(cleared.has("deliveriesEndpoint") || cleared.has("deliveriesPage")).toBe(false);
  });

  it("adds an endpoint: the form checks its fields, and the secret is shown once", async () => {
    const api = webhooksApi([]);
    const user = setupUser();
    renderApp("/webhooks");

    await user.click(await screen.findByRole("button", { name: "Add endpoint" }));
    const dialog = await screen.findByRole("dialog", { name: "Add webhook endpoint" });
    await user.click(within(dialog).getByRole("button", { name: "Add endpoint" }));
    await expectFormMessage("URL is required", dialog);
    expect(within(dialog).getByText("Choose at least one event")).toBeInTheDocument();
    expect(changes(api)).toEqual([]);

    const created = {
      ...ENDPOINT,
      id: "ep-2",
      url: "https://hooks.example.com/new",
      description: null,
      events: ["payout.proposed"],
      secret: SECRET,
    };
    api.post("/admin/webhooks", [201, { data: created }]);
    await user.type(within(dialog).getByLabelText("URL"), "https://hooks.example.com/new");
    await user.click(within(dialog).getByLabelText("Payout proposed"));
    await user.click(within(dialog).getByRole("button", { name: "Add endpoint" }));

    const shown = await screen.findByRole("dialog", { name: "Endpoint added" });
    expect(within(shown).getByText(SECRET)).toBeInTheDocument();
    expect(within(shown).getByText("Copy the signing secret now")).toBeInTheDocument();
    expect(changes(api)).toEqual([
      { method: "POST", path: "/admin/webhooks", body: { url: "https://hooks.example.com/new", events: ["payout.proposed"] } },
    ]);
    await user.click(within(shown).getByRole("button", { name: "Done" }));
    await waitFor(() => expect(screen.queryByText(SECRET)).not.toBeInTheDocument());
    // Opened again, the dialog is a new form: the secret is nowhere.
    await user.click(screen.getByRole("button", { name: "Add endpoint" }));
    expect(await screen.findByRole("dialog", { name: "Add webhook endpoint" })).toBeInTheDocument();
    expect(screen.queryByText(SECRET)).not.toBeInTheDocument();
  });

  it("changes an endpoint's URL, description and events from its row, keeping what was typed when the server refuses", async () => {
    const api = webhooksApi();
    const user = setupUser();
    renderApp("/webhooks");

    await user.click(await screen.findByRole("button", { name: `Edit ${ENDPOINT.url}` }));
    const dialog = await findDialogWith("Edit webhook endpoint");
    const url = await within(dialog).findByLabelText("URL");
    expect(url).toHaveValue(ENDPOINT.url);
    expect(within(dialog).getByLabelText("Description")).toHaveValue("Ops pager");
    expect(within(dialog).getByLabelText("Dispute opened")).toBeChecked();
    expect(within(dialog).getByLabelText("Settlement failed")).toBeChecked();

    await user.clear(url);
    await user.click(within(dialog).getByRole("button", { name: "Save" }));
    await expectFormMessage("URL is required", dialog);
    expect(changes(api)).toEqual([]);

    const message = "url: must be an https address that is not on a private network";
    api.patch(`/admin/webhooks/${ENDPOINT.id}`, [400, { message }]);
    await user.type(url, "http://10.0.0.5/hook");
    await user.clear(within(dialog).getByLabelText("Description"));
    await user.click(within(dialog).getByLabelText("Dispute opened"));
    await user.click(within(dialog).getByLabelText("Payout proposed"));
    await user.click(within(dialog).getByRole("button", { name: "Save" }));
    expect(await within(dialog).findByText(message)).toBeInTheDocument();
    expect(url).toHaveValue("http://10.0.0.5/hook");

    const changed = {
      ...ENDPOINT,
      url: "https://hooks.example.com/pager",
      description: null,
      events: ["payout.proposed", "settlement.failed"],
    };
    api.patch(`/admin/webhooks/${ENDPOINT.id}`, [200, { data: changed }]);
    await user.clear(url);
    await user.type(url, "https://hooks.example.com/pager");
    await user.click(within(dialog).getByRole("button", { name: "Save" }));
    await waitFor(() => expect(dialogWith("Edit webhook endpoint")).toBeUndefined());
    const body = { url: "https://hooks.example.com/pager", description: null, events: ["payout.proposed", "settlement.failed"] };
    expect(changes(api)).toEqual([
      { method: "PATCH", path: `/admin/webhooks/${ENDPOINT.id}`, body: { ...body, url: "http://10.0.0.5/hook" } },
      { method: "PATCH", path: `/admin/webhooks/${ENDPOINT.id}`, body },
    ]);
  });
});
