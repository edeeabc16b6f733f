import { createHash } from "node:crypto";
import { isbot } from "isbot";
import { LRUCache } from "lru-cache";
import { CONSENT_COOKIE, consentDecidedIn } from "../../rules/consent/categories-and-cookie";
import { CART_COOKIE, GUEST_CART_COOKIE } from "../../rules/cart/cookies";
import { DISCOUNT_COOKIE } from "../../rules/checkout/steps-and-handoff";
import { shownLocation, USER_LOCATION_COOKIE, USER_WAREHOUSE_COOKIE, userLocationFromCookies, type StaffShipsTo } from "../../rules/shared/shopper-location";
import { PD_COOKIE } from "../../rules/staff/program-prices";
import type { PageHandler } from "../app";
import type { RequestContext } from "../context";
import { OG_AUTH_COOKIE } from "../modules/autoship";
import { SESSION_COOKIE } from "../modules/identity";
import { DONATION_SESSION_COOKIE } from "./donations";
import { contentKey, surrogateKeyHeader } from "../../rules/shared/page-cache-keys";
import { cutAt, fill, gzipTemplate, gzipWith, type GzipTemplate, type Template } from "./gzip-template";

/**
 * The page cache (ARCHITECTURE §6): a catalogue or content page of the shop shows nothing of one
 * shopper — the header's cart count comes after the page from `GET /api/shopper`; only whether the
 * shopper is signed in is in it — so it is the same for every shopper of an audience: rendered once
 * per origin + URL + ZIP cookies + signed in or not, and served from memory to guests and signed-in
 * shoppers alike, with an ETag (304 on a match), gzipped once rather than on every answer. A
 * shopper with a session, a cart or a discount gets the page rendered as for a guest: without
 * those cookies and without their identity, so nothing of theirs can go in (decision 0012). On the
 * staff site a member's page is rendered for their standing and clinic (staffAudience).
 *
 * Not handled here: a request carrying any other cookie (the site password, the sign-out notice…;
 * the consent and analytics cookies aside). Not kept: a response that sets a cookie, is not a 200
 * or says `Cache-Control: no-store`. Correct across processes: every change to what these pages show (products,
 * prices, stock, deals, filters, content) NOTIFYs `page_cache` at commit (drizzle migration
 * page_cache_invalidation) and every process drops its cache; a render that began before the
 * notification is not kept. While the notification connection is down, nothing is cached.
 */

/**
 * What this cache did, in RFC 9211's words (`Cache-Status`): `hit`; `fwd=miss; stored` (rendered
 * and kept); `fwd=miss` (rendered, not kept). Every other answer says `fwd=bypass`
 * (server/http/edge.ts): the cache did not handle it.
 */
export const CACHE_STATUS_NAME = "shop";
const CACHE_STATUS = { hit: `${CACHE_STATUS_NAME}; hit`, stored: `${CACHE_STATUS_NAME}; fwd=miss; stored`, miss: `${CACHE_STATUS_NAME}; fwd=miss` };

/** Cookies that change a guest page (the ZIP decides stock and delivery text): part of the key. */
const KEY_COOKIES = new Set([USER_LOCATION_COOKIE, USER_WAREHOUSE_COOKIE]);

/**
 * Cookies whose values no render reads: the privacy manager's choice (the page shows the consent
 * banner or not by whether a decision is kept, which the key holds as "decided" or "asked"; what was
 * chosen is read by the browser's script alone) and the tag manager's analytics cookies (_ga,
 * _ga_<id>, _gid, _gcl_au). Their values are left out of the key, or nearly every returning guest
 * would bypass the cache.
 */
const browserOnlyCookie = (name: string) => name === CONSENT_COOKIE || /^_(ga|gid|gcl_)/.test(name);

/**
 * Cookies of one shopper that no catalogue or content page of the shop reads: the session, the cart,
 * a discount code (read at checkout), the order-management and donation sessions (read by API calls),
 * the staff site's eligibility cookie (read by scripts; the render has the member's audience).
 * Left out of the page's render, so a shopper carrying them gets everyone's page.
 */
const SHOPPER_COOKIES = new Set([SESSION_COOKIE, CART_COOKIE, GUEST_CART_COOKIE, DISCOUNT_COOKIE, OG_AUTH_COOKIE, DONATION_SESSION_COOKIE, PD_COOKIE]);

/** Screens that are never the same for two shoppers, or act (logout, location, discount links). */
const PERSONAL = /^\/(cart|checkout|account|shelter|logout|location|discount|maintenance|password-protect|email)(\/|\.data|$)/;

/** Whether a page path is one of those screens: never kept here, and `private, no-store` (server/http/private-answers.ts). */
export const isPersonalPath = (pathname: string) => PERSONAL.test(pathname);

/**
 * Whether a request's cookies make its answer someone's in particular: any cookie but the ZIP cookies
 * (part of this cache's key) and the browser-only ones — a session, a cart, a discount, the site
 * password… Such an answer is `private, no-store` (server/http/private-answers.ts), and a shared
 * cache in front passes such a request on (deploy/varnish/shop.vcl repeats this rule). The page itself
 * may still be a kept one: the shopper's own cookies are left out of its render (SHOPPER_COOKIES).
 */
export function carriesPersonalCookies(cookieHeader: string | null): boolean {
  for (const part of (cookieHeader ?? "").split(";")) {
    const trimmed = part.trim();
    if (!trimmed) continue;
    const name = trimmed.slice(0, Math.max(0, trimmed.indexOf("=")));
    if (!browserOnlyCookie(name) && !KEY_COOKIES.has(name)) return true;
  }
  return false;
}

/** Content may be up to its own cache's TTL old in another process (content service): not longer here. */
const MAX_AGE_MS = 30_000;

/**
 * A page is kept with its CSP nonce replaced by this marker and served with the asking request's
 * nonce (server/http/edge.ts sends a fresh one in every answer's policy): a nonce shown to every
 * visitor of a cached page would be no secret at all.
 */
const NONCE_MARK = "\u0000csp-nonce\u0000";

/**
 * A shared cache in front (Varnish, a CDN) keeps one copy of a page for every guest, so that copy
 * can carry no nonce: it goes with the nonce left empty, and its policy allows its inline scripts
 * by their SHA-256 instead (the page cache tells server/http/edge.ts through this header, which
 * never leaves the shop).
 */
export const SCRIPT_HASHES_HEADER = "x-shop-csp-script-hashes";

/** The hashes of a kept page's inline scripts (those that carry the nonce), as CSP sources. */
function scriptHashes(marked: string): string {
  const sources = new Set<string>();
  const inline = new RegExp(`<script\\b[^>]*\\snonce="${NONCE_MARK}"[^>]*>([\\s\\S]*?)</script>`, "g");
  for (const [, text] of marked.matchAll(inline)) sources.add(`'sha256-${createHash("sha256").update(text, "utf8").digest("base64")}'`);
  return [...sources].join(" ");
}

type Entry = {
  status: number;
  headers: [string, string][];
  /** The page cut at its nonce places. */
  body: Template;
  size: number;
  etag: string;
  /** The page gzipped once, made on the first answer to a browser that accepts gzip. */
  gzip?: GzipTemplate;
  /** Its inline scripts' hashes as CSP sources: the policy of its nonce-less shared copy (only with a shared cache in front). */
  scriptHashes?: string;
  /** Its `Surrogate-Key` (what it shows), or null when it shows too many products to name: then it is not shared. */
  sharedKeys: string | null;
};

/** Whether the request's Accept-Encoding allows gzip (by name or `*`, with a q above 0). */
export function acceptsGzip(request: Request): boolean {
  let wildcard = false;
  for (const part of (request.headers.get("accept-encoding") ?? "").split(",")) {
    const [name, ...params] = part.trim().toLowerCase().split(";");
    const q = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
    const allowed = q === undefined || Number(q.slice(2)) > 0;
    if (name === "gzip") return allowed;
    if (name === "*") wildcard = allowed;
  }
  return wildcard;
}

const fromUtf8 = new TextDecoder();

/** The rendered page with its nonce attributes marked, cut at those places (none without a nonce), and its ETag: any request's nonce can be put back. */
function keptBody(body: Uint8Array, nonce: string, shared: boolean): { body: Template; etag: string; scriptHashes?: string } {
  const text = fromUtf8.decode(body);
  const marked = nonce ? text.split(`nonce="${nonce}"`).join(`nonce="${NONCE_MARK}"`) : text;
  return {
    body: cutAt(marked, NONCE_MARK),
    etag: `W/"${createHash("sha1").update(marked).digest("base64url")}"`,
    scriptHashes: shared ? scriptHashes(marked) : undefined,
  };
}

/** A page the cache handles: its key, the cookies and the stand-in identity its render gets. */
type Found = {
  key: string;
  rendered: string[];
  asGuest: boolean;
  signedIn: boolean;
  /** A document, not the data of a client navigation (`.data`). */
  document: boolean;
  standIn: Pick<RequestContext, "staff" | "staffShipsTo">;
};

export type PageCache = {
  wrap(handler: PageHandler): PageHandler;
  /** Drops every page (a NOTIFY arrived). */
  invalidate(): void;
  /** Whether changes are being heard; while not, nothing is cached. */
  setLive(live: boolean): void;
  readonly size: number;
};

export type PageCacheOptions = {
  maxBytes?: number;
  /** A shared cache in front may keep guest pages this long (and serve them stale as long again while it revalidates). */
  sharedMaxAgeSeconds?: number;
};

/**
 * The render's context with a set for what the page shows, for purging it from a shared cache
 * (`Surrogate-Key`, rules/shared/page-cache-keys.ts `surrogateKeyHeader`): the loaders add a key per
 * product and whether which products it shows may change (app/lib/page-shows.ts), the content
 * service a key per entry each read looked at. A change notice purges the keys it names; this
 * process's own cache drops every page.
 */
function recordingWhatItShows(context: RequestContext): RequestContext & { pageShows: Set<string> } {
  const pageShows = new Set<string>();
  const services = context.services && {
    ...context.services,
    content: context.services.content.recording((ids) => ids.forEach((id) => pageShows.add(contentKey(id)))),
  };
  return { ...context, pageShows, services };
}

export function createPageCache(options: PageCacheOptions = {}): PageCache {
  const shared = options.sharedMaxAgeSeconds;
  const pages = new LRUCache<string, Entry>({
    maxSize: options.maxBytes ?? 64 * 1024 * 1024,
    sizeCalculation: (e) => e.size + 512,
    ttl: MAX_AGE_MS,
  });
  let generation = 0;
  let live = false;
  const rendering = new Map<string, { generation: number; entry: Promise<Entry | null> }>();

  const invalidate = () => {
    generation++;
    pages.clear();
  };

  /**
   * The page's key, the cookies its render may see (the ZIP, consent and analytics ones) and the
   * audience it is rendered for, or null when this cache does not handle the request.
   */
  async function keyFor(request: Request, context: RequestContext): Promise<Found | null> {
    if (!live || request.method !== "GET") return null;
    const url = new URL(request.url);
    if (isPersonalPath(url.pathname)) return null;
    // A content preview link shows a draft to whoever holds it (server/http/content-preview.ts): never kept.
    if (url.searchParams.has("preview")) return null;
    const cookies = request.headers.get("cookie");
    const kept: string[] = [];
    const rendered: string[] = [];
    let shopperCookies = false;
    for (const part of (cookies ?? "").split(";")) {
      const trimmed = part.trim();
      if (!trimmed) continue;
      const name = trimmed.slice(0, Math.max(0, trimmed.indexOf("=")));
      if (SHOPPER_COOKIES.has(name)) shopperCookies = true;
      else if (KEY_COOKIES.has(name)) {
        kept.push(trimmed);
        rendered.push(trimmed);
      } else if (browserOnlyCookie(name)) rendered.push(trimmed);
      else return null;
    }
    const signedIn = context.customer !== null;
    const asGuest = shopperCookies || context.session !== null || signedIn;
    // The data of a client navigation is everyone's too, unless it asks for the root loader's, which
    // holds the shopper's header after an action (a cart change): that one is theirs.
    const document = !url.pathname.endsWith(".data");
    if (asGuest && !document && (url.searchParams.get("_routes")?.split(",").includes("root") ?? true)) return null;
    const staff = context.site.isStaff && signedIn ? await staffAudience(context, cookies) : { key: "", standIn: { staff: null, staffShipsTo: null } };
    if (!staff) return null;
    // Crawlers get the page rendered to the end, people a streamed one (React Router's entry): kept apart.
    const reader = isbot(request.headers.get("user-agent")) ? "bot" : "person";
    // The banner is in the page of a shopper who has not decided (app/root.tsx): kept apart too.
    const consent = consentDecidedIn(cookies) ? "decided" : "asked";
    // Signed in or not: the header's Log In or Log Out (a form that works without script), nothing more of the shopper.
    const audience = signedIn ? "signed-in" : "guest";
    return {
      key: `${url.origin}${url.pathname}${url.search}\n${kept.sort().join("; ")}\n${reader}\n${consent}\n${audience}${staff.key}`,
      rendered,
      asGuest,
      signedIn,
      document,
      standIn: staff.standIn,
    };
  }

  /**
   * A signed-in staff member's audience: registered or not, eligible for program prices or not, and
   * the location stock and delivery are shown for (their clinic's, or the cookie's). Rendered with a
   * stand-in of exactly that, so members of one clinic and standing share pages and nothing else of
   * theirs goes in.
   */
  async function staffAudience(context: RequestContext, cookies: string | null): Promise<{ key: string; standIn: Found["standIn"] } | null> {
    if (!context.staff || !context.staffShipsTo) return null;
    const { registered, eligibleForPd } = context.staff;
    const shipsTo = await context.staffShipsTo();
    const shown = shownLocation(userLocationFromCookies(cookies), shipsTo);
    // The same shown location from the same cookie: the clinic's ZIP, or (home delivery) the ZIP shown.
    const standInShipsTo: StaffShipsTo =
      shipsTo.destination === "CLINIC" ? { destination: "CLINIC", zip: shipsTo.zip } : { destination: "HOME", homeZip: shown.zip };
    return {
      key: `\nstaff ${registered ? "registered" : "unregistered"} ${eligibleForPd ? "program" : "shop"} ${shipsTo.destination} ${shown.zip}::${shown.destination}`,
      standIn: { staff: { profile: null, registered, eligibleForPd }, staffShipsTo: () => Promise.resolve(standInShipsTo) },
    };
  }

  /** The request and context a page is rendered with: a guest's, with only the cookies the page may read. */
  function forEveryone(request: Request, context: RequestContext, found: Found) {
    const audience = found.document ? { signedIn: found.signedIn } : undefined;
    if (!found.asGuest) return { request, context: audience ? { ...context, forEveryone: audience } : context };
    const headers = new Headers(request.headers);
    if (found.rendered.length) headers.set("cookie", found.rendered.join("; "));
    else headers.delete("cookie");
    return {
      request: new Request(request.url, { method: request.method, headers, signal: request.signal }),
      context: { ...context, session: null, customer: null, ...found.standIn, forEveryone: audience },
    };
  }

  function respond(request: Request, entry: Entry, state: keyof typeof CACHE_STATUS, requestNonce: string, asGuest: boolean): Response {
    const headers = new Headers(entry.headers);
    headers.set("ETag", entry.etag);
    headers.set("Cache-Status", CACHE_STATUS[state]);
    // People's pages may go to a shared cache; a crawler's is rendered whole rather than streamed
    // (another body for the same URL), so it stays out of it.
    // Nor a page rendered while a change committed ("miss"): it may show the old data. Nor the answer
    // to a shopper whose cookies the shared cache passed on: it looked nothing up for them.
    // Nor a page that shows more products than its keys may name: no change could purge it.
    const sharable = shared !== undefined && state !== "miss" && !asGuest && entry.sharedKeys !== null && !isbot(request.headers.get("user-agent"));
    let nonce = requestNonce;
    if (sharable) {
      // The browser still asks again each time (max-age=0: a 304 while nothing changed); the shared
      // cache keeps the page until a change purges it or s-maxage runs out.
      headers.set("Cache-Control", `public, max-age=0, s-maxage=${shared}, stale-while-revalidate=${shared}`);
      headers.set("Surrogate-Key", entry.sharedKeys!);
      headers.set(SCRIPT_HASHES_HEADER, entry.scriptHashes ?? "");
      nonce = "";
    } else {
      // The browser may keep the page but asks again each time: a 304 while nothing changed.
      headers.set("Cache-Control", "no-cache");
    }
    const tags = request.headers.get("if-none-match");
    // A 304 for a page with a nonce too: the edge sends no policy with it, so the browser keeps the
    // stored body together with the stored policy of the same nonce (server/http/edge.ts).
    if (tags && tags.split(",").some((t) => t.trim() === entry.etag)) {
      headers.delete("content-length");
      return new Response(null, { status: 304, headers });
    }
    // Pages are gzipped once, not on every answer (the compress middleware leaves an encoded body alone).
    headers.set("Vary", "Accept-Encoding");
    if (acceptsGzip(request)) {
      entry.gzip ??= gzipTemplate(entry.body);
      headers.set("Content-Encoding", "gzip");
      return new Response(gzipWith(entry.gzip, nonce) as BodyInit, { status: entry.status, headers });
    }
    return new Response(fill(entry.body, nonce) as BodyInit, { status: entry.status, headers });
  }

  return {
    invalidate,
    setLive(now) {
      if (live && !now) invalidate();
      live = now;
    },
    get size() {
      return pages.size;
    },
    wrap(handler) {
      return async (request, context) => {
        const found = await keyFor(request, context);
        if (found === null) return handler(request, context);
        const key = found.key;
        const hit = pages.get(key);
        if (hit) return respond(request, hit, "hit", context.cspNonce, found.asGuest);
        // Many shoppers asking for the same page at once wait for one rendering, not one each.
        const pending = rendering.get(key);
        if (pending && pending.generation === generation) {
          const entry = await pending.entry;
          if (entry) return respond(request, entry, "hit", context.cspNonce, found.asGuest);
        }

        const startedAt = generation;
        let settle: (entry: Entry | null) => void = () => {};
        const mine = { generation: startedAt, entry: new Promise<Entry | null>((resolve) => (settle = resolve)) };
        rendering.set(key, mine);
        const rendered = forEveryone(request, context, found);
        // What the page shows is recorded only for a shared cache in front: nothing else reads it.
        const render = shared === undefined ? rendered : { request: rendered.request, context: recordingWhatItShows(rendered.context) };
        try {
          const response = await handler(render.request, render.context).finally(() => {
            // What the render marked (a database away for a moment: server/app.ts answers 503) is the request's.
            if (render.context.databaseUnavailable) context.databaseUnavailable = true;
          });
          // A page that says it must not be stored (the console's, a preview) is not kept either.
          if (
            response.status !== 200 ||
            response.headers.has("set-cookie") ||
            /no-store/i.test(response.headers.get("cache-control") ?? "") ||
            !response.body
          ) {
            settle(null);
            response.headers.set("Cache-Status", CACHE_STATUS.miss);
            return response;
          }
          const body = new Uint8Array(await response.arrayBuffer());
          const entry: Entry = {
            status: response.status,
            headers: [...response.headers].filter(([name]) => name !== "etag" && name !== "content-length"),
            size: body.byteLength,
            ...keptBody(body, context.cspNonce, shared !== undefined),
            // Read once the body is whole: deferred data (carousels) records what it shows as it streams.
            sharedKeys: render.context.pageShows ? surrogateKeyHeader(render.context.pageShows) : null,
          };
          // A change committed while this page rendered: it may show the old data; serve, do not keep or share.
          const current = startedAt === generation && live;
          if (current) pages.set(key, entry);
          settle(current ? entry : null);
          return respond(request, entry, current ? "stored" : "miss", context.cspNonce, found.asGuest);
        } catch (err) {
          settle(null);
          throw err;
        } finally {
          if (rendering.get(key) === mine) rendering.delete(key);
        }
      };
    },
  };
}
