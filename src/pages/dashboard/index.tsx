// SPEC §2 Dashboard: user statistics from GET /admin/users/stats.
import { Alert, Button, Spin } from "antd";
import { ReloadOutlined } from "@ant-design/icons";
import { useCustom, type HttpError } from "@refinedev/core";
import { APP_TITLE } from "@/config";
import { PageHeader } from "@/components/page-header";
import { endpoints } from "@/providers/api";
import type { UserStats } from "@contract";
import { StatCards } from "./stat-cards";
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
    body = (
      <Alert
        type="error"
        showIcon
        message="Could not load user statistics"
        description={query.error?.message}
        action={
          <Button icon={<ReloadOutlined />} loading={query.isFetching} onClick={() => void query.refetch()}>
            Retry
          </Button>
        }
      />
    );
  } else if (query.isPending) {
    body = (
      <div className="dashboard-loading" role="status" aria-label="Loading user statistics">
        <Spin size="large" />
      </div>
    );
  } else {
    body = <StatCards stats={query.data?.data} />;
  }

  return (
    <>
      <PageHeader title="Dashboard" subtitle={`Welcome to ${APP_TITLE}`} />
      {body}
    </>
  );
}
