// The settlements table as the metrics read it (observability/metrics.ts); the settlement queue
// itself is the services' (services/settlements.ts, services/settlement-rows.ts).
import type { SettlementQueueStatus } from "../../contract/index.ts";
import type { Db } from "./schema.ts";

/** How many settlements each status holds (statuses with none are left out). */
export async function countSettlementsByStatus(db: Db): Promise<{ status: SettlementQueueStatus; count: number }[]> {
  const rows = await db
    .selectFrom("settlements")
    .select(["status", (eb) => eb.fn.countAll<number>().as("count")])
    .groupBy("status")
    .execute();
  return rows.map((row) => ({ status: row.status, count: Number(row.count) }));
}
