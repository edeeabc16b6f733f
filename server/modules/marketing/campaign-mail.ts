import type { CampaignBlock } from "../../../rules/marketing/campaign";
import type { ContentPick } from "../../../rules/marketing/campaign-content";
import { marketingFooter, type MarketingFooterInput } from "../../../rules/marketing/marketing-mail";
import { escapeHtml } from "../../../rules/shared/escape-html";
import type { MailContent } from "../mail";

// A campaign's mail: its blocks drawn as HTML and plain text, each link through the caller's
// `link` (a signed click link per delivery, or the page itself in a preview), and the marketing
// footer (rules/marketing/marketing-mail.ts). A product is drawn as it is at send time: its
// current price and whether it is in stock; a product no longer sold is left out.

/** A picked product as the mail shows it (from the catalog at send time). */
export type ProductPick = { handle: string; title: string; price: string; inStock: boolean; path: string; imageUrl: string | null };

export type CampaignMailInput = {
  storeName: string;
  subject: string;
  preheader: string;
  blocks: readonly CampaignBlock[];
  products: ReadonlyMap<string, ProductPick>;
  contents: ReadonlyMap<string, ContentPick>;
  /** The URL a same-site path is linked as. */
  link: (path: string) => Promise<string>;
  footer: Omit<MarketingFooterInput, "storeName">;
};

const BUTTON = "display:inline-block;padding:10px 18px;background:#1d4ed8;color:#ffffff;text-decoration:none;border-radius:4px";

export async function campaignMail(d: CampaignMailInput): Promise<MailContent> {
  const html: string[] = [];
  const text: string[] = [];
  for (const block of d.blocks) {
    if (block.type === "heading") {
      html.push(`<h2 style="font-size:20px">${escapeHtml(block.text)}</h2>`);
      text.push(block.text.toUpperCase());
    } else if (block.type === "text") {
      html.push(`<p>${escapeHtml(block.text).replace(/\n/g, "<br>")}</p>`);
      text.push(block.text);
    } else if (block.type === "button") {
      const url = await d.link(block.path);
      html.push(`<p><a href="${escapeHtml(url)}" style="${BUTTON}">${escapeHtml(block.label)}</a></p>`);
      text.push(`${block.label}: ${url}`);
    } else if (block.type === "content") {
      // Unpublished or gone since the campaign was written: left out, as a product no longer sold.
      const c = d.contents.get(block.key);
      if (!c) continue;
      html.push(`<h2 style="font-size:20px">${escapeHtml(c.heading)}</h2>`, `<p>${escapeHtml(c.text)}</p>`);
      text.push(c.heading.toUpperCase(), c.text);
      if (c.link) {
        const url = await d.link(c.link.path);
        html.push(`<p><a href="${escapeHtml(url)}" style="${BUTTON}">${escapeHtml(c.link.label)}</a></p>`);
        text.push(`${c.link.label}: ${url}`);
      }
    } else {
      const p = d.products.get(block.handle);
      if (!p) continue;
      const url = await d.link(p.path);
      const stock = p.inStock ? "In stock" : "Out of stock for now";
      html.push(
        [
          '<table role="presentation" style="border:1px solid #d1d5db;border-radius:4px;margin:12px 0;width:100%"><tr>',
          p.imageUrl ? `<td style="width:96px;padding:8px"><img src="${escapeHtml(p.imageUrl)}" alt="" width="80" style="max-width:80px"></td>` : "",
          `<td style="padding:8px"><strong>${escapeHtml(p.title)}</strong><br>${escapeHtml(p.price)} · ${stock}<br>`,
          `<a href="${escapeHtml(url)}">View the product</a></td></tr></table>`,
        ].join(""),
      );
      text.push(`${p.title} — ${p.price}, ${stock.toLowerCase()}: ${url}`);
    }
  }
  const footer = marketingFooter({ storeName: d.storeName, ...d.footer });
  // The preheader: the line an inbox shows after the subject, hidden in the mail itself.
  const preheader = d.preheader
    ? `<div style="display:none;max-height:0;overflow:hidden;mso-hide:all" aria-hidden="true">${escapeHtml(d.preheader)}</div>\n`
    : "";
  return {
    subject: d.subject,
    text: `${text.join("\n\n")}\n\n— ${d.storeName}\n${footer.text}\n`,
    html: `<!doctype html><html><head><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(d.subject)}</title></head><body style="font-family:sans-serif;color:#1f2937;max-width:640px;margin:0 auto;padding:12px">\n${preheader}${html.join("\n")}\n<p>— ${escapeHtml(d.storeName)}</p>\n${footer.html}\n</body></html>`,
  };
}
