import { parseCookie, stringifySetCookie } from "cookie";

// The one place that reads a Cookie header and writes Set-Cookie values (the `cookie` package), for
// every cookie of SPEC §9 and ours: session, cart, location, discount, receipt, unlock, og_auth.

/** One cookie's value from a Cookie header, URI-decoded; null when absent or badly escaped. */
export function readCookie(header: string | null | undefined, name: string): string | null {
  if (!header) return null;
  const value = parseCookie(header, { decode: decodeOrUndefined })[name];
  return value ?? null;
}

function decodeOrUndefined(value: string): string | undefined {
  try {
    return decodeURIComponent(value);
  } catch {
    return undefined;
  }
}

export type SetCookieOptions = {
  maxAgeSeconds: number;
  /** Default "/". */
  path?: string;
  /** Page scripts cannot read it. */
  httpOnly?: boolean;
  /** Only when the request came over https, so http://localhost keeps working. */
  secure?: boolean;
  /** Write the value as it is (it must already be cookie-safe) instead of URI-encoding it. */
  raw?: boolean;
  /** Default "lax"; "strict" for cookies no link from another site should carry (the operator console's). */
  sameSite?: "lax" | "strict";
};

/** A Set-Cookie value; SameSite=Lax (or Strict), so other sites' forms and scripts do not carry it. */
export function setCookie(name: string, value: string, options: SetCookieOptions): string {
  return stringifySetCookie(
    {
      name,
      value,
      path: options.path ?? "/",
      maxAge: options.maxAgeSeconds,
      httpOnly: options.httpOnly,
      secure: options.secure,
      sameSite: options.sameSite ?? "lax",
    },
    options.raw ? { encode: (v) => v } : undefined,
  );
}

/** A Set-Cookie value that removes the cookie (empty, Max-Age=0). */
export function clearCookie(name: string, options: Omit<SetCookieOptions, "maxAgeSeconds" | "raw"> = {}): string {
  return setCookie(name, "", { ...options, maxAgeSeconds: 0 });
}
