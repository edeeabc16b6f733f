import { escapeHtml } from "../../../rules/shared/escape-html";
import { mailPage as page, type MailContent } from "../mail";

// The price guard's mails (rules/autoship/price-guard.ts): a renewal held because its price rose beyond the
// customer's threshold, with the two one-click answers; and the skip when no answer came in time.
// Same shape as renewal-mail.ts: every value escaped in the HTML.

type Base = { storeName: string; firstName: string; contractId: string; manageUrl: string; item: string };
const hello = (firstName: string) => (firstName ? `Hello ${firstName},` : "Hello,");
const link = (url: string, label: string) => `<a href="${escapeHtml(url)}">${escapeHtml(label)}</a>`;

export const priceGuardMail = {
  held(
    d: Base & {
      date: string;
      oldPrice: string;
      newPrice: string;
      percent: number;
      threshold: number;
      deadline: string;
      acceptUrl: string | null;
      skipUrl: string | null;
    },
  ): MailContent {
    const body = `The price of ${d.item} went up from ${d.oldPrice} to ${d.newPrice} per item (+${d.percent}%) since your last Autoship order, more than the ${d.threshold}% you allow. So your order due on ${d.date} (${d.contractId}) has not been placed and you have not been charged.`;
    const ask = `Tell us what to do by ${d.deadline}; with no answer by then we skip this delivery.`;
    const links = d.acceptUrl && d.skipUrl ? `Renew at the new price:\n${d.acceptUrl}\n\nSkip this delivery:\n${d.skipUrl}\n\n` : "";
    return {
      subject: `Price change: your Autoship ${d.contractId} is waiting for you`,
      text: `${hello(d.firstName)}\n\n${body}\n\n${ask}\n\n${links}Or decide in My Autoships:\n${d.manageUrl}\n\n— ${d.storeName}\n`,
      html: page(
        d.storeName,
        [
          escapeHtml(hello(d.firstName)),
          escapeHtml(body),
          escapeHtml(ask),
          d.acceptUrl && d.skipUrl ? `${link(d.acceptUrl, "Renew at the new price")} · ${link(d.skipUrl, "Skip this delivery")}` : "",
          `Or decide in ${link(d.manageUrl, "My Autoships")}.`,
        ].filter(Boolean),
      ),
    };
  },

  skippedNoAnswer(d: Base & { date: string; nextDate: string }): MailContent {
    const body = `We did not hear from you about the new price of ${d.item}, so we skipped your Autoship delivery due on ${d.date} (${d.contractId}). You were not charged. Your next delivery is planned for ${d.nextDate}.`;
    return {
      subject: `We skipped your Autoship ${d.contractId} delivery`,
      text: `${hello(d.firstName)}\n\n${body}\n\nManage your Autoship:\n${d.manageUrl}\n\n— ${d.storeName}\n`,
      html: page(d.storeName, [escapeHtml(hello(d.firstName)), escapeHtml(body), link(d.manageUrl, "Manage your Autoship")]),
    };
  },
};
