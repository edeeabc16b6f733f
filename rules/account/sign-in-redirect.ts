// Sign-in redirects of SPEC §2: the /account gate and where to go after sign-in.
// Only same-site paths are ever followed (DEVELOPERS.md, security).

export const LOGIN_PATH = "/shelter/login";
export const ACCOUNT_GATE_DELAY_MS = 1000;

function toBase64(text: string): string {
  const bytes = new TextEncoder().encode(text);
  let binary = "";
  for (const b of bytes) binary += String.fromCharCode(b);
  return btoa(binary);
}

function fromBase64(encoded: string): string | null {
  try {
    const binary = atob(encoded.replace(/-/g, "+").replace(/_/g, "/"));
    const bytes = Uint8Array.from(binary, (ch) => ch.charCodeAt(0));
    return new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    return null;
  }
}

export function requiresSignIn(pathname: string): boolean {
  return /(^|\/)account(\/|$)/.test(pathname);
}

/** /shelter/login?redirect={base64 of the original path and query}. */
export function loginUrlFor(pathWithSearch: string): string {
  return `${LOGIN_PATH}?${new URLSearchParams({ redirect: toBase64(pathWithSearch) })}`;
}

/**
 * A path is followed only if it stays on this site. The OUTPUT is what is checked: the candidate
 * is resolved the way a browser resolves a Location header (dot segments removed, tabs and newlines
 * dropped), and the result must still be one path on this origin. Anything that could name another
 * host after one more decoding by a later hop ("//", "/\\", "%2f%2f", "%5c", control characters,
 * backslashes, look-alike slashes) is refused rather than repaired.
 */
export function safeSameSitePath(candidate: string | null | undefined): string | null {
  if (!candidate || candidate.length > 2000) return null;
  if (!candidate.startsWith("/")) return null;
  if (!decodingsStaySafe(candidate)) return null;
  let resolved: URL;
  try {
    resolved = new URL(candidate, SAME_SITE);
  } catch {
    return null;
  }
  if (resolved.origin !== SAME_SITE) return null;
  const out = resolved.pathname + resolved.search + resolved.hash;
  // The output once more, as the browser will read it: printable ASCII, one leading slash, same origin.
  if (!/^\/(?![/\\])[\x21-\x7e]*$/.test(out) || !decodingsStaySafe(out)) return null;
  return new URL(out, SAME_SITE).origin === SAME_SITE ? out : null;
}

const SAME_SITE = "http://same.site";
// Characters that some parser or a Unicode normalisation may turn into "/" or "\".
const LOOKALIKE_SLASHES = /[\u2044\u2215\u2216\u29f5\u29f8\u29f9\ufe68\uff0f\uff3c]/;

/**
 * Raw text: no control characters, backslashes or look-alike slashes anywhere. Its path (before "?"
 * or "#") and each of up to three percent-decodings of it: no control characters, and with
 * whitespace dropped as a browser drops it, still one leading "/", never "//" or "/\\", no backslash.
 */
function decodingsStaySafe(text: string): boolean {
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f-\u009f\\]/.test(text) || LOOKALIKE_SLASHES.test(text)) return false;
  let path = text.split(/[?#]/, 1)[0];
  for (let i = 0; i < 4; i++) {
    // eslint-disable-next-line no-control-regex
    if (/[\u0000-\u001f\u007f-\u009f]/.test(path)) return false;
    const seen = path.normalize("NFKC").replace(/[\s\u200b-\u200f\ufeff]/g, "");
    if (!seen.startsWith("/") || /^\/[/\\]/.test(seen) || seen.includes("\\") || LOOKALIKE_SLASHES.test(seen)) return false;
    let next: string;
    try {
      next = decodeURIComponent(path);
    } catch {
      // A malformed escape stays literal for the browser: this form is the last one it sees.
      return true;
    }
    if (next === path) return true;
    path = next;
  }
  return false;
}

/**
 * Pages the shopper is never sent "back" to from a Referer: the sign-in pages under /shelter (a loop
 * after signing in, and the reset link's token is in its address), signing out and the ZIP form
 * (each acts rather than shows). Their `.data` requests and sub-paths count as them.
 */
const NOT_A_PAGE_TO_RETURN_TO = /^\/(shelter|logout|location)(?=[/?#.]|$)/;

/**
 * The page the browser came from (its Referer header), when it is on the request's own origin,
 * a safe same-site path (safeSameSitePath) and a page worth going back to; else null. The one
 * reading of the Referer: sign-in and registration (the previous page), the signed-in bounce off
 * the sign-in pages, and /location's way back.
 */
export function sameSiteReferer(referer: string | null | undefined, requestUrl: string): string | null {
  if (!referer) return null;
  let ref: URL;
  try {
    ref = new URL(referer);
    if (ref.origin !== new URL(requestUrl).origin) return null;
  } catch {
    return null;
  }
  const path = safeSameSitePath(ref.pathname + ref.search);
  return path && !NOT_A_PAGE_TO_RETURN_TO.test(path) ? path : null;
}

/** Decodes the base64 redirect parameter into a same-site path, or null. */
export function decodeRedirectParam(param: string | null | undefined): string | null {
  if (!param) return null;
  return safeSameSitePath(fromBase64(param));
}

/** After sign-in: the previous page, else the decoded redirect, else "/". */
export function postLoginTarget(previous: string | null | undefined, redirectParam: string | null | undefined): string {
  return safeSameSitePath(previous) ?? decodeRedirectParam(redirectParam) ?? "/";
}
