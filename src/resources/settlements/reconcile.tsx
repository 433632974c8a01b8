// Beyond the core API: compares every order that has an escrow with the escrow on chain
// (GET /admin/reconciliation) and shows the outcome: all clear, or the mismatches as a table.
import { Alert, Button, Table } from "antd";
import type { ColumnsType } from "antd/es/table";
import { AuditOutlined } from "@ant-design/icons";
import { useCustom, type HttpError } from "@refinedev/core";
import { SHORTEN } from "@/config";
import { errorMessage } from "@/components/list/list-error";
import { Address } from "@/components/value/address";
import { endpoints } from "@/providers/endpoints";
import { formatDate, head } from "@/utils/format";
import type { Mismatch, MismatchKind, Reconciliation } from "@contract";

export const MISMATCH_LABELS: Readonly<Record<MismatchKind, string>> = {
  funds_left_after_settlement: "Funds left after settlement",
  escrow_missing: "Escrow missing",
  escrow_empty: "Escrow empty",
  wrong_authority: "Escrow held by another authority",
  amount_differs: "Amount differs",
};

const orders = (n: number) => `${n} ${n === 1 ? "order" : "orders"}`;

function mismatchColumns(cluster: string): ColumnsType<Mismatch> {
  const value = (text: string | null) => (text === null ? "—" : <span className="mono">{text}</span>);
  return [
    { title: "Order", key: "orderId", render: (_, { orderId }) => <span className="mono">{head(orderId, SHORTEN.orderId)}</span> },
    { title: "Kind", key: "kind", render: (_, { kind }) => MISMATCH_LABELS[kind] ?? kind },
    {
      title: "Escrow",
      key: "escrow",
      render: (_, { escrow }) => <Address value={escrow} display={head(escrow, SHORTEN.orderWallet)} kind="address" cluster={cluster} />,
    },
    { title: "Expected", key: "expected", render: (_, { expected }) => value(expected) },
    { title: "Actual", key: "actual", render: (_, { actual }) => value(actual) },
    { title: "Detail", dataIndex: "detail", key: "detail" },
  ];
}

/** The Reconcile button (for the page header) and, once asked, the outcome. */
export function useSettlementReconcile() {
  const { query } = useCustom<Reconciliation, HttpError>({
    url: endpoints.reconciliation,
    method: "get",
    // Shown under the button, with the server's words.
    errorNotification: false,
    // Only when asked: it reads every escrow on chain.
    queryOptions: { enabled: false, retry: false, gcTime: 0 },
  });
  const run = () => void query.refetch();

  const button = (
    <Button icon={<AuditOutlined />} onClick={run} loading={query.isFetching}>
      Reconcile
    </Button>
  );

  const result = query.data?.data;
  let outcome = null;
  if (query.isError && !query.isFetching) {
    outcome = (
      <Alert
        className="settlements-reconcile"
        type="error"
        showIcon
        message="Could not reconcile the escrows"
        description={errorMessage(query.error)}
        action={
          <Button size="small" danger onClick={run}>
            Retry
          </Button>
        }
      />
    );
  } else if (result) {
    const checked = `${orders(result.ordersChecked)} checked on ${result.cluster} at ${formatDate(result.checkedAt)}`;
    outcome =
      result.mismatches.length === 0 ? (
        <Alert className="settlements-reconcile" type="success" showIcon role="status" message={`Reconciled: ${checked}, no mismatches`} />
      ) : (
        <section className="settlements-reconcile" aria-label="Reconciliation mismatches">
          <Alert
            type="warning"
            showIcon
            role="status"
            message={`${result.mismatches.length} ${result.mismatches.length === 1 ? "mismatch" : "mismatches"}: ${checked}`}
          />
          <Table<Mismatch>
            size="small"
            rowKey={(row) => `${row.orderId}:${row.kind}`}
            columns={mismatchColumns(result.cluster)}
            dataSource={result.mismatches}
            pagination={false}
            scroll={{ x: "max-content" }}
          />
        </section>
      );
  }
  return { button, outcome, run };
}
