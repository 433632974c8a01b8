// Beyond the core API: the admin team (GET /admin/team), who may sign in and with which role, who
// added them and when. An owner adds a wallet with a role, changes a role or removes a member, each
// with a reason; a grant of owner or treasury may wait for a second owner (proposals.tsx). The
// section hides itself when the API has no team (optional section).
import { useMemo } from "react";
import { CreateButton } from "@/components/forms/create-button";
import { useAccess } from "@/components/access/use-access";
import { useEditDialog } from "@/components/forms/edit-dialog";
import { useFilterBar } from "@/components/list/filter-bar";
import { ListPage } from "@/components/list/list-page";
import { useListTable } from "@/components/list/list-table";
import { useListView } from "@/components/list/settings/use-list-view";
import { usePaletteActions } from "@/components/palette/use-palette-actions";
import { lazyDialog } from "@/components/routing/lazy-dialog";
import { teamColumns } from "./columns";
import { TEAM_EXPORT } from "./export";
import { TeamProposals } from "./proposals";
import { useTeamRemove } from "./remove";
import { asRow, type TeamRow } from "./roles";
import "./team.css";

const TeamAdd = lazyDialog(() => import("./add"), "TeamAdd");
const TeamChange = lazyDialog(() => import("./change"), "TeamChange");

const PAGE = { title: "Team", subtitle: "Who may sign in, and with which role", emptyText: "No admins found" };

export function TeamList() {
  const table = useListTable<TeamRow>("team");
  const filters = useFilterBar(table, [], { name: "team", label: "Filter admins" });
  const adder = useEditDialog<TeamRow>(TeamAdd, { resource: "team" });
  const changer = useEditDialog<TeamRow>(TeamChange, { resource: "team" });
  const { run: remove, runningId: removingId, holder: removeHolder } = useTeamRemove();
  const canAdd = useAccess({ resource: "team", action: "create" }).allowed;
  usePaletteActions([canAdd && { id: "add-admin", name: "Add Admin", keywords: "team wallet role new", perform: () => adder.open() }]);

  // The API keys members by wallet; the table keys its rows by id.
  const rows = useMemo(() => (table.tableProps.dataSource ?? []).map((member) => asRow(member)), [table.tableProps.dataSource]);
  const columns = useMemo(
    () =>
      teamColumns({
        onChange: changer.open,
        changeIntent: changer.intent,
        onRemove: (member) => void remove(member),
        removingId,
      }),
    [changer.open, changer.intent, remove, removingId],
  );
  const view = useListView<TeamRow>("team", table, columns, { columns: TEAM_EXPORT });

  return (
    <ListPage<TeamRow>
      {...PAGE}
      actions={
        <CreateButton resource="team" dialog={adder}>
          Add Admin
        </CreateButton>
      }
      notice={<TeamProposals />}
      filters={filters.bar}
      view={view}
      table={table}
      dataSource={rows}
    >
      {adder.modal}
      {changer.modal}
      {removeHolder}
    </ListPage>
  );
}
