import { marketingFooter, type MarketingFooterInput } from "../../../rules/marketing/marketing-mail";
import { escapeHtml } from "../../../rules/shared/escape-html";
import { mailPage, type MailContent } from "../mail";

// The automatic mails' words: a subject, a few lines, one link into the shop, and the marketing
// footer (visible unsubscribe, preference centre, postal address) of rules/marketing/marketing-mail.ts.

export type AutomationMailInput = {
  subject: string;
  lines: string[];
  /** The one call to action: its words and the shop path it opens. */
  link: { label: string; path: string };
};

export function automationMail(d: AutomationMailInput & MarketingFooterInput & { origin: string }): MailContent {
  const footer = marketingFooter(d);
  const url = `${d.origin}${d.link.path}`;
  return {
    subject: d.subject,
    text: `Hello,\n\n${d.lines.join("\n\n")}\n\n${d.link.label}: ${url}\n\n— ${d.storeName}\n${footer.text}\n`,
    html: mailPage(d.storeName, ["Hello,", ...d.lines.map(escapeHtml), `<a href="${escapeHtml(url)}">${escapeHtml(d.link.label)}</a>`]).replace(
      "</body>",
      `${footer.html}\n</body>`,
    ),
  };
}
