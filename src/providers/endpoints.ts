// The API paths of every call that is not plain CRUD (core API calls and those beyond it), relative
// to API_URL, named once: screens pass them to useCustom / useCustomMutation, the auth provider to
// the HTTP client. A resource's CRUD paths are in its declaration in the registry
// (contract/resources/, `api`), where the data provider reads them. Nothing else in the console
// writes a path.
type Id = string | number;
// Ids are user data: never let them add path segments or a query.
const seg = (value: Id) => encodeURIComponent(String(value));

export const endpoints = {
  auth: {
    nonce: "/auth/nonce",
    verify: "/auth/admin/verify",
    /** Beyond the core API: the challenge of a one-step `solana:signIn`; a 404 means the two-step sign-in. */
    signInInput: "/auth/sign-in-input",
    validate: "/auth/validate",
    logout: "/auth/logout",
  },

  userDeactivate: (id: Id) => `/users/${seg(id)}/deactivate`,
  /** Users whose display name, email or wallet holds the term (the command palette's lookup). */
  userSearch: (term: string) => `/users/search/${seg(term)}`,
  userStats: "/admin/users/stats",
  /** The orders' counts; beyond the core API it adds the overdue disputes (the dashboard's Open Disputes). */
  orderStats: "/admin/orders/stats",
  /** Beyond the core API: the dashboard's charts (orders and disputes per day, volume by token, status mix). */
  orderDailyStats: "/admin/orders/stats/daily",

  tokenInitializeSol: "/tokens/admin/initialize-sol",
  /** Beyond the core API: the token's mint read from the chain now, each extension judged (the Edit Token modal). */
  tokenRisk: (id: Id) => `/tokens/admin/${seg(id)}/risk`,
  /** Beyond the core API: a mint read from the chain before it is added (the Add New Token form fills its decimals). */
  mintRisk: "/tokens/admin/mint-risk",

  productFeature: (id: Id) => `/products/${seg(id)}/feature`,
  productCategories: "/products/categories",
  productRestore: (id: Id) => `/admin/products/${seg(id)}/restore`,

  resolveDispute: (id: Id) => `/admin/orders/${seg(id)}/resolve-dispute`,
  /** Beyond the core API: what a resolution would pay (the resolve body; simulated, never sent). */
  resolveDisputePreview: (id: Id) => `/admin/orders/${seg(id)}/resolve-dispute/preview`,
  /** Beyond the core API: the decision written out for the wallet to sign; a 404 means resolutions go unsigned. */
  resolveDisputeDecision: (id: Id) => `/admin/orders/${seg(id)}/resolve-dispute/decision`,
  /** Beyond the core API: the order's timeline, and the internal notes admins add to it. */
  orderTimeline: (id: Id) => `/admin/orders/${seg(id)}/timeline`,
  orderNotes: (id: Id) => `/admin/orders/${seg(id)}/notes`,
  /** Beyond the core API: who works the disputes; a 404 hides assignment (the Assignee column, filter and button). */
  orderAssignments: "/admin/orders/assignments",
  /** Beyond the core API: POST takes the dispute for the session's admin, DELETE releases it. */
  orderAssignee: (id: Id) => `/admin/orders/${seg(id)}/assignee`,

  marketplaceStatus: "/admin/marketplace/status",
  marketplaceInitialize: "/admin/marketplace/initialize",

  authority: "/admin/authority",
  /** Beyond the core API: the webhooks' deliveries with their attempts, and the re-send of a failed one. */
  webhookDeliveries: "/admin/webhooks/deliveries",
  webhookResend: (id: Id) => `/admin/webhooks/deliveries/${seg(id)}/resend`,
  /** Beyond the core API: the settlement queue's actions and the escrow reconciliation. */
  settlementRetry: (id: Id) => `/admin/settlements/${seg(id)}/retry`,
  settlementApprove: (id: Id) => `/admin/settlements/${seg(id)}/approve`,
  settlementReject: (id: Id) => `/admin/settlements/${seg(id)}/reject`,
  /** Beyond the core API: the payouts confirmed in a period, summed per token (a 404 hides the totals). */
  settlementTotals: "/admin/settlements/totals",
  /** Beyond the core API: a screening hit's acknowledgement. */
  screeningAcknowledge: (id: Id) => `/admin/screening/${seg(id)}/acknowledge`,
  reconciliation: "/admin/reconciliation",
  audit: "/admin/audit",
  /** Beyond the core API: the admin team's grants waiting for a second owner, and their decisions. */
  team: "/admin/team",
  teamMember: (publicKey: Id) => `/admin/team/${seg(publicKey)}`,
  teamProposals: "/admin/team/proposals",
  teamProposalApprove: (id: Id) => `/admin/team/proposals/${seg(id)}/approve`,
  teamProposalReject: (id: Id) => `/admin/team/proposals/${seg(id)}/reject`,
  /** Beyond the core API: the admins the audit trail names (the Activity screen's admin filter). */
  auditAdmins: "/admin/audit/admins",
  /**
   * Beyond the core API: live updates, a server-sent event stream (an EventSource opens it); asked
   * by the HTTP client it answers the open disputes' count once, or why the stream would not open
   * (401, 404...).
   */
  liveEvents: "/admin/events",
  demoWallet: "/demo/wallet",
  /**
   * Beyond the core API: the API's published contract (OpenAPI), read for the list filters it
   * applies beyond the core API (the records' links); a 404 means none.
   */
  openApi: "/openapi.json",
} as const;
