// Marketplace Configuration: the on-chain configuration's status, polled every MARKETPLACE_POLL_MS
// except while the success message shows, and the one-time initialization behind an in-page
// confirmation.
import { useCustom, type HttpError } from "@refinedev/core";
import { MARKETPLACE_POLL_MS } from "@/config";
import { PageHeader } from "@/components/page-header";
import { useAccess } from "@/components/access/use-access";
import { usePaletteActions } from "@/components/palette/use-palette-actions";
import { ListError } from "@/components/list/list-error";
import { LoadingStatus } from "@/components/loading-status";
import { useConfirm } from "@/components/prompts/confirm";
import { endpoints } from "@/providers/endpoints";
import type { MarketplaceStatus } from "@contract";
import { InfoCard } from "./info-card";
import { OutcomeAlert } from "./outcome-alert";
import { StatusCard } from "./status-card";
import { useInitializeMarketplace } from "./use-initialize";
import "./marketplace.css";

export const INITIALIZE_CONFIRM = "Are you sure you want to initialize the marketplace? This action can only be done once.";

export function MarketplacePage() {
  const { confirm, holder } = useConfirm();
  // Before the query: the poll pauses on its outcome.
  const { initialize, pending, outcome } = useInitializeMarketplace();
  const { query } = useCustom<MarketplaceStatus, HttpError>({
    url: endpoints.marketplaceStatus,
    method: "get",
    // Shown in the page with Retry; a toast every 5 s while the API is down would be noise.
    errorNotification: false,
    queryOptions: { refetchInterval: outcome?.type === "success" ? false : MARKETPLACE_POLL_MS },
  });
  const refresh = () => void query.refetch();
  const status = query.data?.data;

  const onInitialize = async () => {
    const confirmed = await confirm({ title: "Initialize Marketplace", content: INITIALIZE_CONFIRM, okText: "Initialize" });
    if (!confirmed) return;
    await initialize();
    // Re-read either way: success flips the view, and a 409 means it was initialized elsewhere.
    refresh();
  };

  // Offered where the page offers it: once, while the marketplace is not initialized.
  const canInitialize = useAccess({ resource: "marketplace", action: "initialize" }).allowed;
  usePaletteActions([
    canInitialize &&
      status &&
      !status.initialized &&
      !pending && { id: "initialize", name: "Initialize Marketplace", keywords: "setup chain", perform: () => void onInitialize() },
  ]);

  let body;
  if (status) {
    body = <StatusCard status={status} initializing={pending} onInitialize={() => void onInitialize()} />;
  } else if (query.isError) {
    body = <ListError title="Could not load the marketplace status" error={query.error} onRetry={refresh} retrying={query.isFetching} />;
  } else {
    body = <LoadingStatus label="Loading marketplace status" size="large" />;
  }

  return (
    <>
      <PageHeader title="Marketplace Configuration" subtitle="Manage blockchain marketplace settings" />
      <OutcomeAlert outcome={outcome} />
      <div className="marketplace-grid">
        <div>{body}</div>
        <InfoCard />
      </div>
      {holder}
    </>
  );
}
