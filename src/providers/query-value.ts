// How a filter value travels in a query string: the data provider sends it so, and the filter bar
// reads the URL's values back the same way.

/** The query-string form of a filter value, or undefined when it means "no filter". */
export function toQueryValue(value: unknown): string | undefined {
  if (Array.isArray(value)) return value.length === 1 ? toQueryValue(value[0]) : undefined;
  if (value === undefined || value === null) return undefined;
  if (typeof value === "boolean") return value ? "true" : "false";
  if (typeof value !== "string" && typeof value !== "number") return undefined;
  const text = String(value).trim();
  return text === "" || text === "all" ? undefined : text;
}
