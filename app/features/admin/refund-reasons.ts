/** Why a refund is given: the console's partial refund form offers these (read back by refund-input.server.ts). */
export const REFUND_REASONS = ["Returned by the customer", "Damaged in transit", "Missing from the parcel", "Wrong item sent", "Goodwill", "Other"] as const;
