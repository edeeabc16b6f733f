import { escapeHtml } from "../shared/escape-html";

// What every marketing mail carries (the confirmation's successors: the welcome mail now, campaigns
// and the automatic mails later): RFC 8058 one-click unsubscribe headers, and a footer with a
// visible unsubscribe link, the shop's postal address (CAN-SPAM) and the preference centre's link.
// Transactional mails (orders, Autoship reminders, password resets) carry none of it.

/** The headers of RFC 2369 and RFC 8058: a mail client's "Unsubscribe" POSTs `List-Unsubscribe=One-Click` to the URL. */
export function marketingMailHeaders(unsubscribeUrl: string): Record<string, string> {
  return { "List-Unsubscribe": `<${unsubscribeUrl}>`, "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" };
}

export type MarketingFooterInput = { storeName: string; postalAddress: string; unsubscribeUrl: string; preferencesUrl: string };

/** The footer's plain-text and HTML forms, from the same data. */
export function marketingFooter(d: MarketingFooterInput): { text: string; html: string } {
  const text = [
    "",
    "--",
    `You receive this mail because you subscribed to ${d.storeName} emails.`,
    `Unsubscribe: ${d.unsubscribeUrl}`,
    `Choose topics or pause: ${d.preferencesUrl}`,
    `${d.storeName}, ${d.postalAddress}`,
  ].join("\n");
  const html = [
    '<hr style="border:none;border-top:1px solid #d1d5db">',
    `<p style="font-size:13px;color:#4b5563">You receive this mail because you subscribed to ${escapeHtml(d.storeName)} emails.<br>`,
    `<a href="${escapeHtml(d.unsubscribeUrl)}">Unsubscribe</a> · <a href="${escapeHtml(d.preferencesUrl)}">Choose topics or pause</a><br>`,
    `${escapeHtml(d.storeName)}, ${escapeHtml(d.postalAddress)}</p>`,
  ].join("\n");
  return { text, html };
}
