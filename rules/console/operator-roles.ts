// The operator console's roles and what each may do: one table, checked by the server for every
// console page and action, and used by the navigation to show only what a role may open.

export const OPERATOR_ROLES = ["owner", "manager", "support", "content", "fulfilment", "marketing"] as const;
export type OperatorRole = (typeof OPERATOR_ROLES)[number];

export const ROLE_LABELS: Record<OperatorRole, string> = {
  owner: "Owner",
  manager: "Manager",
  support: "Support",
  content: "Content",
  fulfilment: "Fulfilment",
  marketing: "Marketing",
};

export const PERMISSIONS = [
  "dashboard.view",
  "orders.view",
  /** Fulfil, ship (with a tracking number) and mark delivered. */
  "orders.fulfil",
  "orders.cancel",
  "orders.refund",
  "clinics.members",
  /** Products, variants, prices, publishing, stock adjustments. */
  "catalog.manage",
  /** Search and read customers; send a password-reset mail. */
  "customers.view",
  /** Erase a customer's personal data on request (orders kept, anonymised). */
  "customers.erase",
  /** Read subscriptions; pause, resume, skip, cancel and retry on the customer's behalf. */
  "subscriptions.manage",
  /** The cancellation flow's save offers: the discount and how often it may be offered. */
  "subscriptions.offers",
  /** Content entries and redirects: edit, preview, publish, archive. */
  "content.edit",
  "operators.manage",
  "audit.view",
  /** Donation store configuration, causes, segments and the donation report. */
  "donations.manage",
  /** Read the recorded server and browser errors. */
  "errors.view",
  /** Product reviews: approve, reject with a policy reason, respond. */
  "reviews.moderate",
  /** The marketing list: its subscribers and the export of the confirmed ones. */
  "marketing.manage",
  /** The automatic mails (back-in-stock, abandoned cart, win-back): switched on or off and timed. */
  "marketing.automations",
  /** Campaigns: compose, preview, test send, schedule or send, pause, cancel; their reports. */
  "marketing.campaigns",
] as const;
export type Permission = (typeof PERMISSIONS)[number];

const EVERYTHING: readonly Permission[] = PERMISSIONS;

/**
 * owner: everything, and manages operators; manager: everything but operators; support: customers
 * (not erasure), orders without refunds, subscriptions, staff memberships, review moderation; content: content entries
 * only; fulfilment: orders — fulfil, ship, deliver; marketing: the e-mail list and its campaigns.
 */
const GRANTS: Record<OperatorRole, readonly Permission[]> = {
  owner: EVERYTHING,
  manager: EVERYTHING.filter((p) => p !== "operators.manage"),
  support: ["dashboard.view", "orders.view", "orders.fulfil", "orders.cancel", "clinics.members", "customers.view", "subscriptions.manage", "reviews.moderate"],
  content: ["dashboard.view", "content.edit"],
  fulfilment: ["dashboard.view", "orders.view", "orders.fulfil"],
  marketing: ["dashboard.view", "marketing.manage", "marketing.campaigns"],
};

export const isOperatorRole = (v: unknown): v is OperatorRole => typeof v === "string" && (OPERATOR_ROLES as readonly string[]).includes(v);

export const may = (role: OperatorRole, permission: Permission): boolean => GRANTS[role].includes(permission);

/** The order lifecycle's moves and the permission each needs. */
export const ORDER_MOVE_PERMISSION = {
  fulfilled: "orders.fulfil",
  shipped: "orders.fulfil",
  delivered: "orders.fulfil",
  cancelled: "orders.cancel",
  refunded: "orders.refund",
} as const satisfies Record<string, Permission>;
export type OrderMove = keyof typeof ORDER_MOVE_PERMISSION;

/** The console's sections, in navigation order, with what opens each. */
export const CONSOLE_SECTIONS: readonly { path: string; label: string; permission: Permission }[] = [
  { path: "/admin/dashboard", label: "Dashboard", permission: "dashboard.view" },
  { path: "/admin/orders", label: "Orders", permission: "orders.view" },
  { path: "/admin/products", label: "Catalogue", permission: "catalog.manage" },
  { path: "/admin/customers", label: "Customers", permission: "customers.view" },
  { path: "/admin/subscriptions", label: "Subscriptions", permission: "subscriptions.manage" },
  { path: "/admin/content", label: "Content", permission: "content.edit" },
  { path: "/admin/clinic-members", label: "Clinic members", permission: "clinics.members" },
  { path: "/admin/donations", label: "Donations", permission: "donations.manage" },
  { path: "/admin/reviews", label: "Reviews", permission: "reviews.moderate" },
  { path: "/admin/marketing", label: "E-mail list", permission: "marketing.manage" },
  { path: "/admin/marketing/campaigns", label: "Campaigns", permission: "marketing.campaigns" },
  { path: "/admin/operators", label: "Operators", permission: "operators.manage" },
  { path: "/admin/audit", label: "Audit log", permission: "audit.view" },
  { path: "/admin/errors", label: "Errors", permission: "errors.view" },
];

/** Operator sessions: 8 hours at most, 30 minutes without a request ends one. */
export const OPERATOR_SESSION_ABSOLUTE_MS = 8 * 60 * 60_000;
export const OPERATOR_SESSION_IDLE_MS = 30 * 60_000;
/** A setup link (first owner, or a new operator) lasts a day and is used once. */
export const OPERATOR_SETUP_LINK_MS = 24 * 60 * 60_000;
export const OPERATOR_COOKIE = "op_session";
