// Error reports: what is kept of an error and how repeats of one error are recognised. Used by the
// errors module (server/modules/errors) for server and browser errors alike.

/** Longest message, stack and route kept; longer ones are cut (a report is evidence, not a dump). */
export const ERROR_LIMITS = { message: 1000, stack: 8000, route: 300, type: 100, frames: 50 } as const;

/**
 * How long the errors table keeps an error nobody has seen again, and how many distinct errors it
 * keeps at most (the most recently seen): reports come from anyone's browser, so the table must not
 * grow without end.
 */
export const ERROR_RETENTION = { days: 90, rows: 10_000 } as const;

/** Errors last seen before this instant are past retention. */
export const errorPurgeBefore = (now: Date, days: number = ERROR_RETENTION.days): Date => new Date(now.getTime() - days * 24 * 60 * 60 * 1000);

/** How many top frames tell one error from another. */
const FINGERPRINT_FRAMES = 5;

/**
 * A URL or path without its query string and fragment: they carry reset tokens, search text,
 * e-mail addresses in links. Works on absolute URLs and on bare paths.
 */
export function stripQuery(url: string): string {
  return url.replace(/[?#].*$/s, "");
}

/**
 * Text with personal data and secrets taken out: query strings of any URL in it, e-mail addresses,
 * JWTs, long hex or base64 runs (tokens, session ids, hashes), card-like digit runs. Applied to
 * every message, stack and route before it is kept or sent.
 */
export function scrubPersonalData(text: string): string {
  return (
    text
      // A query string or fragment of any URL or path, up to where the URL ends (space, quote, bracket, or :line:col).
      .replace(
        /(\b(?:https?|wss?|file):\/\/[^\s"'`()<>?#]*|(?:^|(?<=[\s"'`(=]))\/[^\s"'`()<>?#]*)[?#][^\s"'`()<>]*?(?=(?::\d+){1,2}(?:\)|\s|$)|[\s"'`()<>]|$)/gm,
        "$1",
      )
      .replace(/[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}/g, "[email]")
      .replace(/\beyJ[\w-]+\.[\w-]+\.[\w-]*/g, "[token]")
      .replace(/\b(?:bearer|basic)\s+[\w.~+/=-]+/gi, "[token]")
      .replace(/\b[0-9a-f]{32,}\b/gi, "[token]")
      // Base64 and base64url runs with letters and digits; not "/" — long file paths are no secret.
      .replace(/(?<![\w.-])(?=[\w+-]*\d)(?=[\w+-]*[A-Za-z])[\w+-]{40,}={0,2}(?![\w.-])/g, "[token]")
      .replace(/\b\d(?:[ -]?\d){12,18}\b/g, "[number]")
  );
}

/** Cuts text to `max` characters, marking the cut. */
export const truncate = (text: string, max: number) => (text.length <= max ? text : `${text.slice(0, max - 1)}…`);

export type StackFrame = { fn: string; file: string; line: number; column: number };

const V8_FRAME = /^\s*at (?:(.*?) \()?(.*?):(\d+):(\d+)\)?\s*$/;
const GECKO_FRAME = /^\s*(.*?)@(.*?):(\d+):(\d+)\s*$/;

/** The frames of a V8 ("    at fn (file:1:2)") or Firefox/Safari ("fn@file:1:2") stack, top first. */
export function parseStack(stack: string): StackFrame[] {
  const frames: StackFrame[] = [];
  for (const line of stack.split("\n")) {
    const m = V8_FRAME.exec(line) ?? GECKO_FRAME.exec(line);
    if (!m) continue;
    frames.push({ fn: (m[1] ?? "").replace(/^async /, "").trim(), file: m[2].trim(), line: Number(m[3]), column: Number(m[4]) });
    if (frames.length >= ERROR_LIMITS.frames) break;
  }
  return frames;
}

/** A frame as V8 prints it. */
export const formatFrame = (f: StackFrame) => (f.fn ? `    at ${f.fn} (${f.file}:${f.line}:${f.column})` : `    at ${f.file}:${f.line}:${f.column}`);

/**
 * Where a frame's code lives, the same in every build: no origin or absolute checkout path, no
 * content hash in a built asset's name (root-B1x9Qz.js → root.js), no line or column (they move
 * whenever code above them changes).
 */
export function frameLocation(file: string): string {
  return file
    .replace(/^[a-z]+:\/\/[^/]*/i, "")
    .replace(/^.*?\/(app|server|rules|node_modules|build)\//, "$1/")
    .replace(/-[A-Za-z0-9_-]{6,12}(\.m?js)$/, "$1");
}

/** A message with what varies between occurrences of one error (ids, numbers, quoted values) replaced. */
export function normaliseMessage(message: string): string {
  return scrubPersonalData(message)
    .replace(/\b[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\b/gi, "<id>")
    .replace(/"[^"]*"/g, '"…"')
    .replace(/\b0x[0-9a-f]+\b/gi, "<n>")
    .replace(/\d+(\.\d+)?/g, "<n>")
    .replace(/\s+/g, " ")
    .trim();
}

export type ErrorSource = "server" | "browser";

/**
 * What makes two reports the same error: where it was raised (server or browser), its type, its
 * message with the varying parts replaced, and the files of the top frames. Not the frames' function
 * names (the browser build renames them in every build) nor their lines, nor the route: one bug on
 * every product page is one error. The caller hashes this text into the table's unique fingerprint.
 */
export function fingerprintText(report: { source: ErrorSource; type: string; message: string; stack?: string | null }): string {
  const frames = parseStack(report.stack ?? "")
    .slice(0, FINGERPRINT_FRAMES)
    .map((f) => frameLocation(f.file));
  return [report.source, report.type || "Error", normaliseMessage(report.message), ...frames].join("\n");
}
