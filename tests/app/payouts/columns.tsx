// A throwaway resource's columns, exactly as a real one declares them (see docs/adding-a-resource.md).
import type { TableColumnsType } from "antd";
import { Badge } from "@/components/value/badges";

export interface Payout {
  id: string;
  shopName: string;
  amount: number;
  status: "PENDING" | "PAID";
}

export const payoutColumns: TableColumnsType<Payout> = [
  { key: "shop", title: "Shop", dataIndex: "shopName" },
  { key: "amount", title: "Amount", dataIndex: "amount", align: "right" },
  {
    key: "status",
    title: "Status",
    render: (_, payout) => <Badge color={payout.status === "PAID" ? "success" : "warning"}>{payout.status}</Badge>,
  },
];
