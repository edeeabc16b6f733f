import { randomFillSync } from "node:crypto";
import type { Context, MiddlewareHandler } from "hono";
import { bodyLimit } from "hono/body-limit";
import { CLICKSTREAM_BODY_BYTES } from "../../rules/donations/widget";
import type { Config } from "../config";
import { UNSUBSCRIBE_PATH } from "../modules/marketing";
import type { AppEnv } from "./env";
import { apiError } from "./errors";
import { CACHE_STATUS_NAME, SCRIPT_HASHES_HEADER } from "./page-cache";

// The shop's HTTP edge guards, in the order server/app.ts applies them: a known Host only, the
// request's real origin (TLS behind a trusted proxy), security headers with a per-request script
// nonce, same-origin state changes (CSRF), body size limits, JSON-only API writes and form-only
// page writes.

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/** The host name of a Host header, lower-cased, without port or IPv6 brackets. */
export const hostName = (host: string | undefined | null) =>
  (host ?? "")
    .toLowerCase()
    .replace(/:\d+$/, "")
    .replace(/^\[|\]$/g, "");

/** True when the request reached the shop over TLS: only a trusted proxy's X-Forwarded-Proto can say so. */
export function viaTls(c: Context, config: Config): boolean {
  if (new URL(c.req.url).protocol === "https:") return true;
  if (!config.trustProxy) return false;
  // The proxy nearest to us appends last.
  const proto = c.req.header("x-forwarded-proto")?.split(",").pop()?.trim().toLowerCase();
  return proto === "https";
}

/**
 * Only the hosts of SITE_HOSTS (and PUBLIC_URL's) are served: every absolute URL the shop writes
 * (sitemap, robots.txt, canonical links, e-mail links) is built from the request's origin, so an
 * arbitrary Host header must never get that far. The health and readiness checks answer any host
 * (load balancers probe by address). The request is then re-addressed to its real origin: https behind a TLS proxy,
 * and PUBLIC_URL's scheme and port for PUBLIC_URL's host.
 */
export function knownHostsOnly(config: Config): MiddlewareHandler<AppEnv> {
  const publicUrl = config.publicUrl ? new URL(config.publicUrl) : null;
  return async (c, next) => {
    // No Host header (HTTP/1.0): the URL's, which the Node adapter then fills with "localhost".
    const host = c.req.header("host") ?? new URL(c.req.url).host;
    const name = hostName(host);
    const known = config.siteHosts.has(name) || (publicUrl !== null && publicUrl.hostname === name);
    if (!known || !/^[a-z0-9.:[\]-]+$/i.test(host)) {
      if (c.req.path === "/api/health" || c.req.path === "/api/ready") return next();
      return c.text("Unknown host.", 421, { "Cache-Control": "no-store" });
    }
    const url = new URL(c.req.url);
    const origin =
      publicUrl && publicUrl.hostname === name ? publicUrl.origin : `${viaTls(c, config) ? "https" : url.protocol.replace(":", "")}://${host.toLowerCase()}`;
    if (origin !== url.origin) {
      const raw = c.req.raw;
      c.req.raw = new Request(origin + url.pathname + url.search, {
        method: raw.method,
        headers: raw.headers,
        body: raw.body,
        signal: raw.signal,
        // @ts-expect-error Node's fetch needs `duplex` for a streamed body; the DOM types do not know it.
        duplex: "half",
      });
    }
    return next();
  };
}

const NONCE_BYTES = 18;
let randomPool = Buffer.alloc(0);
let poolAt = 0;

/** A fresh CSP nonce: 18 bytes from the CSPRNG, drawn in batches (one system call per 227 answers, not one each). */
export function newNonce(): string {
  if (poolAt + NONCE_BYTES > randomPool.length) {
    randomPool = randomFillSync(Buffer.allocUnsafe(NONCE_BYTES * 227));
    poolAt = 0;
  }
  poolAt += NONCE_BYTES;
  return randomPool.toString("base64", poolAt - NONCE_BYTES, poolAt);
}

/**
 * Security headers on every answer. Scripts run only from this origin or with this request's nonce
 * (React Router's inline hydration scripts carry it: app/entry.server.tsx); no framing anywhere;
 * HSTS only when the request came over TLS (an http-only shop must not pin browsers to https).
 */
export function securityHeaders(config: Config): MiddlewareHandler<AppEnv> {
  const dev = config.env === "development";
  // With SENTRY_DSN the browser's Sentry SDK posts its reports to the DSN's host.
  const sentryOrigin = config.sentryDsn ? new URL(config.sentryDsn).origin : undefined;
  // With GTM_ID the tag manager's script (loaded only after consent) comes from its own origin.
  const gtmOrigin = config.gtm ? new URL(config.gtm.scriptUrl).origin : undefined;
  // REVIEWS_SCRIPT_URL on another origin: the review widget's script (after functional consent) comes from there.
  const reviewsOrigin = reviewsScriptOrigin(config.reviewsScriptUrl);
  return async (c, next) => {
    const nonce = newNonce();
    c.set("cspNonce", nonce);
    // The transport decides, before the request is re-addressed: PUBLIC_URL's scheme is for links only.
    const tls = viaTls(c, config);
    await next();
    editHeaders(c, (h) => {
      // A 304 carries no policy: the browser keeps the one stored with the body it reuses, whose
      // inline scripts carry that policy's nonce (a new nonce here would refuse them all).
      // A page for a shared cache has no nonce: its inline scripts are allowed by hash (server/http/page-cache.ts).
      const hashes = h.get(SCRIPT_HASHES_HEADER);
      h.delete(SCRIPT_HASHES_HEADER);
      if (!isSubresource(h.get("Content-Type"))) {
        const scripts = hashes === null ? `'nonce-${nonce}'` : hashes;
        if (c.res.status === 304) h.delete("Content-Security-Policy");
        else h.set("Content-Security-Policy", contentSecurityPolicy(scripts, dev, sentryOrigin, gtmOrigin, reviewsOrigin));
        h.set("X-Frame-Options", "DENY");
        h.set("Permissions-Policy", "camera=(), microphone=(), geolocation=(), payment=(self), usb=()");
        h.set("Cross-Origin-Opener-Policy", "same-origin");
      }
      h.set("X-Content-Type-Options", "nosniff");
      h.set("Referrer-Policy", "strict-origin-when-cross-origin");
      // Every answer says what the shop's page cache did with it; only guest pages go through it.
      if (!h.has("Cache-Status")) h.set("Cache-Status", `${CACHE_STATUS_NAME}; fwd=bypass`);
      if (tls) {
        h.set("Strict-Transport-Security", "max-age=31536000; includeSubDomains");
        secureCookies(h);
      }
    });
  };
}

/**
 * A script, stylesheet, raster image or font is never shown as a document, so the document policies
 * (CSP, framing, permissions, opener) do nothing on it; on a page's 20-30 asset answers they were
 * half a kilobyte of headers each. What applies to any answer stays: no sniffing, the referrer
 * policy (a stylesheet's own requests follow it) and HSTS. An SVG can run script when opened: it
 * keeps them all, as does every page, API answer, redirect and error.
 */
const isSubresource = (contentType: string | null) => /^(text\/(javascript|css)|application\/javascript|image\/(?!svg)|font\/)/i.test(contentType ?? "");

/** The review widget's origin when REVIEWS_SCRIPT_URL names another one (a path is this shop's own). */
export function reviewsScriptOrigin(url: string | null | undefined): string | undefined {
  return url && /^https?:\/\//.test(url) ? new URL(url).origin : undefined;
}

/** `scripts`: the sources that allow this page's inline scripts — its nonce, or their hashes. */
export function contentSecurityPolicy(scripts: string, dev = false, sentryOrigin?: string, gtmOrigin?: string, reviewsOrigin?: string): string {
  const gtm = gtmOrigin ? ` ${gtmOrigin}` : "";
  const reviews = reviewsOrigin && reviewsOrigin !== gtmOrigin ? ` ${reviewsOrigin}` : "";
  return [
    "default-src 'self'",
    `script-src 'self'${scripts ? ` ${scripts}` : ""}${gtm}${reviews}`,
    // React sets style attributes (progress bars, carousels): styles may be inline, scripts may not.
    "style-src 'self' 'unsafe-inline'",
    `img-src 'self' data: blob:${gtm}`,
    "font-src 'self' data:",
    // Vite's hot reload talks over a WebSocket in development.
    (dev ? "connect-src 'self' ws: wss:" : "connect-src 'self'") + (sentryOrigin ? ` ${sentryOrigin}` : "") + gtm,
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join("; ");
}

/**
 * CSRF: a state-changing request (any method but GET, HEAD, OPTIONS) from a browser must come from
 * this origin. Browsers say where a request comes from in Sec-Fetch-Site and Origin; "null" (a
 * sandboxed frame, a data: page) and anything unparseable count as another site. A request with
 * neither header is no browser's (curl, server to server) and is let through: CSRF needs a browser.
 */
export function isCrossSiteWrite(method: string, headers: Headers, requestUrl: string): boolean {
  if (SAFE_METHODS.has(method.toUpperCase())) return false;
  const fetchSite = headers.get("sec-fetch-site");
  if (fetchSite !== null && fetchSite !== "same-origin" && fetchSite !== "none") return true;
  const origin = headers.get("origin");
  if (origin === null) return false;
  let from: URL;
  try {
    from = new URL(origin);
  } catch {
    return true;
  }
  const own = new URL(requestUrl);
  if (from.host !== own.host) return true;
  // Behind a TLS proxy without TRUST_PROXY the shop sees http while the browser is on https: the
  // host decides. A request known to be https accepts only an https origin.
  return own.protocol === "https:" && from.protocol !== "https:";
}

/**
 * RFC 8058's one-click unsubscribe: a mail client posts a form to the mail's List-Unsubscribe URL
 * from wherever it runs (a webmail page is another site). Its signed token is the proof, not the
 * request's origin, so this path alone (UNSUBSCRIBE_PATH) skips the same-origin and JSON-only guards.
 */
export function sameOriginWrites(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    if (c.req.path === UNSUBSCRIBE_PATH || !isCrossSiteWrite(c.req.method, c.req.raw.headers, c.req.url)) return next();
    if (c.req.path.startsWith("/api/")) return apiError(c, 403, "cross_site", "Cross-site requests are not accepted.");
    return c.text("Cross-site form posts are not accepted.", 403);
  };
}

/**
 * /api writes take JSON only: a form or a text/plain body (what another site's page can send
 * without asking) is refused with 415. A call without any body needs no type.
 */
export function jsonBodiesOnly(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    if (SAFE_METHODS.has(c.req.method) || c.req.path === UNSUBSCRIBE_PATH) return next();
    const type = c.req.header("content-type");
    const length = c.req.header("content-length");
    const hasBody = type !== undefined || c.req.header("transfer-encoding") !== undefined || (length !== undefined && length !== "0");
    if (!hasBody) return next();
    const mediaType = (type ?? "").split(";")[0].trim().toLowerCase();
    if (mediaType === "application/json") return next();
    return apiError(c, 415, "unsupported_media_type", "Send the body as application/json.", { "content-type": "must be application/json" });
  };
}

/** The encodings a page's form sends (a browser's <form>, React Router's <Form> and fetchers). */
const FORM_TYPES = new Set(["application/x-www-form-urlencoded", "multipart/form-data"]);

/**
 * Page writes take a form only. Every page action reads its input with request.formData(), which
 * throws on anything else — no body, JSON, text/plain — and on a multipart body that does not
 * parse; here, once for every action, such a request is answered 400 before React Router runs one,
 * so no action can make a 500 of it. (An url-encoded body always parses: bad escapes stay literal.)
 */
export function pageFormsOnly(): MiddlewareHandler<AppEnv> {
  const unreadable = (c: Context<AppEnv>) =>
    c.text("This form could not be read. Go back to the page and send it again.", 400, { "Cache-Control": "no-store" });
  return async (c, next) => {
    if (SAFE_METHODS.has(c.req.method) || c.req.path.startsWith("/api/")) return next();
    const mediaType = (c.req.header("content-type") ?? "").split(";")[0].trim().toLowerCase();
    if (!FORM_TYPES.has(mediaType)) return unreadable(c);
    if (mediaType === "multipart/form-data") {
      // Parsed once more by the action: page forms are small (BODY_LIMITS) and none is multipart.
      try {
        await c.req.raw.clone().formData();
      } catch {
        return unreadable(c);
      }
    }
    return next();
  };
}

/** Body size limits in bytes; the first matching path prefix wins. */
export const BODY_LIMITS: readonly { prefix: string; bytes: number }[] = [
  // Sign-in, profile, addresses, contact form, tokens: a few fields each.
  { prefix: "/api/ecom/v1.0/", bytes: 64 * 1024 },
  { prefix: "/api/checkout/", bytes: 64 * 1024 },
  // Browser error reports: a message, a stack and a path (ERROR_REPORT_BODY_BYTES in server/http/errors-api.ts).
  { prefix: "/api/errors", bytes: 12 * 1024 },
  // Proof of consent (CONSENT_BODY_BYTES in rules/consent/decision-record.ts) and the analytics configuration check: a few fields.
  { prefix: "/api/consent", bytes: 2 * 1024 },
  { prefix: "/api/analytics/", bytes: 4 * 1024 },
  // The marketing list's sign-up and one-click unsubscribe: an address, or one form field.
  { prefix: "/api/marketing/", bytes: 4 * 1024 },
  // Product reviews: a review of at most 4,000 characters and its fields (REVIEWS_BODY_BYTES in server/http/reviews.ts).
  { prefix: "/api/reviews/", bytes: 8 * 1024 },
  // The donation widget's clickstream batches (the widget cuts its batches to the same size).
  { prefix: "/api/donations/clickstream/", bytes: CLICKSTREAM_BODY_BYTES },
  { prefix: "/api/", bytes: 1024 * 1024 },
  // Page forms (sign-in, addresses, contact, checkout steps): small url-encoded forms.
  { prefix: "/", bytes: 256 * 1024 },
];

export const bodyLimitFor = (path: string) => BODY_LIMITS.find((l) => path.startsWith(l.prefix))?.bytes ?? 1024 * 1024;

/**
 * 413 before the body is read: on Content-Length at once, and while streaming a chunked body as
 * soon as it passes the limit (hono/body-limit).
 */
export function bodyLimits(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    // No body to limit; and asking for one would make the whole web Request for every page view.
    if (c.req.method === "GET" || c.req.method === "HEAD") return next();
    const maxSize = bodyLimitFor(c.req.path);
    const tooLarge = (c: Context<AppEnv>) =>
      c.req.path.startsWith("/api/")
        ? apiError(c, 413, "payload_too_large", `The request body is larger than ${maxSize} bytes.`)
        : c.text("The request is too large.", 413);
    return bodyLimit({ maxSize, onError: tooLarge })(c, next);
  };
}

/** Behind TLS every cookie the shop sets is Secure, whichever code set it. */
export function secureCookies(headers: Headers): void {
  const cookies = headers.getSetCookie();
  if (!cookies.some((v) => !/;\s*secure\s*(;|$)/i.test(v))) return;
  headers.delete("Set-Cookie");
  for (const v of cookies) headers.append("Set-Cookie", /;\s*secure\s*(;|$)/i.test(v) ? v : `${v}; Secure`);
}

/** Edits the response's headers in place, first copying a response whose headers are immutable (Response.redirect). */
export function editHeaders(c: Context, edit: (headers: Headers) => void): void {
  try {
    edit(c.res.headers);
  } catch {
    const copy = new Response(c.res.body, c.res);
    edit(copy.headers);
    // Hono's setter merges the old headers back in: clear it first so the edited ones stand.
    c.res = undefined;
    c.res = copy;
  }
}
