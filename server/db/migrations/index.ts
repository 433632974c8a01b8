import type { Migration } from "kysely/migration";
import * as m001 from "./001_initial.ts";
import * as m002 from "./002_list_counts.ts";
import * as m003 from "./003_settlement.ts";
import * as m004 from "./004_settlement_lifetime.ts";
import * as m005 from "./005_nonce_requester.ts";
import * as m006 from "./006_settlement_queue.ts";
import * as m007 from "./007_order_notes.ts";
import * as m008 from "./008_signed_decisions.ts";
import * as m009 from "./009_rate_limits.ts";
import * as m010 from "./010_settlement_claims.ts";
import * as m011 from "./011_order_daily_stats.ts";
import * as m012 from "./012_audit_filters.ts";
import * as m013 from "./013_payout_approvals.ts";
import * as m014 from "./014_token_risk.ts";
import * as m015 from "./015_settlement_fees.ts";
import * as m016 from "./016_decision_payouts.ts";
import * as m017 from "./017_audit_changes.ts";
import * as m018 from "./018_settlement_paid.ts";
import * as m019 from "./019_record_links.ts";
import * as m020 from "./020_order_assignees.ts";
import * as m021 from "./021_admin_team.ts";
import * as m022 from "./022_memo_signed_decisions.ts";
import * as m023 from "./023_screening.ts";
import * as m024 from "./024_webhooks.ts";

// Migrations in code, applied in key order. Add a file and one line here; never edit a shipped one.
export const migrations: Record<string, Migration> = {
  "001_initial": m001,
  "002_list_counts": m002,
  "003_settlement": m003,
  "004_settlement_lifetime": m004,
  "005_nonce_requester": m005,
  "006_settlement_queue": m006,
  "007_order_notes": m007,
  "008_signed_decisions": m008,
  "009_rate_limits": m009,
  "010_settlement_claims": m010,
  "011_order_daily_stats": m011,
  "012_audit_filters": m012,
  "013_payout_approvals": m013,
  "014_token_risk": m014,
  "015_settlement_fees": m015,
  "016_decision_payouts": m016,
  "017_audit_changes": m017,
  "018_settlement_paid": m018,
  "019_record_links": m019,
  "020_order_assignees": m020,
  "021_admin_team": m021,
  "022_memo_signed_decisions": m022,
  "023_screening": m023,
  "024_webhooks": m024,
};
