import { mailPage as page, type MailContent } from "../mail";
import { escapeHtml } from "../../../rules/shared/escape-html";

// The renewal engine's mails (rules/autoship/renewal-schedule.ts): the reminder before each renewal, and what the customer
// must know when a renewal cannot be placed (out of stock, card declined, paused). Same shape as
// server/modules/mail/templates.ts: subject, plain text and HTML from the same data, every value
// escaped in the HTML. Template names are "autoship.<name>" (server/modules/mail/service.ts).

export type RenewalMailItem = { title: string; quantity: number; total: string };

const hello = (firstName: string) => (firstName ? `Hello ${firstName},` : "Hello,");
const link = (url: string, label: string) => `<a href="${escapeHtml(url)}">${escapeHtml(label)}</a>`;

type Base = { storeName: string; firstName: string; contractId: string; manageUrl: string };

export const renewalMail = {
  /**
   * A few days before each renewal: date, items and price, with links to act on this delivery (the
   * signed links of mail-links.ts, or the skip prompt in My Autoships) and to change the rest.
   */
  reminder(
    d: Base & {
      actions: { label: string; url: string }[];
      date: string;
      items: RenewalMailItem[];
      subtotal: string;
      shipping: string;
      tax: string;
      total: string;
      paymentLast4: string | null;
      priceNotes?: string[];
    },
  ): MailContent {
    // Price rises within the customer's price guard are renewed, and said here (rules/autoship/price-guard.ts).
    const rows = [...d.items.map((i) => `${i.quantity} × ${i.title} — ${i.total}`), ...(d.priceNotes ?? [])];
    const card = d.paymentLast4 ? `the card ending in ${d.paymentLast4}` : "your saved card";
    const totals = [`Subtotal (with your 5% Autoship saving): ${d.subtotal}`, `Shipping: ${d.shipping}`, `Estimated tax: ${d.tax}`, `Total: ${d.total}`];
    return {
      subject: `Your Autoship ${d.contractId} ships on ${d.date}`,
      text: `${hello(d.firstName)}\n\nYour next Autoship order (${d.contractId}) will be placed on ${d.date} and charged to ${card}:\n\n${rows.join("\n")}\n\n${totals.join("\n")}\n\n${d.actions.map((a) => `${a.label}:\n${a.url}\n\n`).join("")}To change the date, frequency, quantity, address or card, visit My Autoships before then:\n${d.manageUrl}\n\n— ${d.storeName}\n`,
      html: page(d.storeName, [
        escapeHtml(hello(d.firstName)),
        `Your next Autoship order (${escapeHtml(d.contractId)}) will be placed on <strong>${escapeHtml(d.date)}</strong> and charged to ${escapeHtml(card)}:`,
        rows.map(escapeHtml).join("<br>"),
        totals.map(escapeHtml).join("<br>"),
        [...d.actions.map((a) => link(a.url, a.label)), link(d.manageUrl, "Change it in My Autoships")].join(" · "),
        "Changes made before the date apply to this order.",
      ]),
    };
  },

  /** The renewal is held: the item is out of stock (or no longer sold) at the warehouse serving the address. */
  heldOutOfStock(d: Base & { date: string; item: string; skipDate: string }): MailContent {
    return {
      subject: `Your Autoship ${d.contractId} is waiting for stock`,
      text: `${hello(d.firstName)}\n\n${d.item} is out of stock, so your Autoship order due on ${d.date} (${d.contractId}) has not been placed and you have not been charged. We will place it as soon as it is back in stock. If it is still unavailable on ${d.skipDate}, we will skip this delivery and tell you.\n\nYou can skip this delivery or choose another size or flavour in My Autoships:\n${d.manageUrl}\n\n— ${d.storeName}\n`,
      html: page(d.storeName, [
        escapeHtml(hello(d.firstName)),
        `${escapeHtml(d.item)} is out of stock, so your Autoship order due on ${escapeHtml(d.date)} (${escapeHtml(d.contractId)}) has not been placed and you have not been charged. We will place it as soon as it is back in stock. If it is still unavailable on ${escapeHtml(d.skipDate)}, we will skip this delivery and tell you.`,
        `You can skip this delivery or choose another size or flavour in ${link(d.manageUrl, "My Autoships")}.`,
      ]),
    };
  },

  /** Staff program: the renewal would pass the month's allowance; it waits for the next month. */
  heldQuota(d: Base & { date: string; item: string; reason: string; retryDate: string }): MailContent {
    const body = `Your Autoship order due on ${d.date} (${d.contractId}, ${d.item}) has not been placed and you have not been charged: ${d.reason} We will place it on ${d.retryDate}, when your allowance starts again.`;
    return {
      subject: `Your Autoship ${d.contractId} waits for next month's allowance`,
      text: `${hello(d.firstName)}\n\n${body}\n\nYou can skip this delivery, lower the quantity or change the date in My Autoships:\n${d.manageUrl}\n\n— ${d.storeName}\n`,
      html: page(d.storeName, [
        escapeHtml(hello(d.firstName)),
        escapeHtml(body),
        `You can skip this delivery, lower the quantity or change the date in ${link(d.manageUrl, "My Autoships")}.`,
      ]),
    };
  },

  /** Staff program: the member is no longer in good standing (membership ended, role not eligible). */
  heldNotEligible(d: Base & { date: string; item: string; reason: string }): MailContent {
    const body = `Your Autoship order due on ${d.date} (${d.contractId}, ${d.item}) has not been placed and you have not been charged: ${d.reason} It will be placed once your membership is active again; until then it stays on hold.`;
    return {
      subject: `Your Autoship ${d.contractId} is on hold`,
      text: `${hello(d.firstName)}\n\n${body}\n\nManage your Autoships:\n${d.manageUrl}\n\n— ${d.storeName}\n`,
      html: page(d.storeName, [escapeHtml(hello(d.firstName)), escapeHtml(body), `Manage your Autoships in ${link(d.manageUrl, "My Autoships")}.`]),
    };
  },

  /** Still out of stock a week after the date: this cycle is skipped, the subscription carries on. */
  skippedOutOfStock(d: Base & { date: string; item: string; nextDate: string }): MailContent {
    return {
      subject: `We skipped your Autoship ${d.contractId} delivery`,
      text: `${hello(d.firstName)}\n\n${d.item} is still out of stock, so we skipped your Autoship delivery due on ${d.date} (${d.contractId}). You were not charged. Your next delivery is planned for ${d.nextDate}.\n\nManage your Autoship:\n${d.manageUrl}\n\n— ${d.storeName}\n`,
      html: page(d.storeName, [
        escapeHtml(hello(d.firstName)),
        `${escapeHtml(d.item)} is still out of stock, so we skipped your Autoship delivery due on ${escapeHtml(d.date)} (${escapeHtml(d.contractId)}). You were not charged. Your next delivery is planned for ${escapeHtml(d.nextDate)}.`,
        link(d.manageUrl, "Manage your Autoship"),
      ]),
    };
  },

  /** A declined renewal charge that will be retried. */
  paymentFailed(d: Base & { date: string; reason: string; retryDate: string }): MailContent {
    return {
      subject: `Action needed: payment for your Autoship ${d.contractId} failed`,
      text: `${hello(d.firstName)}\n\nWe could not charge your card for your Autoship order due on ${d.date} (${d.contractId}): ${d.reason}\n\nWe will try again on ${d.retryDate}. To avoid a missed delivery, update your payment method in My Autoships:\n${d.manageUrl}\n\n— ${d.storeName}\n`,
      html: page(d.storeName, [
        escapeHtml(hello(d.firstName)),
        `We could not charge your card for your Autoship order due on ${escapeHtml(d.date)} (${escapeHtml(d.contractId)}): ${escapeHtml(d.reason)}`,
        `We will try again on ${escapeHtml(d.retryDate)}. To avoid a missed delivery, update your payment method in ${link(d.manageUrl, "My Autoships")}.`,
      ]),
    };
  },

  /** The last retry was declined too: the subscription is paused until the customer resumes it. */
  pausedPaymentFailed(d: Base & { date: string; reason: string; attempts: number }): MailContent {
    return {
      subject: `Your Autoship ${d.contractId} is paused: payment failed`,
      text: `${hello(d.firstName)}\n\nWe tried ${d.attempts} times to charge your card for your Autoship order due on ${d.date} (${d.contractId}), without success (${d.reason}). Your Autoship is now paused and no order was placed.\n\nUpdate your payment method and resume it in My Autoships:\n${d.manageUrl}\n\n— ${d.storeName}\n`,
      html: page(d.storeName, [
        escapeHtml(hello(d.firstName)),
        `We tried ${d.attempts} times to charge your card for your Autoship order due on ${escapeHtml(d.date)} (${escapeHtml(d.contractId)}), without success (${escapeHtml(d.reason)}). Your Autoship is now paused and no order was placed.`,
        `Update your payment method and resume it in ${link(d.manageUrl, "My Autoships")}.`,
      ]),
    };
  },

  /** Once a year: the terms the customer agreed to, what the Autoship costs and how often, and how to cancel. */
  termsReminder(d: Base & { item: string; quantity: number; price: string; frequency: string; acceptedOn: string; terms: string }): MailContent {
    const summary = `Your Autoship ${d.contractId} sends ${d.quantity} × ${d.item} ${d.frequency.toLowerCase()} at ${d.price} per delivery (today's Autoship price, plus shipping and tax), charged to your saved card, until you cancel.`;
    const terms = d.terms ? `The terms you agreed to on ${d.acceptedOn}: "${d.terms}"` : `You started this Autoship on ${d.acceptedOn}.`;
    const cancel = "You can skip a delivery, change it or cancel at any time, online, in My Autoships: cancelling takes effect at once.";
    return {
      subject: `Your yearly Autoship reminder: ${d.contractId}`,
      text: `${hello(d.firstName)}

${summary}

${terms}

${cancel}
${d.manageUrl}

— ${d.storeName}
`,
      html: page(d.storeName, [
        escapeHtml(hello(d.firstName)),
        escapeHtml(summary),
        escapeHtml(terms),
        `${escapeHtml(cancel)} ${link(d.manageUrl, "My Autoships")}`,
      ]),
    };
  },

  /**
   * The pet fed this food reached its next life stage: the same brand's formula for it, the price
   * difference, and where one click swaps it (or dismisses the suggestion for good). A service mail
   * about the customer's own subscription, not marketing.
   */
  lifeStageSwap(d: Base & { headline: string; proposal: string; difference: string; from: string; to: string }): MailContent {
    const lines = [`${d.headline}.`, d.proposal, `Now: ${d.from}`, `Suggested: ${d.to}`, d.difference];
    const answer = "Switch with one click in My Autoships, or keep the food you have: nothing changes unless you choose.";
    return {
      subject: `${d.headline}: a food suggestion for your Autoship ${d.contractId}`,
      text: `${hello(d.firstName)}\n\n${lines.join("\n")}\n\n${answer}\n${d.manageUrl}\n\n— ${d.storeName}\n`,
      html: page(d.storeName, [
        escapeHtml(hello(d.firstName)),
        lines.map(escapeHtml).join("<br>"),
        `${escapeHtml(answer)} ${link(d.manageUrl, "My Autoships")}`,
      ]),
    };
  },
};

export type RenewalMailName = keyof typeof renewalMail;
