import { isSameSitePath } from "./campaign";

// A campaign's `content: <key>` block (rules/marketing/campaign.ts): a promotion or highlight the
// shop already shows on its pages, put into a mail as its heading, its text and its first link.
// Mail has no room for the page's HTML, so the body becomes plain text (the mail escapes it
// again); a link leads into the mail's signed click links, so only a page of the shop is kept.

/** What the content module's promotion-banner and highlight-content-block bodies have in common. */
export type CampaignContentSource = {
  heading: string;
  bodyHtml: string;
  link?: { text: string; url: string };
  buttons?: readonly { text: string; url: string }[];
};

export type ContentPick = { key: string; heading: string; text: string; link: { label: string; path: string } | null };

const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', "#39": "'", apos: "'", nbsp: " " };

/** The words of a piece of the shop's HTML: tags gone, entities read, white space folded. */
export function plainText(html: string): string {
  return html
    .replace(/<(br|\/p|\/li|\/h\d)\s*\/?>/gi, " ")
    .replace(/<[^>]*>/g, "")
    .replace(/&(amp|lt|gt|quot|#39|apos|nbsp);/g, (_, name: string) => ENTITIES[name]!)
    .replace(/\s+/g, " ")
    .trim();
}

export function contentPick(key: string, body: CampaignContentSource): ContentPick {
  const first = body.link ?? body.buttons?.[0];
  return {
    key,
    heading: body.heading,
    text: plainText(body.bodyHtml),
    link: first && isSameSitePath(first.url) ? { label: first.text, path: first.url } : null,
  };
}
