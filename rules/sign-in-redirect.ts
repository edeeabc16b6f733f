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
 * A path is followed only if it stays on this site: starts with a single "/", no "//" or "/\\"
 * (protocol-relative), no scheme, no control characters.
 */
export function safeSameSitePath(candidate: string | null | undefined): string | null {
  if (!candidate) return null;
  if (!candidate.startsWith("/") || candidate.startsWith("//") || candidate.startsWith("/\\")) return null;
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f\\]/.test(candidate)) return null;
  try {
    const resolved = new URL(candidate, "http://same.site");
    if (resolved.origin !== "http://same.site") return null;
    return resolved.pathname + resolved.search + resolved.hash;
  } catch {
    return null;
  }
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
