// The dashboard: user statistics from GET /admin/users/stats; below them, the open disputes, the order charts and
// the settlement authority's health where the API has them.
import { useCustom, type HttpError } from "@refinedev/core";
import { APP_TITLE } from "@/config";
import { AuthorityCard } from "@/components/authority/authority-card";
import { QueryError } from "@/components/list/list-error";
import { PageHeader } from "@/components/page-header";
import { endpoints } from "@/providers/endpoints";
import type { UserStats } from "@contract";
import { ChartsSection } from "./charts-section";
import { DisputesCard } from "./disputes-card";
import { StatCards, StatCardsLoading } from "./stat-cards";
import "./dashboard.css";

export function DashboardPage() {
  // The error is shown in the page with a Retry, so Refine's toast would only repeat it.
  const { query } = useCustom<UserStats, HttpError>({
    url: endpoints.userStats,
    method: "get",
    errorNotification: false,
  });

  let body;
  if (query.isError) {
    body = <QueryError title="Could not load user statistics" query={query} />;
  } else if (query.isPending) {
    body = <StatCardsLoading />;
  } else {
    body = <StatCards stats={query.data?.data} />;
  }

  return (
    <>
      <PageHeader title="Dashboard" subtitle={`Welcome to ${APP_TITLE}`} />
      {body}
      <DisputesCard />
      <ChartsSection />
      <AuthorityCard />
    </>
  );
}
