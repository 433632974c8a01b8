// The charts' headings, shared by the charts and their loading skeleton (which must not import them).
export const CHART_TITLES = ["Orders per day", "Disputes per day", "Order volume by token", "Order status mix"] as const;
