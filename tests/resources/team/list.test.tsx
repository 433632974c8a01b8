// Beyond the core API: the Team screen against the fake API: the members with their role, source,
// who added them and when; Add (201, and 202 when the grant waits for a second owner), Change role
// and Remove, each with a reason; a pending grant approved by another owner; the whole section hidden
// when the API has no team (404).
import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import type { TeamMember, TeamProposal } from "@contract";
import {
  ADMIN_KEY,
  changes,
  choose,
  columnTitles,
  compileFirst,
  openScreen,
  setupUser,
  sidebarSections,
  signedInApi,
} from "../../app/support";
import { expectFormMessage } from "../../support/form-message";
import type { FakeApi } from "../../support/fake-api";
import { findDialog } from "../users/support";

compileFirst(
  () => import("@/resources/team/list"),
  () => import("@/resources/team/add"),
  () => import("@/resources/team/change"),
  () => import("@/components/antd/notifier"),
);

const BOB_KEY = "7Np41oeYqPefeNQEHSv1UDhYrehxin3NStELsSKCT4K2";
const CAROL_KEY = "5Q544fKrFoe6tsEbD7S8EmxGTJYAKtTVhAW5Q5pge4j1";
const NEW_KEY = "HN7cABqLq46Es1jh92dQQisAq662SmxELLLsHHe4YWrH";

const OWNER: TeamMember = {
  publicKey: ADMIN_KEY,
  role: "owner",
  source: "configuration",
  displayName: "Olivia",
  addedBy: null,
  addedAt: null,
};
const BOB: TeamMember = {
  publicKey: BOB_KEY,
  role: "support",
  source: "team",
  displayName: "Bob",
  addedBy: ADMIN_KEY,
  addedAt: "2026-11-20T10:00:00.000Z",
  updatedAt: "2026-11-20T10:00:00.000Z",
};
const PROPOSAL: TeamProposal = {
  id: "tp-1",
  kind: "change",
  publicKey: BOB_KEY,
  role: "treasury",
  reason: "Bob takes over payouts",
  proposedBy: CAROL_KEY,
  proposedAt: "2026-11-21T09:00:00.000Z",
  expiresAt: "2026-11-28T09:00:00.000Z",
  status: "pending",
};

const paged = <T,>(items: T[]) => ({ data: { items, total: items.length, page: 1, limit: 20, totalPages: 1 } });

function teamApi(members: TeamMember[] = [OWNER, BOB], proposals: TeamProposal[] = []): FakeApi {
  const api = signedInApi();
  api.get("/admin/team", [200, paged(members)]);
  api.get("/admin/team/proposals", [200, { data: { items: proposals } }]);
  return api;
}

async function openTeam() {
  await openScreen("/team", "Team");
  return (await screen.findByText("Bob")).closest("tr")!;
}

async function giveReason(user: ReturnType<typeof setupUser>, label: string, reason: string, ok: string) {
  await user.click(within(await screen.findByRole("dialog")).getByRole("button", { name: "OK" }));
  const step = await screen.findByRole("dialog");
  await user.click(within(step).getByLabelText(label));
  await user.paste(reason);
  await user.click(within(step).getByRole("button", { name: ok }));
}

/** Fills the open Add Admin / Change Role dialog and saves it. */
async function fillAndSave(
  user: ReturnType<typeof setupUser>,
  dialog: HTMLElement,
  values: { wallet?: string; role: string; reason: string },
) {
  if (values.wallet) {
    await user.click(within(dialog).getByLabelText("Wallet"));
    await user.paste(values.wallet);
  }
  await choose(user, "Role", values.role, dialog);
  await user.click(within(dialog).getByLabelText("Reason"));
  await user.paste(values.reason);
  await user.click(within(dialog).getByRole("button", { name: /^(Add|Change)$/ }));
}

const teamReads = (api: FakeApi) => api.requests("GET", "/admin/team").length;

describe("Team", () => {
  it("lists the members with their role, source, who added them and when, in the sidebar after the others", async () => {
    teamApi();
    const bob = await openTeam();
    await waitFor(() =>
      expect(sidebarSections()).toEqual(["Dashboard", "Tokens", "Users", "Products", "Shops", "Orders", "Marketplace", "Team"]),
    );
    expect(columnTitles()).toEqual(["Admin", "Role", "Source", "Added by", "Added", "Actions"]);
    expect(within(bob).getByText("Support")).toBeInTheDocument();
    expect(within(bob).getByText("Team")).toBeInTheDocument();
    expect(within(bob).getByText(`${ADMIN_KEY.slice(0, 8)}...`)).toBeInTheDocument();
    const owner = screen.getByText("Olivia").closest("tr")!;
    expect(within(owner).getByText("Owner")).toBeInTheDocument();
    expect(within(owner).getByText("ADMIN_WALLETS")).toBeInTheDocument();
    // The bootstrap owners change only in the configuration.
    expect(within(owner).getByText("Set in ADMIN_WALLETS")).toBeInTheDocument();
    expect(within(owner).queryByRole("button", { name: /Change the role|Remove/ })).not.toBeInTheDocument();
    expect(within(bob).getByRole("button", { name: "Remove Bob" })).toBeEnabled();
  });

  it("adds a wallet with a role and a reason (201), and says a guarded grant waits for a second owner (202)", async () => {
    const api = teamApi();
    const user = setupUser();
    await openTeam();
    const added: TeamMember = { ...BOB, publicKey: NEW_KEY, displayName: null, role: "operations" };
    api.post("/admin/team", [201, { data: { member: added } }], { once: true });
    await user.click(screen.getByRole("button", { name: /Add Admin/ }));
    let dialog = await screen.findByRole("dialog", { name: "Add Admin" });
    await fillAndSave(user, dialog, { wallet: NEW_KEY, role: "Operations", reason: "New operations hire" });
    expect(await screen.findByText("Admin added")).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole("dialog", { name: "Add Admin" })).not.toBeInTheDocument());

    api.post("/admin/team", [202, { data: { proposal: { ...PROPOSAL, kind: "add", publicKey: NEW_KEY, proposedBy: ADMIN_KEY } } }], {
      once: true,
    });
    await user.click(screen.getByRole("button", { name: /Add Admin/ }));
    dialog = await screen.findByRole("dialog", { name: "Add Admin" });
    await fillAndSave(user, dialog, { wallet: NEW_KEY, role: "Treasury", reason: "Second signer" });
    expect(await screen.findByText("Waiting for a second owner's approval")).toBeInTheDocument();

    expect(changes(api)).toEqual([
      { method: "POST", path: "/admin/team", body: { publicKey: NEW_KEY, role: "operations", reason: "New operations hire" } },
      { method: "POST", path: "/admin/team", body: { publicKey: NEW_KEY, role: "treasury", reason: "Second signer" } },
    ]);
  });

  it("refuses a wallet that is not an address before sending anything", async () => {
    const api = teamApi();
    const user = setupUser();
    await openTeam();
    await user.click(screen.getByRole("button", { name: /Add Admin/ }));
    const dialog = await screen.findByRole("dialog", { name: "Add Admin" });
    await fillAndSave(user, dialog, { wallet: "not-a-wallet", role: "Support", reason: "Trying" });
    await expectFormMessage("Enter a valid Solana wallet address", dialog);
    expect(changes(api)).toEqual([]);
  });

  it("changes a member's role with a reason, and removes one with a reason", async () => {
    const api = teamApi();
    const user = setupUser();
    const bob = await openTeam();
    api.patch(`/admin/team/${BOB_KEY}`, [200, { data: { member: { ...BOB, role: "operations" } } }]);
    await user.click(within(bob).getByRole("button", { name: "Change the role of Bob" }));
    // By its title: the tests' ids are all alike, so the row action's hint may name the dialog.
    const dialog = await findDialog("Change Role");
    await fillAndSave(user, dialog, { role: "Operations", reason: "Moved to operations" });
    expect(await screen.findByText("Role changed")).toBeInTheDocument();

    const before = teamReads(api);
    api.delete(`/admin/team/${BOB_KEY}`, [200, { data: { removed: true } }]);
    await user.click(within(screen.getByText("Bob").closest("tr")!).getByRole("button", { name: "Remove Bob" }));
    expect(await screen.findByRole("dialog")).toHaveTextContent("Remove Bob (Support) from the admin team?");
    await giveReason(user, "Reason for removal (required):", "Left the company", "Remove");
    expect(await screen.findByText("Admin removed")).toBeInTheDocument();
    await waitFor(() => expect(teamReads(api)).toBeGreaterThan(before));

    expect(changes(api)).toEqual([
      { method: "PATCH", path: `/admin/team/${BOB_KEY}`, body: { role: "operations", reason: "Moved to operations" } },
      { method: "DELETE", path: `/admin/team/${BOB_KEY}`, body: { reason: "Left the company" } },
    ]);
  });

  it("keeps the modal open with the server's reason when it refuses a change (409)", async () => {
    const api = teamApi();
    const user = setupUser();
    const bob = await openTeam();
    api.patch(`/admin/team/${BOB_KEY}`, [409, { message: "Payouts need 2 approvers: the team would have 1" }]);
    await user.click(within(bob).getByRole("button", { name: "Change the role of Bob" }));
    const dialog = await findDialog("Change Role");
    await fillAndSave(user, dialog, { role: "Auditor", reason: "Audit season" });
    await expectFormMessage("Payouts need 2 approvers: the team would have 1", dialog);
    expect(dialog).toBeVisible();
  });

  it("lists a grant waiting for a second owner, approved with a reason", async () => {
    const api = teamApi(
      [OWNER, BOB],
      [PROPOSAL, { ...PROPOSAL, id: "tp-2", publicKey: NEW_KEY, reason: "A second signer", proposedBy: ADMIN_KEY }],
    );
    const user = setupUser();
    await openTeam();
    const waiting = await screen.findByRole("region", { name: "Waiting for a second owner" });
    const proposal = within(waiting).getByText("Bob takes over payouts").closest("tr")!;
    // The proposer's own grant waits for another owner.
    const own = within(waiting)
      .getAllByRole("row")
      .find((row) => row.textContent?.includes("Waiting for another owner"));
    expect(own).toBeDefined();
    api.post("/admin/team/proposals/tp-1/approve", [200, { data: { member: { ...BOB, role: "treasury" } } }]);
    api.get("/admin/team/proposals", [200, { data: { items: [] } }]);
    await user.click(within(proposal).getByRole("button", { name: `Approve Treasury for ${BOB_KEY.slice(0, 8)}...` }));
    await giveReason(user, "Reason for approving (required):", "Confirmed with Bob", "Approve");
    expect(await screen.findByText("Grant approved")).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole("region", { name: "Waiting for a second owner" })).not.toBeInTheDocument());
    expect(changes(api)).toEqual([{ method: "POST", path: "/admin/team/proposals/tp-1/approve", body: { reason: "Confirmed with Bob" } }]);
  });
});
