import sanitizeHtml from "sanitize-html";

// Rich text of content entries is sanitised on the server before it leaves it: an
// allow-list of tags and attributes, no script/style/iframe, no event handlers, links only to
// http(s), mailto or same-site paths, and external links open in a new tab without an opener.

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    "p",
    "br",
    "strong",
    "b",
    "em",
    "i",
    "u",
    "s",
    "small",
    "sup",
    "sub",
    "span",
    "h2",
    "h3",
    "h4",
    "ul",
    "ol",
    "li",
    "a",
    "blockquote",
    "hr",
    "table",
    "thead",
    "tbody",
    "tr",
    "th",
    "td",
  ],
  allowedAttributes: { a: ["href", "title", "target", "rel"], th: ["scope"], td: ["colspan"] },
  allowedSchemes: ["http", "https", "mailto"],
  allowedSchemesAppliedToAttributes: ["href"],
  allowProtocolRelative: false,
  disallowedTagsMode: "discard",
  // Dropped with their content, not just their tags.
  nonTextTags: ["script", "style", "textarea", "option", "noscript", "iframe", "object", "embed", "template"],
  transformTags: {
    a: (tagName, attribs) => {
      const href = attribs.href ?? "";
      const external = /^https?:\/\//i.test(href);
      const out: Record<string, string> = { href };
      if (attribs.title) out.title = attribs.title;
      if (external) {
        out.target = "_blank";
        out.rel = "noopener noreferrer";
      }
      return { tagName, attribs: out };
    },
  },
  exclusiveFilter: (frame) => frame.tag === "a" && !frame.attribs.href,
};

/** Rich text safe to render with dangerouslySetInnerHTML. */
export function sanitizeRichText(html: string): string {
  return sanitizeHtml(html, OPTIONS).trim();
}

/** Sanitises every rich-text field (a key ending in "Html") of a content body, at any depth. */
export function sanitizeBody<T>(body: T): T {
  if (Array.isArray(body)) return body.map((item) => sanitizeBody(item)) as T;
  if (body && typeof body === "object") {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(body)) {
      out[k] = /Html$/.test(k) && typeof v === "string" ? sanitizeRichText(v) : sanitizeBody(v);
    }
    return out as T;
  }
  return body;
}
