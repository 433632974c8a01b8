// Beyond SPEC: the settlement queue's columns.
import { Button, Typography } from "antd";
import type { ColumnsType } from "antd/es/table";
import { RedoOutlined } from "@ant-design/icons";
import { SHORTEN } from "@/config";
import { Address } from "@/components/value/address";
import { Badge, type BadgeColor } from "@/components/value/badges";
import { formatDate, head } from "@/utils/format";
import type { Settlement, SettlementKind, SettlementQueueStatus } from "@contract";
import { SETTLEMENT_STATUS_LABELS } from "./filters";

export const SETTLEMENT_KIND_LABELS: Readonly<Record<SettlementKind, string>> = {
  dispute_payout: "Dispute payout",
  marketplace_initialization: "Marketplace initialization",
};

const STATUS_COLOR: Readonly<Record<SettlementQueueStatus, BadgeColor>> = {
  awaiting_approval: "warning",
  pending: "neutral",
  submitted: "info",
  confirmed: "success",
  failed: "error",
  rejected: "neutral",
  expired: "neutral",
};

export interface SettlementColumnOptions {
  onRetry: (settlement: Settlement) => void;
  /** The settlement whose retry is in flight. */
  retrying?: string;
}

export function settlementColumns({ onRetry, retrying }: SettlementColumnOptions): ColumnsType<Settlement> {
  return [
    {
      title: "Kind",
      key: "kind",
      render: (_, settlement) => SETTLEMENT_KIND_LABELS[settlement.kind] ?? settlement.kind,
    },
    {
      title: "Order",
      key: "order",
      render: (_, { orderId }) =>
        orderId ? (
          <Typography.Text className="mono" copyable={{ text: orderId, tooltips: ["Copy order id", "Copied"] }}>
            {head(orderId, SHORTEN.orderId)}
          </Typography.Text>
        ) : (
          "—"
        ),
    },
    {
      title: "Status",
      key: "status",
      render: (_, { status }) => <Badge color={STATUS_COLOR[status]}>{SETTLEMENT_STATUS_LABELS[status] ?? status}</Badge>,
    },
    { title: "Attempts", dataIndex: "attempts", key: "attempts", align: "right" },
    {
      title: "Signature",
      key: "signature",
      render: (_, settlement) =>
        settlement.signature ? (
          <Address
            value={settlement.signature}
            display={head(settlement.signature, SHORTEN.signature)}
            kind="tx"
            // A row without a cluster came from a server that does not say: assume the console's.
            cluster={settlement.cluster ?? undefined}
          />
        ) : (
          "—"
        ),
    },
    {
      title: "Last error",
      key: "lastError",
      render: (_, { lastError }) => (lastError ? <span className="settlements-error">{lastError}</span> : "—"),
    },
    { title: "Created", key: "createdAt", render: (_, { createdAt }) => formatDate(createdAt) },
    { title: "Updated", key: "updatedAt", render: (_, { updatedAt }) => formatDate(updatedAt) },
    {
      title: "Actions",
      key: "actions",
      fixed: "right",
      render: (_, settlement) =>
        settlement.status === "failed" ? (
          <Button
            size="small"
            icon={<RedoOutlined />}
            loading={retrying === settlement.id}
            disabled={retrying !== undefined && retrying !== settlement.id}
            aria-label={`Retry settlement ${head(settlement.id, SHORTEN.orderId)}`}
            onClick={() => onRetry(settlement)}
          >
            Retry
          </Button>
        ) : null,
    },
  ];
}
