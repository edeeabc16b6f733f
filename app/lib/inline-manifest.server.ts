// React Router writes the route manifest a page hydrates from (the routes of the page and its parent
// paths) into the page's module script as `window.__reactRouterManifest = {…};`, pretty-printed with
// two-space indentation: on a listing page about 2.7 KB, of which 0.7 KB is indentation and line
// breaks. The browser reads the same object from the compact text. app/entry.server.tsx hands every
// piece of a page here until the manifest has gone by.
//
// The object is found by walking the JSON text (strings may hold braces or a `;`) and re-written only
// when it parses as JSON and is followed by the `;` that ends the statement; anything else — another
// React Router's output, a cut-off piece — is left exactly as it came.

const MARKER = "window.__reactRouterManifest = ";
const MARKER_BYTES = Buffer.from(MARKER);

/** Index just past the JSON object that opens at `start` (a `{`), or -1 when it does not close. */
function endOfObject(text: string, start: number): number {
  let depth = 0;
  let inString = false;
  for (let i = start; i < text.length; i++) {
    const c = text[i];
    if (inString) {
      if (c === "\\") i++;
      else if (c === '"') inString = false;
    } else if (c === '"') inString = true;
    else if (c === "{" || c === "[") depth++;
    else if (c === "}" || c === "]") {
      depth--;
      if (depth === 0) return i + 1;
    }
  }
  return -1;
}

/** The text with its inline route manifest written compactly; unchanged when there is none or it does not parse. */
export function compactManifest(text: string): string {
  const at = text.indexOf(MARKER);
  if (at < 0) return text;
  const start = at + MARKER.length;
  if (text[start] !== "{") return text;
  const end = endOfObject(text, start);
  if (end < 0 || text[end] !== ";") return text;
  let manifest: unknown;
  try {
    manifest = JSON.parse(text.slice(start, end));
  } catch {
    return text;
  }
  return text.slice(0, start) + JSON.stringify(manifest) + text.slice(end);
}

/** Whether a piece of the page holds the manifest's start (the pieces after it need no look). */
export const holdsManifest = (chunk: Buffer): boolean => chunk.includes(MARKER_BYTES);

/** A piece of the page with its manifest compacted; a piece without one as it is (the same buffer). */
export function compactManifestOf(chunk: Buffer): Buffer {
  if (!holdsManifest(chunk)) return chunk;
  const text = chunk.toString("utf8");
  const compact = compactManifest(text);
  return compact === text ? chunk : Buffer.from(compact, "utf8");
}
