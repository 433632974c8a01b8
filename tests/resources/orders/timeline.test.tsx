// The order timeline and its note form, rendered alone in a bare Refine app (the real data provider,
// HTTP answered by msw): events oldest first with their dates, reasons, signatures and signers; a note
// is sent trimmed and the timeline refreshed; a refusal keeps the text and shows the server's words;
// an API without the call (404) gets the fallback, and is not asked again.
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import type { TimelineEvent } from "@contract";
import { OrderTimeline } from "@/resources/orders/timeline";
import { formatDate } from "@/utils/format";
import { RefineHarness, renderInRefine } from "../../components/support";
import { fakeApiForThisFile, type Answer } from "../../support/fake-api";
import { expectFormMessage } from "../../support/form-message";

const api = fakeApiForThisFile();

const ORDER = "ord-7";
const TIMELINE = `/admin/orders/${ORDER}/timeline`;
const NOTES = `/admin/orders/${ORDER}/notes`;
const BUYER = "BuyerWa11etAddress1111111111111111111111111";
const ADMIN = "9xQeWvG816bUx9EPjHmaT23yvVM2ZWbrrpZb9PusVFin";
const FUNDING = "3fundSig".padEnd(88, "f");
const SETTLEMENT = "5VERv8NMvzbJMEkV8xnrLkEaWRtSz9CosKDYjCJjBRnbJLgp8uirBgmQpjKhoR4tjF3ZpRzrFmBV6UjKdiSZkQUW";

function event(overrides: Partial<TimelineEvent> & Pick<TimelineEvent, "id" | "at" | "kind" | "title">): TimelineEvent {
  return { detail: null, actor: null, reason: null, signature: null, cluster: null, signedBy: null, ...overrides };
}

const CREATED = event({ id: "order-created", at: "2025-03-01T10:00:00.000Z", kind: "created", title: "Order created", actor: BUYER });
const RESOLVED = event({
  id: "audit-4",
  at: "2025-03-03T16:45:00.000Z",
  kind: "admin-action",
  title: "Dispute resolved",
  actor: ADMIN,
  reason: "Photos show the damage",
  signature: SETTLEMENT,
  cluster: "devnet",
  signedBy: ADMIN,
});

const EVENTS: TimelineEvent[] = [
  CREATED,
  event({
    id: "order-funded",
    at: "2025-03-01T10:00:00.000Z",
    kind: "funded",
    title: "Paid into escrow",
    signature: FUNDING,
    cluster: "devnet",
  }),
  event({
    id: "order-disputed",
    at: "2025-03-02T09:30:00.000Z",
    kind: "disputed",
    title: "Dispute raised",
    detail: "Arrived broken",
    actor: BUYER,
  }),
  RESOLVED,
  event({
    id: "note-1",
    at: "2025-03-04T08:00:00.000Z",
    kind: "note",
    title: "Internal note",
    detail: "Called the buyer:\nhappy now",
    actor: ADMIN,
  }),
];

const timelineOf = (events: TimelineEvent[]): Answer => [200, { data: { events } }];
const entries = async () => within(await screen.findByRole("region", { name: "Timeline" })).findAllByRole("listitem");
const noteBox = () => screen.getByRole("textbox", { name: "Internal note" });
const explorerLink = (entry: HTMLElement) => within(entry).getByRole("link", { name: "View on Solana Explorer" });

describe("OrderTimeline", () => {
  it("shows every event oldest first, with its date, actor, detail, reason, transaction link and signer", async () => {
    api.get(TIMELINE, timelineOf(EVENTS));
    renderInRefine(<OrderTimeline orderId={ORDER} fallback={<p>Audit history</p>} />);

    const items = await entries();
    expect(items.map((item) => item.querySelector(".kit-history__action")?.textContent)).toEqual([
      "Order created",
      "Paid into escrow",
      "Dispute raised",
      "Dispute resolved",
      "Internal note",
    ]);
    const [created, funded, disputed, decision, note] = items;
    expect(created).toHaveTextContent(formatDate("2025-03-01T10:00:00.000Z"));
    expect(within(created).getByText("BuyerWa1...")).toBeInTheDocument();
    expect(explorerLink(funded)).toHaveAttribute("href", `https://explorer.solana.com/tx/${FUNDING}?cluster=devnet`);
    expect(disputed).toHaveTextContent("Arrived broken");
    expect(decision).toHaveTextContent("Reason: Photos show the damage");
    expect(decision).toHaveTextContent(formatDate("2025-03-03T16:45:00.000Z"));
    expect(within(decision).getByText("5VERv8NM...")).toBeInTheDocument();
    expect(explorerLink(decision)).toHaveAttribute("href", `https://explorer.solana.com/tx/${SETTLEMENT}?cluster=devnet`);
    expect(decision).toHaveTextContent("Signed by 9xQeWvG8...");
    // Only the admin action was signed.
    expect(items.filter((item) => item.textContent?.includes("Signed by"))).toEqual([decision]);
    expect(note.querySelector(".order-timeline__detail")?.textContent).toBe("Called the buyer:\nhappy now");
    expect(screen.queryByText("Audit history")).not.toBeInTheDocument();
    expect(api.requests().map(({ method, path }) => `${method} ${path}`)).toEqual([`GET ${TIMELINE}`]);
  });

  it("names who acted by display name, the wallet in the hint, and shows what an admin action changed", async () => {
    api.get(
      TIMELINE,
      timelineOf([
        { ...CREATED, actorName: "Bea Buyer" },
        {
          ...RESOLVED,
          actorName: "Ops Olivia",
          changes: [
            { field: "status", before: "DISPUTED", after: "REFUNDED" },
            { field: "refundPercentage", before: null, after: 40 },
          ],
        },
      ]),
    );
    renderInRefine(<OrderTimeline orderId={ORDER} fallback={<p>Audit history</p>} />);
    const region = await screen.findByRole("region", { name: "Timeline" });
    const changes = await within(region).findByRole("list", { name: "Changes" });
    expect(
      within(changes)
        .getAllByRole("listitem")
        .map((line) => line.textContent),
    ).toEqual(["Status: DISPUTED → REFUNDED", "Refund to buyer: — → 40%"]);
    expect(within(region).queryByText("BuyerWa1...")).not.toBeInTheDocument();
    expect(within(region).getByText("Ops Olivia")).toBeInTheDocument();
    await userEvent.hover(within(region).getByText("Bea Buyer"));
    expect(await screen.findByRole("tooltip")).toHaveTextContent(BUYER);
  });

  it("adds a note: sends it trimmed, clears the box and shows the refreshed timeline", async () => {
    const user = userEvent.setup();
    const events = [...EVENTS.slice(0, 1)];
    api.get(TIMELINE, () => timelineOf(events));
    api.post(NOTES, (request) => {
      const body = (request.body as { body: string }).body;
      events.push(
        event({ id: "note-9", at: "2025-03-05T12:00:00.000Z", kind: "note", title: "Internal note", detail: body, actor: ADMIN }),
      );
      return [201, { data: { id: "9", orderId: ORDER, adminPublicKey: ADMIN, body, createdAt: "2025-03-05T12:00:00.000Z" } }];
    });
    renderInRefine(<OrderTimeline orderId={ORDER} />);
    expect(await entries()).toHaveLength(1);
    expect(noteBox()).toHaveAccessibleDescription("Only admins see internal notes; buyers and sellers never do.");

    await user.type(noteBox(), "  Seller sent the photos  ");
    await user.click(screen.getByRole("button", { name: "Add Note" }));

    await waitFor(async () => expect(await entries()).toHaveLength(2));
    expect((await entries())[1]).toHaveTextContent("Seller sent the photos");
    expect(api.requests("POST", NOTES).map((request) => request.body)).toEqual([{ body: "Seller sent the photos" }]);
    expect(api.requests("GET", TIMELINE)).toHaveLength(2);
    expect(noteBox()).toHaveValue("");
    expect(screen.queryByRole("alert")).not.toBeInTheDocument();
  });

  it("keeps the text and shows the server's message when it refuses the note, and is disabled while sending", async () => {
    const user = userEvent.setup();
    let answer: (value: Answer) => void = () => undefined;
    api.get(TIMELINE, timelineOf(EVENTS));
    api.post(NOTES, () => new Promise<Answer>((resolve) => (answer = resolve)));
    renderInRefine(<OrderTimeline orderId={ORDER} />);
    await entries();

    await user.type(noteBox(), "Refund approved by phone");
    await user.click(screen.getByRole("button", { name: "Add Note" }));
    await waitFor(() => expect(noteBox()).toBeDisabled());
    expect(screen.getByRole("button", { name: /Add Note/ })).toBeDisabled();

    await waitFor(() => expect(api.requests("POST", NOTES)).toHaveLength(1));
    answer([400, { message: "Invalid request: body: Note must not contain control or bidirectional-override characters", errors: [] }]);
    expect(await screen.findByRole("alert")).toHaveTextContent(
      "Invalid request: body: Note must not contain control or bidirectional-override characters",
    );
    expect(noteBox()).toBeEnabled();
    expect(noteBox()).toHaveValue("Refund approved by phone");
    // Nothing was stored: the timeline was not asked again.
    expect(api.requests("GET", TIMELINE)).toHaveLength(1);
  });

  it("checks the note as the server does before sending: required, at most 2000 characters", async () => {
    const user = userEvent.setup();
    api.get(TIMELINE, timelineOf(EVENTS));
    renderInRefine(<OrderTimeline orderId={ORDER} />);
    await entries();

    await user.type(noteBox(), "   ");
    await user.click(screen.getByRole("button", { name: "Add Note" }));
    await expectFormMessage("Note is required");
    expect(noteBox()).toHaveAttribute("maxlength", "2000");
    expect(api.requests("POST")).toEqual([]);
  });

  it("shows the fallback instead, and stops asking, when the API has no timeline (404)", async () => {
    api.get(TIMELINE, [404, { message: "Not found" }]);
    const { rerender } = renderInRefine(<OrderTimeline orderId={ORDER} fallback={<p>Audit history</p>} />);
    expect(await screen.findByText("Audit history")).toBeInTheDocument();
    expect(screen.queryByRole("region", { name: "Timeline" })).not.toBeInTheDocument();
    expect(screen.queryByRole("textbox", { name: "Internal note" })).not.toBeInTheDocument();

    rerender(
      <RefineHarness>
        <OrderTimeline orderId="ord-8" fallback={<p>Audit history</p>} />
      </RefineHarness>,
    );
    // Long enough for a request to reach the fake API (a few ms) many times over.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(screen.getByText("Audit history")).toBeInTheDocument();
    expect(api.requests()).toHaveLength(1);
  });

  it("shows a failed load with Retry, the note form still there", async () => {
    const user = userEvent.setup();
    api.get(TIMELINE, [500, { message: "Database offline" }]);
    renderInRefine(<OrderTimeline orderId={ORDER} fallback={<p>Audit history</p>} />);
    const alert = await screen.findByRole("alert");
    expect(alert).toHaveTextContent("Could not load the timeline: Database offline");
    expect(noteBox()).toBeInTheDocument();
    expect(screen.queryByText("Audit history")).not.toBeInTheDocument();

    api.get(TIMELINE, timelineOf(EVENTS));
    await user.click(within(alert).getByRole("button", { name: "Retry" }));
    expect(await entries()).toHaveLength(EVENTS.length);
    expect(screen.queryByRole("alert")).not.toBeInTheDocument();
  });
});
