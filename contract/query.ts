// Query-string schemas of the list calls. Query values arrive as strings; "" counts as absent
// (a select's "All" option), booleans are "true"/"false", and page/limit default to page 1 and PAGE_SIZE.
import { z } from "./zod.ts";
import { DAILY_STATS_DAYS, PAGE_SIZE, USER_SEARCH_DEFAULTS, WRAPPED_SOL_MINT } from "./constants.ts";
import { MESSAGES as M } from "./messages.ts";
import { fields, isSolanaAddress, plainText, SETTLEMENT_QUEUE_STATUSES, USER_ROLE_VALUES } from "./schemas.ts";

export const ORDER_FILTERS = ["new", "ongoing", "in_dispute", "completed"] as const;
export const LIMIT_MAX = 100;
/** Beyond the core API: the orders list's filter by who took a dispute (the session's admin, or nobody). */
export const ORDER_ASSIGNEES = ["me", "none"] as const;
/** The orders list's sorts beyond its own order (newest first). */
export const ORDER_SORTS = ["deadline"] as const;

const absent = (v: unknown) => (v === "" || v === null ? undefined : v);

/** A whole number from a query string (a number given in code is read as its text). */
const intParam = (min: number, max: number, fallback: number, message: string) =>
  z
    .preprocess(
      (v) => (typeof v === "number" ? String(v) : absent(v)),
      z
        .string({ error: message })
        .optional()
        .transform((v, ctx) => {
          if (v === undefined) return fallback;
          const n = /^\d+$/.test(v) ? Number(v) : NaN;
          if (!Number.isSafeInteger(n) || n < min || n > max) {
            ctx.addIssue({ code: "custom", message });
            return z.NEVER;
          }
          return n;
        }),
    )
    .meta({ type: "integer", minimum: min, ...(max < Number.MAX_SAFE_INTEGER && { maximum: max }), description: `Default ${fallback}` });

/** "true" or "false", or absent. */
export const boolParam = z.preprocess(
  absent,
  z
    .enum(["true", "false"], { error: M.queryBoolean })
    .transform((v) => v === "true")
    .optional(),
);

/** One of `values`, or absent (a select's "All"); `message` names the field and its choices. */
export const choiceParam = <const T extends readonly [string, ...string[]]>(values: T, message: string) =>
  z.preprocess(absent, z.enum(values, { error: message }).optional());

/** Free text matched with LIKE: control characters (a NUL ends SQLite's pattern) are refused, not matched. */
export const textParam = (label: string) =>
  z.preprocess(
    absent,
    z
      .string({ error: M.textTooLong })
      .trim()
      .max(100, M.textTooLong)
      .refine(...plainText(label))
      .optional(),
  );

/**
 * Beyond the core API: a list narrowed to the records of one other record (a user's orders, a shop's
 * products), the record links' lists. Its id, matched exactly.
 */
const recordParam = (label: string) =>
  textParam(label).meta({ "x-beyond-spec": true, description: `${label}: only the records of that record (beyond the core API)` });

export const pageParams = (defaultLimit: number = PAGE_SIZE) => ({
  page: intParam(1, Number.MAX_SAFE_INTEGER, 1, M.page),
  limit: intParam(1, LIMIT_MAX, defaultLimit, M.limit),
});

export const pageQuerySchema = z.object(pageParams());

export const userListQuerySchema = z.object({
  ...pageParams(),
  role: z.preprocess(absent, z.enum(USER_ROLE_VALUES, { error: M.role }).optional()),
  verified: boolParam,
  disabled: boolParam,
});

export const userSearchQuerySchema = z.object(pageParams(USER_SEARCH_DEFAULTS.limit));

export const tokenListQuerySchema = z.object({ ...pageParams(), isActive: boolParam });

/** Beyond the core API: a mint to read before it is whitelisted (the Add New Token form). */
export const mintRiskQuerySchema = z.object({ mintAddress: fields.mintAddress.meta({ examples: [WRAPPED_SOL_MINT] }) });

export const productListQuerySchema = z.object({
  ...pageParams(),
  category: textParam("Category"),
  isFeatured: boolParam,
  isActive: boolParam,
  /** Beyond the core API: soft-deleted products are hidden unless asked for (to restore them). */
  includeDeleted: boolParam,
  search: textParam("Search"),
  shopId: recordParam("Shop id"),
});

export const shopListQuerySchema = z.object({
  ...pageParams(),
  category: textParam("Category"),
  isActive: boolParam,
  isVerified: boolParam,
  search: textParam("Search"),
  sellerId: recordParam("Seller id"),
});

export const orderListQuerySchema = z.object({
  ...pageParams(),
  filter: z.preprocess(absent, z.enum(ORDER_FILTERS, { error: M.orderFilter }).optional()),
  /** Beyond the core API: `deadline` puts the DISPUTED orders first, the oldest dispute (nearest deadline) first. */
  sort: z.preprocess(absent, z.enum(ORDER_SORTS, { error: M.orderSort }).optional()),
  /** Beyond the core API: an id's start (the 8-character short id) or part of the buyer's or seller's wallet. */
  search: textParam("Search"),
  /** Beyond the core API: the orders of one buyer or seller (a user id: the user's wallet), of one shop, of one product. */
  buyerId: recordParam("Buyer id"),
  sellerId: recordParam("Seller id"),
  shopId: recordParam("Shop id"),
  productId: recordParam("Product id"),
  /** Beyond the core API: `me`, the orders the session's admin took; `none`, those nobody took. */
  assignee: choiceParam(ORDER_ASSIGNEES, M.orderAssignee),
});

/** Beyond the core API: GET /admin/settlements. */
export const settlementListQuerySchema = z.object({
  ...pageParams(),
  status: z.preprocess(absent, z.enum(SETTLEMENT_QUEUE_STATUSES, { error: M.settlementStatus }).optional()),
});

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;
const DATE_TIME = /^(\d{4}-\d{2}-\d{2})T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2})$/;

/**
 * Whether `day` (YYYY-MM-DD) is a day of the calendar: not 2026-02-30 (which Date rolls over into
 * March), nor 2026-13-01 (an invalid Date, whose toISOString() throws).
 */
const isCalendarDay = (day: string) => {
  const midnight = new Date(`${day}T00:00:00.000Z`);
  return DAY.test(day) && Number.isFinite(midnight.getTime()) && midnight.toISOString().startsWith(day);
};

/**
 * One end of a time range: an ISO date (a whole day, UTC) or a date-time with its time zone,
 * turned into the ISO instant stored times compare with (both ends inclusive). A date as the end
 * (`to`) takes in the whole of its day.
 */
const timeParam = (label: string, end: "start" | "end") =>
  z
    .preprocess(
      absent,
      z
        .string({ error: M.auditTime(label) })
        .trim()
        .optional()
        .transform((v, ctx) => {
          if (v === undefined) return undefined;
          const day = DAY.test(v) ? v : DATE_TIME.exec(v)?.[1];
          const time = day === v ? `${v}T${end === "start" ? "00:00:00.000" : "23:59:59.999"}Z` : v;
          const instant = day && isCalendarDay(day) ? Date.parse(time) : NaN;
          if (!Number.isFinite(instant)) {
            ctx.addIssue({ code: "custom", message: M.auditTime(label) });
            return z.NEVER;
          }
          return new Date(instant).toISOString();
        }),
    )
    .meta({ type: "string", description: `${label}: an ISO date (UTC day) or date-time with a time zone, inclusive` });

/** Beyond the core API: GET /admin/audit, newest first; every filter narrows the others. */
export const auditQuerySchema = z
  .object({
    ...pageParams(),
    targetType: textParam("Target type"),
    targetId: textParam("Target id"),
    /** The admin's wallet. */
    admin: z.preprocess(absent, z.string({ error: M.auditAdmin }).trim().refine(isSolanaAddress, M.auditAdmin).optional()),
    /** "<target>.<verb>", e.g. user.deactivate. */
    action: textParam("Action"),
    from: timeParam("From", "start"),
    to: timeParam("To", "end"),
  })
  .refine((q) => !q.from || !q.to || q.from <= q.to, { message: M.auditRange, path: ["to"] });

/** Beyond the core API: GET /admin/settlements/totals, the payouts confirmed in a period (either end may be open). */
export const settlementTotalsQuerySchema = z
  .object({ from: timeParam("From", "start"), to: timeParam("To", "end") })
  .refine((q) => !q.from || !q.to || q.from <= q.to, { message: M.auditRange, path: ["to"] });

/** Beyond the core API: GET /admin/orders/stats/daily, the dashboard's charts. */
export const orderDailyStatsQuerySchema = z.object({
  days: intParam(1, DAILY_STATS_DAYS.max, DAILY_STATS_DAYS.default, M.days),
});

export type OrderFilter = (typeof ORDER_FILTERS)[number];
export type OrderSort = (typeof ORDER_SORTS)[number];
export type OrderListQuery = z.output<typeof orderListQuerySchema>;
export type OrderAssignee = (typeof ORDER_ASSIGNEES)[number];
export type UserListQuery = z.output<typeof userListQuerySchema>;
export type ProductListQuery = z.output<typeof productListQuerySchema>;
export type ShopListQuery = z.output<typeof shopListQuerySchema>;
export type AuditQuery = z.output<typeof auditQuerySchema>;
export type SettlementTotalsQuery = z.output<typeof settlementTotalsQuerySchema>;

/** GET /auth/nonce: the wallet asking (its form is checked by the call itself). */
export const nonceQuerySchema = z.object({ publicKey: z.string().max(64).optional() });

/**
 * Every `/:id` path. An id is plain text: a control character names no record, and PostgreSQL's
 * text cannot even hold a NUL to look one up with.
 */
export const idParamsSchema = z.object({ id: z.string().refine(...plainText("Id")) });

/** GET /users/search/:term */
export const userSearchParamsSchema = z.object({
  term: z
    .string({ error: "A search term is required" })
    .trim()
    .min(1, "A search term is required")
    .max(100, M.textTooLong)
    .refine(...plainText("Search term")),
});
