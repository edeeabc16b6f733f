// The document head as React writes it, reordered for a slow network (app/entry.server.tsx applies
// it to the first piece of every page, the one that holds the head).
//
// React puts the preloads it makes for a page's first pictures (up to ten <img> without
// loading="lazy") ahead of the stylesheet. On a phone's network they then share the first round
// trips with the one render-blocking request, and the page paints later. Only a picture preloaded
// with fetchpriority="high" (the product page's, its largest paint) keeps its place ahead of it.
//
// The first-load scripts are preloaded at low priority: a module script never blocks the first paint,
// but a dozen script preloads at high priority take a phone's first round trips from the stylesheet
// and the largest picture (and Lighthouse's simulation counts each that finished before the observed
// first paint as blocking it, so the page's first paint came out at 1.0 or 2.3 s by the machine's
// timing). The page hydrates once they are in, as before.
//
// React Router also lists the entry chunk twice as a modulepreload when a route's imports hold it
// (the root's code travels in it): the repeat is dropped.
//
// A script preload goes without the CSP nonce React Router gives it: the files are the shop's own,
// which the policy's script-src 'self' allows (server/http/edge.ts), so a dozen copies of the nonce
// in every head were read by nobody. The inline scripts keep theirs.

const LINK = /<link\b[^>]*>/gi;

const attr = (tag: string, name: string): string | null => new RegExp(`\\s${name}="([^"]*)"`, "i").exec(tag)?.[1] ?? null;

/** A script preload asked for at low priority (see the top of this file). */
const lowPriority = (tag: string) => tag.replace(/^<link\b/i, '<link fetchPriority="low"');

/** A script preload as sent: at low priority unless it names a priority; one of the shop's own files without a nonce. */
function scriptPreload(tag: string): string {
  const href = attr(tag, "href") ?? "";
  const own = href.startsWith("/") && !href.startsWith("//");
  const plain = own ? tag.replace(/\snonce="[^"]*"/i, "") : tag;
  return attr(plain, "fetchpriority") === null ? lowPriority(plain) : plain;
}

/** The head (everything before `</head>`) reordered; a document without a stylesheet keeps its order. */
export function orderHead(head: string): string {
  const images: string[] = [];
  const modules = new Set<string>();
  let lastStylesheetEnd = -1;
  // One pass: remember where the last stylesheet ends (in the head without the moved tags).
  let out = "";
  let from = 0;
  for (const match of head.matchAll(LINK)) {
    const tag = match[0];
    const rel = attr(tag, "rel")?.toLowerCase();
    let keep = true;
    if (rel === "preload" && attr(tag, "as")?.toLowerCase() === "image" && attr(tag, "fetchpriority")?.toLowerCase() !== "high") {
      images.push(tag);
      keep = false;
    } else if (rel === "modulepreload") {
      const href = attr(tag, "href");
      if (href !== null && modules.has(href)) keep = false;
      if (href !== null) modules.add(href);
    }
    out += head.slice(from, match.index);
    if (keep) out += rel === "modulepreload" ? scriptPreload(tag) : tag;
    from = match.index + tag.length;
    if (keep && rel === "stylesheet") lastStylesheetEnd = out.length;
  }
  out += head.slice(from);
  if (images.length === 0) return out;
  if (lastStylesheetEnd < 0) return head;
  return out.slice(0, lastStylesheetEnd) + images.join("") + out.slice(lastStylesheetEnd);
}

const HEAD_END = Buffer.from("</head>");

/** The first piece of a page with its head reordered; a piece without the end of the head as it is. */
export function orderHeadOf(chunk: Buffer): Buffer {
  const end = chunk.indexOf(HEAD_END);
  if (end < 0) return chunk;
  const head = chunk.subarray(0, end).toString("utf8");
  const ordered = orderHead(head);
  return ordered === head ? chunk : Buffer.concat([Buffer.from(ordered, "utf8"), chunk.subarray(end)]);
}
