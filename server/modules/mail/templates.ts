// The shop's mail templates: a subject, a plain-text body and an HTML body from the same data.
// Every value is escaped in the HTML body.

import type { CONTACT_SUBJECTS } from "../../../rules/account/forms";
import { escapeHtml } from "../../../rules/shared/escape-html";

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

  orderConfirmation(d: {
    storeName: string;
    number: string;
    lines: { title: string; quantity: number; total: string }[];
    total: string;
    /** Staff orders: the program discount, sold-to, ship-to and delivery choice. */
    staff?: { programDiscount: string; soldTo: string; shipTo: string; delivery: "Clinic" | "Home" } | null;
    /** The shopper's donation add-on or round-up, charged as a line of its own (formatted), if any. */
    donationAddon?: string | null;
    /** What the order gave, one sentence per cause ("$2.15 to Paws Rescue League with this order"). */
    donations?: readonly string[];
  }): MailContent {
    const rows = d.lines.map((l) => `${l.quantity} × ${l.title} — ${l.total}`);
    if (d.donationAddon) rows.push(`Donation — ${d.donationAddon}`);
    const staff = d.staff
      ? [
          `Program discount: ${d.staff.programDiscount}`,
          `Delivery: ${d.staff.delivery === "Clinic" ? "to your clinic" : "to your home"}`,
          `Sold-to: ${d.staff.soldTo} · Ship-to: ${d.staff.shipTo}`,
        ]
      : [];
    const given = d.donations ?? [];
    return {
      subject: `Your ${d.storeName} order ${d.number}`,
      text: `Thank you for your order ${d.number}.\n\n${rows.join("\n")}\n\n${staff.map((s) => `${s}\n`).join("")}Total: ${d.total}\n\n${given.map((g) => `${g}\n`).join("")}${given.length ? "\n" : ""}— ${d.storeName}\n`,
      html: mailPage(d.storeName, [
        `Thank you for your order ${escapeHtml(d.number)}.`,
        rows.map(escapeHtml).join("<br>"),
        ...(staff.length ? [staff.map(escapeHtml).join("<br>")] : []),
        `Total: ${escapeHtml(d.total)}`,
        ...(given.length ? [given.map(escapeHtml).join("<br>")] : []),
      ]),
    };
  },

  orderShipped(d: { storeName: string; number: string; trackingNumber: string | null }): MailContent {
    const tracking = d.trackingNumber ? `Tracking number: ${d.trackingNumber}` : "";
    return {
      subject: `Your ${d.storeName} order ${d.number} has shipped`,
      text: `Good news: your order ${d.number} has left our warehouse and is on its way.\n\n${tracking ? `${tracking}\n\n` : ""}— ${d.storeName}\n`,
      html: mailPage(d.storeName, [
        `Good news: your order ${escapeHtml(d.number)} has left our warehouse and is on its way.`,
        ...(tracking ? [escapeHtml(tracking)] : []),
      ]),
    };
  },

  orderCancelled(d: { storeName: string; number: string; refunded: string | null }): MailContent {
    const money = d.refunded
      ? `The ${d.refunded} you paid is being returned to your card; banks usually show it within 5–10 business days.`
      : "Your card was not charged.";
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

  /** A refund of part of an order (the console): what was refunded and how much. */
  orderPartlyRefunded(d: {
    storeName: string;
    number: string;
    refunded: string;
    lines: readonly { title: string; quantity: number }[];
    whole: boolean;
  }): MailContent {
    const what = d.lines.length ? d.lines.map((l) => `${l.quantity} × ${l.title}`) : [];
    const money = `${d.refunded} is being returned to your card; banks usually show it within 5–10 business days.`;
    const intro = d.whole ? `The rest of your order ${d.number} was refunded.` : `Part of your order ${d.number} was refunded.`;
    return {
      subject: `A refund of ${d.refunded} on your ${d.storeName} order ${d.number}`,
      text: `${intro}\n\n${what.length ? `Refunded: ${what.join(", ")}.\n\n` : ""}${money}\n\n— ${d.storeName}\n`,
      html: mailPage(d.storeName, [escapeHtml(intro), ...(what.length ? [`Refunded: ${escapeHtml(what.join(", "))}.`] : []), escapeHtml(money)]),
    };
  },

  /** To a clinic's program administrator: a staff member asks to join and waits for approval. */
  clinicRequest(d: { programName: string; clinicName: string; memberName: string; memberEmail: string; role: string }): MailContent {
    const who = `${d.memberName} (${d.memberEmail}, ${d.role})`;
    return {
      subject: `${d.memberName} asks to join ${d.clinicName} in ${d.programName}`,
      text: `Hello,\n\n${who} asks to join ${d.clinicName} in ${d.programName}. Until the request is approved they see shop prices and cannot order.\n\nIf they work at ${d.clinicName}, reply to this mail or ask the program team to approve the request; if not, ask us to decline it.\n\n— ${d.programName}\n`,
      html: mailPage(d.programName, [
        "Hello,",
        `${escapeHtml(who)} asks to join ${escapeHtml(d.clinicName)} in ${escapeHtml(d.programName)}. Until the request is approved they see shop prices and cannot order.`,
        `If they work at ${escapeHtml(d.clinicName)}, reply to this mail or ask the program team to approve the request; if not, ask us to decline it.`,
      ]),
    };
  },

  /** To the staff member: their clinic membership was approved, declined or ended. */
  clinicDecision(d: { programName: string; clinicName: string; firstName: string; decision: "approved" | "declined" | "ended" }): MailContent {
    const hello = d.firstName ? `Hello ${d.firstName},` : "Hello,";
    const line =
      d.decision === "approved"
        ? `your membership at ${d.clinicName} is approved: program prices and ordering are open to you now.`
        : d.decision === "declined"
          ? `your request to join ${d.clinicName} was declined. If you work there, ask the clinic's program administrator, or join another clinic from My Clinic.`
          : `your membership at ${d.clinicName} has ended. To order again, join your clinic from My Clinic.`;
    return {
      subject: d.decision === "approved" ? `Welcome to ${d.programName} at ${d.clinicName}` : `Your ${d.programName} membership at ${d.clinicName}`,
      text: `${hello}\n\n${line.charAt(0).toUpperCase()}${line.slice(1)}\n\n— ${d.programName}\n`,
      html: mailPage(d.programName, [escapeHtml(hello), escapeHtml(line.charAt(0).toUpperCase() + line.slice(1))]),
    };
  },

  /** Ten days after delivery: one link per product of the order, to the review form on its page. */
  reviewRequest(d: { storeName: string; orderName: string; products: readonly { title: string; url: string }[] }): MailContent {
    const intro = `How are your pets getting on with their food from order ${d.orderName}? Other pet parents would love to hear it: a short review helps them choose.`;
    const outro = "Reviews are checked before they appear, and every review of yours shows as a verified purchase.";
    return {
      subject: `How did your pets like order ${d.orderName}?`,
      text: `Hello,\n\n${intro}\n\n${d.products.map((p) => `${p.title}: ${p.url}`).join("\n")}\n\n${outro}\n\n— ${d.storeName}\n`,
      html: mailPage(d.storeName, [
        "Hello,",
        escapeHtml(intro),
        d.products.map((p) => `<a href="${escapeHtml(p.url)}">Review ${escapeHtml(p.title)}</a>`).join("<br>"),
        escapeHtml(outro),
      ]),
    };
  },
};

export type TemplateName = keyof typeof templates;
