import { describe, expect, it } from "vitest";
import { sanitizeBody, sanitizeRichText } from "./rich-text";

describe("sanitizeRichText", () => {
  it("drops script, style and iframe with their content", () => {
    const out = sanitizeRichText('<p>Hi</p><script>alert(1)</script><style>p{}</style><iframe src="https://x.test"></iframe>');
    expect(out).toBe("<p>Hi</p>");
  });

  it("never lets an event handler through", () => {
    const out = sanitizeRichText('<img src=x onerror="alert(1)"><p onclick="x()">Hello</p><a href="/faq" onmouseover="y()">FAQ</a>');
    expect(out).not.toMatch(/onerror|onclick|onmouseover|<img|alert/);
    expect(out).toBe('<p>Hello</p><a href="/faq">FAQ</a>');
  });

  it("keeps http(s), mailto and same-site links; drops javascript: and data: links", () => {
    expect(sanitizeRichText('<a href="javascript:alert(1)">x</a>')).not.toContain("javascript");
    expect(sanitizeRichText('<a href="data:text/html,hi">x</a>')).not.toContain("data:");
    expect(sanitizeRichText('<a href="//evil.test/x">x</a>')).not.toContain("evil");
    expect(sanitizeRichText('<a href="mailto:help@example.com">mail</a>')).toBe('<a href="mailto:help@example.com">mail</a>');
    expect(sanitizeRichText('<a href="/shipping">s</a>')).toBe('<a href="/shipping">s</a>');
  });

  it("opens external links safely", () => {
    expect(sanitizeRichText('<a href="https://example.com/pets" target="_self" rel="opener">x</a>')).toBe(
      '<a href="https://example.com/pets" target="_blank" rel="noopener noreferrer">x</a>',
    );
  });

  it("keeps the allowed formatting", () => {
    const html = "<h2>Title</h2><ul><li><strong>One</strong></li></ul>";
    expect(sanitizeRichText(html)).toBe(html);
  });
});

describe("sanitizeBody", () => {
  it("sanitises every *Html field at any depth and leaves other strings alone", () => {
    const body = {
      title: "<b>kept as text</b>",
      sections: [{ kind: "richText", bodyHtml: "<p>ok</p><script>x</script>" }, { items: [{ answerHtml: '<a href="javascript:x">y</a>' }] }],
    };
    const out = sanitizeBody(body);
    expect(out.title).toBe("<b>kept as text</b>");
    expect(out.sections[0]).toEqual({ kind: "richText", bodyHtml: "<p>ok</p>" });
    expect(JSON.stringify(out)).not.toContain("javascript");
  });
});
