// The Webhooks screen's deliveries: every event sent to an endpoint (all, or one endpoint's), newest
// first, each with its attempts and what the receiver answered; a failed one can be re-sent. The
// endpoint chosen and the page are in the URL beside the endpoints table's own, so a reload or a
// shared link shows the same deliveries.
import { useState } from "react";
import { Button, Card, Select, Table, Tag, Typography, type TableColumnsType } from "antd";
import { useCustom, useCustomMutation, useGo, useInvalidate, useParsed, type HttpError } from "@refinedev/core";
import { useQueryClient } from "@tanstack/react-query";
import { WEBHOOK_EVENTS } from "@contract/webhook-events";
import type { WebhookAttempt, WebhookDelivery, WebhookEndpoint } from "@contract";
import { QueryError } from "@/components/list/list-error";
import { endpoints } from "@/providers/endpoints";
import type { ApiHttpError } from "@/providers/http";
import { formatDate } from "@/utils/format";

interface Page {
  items: WebhookDelivery[];
  total: number;
}

const STATUS_COLORS = { delivered: "success", pending: "processing", failed: "error" } as const;
const PAGE_SIZE = 20;

/** The query parameters: named apart from the endpoints table's (currentPage, pageSize). */
const DELIVERIES_PARAMS = { endpoint: "deliveriesEndpoint", page: "deliveriesPage" } as const;

/**
 * The endpoint and page the URL asks for, read and written through Refine's router as the tables'
 * own are (the rest of the query kept): a page that is not a whole number from 1 up is page 1, and
 * "All endpoints" and page 1 leave their parameter out.
 */
function useDeliveriesView() {
  const { params } = useParsed();
  const go = useGo();
  const chosen: unknown = params?.[DELIVERIES_PARAMS.endpoint];
  const endpointId = typeof chosen === "string" ? chosen : "";
  const asked = Number(params?.[DELIVERIES_PARAMS.page]);
  const page = Number.isInteger(asked) && asked >= 1 ? asked : 1;
  const show = (next: { endpointId: string; page: number }) =>
    go({
      type: "replace",
      options: { keepQuery: true },
      query: {
        [DELIVERIES_PARAMS.endpoint]: next.endpointId || undefined,
        [DELIVERIES_PARAMS.page]: next.page > 1 ? next.page : undefined,
      },
    });
  return { endpointId, page, show };
}

function Attempts({ attempts }: { attempts: WebhookAttempt[] }) {
  if (attempts.length === 0) return <Typography.Text type="secondary">Not tried yet</Typography.Text>;
  return (
    <ol className="webhooks-attempts" aria-label="Attempts">
      {attempts.map((attempt, i) => (
        <li key={i}>
          <span>{formatDate(attempt.at)}</span> · <strong>{attempt.statusCode ?? "No answer"}</strong>
          {attempt.error && attempt.error !== `HTTP ${attempt.statusCode}` ? <> · {attempt.error}</> : null} · {attempt.durationMs} ms
          {attempt.response ? <pre className="webhooks-response">{attempt.response}</pre> : null}
        </li>
      ))}
    </ol>
  );
}

/**
 * The endpoint filter's choices. An endpoint the URL names is shown by its name once the endpoints
 * are here; until then, or when it is not among them, it is not shown as a bare id.
 */
function endpointOptions(endpointList: readonly WebhookEndpoint[] | undefined, chosen: string) {
  const listed = (endpointList ?? []).map((e) => ({ value: e.id, label: e.description || e.url }));
  const missing = chosen !== "" && !listed.some((option) => option.value === chosen);
  return [
    { value: "", label: "All endpoints" },
    ...listed,
    ...(missing ? [{ value: chosen, label: endpointList ? "Endpoint not listed" : "Loading..." }] : []),
  ];
}

/** `endpointList`: the endpoints table's rows, undefined while they load. */
export function WebhookDeliveries({ endpointList }: { endpointList: readonly WebhookEndpoint[] | undefined }) {
  const { endpointId, page, show } = useDeliveriesView();
  const queryClient = useQueryClient();
  const invalidate = useInvalidate();
  const { query } = useCustom<Page, HttpError>({
    url: endpoints.webhookDeliveries,
    method: "get",
    config: { query: { page, limit: PAGE_SIZE, ...(endpointId ? { endpointId } : {}) } },
  });
  const { mutate, mutation } = useCustomMutation<WebhookDelivery, ApiHttpError>();
  const [resending, setResending] = useState<string | null>(null);

  const resend = (delivery: WebhookDelivery) => {
    setResending(delivery.id);
    mutate(
      {
        url: endpoints.webhookResend(delivery.id),
        method: "post",
        values: {},
        successNotification: { type: "success", message: "Delivery queued again" },
        errorNotification: (error) => ({ type: "error", message: "Could not re-send the delivery", description: error?.message }),
      },
      {
        onSettled: () => {
          setResending(null);
          void queryClient.invalidateQueries({ queryKey: ["data", "default", "custom"] });
          void invalidate({ resource: "webhooks", invalidates: ["list"] });
        },
      },
    );
  };

  const columns: TableColumnsType<WebhookDelivery> = [
    { key: "event", title: "Event", render: (_, d) => WEBHOOK_EVENTS[d.eventType] ?? d.eventType },
    {
      key: "endpoint",
      title: "Endpoint",
      responsive: ["md"],
      render: (_, d) => <span className="webhooks-url">{d.endpointUrl}</span>,
    },
    {
      key: "status",
      title: "Status",
      render: (_, d) => <Tag color={STATUS_COLORS[d.status]}>{d.status[0].toUpperCase() + d.status.slice(1)}</Tag>,
    },
    { key: "attempts", title: "Attempts", render: (_, d) => d.attempts.length },
    { key: "created", title: "Created", responsive: ["sm"], render: (_, d) => formatDate(d.createdAt) },
    {
      key: "actions",
      title: "Actions",
      render: (_, d) =>
        d.status === "failed" ? (
          <Button size="small" onClick={() => resend(d)} loading={mutation.isPending && resending === d.id}>
            Re-send
          </Button>
        ) : null,
    },
  ];

  const data = query.data?.data;
  return (
    <Card
      className="webhooks-deliveries"
      title="Deliveries"
      extra={
        <Select
          aria-label="Endpoint"
          value={endpointId}
          onChange={(value) => show({ endpointId: value, page: 1 })}
          popupMatchSelectWidth={false}
          options={endpointOptions(endpointList, endpointId)}
          className="webhooks-endpoint-filter"
        />
      }
    >
      {query.isError ? (
        <QueryError query={query} title="Could not load the deliveries" />
      ) : (
        <Table<WebhookDelivery>
          rowKey="id"
          size="small"
          columns={columns}
          dataSource={data?.items ?? []}
          loading={query.isLoading}
          scroll={{ x: "max-content" }}
          locale={{ emptyText: "No deliveries yet" }}
          expandable={{ expandedRowRender: (d) => <Attempts attempts={d.attempts} /> }}
          pagination={{
            current: page,
            pageSize: PAGE_SIZE,
            total: data?.total ?? 0,
            onChange: (next) => show({ endpointId, page: next }),
            showSizeChanger: false,
            hideOnSinglePage: true,
          }}
        />
      )}
    </Card>
  );
}
