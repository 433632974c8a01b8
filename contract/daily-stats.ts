// The dashboard's charts (beyond the core API): orders and disputes per UTC day over the last
// `days` days, with the window's volume by token, status mix and median time to resolve a dispute.
// An additive call of the reference server; a console talking to an API without it shows the user
// stat cards alone (GET /admin/orders/stats/daily answers 404 there).
import { z } from "./zod.ts";
import { baseUnits } from "./money.ts";
import { base58, count, text, time } from "./primitives.ts";

export const dailyOrderCountsSchema = z
  .object({
    date: z
      .string()
      .regex(/^\d{4}-\d{2}-\d{2}$/)
      .meta({ description: "The UTC day, YYYY-MM-DD" }),
    orders: count.meta({ description: "Orders created that day" }),
    disputesOpened: count.meta({ description: "Disputes raised that day" }),
    disputesResolved: count.meta({ description: "Disputes resolved that day" }),
  })
  .meta({ id: "DailyOrderCounts" });

export const tokenVolumeSchema = z
  .object({
    mint: base58.nullable().meta({ description: "Null for native SOL" }),
    symbol: text,
    decimals: count,
    amount: baseUnits.meta({ description: "The orders' total in the token's base units (decimal string)" }),
    orders: count,
  })
  .meta({ id: "TokenVolume" });

export const orderDailyStatsSchema = z
  .object({
    from: time.meta({ description: "Start of the first day (UTC midnight), inclusive" }),
    to: time.meta({ description: "End of the last day (the next UTC midnight), exclusive" }),
    days: z.array(dailyOrderCountsSchema).meta({ description: "Every day of the window, oldest first; days without any are zeros" }),
    volumeByToken: z
      .array(tokenVolumeSchema)
      .meta({ description: "Orders created in the window, cancelled ones left out, by currency; most orders first" }),
    statusMix: z
      .array(z.object({ status: text, count }))
      .meta({ description: "Orders created in the window by current status; most first" }),
    medianResolveMs: count.nullable().meta({
      description: "Median time from a dispute raised to its resolution, over the disputes resolved in the window; null when none was",
    }),
  })
  .meta({ id: "OrderDailyStats", description: "The dashboard's time series and breakdowns (beyond the core API)." });

export type DailyOrderCounts = z.infer<typeof dailyOrderCountsSchema>;
export type TokenVolume = z.infer<typeof tokenVolumeSchema>;
export type OrderDailyStats = z.infer<typeof orderDailyStatsSchema>;
