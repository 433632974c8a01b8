// Beyond the core API: the Webhooks screen. An owner adds the endpoints that are told of disputes,
// payouts, failed settlements, flagged tokens, screening hits and team changes (each with the events
// it wants; its signing secret shown once), changes, enables, disables or removes them, and reads every
// delivery with its attempts, re-sending a failed one. Every change is audited by the server.
import { useMemo, useState } from "react";
import { Button, Popconfirm, Space, Switch, Tag, type TableColumnsType } from "antd";
import { DeleteOutlined, EditOutlined } from "@ant-design/icons";
import { useDelete, useUpdate } from "@refinedev/core";
import { WEBHOOK_EVENTS } from "@contract/webhook-events";
import type { WebhookEndpoint } from "@contract";
import { ListTable, useListTable } from "@/components/list/list-table";
import { actionsColumn, RowAction, RowActions } from "@/components/list/row-actions";
import { PageHeader } from "@/components/page-header";
import { formatDate } from "@/utils/format";
import { lazyDialog } from "@/components/routing/lazy-dialog";
import { useEditDialog } from "@/components/forms/edit-dialog";
import { WebhookDeliveries } from "./deliveries";
import "./webhooks.css";

// Its form and rules (zod) load with the dialog, not with the screen.
const AddEndpointModal = lazyDialog(() => import("./add-modal"), "AddEndpointModal");
const WebhookEditModal = lazyDialog(() => import("./edit-modal"), "WebhookEditModal");

export function WebhooksList() {
  const table = useListTable<WebhookEndpoint>("webhooks");
  const [adding, setAdding] = useState(false);
  const { mutate: update } = useUpdate<WebhookEndpoint>();
  const { mutate: remove } = useDelete<WebhookEndpoint>();
  const editor = useEditDialog<WebhookEndpoint>(WebhookEditModal, { resource: "webhooks" });
  const { open: edit, intent: editIntent } = editor;

  const columns = useMemo<TableColumnsType<WebhookEndpoint>>(
    () => [
      {
        key: "url",
        title: "Endpoint",
        render: (_, endpoint) => (
          <div>
            <div className="kit-cell-name webhooks-url">{endpoint.url}</div>
            {endpoint.description ? <div className="kit-cell-detail">{endpoint.description}</div> : null}
          </div>
        ),
      },
      {
        key: "events",
        title: "Events",
        responsive: ["md"],
        render: (_, endpoint) => (
          <Space size={[4, 4]} wrap className="webhooks-event-tags">
            {endpoint.events.map((type) => (
              <Tag key={type}>{WEBHOOK_EVENTS[type] ?? type}</Tag>
            ))}
          </Space>
        ),
      },
      {
        key: "enabled",
        title: "Enabled",
        render: (_, endpoint) => (
          <Switch
            size="small"
            checked={endpoint.enabled}
            aria-label={`${endpoint.enabled ? "Disable" : "Enable"} ${endpoint.url}`}
            onChange={(enabled) => update({ resource: "webhooks", id: endpoint.id, values: { enabled } })}
          />
        ),
      },
      { key: "created", title: "Added", responsive: ["lg"], render: (_, endpoint) => formatDate(endpoint.createdAt) },
      actionsColumn<WebhookEndpoint>((endpoint) => (
        <RowActions>
          <RowAction
            hint="Edit"
            access={{ resource: "webhooks", action: "edit" }}
            label={`Edit ${endpoint.url}`}
            icon={<EditOutlined />}
            onClick={() => edit(endpoint)}
            {...editIntent}
          />
          <Popconfirm
            title="Remove this endpoint?"
            description="Its deliveries are removed with it."
            okText="Remove"
            onConfirm={() => remove({ resource: "webhooks", id: endpoint.id })}
          >
            <RowAction
              hint="Remove"
              access={{ resource: "webhooks", action: "delete" }}
              label={`Remove ${endpoint.url}`}
              danger
              icon={<DeleteOutlined />}
            />
          </Popconfirm>
        </RowActions>
      )),
    ],
    [update, remove, edit, editIntent],
  );

  return (
    <>
      <PageHeader
        title="Webhooks"
        subtitle="Signed notifications of disputes, payouts and failures, sent to your endpoints"
        extra={
          <Button type="primary" onClick={() => setAdding(true)} {...AddEndpointModal.intent}>
            Add endpoint
          </Button>
        }
      />
      <ListTable<WebhookEndpoint> table={table} columns={columns} rowKey="id" emptyText="No endpoints yet: add one to be told of events" />
      <WebhookDeliveries endpointList={table.tableQuery.data?.data} />
      <AddEndpointModal.Host active={adding} open={adding} onClose={() => setAdding(false)} />
      {editor.modal}
    </>
  );
}
