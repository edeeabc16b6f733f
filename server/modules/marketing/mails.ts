import { marketingFooter, type MarketingFooterInput } from "../../../rules/marketing/marketing-mail";
import { TOPIC_LABELS, type Topic } from "../../../rules/marketing/subscriber";
import { escapeHtml } from "../../../rules/shared/escape-html";
import { mailPage, type MailContent } from "../mail";

// The marketing list's own mails. The confirmation is not marketing (it is what the address asked
// for, sent once per request): no unsubscribe headers, and it promises nothing more when ignored.
// The welcome mail is the first marketing mail: the footer and headers of rules/marketing/marketing-mail.ts.

export function confirmationMail(d: { storeName: string; confirmUrl: string; program: boolean }): MailContent {
  const what = d.program ? `${d.storeName} program news` : `${d.storeName} emails`;
  const lines = [
    "Hello,",
    `Someone — we hope you — asked to receive ${what} at this address. To confirm, open this link within 7 days:`,
    "If you did not ask, ignore this mail: you will not hear from us.",
  ];
  return {
    subject: `Confirm your subscription to ${what}`,
    text: `${lines[0]}\n\n${lines[1]}\n\n${d.confirmUrl}\n\n${lines[2]}\n\n— ${d.storeName}\n`,
    html: mailPage(d.storeName, [lines[0], escapeHtml(lines[1]), `<a href="${escapeHtml(d.confirmUrl)}">Confirm my subscription</a>`, escapeHtml(lines[2])]),
  };
}

export function welcomeMail(d: MarketingFooterInput & { topics: readonly Topic[] }): MailContent {
  const footer = marketingFooter(d);
  const topics = d.topics.map((t) => TOPIC_LABELS[t]).join(", ");
  const lines = ["Hello,", `You are subscribed. We will write to you about: ${topics}.`, "You can change topics, pause or unsubscribe at any time."];
  return {
    subject: `Welcome to ${d.storeName} emails`,
    text: `${lines.join("\n\n")}\n\n— ${d.storeName}\n${footer.text}\n`,
    html: mailPage(d.storeName, lines.map(escapeHtml)).replace("</body>", `${footer.html}\n</body>`),
  };
}
