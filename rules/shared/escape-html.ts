// The one escaper for text put into markup we write by hand: mail bodies (HTML), the sitemap (XML)
// and packshots (SVG). A numeric reference for the apostrophe works in all three (&apos; is not
// HTML 4, which some mail clients still follow).

const ENTITIES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };

/** `Tom & Jerry's <b>` → `Tom &amp; Jerry&#39;s &lt;b&gt;`, safe in element text and quoted attributes. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (ch) => ENTITIES[ch]);
}
