import { type MailContent } from "../mail";
import { escapeHtml } from "../../../rules/shared/escape-html";

// The confirmation mail of every My Subscriptions change: every action is recorded in the history
// and confirmed by e-mail. One template: what changed, and the subscription as it now is.
// Every value is escaped in the HTML body.

export type SubscriptionMailData = {
  storeName: string;
  firstName: string;
  contractId: string;
  /** What happened, a sentence ("The next order was skipped."). */
  change: string;
  item: string;
  quantity: number;
  frequency: string;
  status: string;
  /** "Next order: Mar 3, 2026", or null when nothing is planned (paused, cancelled). */
  nextOrder: string | null;
  price: string;
  manageUrl: string;
};

export const AUTOSHIP_CHANGE_TEMPLATE = "autoship.change" as const;

export function subscriptionChangeMail(d: SubscriptionMailData): MailContent {
  const hello = d.firstName ? `Hello ${d.firstName},` : "Hello,";
  const facts = [`${d.item} × ${d.quantity}`, `${d.frequency} · ${d.price} per delivery`, `Status: ${d.status}`, ...(d.nextOrder ? [d.nextOrder] : [])];
  return {
    subject: `Your Autoship ${d.contractId}: ${d.change.replace(/\.$/, "")}`,
    text: `${hello}\n\n${d.change}\n\n${facts.join("\n")}\n\nManage your subscriptions: ${d.manageUrl}\n\n— ${d.storeName}\n`,
    html: `<!doctype html><html><body style="font-family:sans-serif;color:#1f2937">
<p>${escapeHtml(hello)}</p>
<p>${escapeHtml(d.change)}</p>
<p>${facts.map(escapeHtml).join("<br>")}</p>
<p><a href="${escapeHtml(d.manageUrl)}">Manage your subscriptions</a></p>
<p>— ${escapeHtml(d.storeName)}</p></body></html>`,
  };
}
