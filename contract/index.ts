// The contract between the console and the API: the validation rules, the records the API returns,
// and the limits both sides share. The console (src/) and the reference server (server/) import it;
// it imports neither.
export * from "./constants.ts";
export * from "./entities.ts";
export { MESSAGES } from "./messages.ts";
export * from "./schemas.ts";
export * from "./query.ts";
export * from "./money.ts";
export * from "./units.ts";
export * from "./timeline.ts";
export * from "./daily-stats.ts";
export * from "./live.ts";
export * from "./permissions.ts";
export * from "./team.ts";
export * from "./memo-signing.ts";
export * from "./screening.ts";
export * from "./webhooks.ts";
