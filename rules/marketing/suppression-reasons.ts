import type { SuppressionReason } from "./subscriber";

/** How the console names the reasons of a suppression (a file of its own: only the e-mail list's page carries it). */
export const SUPPRESSION_REASON_LABELS: Record<SuppressionReason, string> = {
  hard_bounce: "Hard bounce (the address does not exist)",
  complaint: "Spam complaint",
  operator: "The person asked us to stop (by phone, letter…)",
};
