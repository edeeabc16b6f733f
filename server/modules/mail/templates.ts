// The shop's mail templates: a subject, a plain-text body and an HTML body from the same data.
// Every value is escaped in the HTML body.

import type { CONTACT_SUBJECTS } from "../../../rules/account-forms";
import { escapeHtml } from "../../../rules/escape-html";

export type MailContent = { subject: string; text: string; html: string };

/** A mail's HTML body: one paragraph each, signed with the store's name. */
export function mailPage(storeName: string, paragraphs: string[]): string {
  const body = paragraphs.map((p) => `<p>${p}</p>`).join("\n");
  return `<!doctype html><html><body style="font-family:sans-serif;color:#1f2937">\n${body}\n<p>— ${escapeHtml(storeName)}</p></body></html>`;
}

export const templates = {
  passwordReset(d: { storeName: string; firstName: string; resetUrl: string; validMinutes: number }): MailContent {
    const hello = d.firstName ? `Hello ${d.firstName},` : "Hello,";
    return {
      subject: `Reset your ${d.storeName} password`,
      text: `${hello}\n\nSomeone asked to reset the password of your ${d.storeName} account. To choose a new password, open this link within ${d.validMinutes} minutes:\n\n${d.resetUrl}\n\nThe link works once. If you did not ask for this, ignore this mail: your password stays as it is.\n\n— ${d.storeName}\n`,
      html: mailPage(d.storeName, [
        escapeHtml(hello),
        `Someone asked to reset the password of your ${escapeHtml(d.storeName)} account. To choose a new password, open this link within ${d.validMinutes} minutes:`,
        `<a href="${escapeHtml(d.resetUrl)}">Reset my password</a>`,
        "The link works once. If you did not ask for this, ignore this mail: your password stays as it is.",
      ]),
    };
  },

  /**
   * The sender's address is not proven, so the confirmation carries none of their free text (name,
   * message): otherwise anyone could have the shop mail any text to any address. The subject is one
   * of CONTACT_SUBJECTS.
   */
  contactConfirmation(d: { storeName: string; subject: (typeof CONTACT_SUBJECTS)[number] }): MailContent {
    return {
      subject: `We received your message: ${d.subject}`,
      text: `Hello,\n\nThank you for writing to ${d.storeName}. We received your message about "${d.subject}" and will answer within two business days.\n\nIf you did not write to us, ignore this mail.\n\n— ${d.storeName}\n`,
      html: mailPage(d.storeName, [
        "Hello,",
        `Thank you for writing to ${escapeHtml(d.storeName)}. We received your message about “${escapeHtml(d.subject)}” and will answer within two business days.`,
        "If you did not write to us, ignore this mail.",
      ]),
    };
  },

  contactToShop(d: {
    storeName: string;
    site: string;
    firstName: string;
    lastName: string;
    email: string;
    phone: string | null;
    subject: string;
    message: string;
  }): MailContent {
    const from = `${d.firstName} ${d.lastName} <${d.email}>`;
    return {
      subject: `[Contact ${d.site}] ${d.subject}`,
      text: `From: ${from}\nPhone: ${d.phone ?? "-"}\nSite: ${d.site}\nSubject: ${d.subject}\n\n${d.message}\n`,
      html: mailPage(d.storeName, [
        `From: ${escapeHtml(from)}<br>Phone: ${escapeHtml(d.phone ?? "-")}<br>Site: ${escapeHtml(d.site)}<br>Subject: ${escapeHtml(d.subject)}`,
        escapeHtml(d.message).replace(/\n/g, "<br>"),
      ]),
    };
  },

  orderConfirmation(d: { storeName: string; number: string; lines: { title: string; quantity: number; total: string }[]; total: string }): MailContent {
    const rows = d.lines.map((l) => `${l.quantity} × ${l.title} — ${l.total}`);
    return {
      subject: `Your ${d.storeName} order ${d.number}`,
      text: `Thank you for your order ${d.number}.\n\n${rows.join("\n")}\n\nTotal: ${d.total}\n\n— ${d.storeName}\n`,
      html: mailPage(d.storeName, [`Thank you for your order ${escapeHtml(d.number)}.`, rows.map(escapeHtml).join("<br>"), `Total: ${escapeHtml(d.total)}`]),
    };
  },

  orderShipped(d: { storeName: string; number: string; trackingNumber: string | null }): MailContent {
    const tracking = d.trackingNumber ? `Tracking number: ${d.trackingNumber}` : "";
    return {
      subject: `Your ${d.storeName} order ${d.number} has shipped`,
      text: `Good news: your order ${d.number} has left our warehouse and is on its way.\n\n${tracking ? `${tracking}\n\n` : ""}— ${d.storeName}\n`,
      html: mailPage(d.storeName, [`Good news: your order ${escapeHtml(d.number)} has left our warehouse and is on its way.`, ...(tracking ? [escapeHtml(tracking)] : [])]),
    };
  },

  orderCancelled(d: { storeName: string; number: string; refunded: string | null }): MailContent {
    const money = d.refunded ? `The ${d.refunded} you paid is being returned to your card; banks usually show it within 5–10 business days.` : "Your card was not charged.";
    return {
      subject: `Your ${d.storeName} order ${d.number} was cancelled`,
      text: `Your order ${d.number} was cancelled and will not be shipped.\n\n${money}\n\n— ${d.storeName}\n`,
      html: mailPage(d.storeName, [`Your order ${escapeHtml(d.number)} was cancelled and will not be shipped.`, escapeHtml(money)]),
    };
  },

  orderRefunded(d: { storeName: string; number: string; refunded: string }): MailContent {
    const money = `The ${d.refunded} you paid is being returned to your card; banks usually show it within 5–10 business days.`;
    return {
      subject: `Your ${d.storeName} order ${d.number} was refunded`,
      text: `Your order ${d.number} was refunded.\n\n${money}\n\n— ${d.storeName}\n`,
      html: mailPage(d.storeName, [`Your order ${escapeHtml(d.number)} was refunded.`, escapeHtml(money)]),
    };
  },
};

export type TemplateName = keyof typeof templates;
