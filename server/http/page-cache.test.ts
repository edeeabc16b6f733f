import { describe, expect, it } from "vitest";
import type { RequestContext } from "../context";
import { gunzipSync } from "node:zlib";
import { CONSENT_REVISION, consentDecidedIn, encodeConsentCookie } from "../../rules/consent/categories-and-cookie";
import { createHash } from "node:crypto";
import { acceptsGzip, createPageCache, SCRIPT_HASHES_HEADER } from "./page-cache";
import { LISTINGS_KEY, MAX_PRODUCT_KEYS, productKey } from "../../rules/shared/page-cache-keys";

// The page cache never serves one shopper's page to another: a page is rendered for nobody in
// particular — without the shopper's session, cart or discount, keyed by the ZIP — and shared by
// every shopper of the same site and ZIP; a signed-in staff member's page and unknown cookies go
// straight to the renderer.

const shop = { id: "d2c", isStaff: false };
const guest = { site: shop, session: null, customer: null, staff: null } as unknown as RequestContext;
const signedIn = { site: shop, session: { id: "s" }, customer: { id: "c1", firstName: "Ivy" }, staff: null } as unknown as RequestContext;
const staffMember = (name: string, eligibleForPd: boolean, clinicZip: string) =>
  ({
    ...signedIn,
    customer: { id: name, firstName: name },
    site: { id: "hpsf", isStaff: true },
    staff: { profile: { accountGroup: "secret-group" }, registered: true, eligibleForPd },
    staffShipsTo: () => Promise.resolve({ destination: "CLINIC", zip: clinicZip }),
  }) as unknown as RequestContext;

function renderer() {
  const calls: string[] = [];
  const handler = async (request: Request, context: RequestContext) => {
    const cookie = request.headers.get("cookie") ?? "";
    calls.push(cookie);
    const cart = /col_cart_id=([^;]+)/.exec(cookie)?.[1] ?? "none";
    const zip = /userLocation=(\d{5})/.exec(cookie)?.[1] ?? "80011";
    const who = context.customer ? context.customer.firstName : "guest";
    // As app/root.tsx: the consent banner is in the page until the shopper has decided.
    const banner = consentDecidedIn(cookie) ? "no" : "yes";
    return new Response(`<p>${who} cart=${cart} zip=${zip} banner=${banner} render=${calls.length}</p>`, { headers: { "content-type": "text/html" } });
  };
  return { calls, handler };
}

const decision = { revision: CONSENT_REVISION, functional: true, advertising: true, anonymousId: "browserAaaaaaaaaaaaa", decidedAt: 1_795_736_105 };
const decidedA = `kc_consent=${encodeConsentCookie(decision)}`;
const decidedB = `kc_consent=${encodeConsentCookie({ ...decision, advertising: false, anonymousId: "browserBbbbbbbbbbbbb" })}`;

const get = (path: string, cookie?: string, extra: Record<string, string> = {}) =>
  new Request(`http://localhost:3000${path}`, { headers: { ...(cookie ? { cookie } : {}), ...extra } });

function liveCache() {
  const cache = createPageCache();
  cache.setLive(true);
  return cache;
}

describe("guest page cache", () => {
  it("renders a guest page once, then serves it with an ETag and answers 304 to a match", async () => {
    const { calls, handler } = renderer();
    const page = liveCache().wrap(handler);
    const first = await page(get("/products"), guest);
    const second = await page(get("/products"), guest);
    expect(calls).toHaveLength(1);
    expect(await second.text()).toBe(await first.text());
    expect(second.headers.get("cache-status")).toBe("shop; hit");
    const etag = second.headers.get("etag")!;
    const revalidated = await page(get("/products", undefined, { "if-none-match": etag }), guest);
    expect(revalidated.status).toBe(304);
  });

  it("serves a kept page with the asking request's CSP nonce, never the first render's", async () => {
    const calls: string[] = [];
    const page = liveCache().wrap(async (_request, context) => {
      calls.push(context.cspNonce);
      return new Response(`<script nonce="${context.cspNonce}">boot()</script>`, { headers: { "content-type": "text/html" } });
    });
    const withNonce = (cspNonce: string) => ({ ...guest, cspNonce }) as RequestContext;
    const first = await page(get("/products"), withNonce("first-nonce-AAAA"));
    const second = await page(get("/products"), withNonce("second-nonce-BBBB"));
    expect(calls).toEqual(["first-nonce-AAAA"]);
    expect(await first.text()).toBe('<script nonce="first-nonce-AAAA">boot()</script>');
    expect(second.headers.get("cache-status")).toBe("shop; hit");
    expect(await second.text()).toBe('<script nonce="second-nonce-BBBB">boot()</script>');
    expect(second.headers.get("etag")).toBe(first.headers.get("etag"));
  });

  it("sends a browser that accepts gzip the page gzipped, with its own nonce, and Vary: Accept-Encoding", async () => {
    const page = liveCache().wrap(
      async (_request, context) =>
        new Response(`<script nonce="${context.cspNonce}">boot()</script>${"<li>kibble</li>".repeat(500)}`, { headers: { "content-type": "text/html" } }),
    );
    const withNonce = (cspNonce: string) => ({ ...guest, cspNonce }) as RequestContext;
    const gzip = { "accept-encoding": "gzip, deflate, br" };
    for (const nonce of ["first-nonce-AAAA", "second-nonce-BBBB"]) {
      const answer = await page(get("/products", undefined, gzip), withNonce(nonce));
      expect(answer.headers.get("content-encoding")).toBe("gzip");
      expect(answer.headers.get("vary")).toBe("Accept-Encoding");
      const bytes = Buffer.from(await answer.arrayBuffer());
      expect(bytes.length).toBeLessThan(1000);
      expect(gunzipSync(bytes).toString()).toBe(`<script nonce="${nonce}">boot()</script>${"<li>kibble</li>".repeat(500)}`);
    }
    const plain = await page(get("/products"), withNonce("third-nonce-CCCC"));
    expect(plain.headers.get("content-encoding")).toBeNull();
    expect(plain.headers.get("vary")).toBe("Accept-Encoding");
    expect(await plain.text()).toContain('nonce="third-nonce-CCCC"');
  });

  it("reads Accept-Encoding as browsers and proxies write it", () => {
    const accepts = (value: string) => acceptsGzip(get("/", undefined, { "accept-encoding": value }));
    expect(accepts("gzip, deflate, br, zstd")).toBe(true);
    expect(accepts("br;q=1.0, GZIP;q=0.5")).toBe(true);
    expect(accepts("*")).toBe(true);
    expect(accepts("gzip;q=0")).toBe(false);
    expect(accepts("gzip;q=0, *")).toBe(false);
    expect(accepts("br, identity")).toBe(false);
    expect(accepts("")).toBe(false);
    expect(acceptsGzip(get("/"))).toBe(false);
  });

  it("answers 304 to a revalidation of a page with a nonce too (the edge sends no new policy with it)", async () => {
    const page = liveCache().wrap(
      async (_request, context) => new Response(`<script nonce="${context.cspNonce}">boot()</script>`, { headers: { "content-type": "text/html" } }),
    );
    const withNonce = (cspNonce: string) => ({ ...guest, cspNonce }) as RequestContext;
    const first = await page(get("/products"), withNonce("first-nonce-AAAA"));
    const again = await page(get("/products", undefined, { "if-none-match": first.headers.get("etag")! }), withNonce("second-nonce-BBBB"));
    expect(again.status).toBe(304);
    expect(await again.text()).toBe("");
  });

  it("shoppers with carts, discounts and sessions get the page of a guest of their ZIP, rendered without their cookies or identity", async () => {
    const { calls, handler } = renderer();
    const page = liveCache().wrap(handler);
    const guestPage = await (await page(get("/products", "userLocation=10001::HOME"), guest)).text();
    const ann = await page(get("/products", "col_cart_id=aaaa; guest_col_cart_id=aaaa; userLocation=10001::HOME; discount_code=SAVE10"), guest);
    const bob = await page(get("/products", "col_cart_id=bbbb; userLocation=90210::HOME"), guest);
    expect(await ann.text()).toBe(guestPage);
    expect(guestPage).toContain("guest cart=none zip=10001");
    expect(await bob.text()).toContain("guest cart=none zip=90210");
    expect(ann.headers.get("cache-status")).toBe("shop; hit");
    // Signed-in shoppers share theirs (the header says Log Out): rendered once, with nobody's identity.
    const ivy = await page(get("/products", "sessionToken=tok; og_auth=x; col_cart_id=cccc; sg_session=d; userLocation=10001::HOME"), signedIn);
    const max = await page(get("/products", "sessionToken=other; userLocation=10001::HOME"), {
      ...signedIn,
      customer: { id: "c2", firstName: "Max" },
    } as RequestContext);
    expect(await ivy.text()).toBe(guestPage.replace("render=1", "render=3"));
    expect(await max.text()).toBe(await (await page(get("/products", "sessionToken=tok; userLocation=10001::HOME"), signedIn)).text());
    expect(max.headers.get("cache-status")).toBe("shop; hit");
    // Each render saw only the cookies a page may read.
    expect(calls).toEqual(["userLocation=10001::HOME", "userLocation=90210::HOME", "userLocation=10001::HOME"]);
  });

  it("renders a shopper's page with a guest's context, marked as a page for everyone; the data of a navigation only without the root's", async () => {
    const seen: RequestContext[] = [];
    const page = liveCache().wrap(async (_request, context) => {
      seen.push(context);
      return new Response("<p>page</p>", { headers: { "content-type": "text/html" } });
    });
    await page(get("/products/kibble", "sessionToken=tok"), signedIn);
    expect(seen[0]).toMatchObject({ session: null, customer: null, staff: null, forEveryone: { signedIn: true } });
    // A navigation's data without the root loader's is everyone's (and not a document: no mark).
    const leaf = await page(get("/products/kibble.data?_routes=routes%2Fproducts.path", "sessionToken=tok"), signedIn);
    expect(leaf.headers.get("cache-status")).toBe("shop; fwd=miss; stored");
    expect(seen[1]).toMatchObject({ session: null, customer: null, forEveryone: undefined });
    // With the root's (the header after a cart change), or all of them, it is the shopper's own.
    for (const path of ["/products/kibble.data?_routes=root%2Croutes%2Fproducts.path", "/products/kibble.data"]) {
      const own = await page(get(path, "col_cart_id=aaaa"), guest);
      expect(own.headers.get("cache-status")).toBeNull();
    }
    expect(seen.slice(2).map((c) => c.customer)).toEqual([null, null]);
    expect(seen).toHaveLength(4);
    // A guest's document render is marked too: the header's personal parts come after it.
    await page(get("/"), guest);
    expect(seen[4].forEveryone).toEqual({ signedIn: false });
  });

  it("a render that finds the database away marks the shopper's request, whose context it did not use", async () => {
    const context = { ...signedIn } as RequestContext;
    const page = liveCache().wrap(async (_request, renderContext) => {
      renderContext.databaseUnavailable = true;
      return new Response("oops", { status: 500 });
    });
    expect((await page(get("/products", "sessionToken=tok"), context)).status).toBe(500);
    expect(context.databaseUnavailable).toBe(true);
  });

  it("keys guest pages by their ZIP cookie", async () => {
    const { calls, handler } = renderer();
    const page = liveCache().wrap(handler);
    const denver = await page(get("/products", "userLocation=80011::HOME"), guest);
    const miami = await page(get("/products", "userLocation=33101::HOME"), guest);
    expect(await denver.text()).toContain("zip=80011");
    expect(await miami.text()).toContain("zip=33101");
    expect(await (await page(get("/products", "userLocation=33101::HOME"), guest)).text()).toContain("zip=33101");
    expect(calls).toHaveLength(2);
  });

  it("keeps crawlers' pages apart from people's", async () => {
    const { calls, handler } = renderer();
    const page = liveCache().wrap(handler);
    await page(get("/products", undefined, { "user-agent": "Mozilla/5.0 (X11; Linux x86_64) Chrome/120.0" }), guest);
    await page(get("/products", undefined, { "user-agent": "Googlebot/2.1 (+http://www.google.com/bot.html)" }), guest);
    await page(get("/products", undefined, { "user-agent": "Googlebot/2.1 (+http://www.google.com/bot.html)" }), guest);
    expect(calls).toHaveLength(2);
  });

  it("renders a staff member's page for their standing and clinic: shared with members of both, never with another", async () => {
    const seen: RequestContext[] = [];
    const page = liveCache().wrap(async (_request, context) => {
      seen.push(context);
      const location = await context.staffShipsTo!();
      return new Response(`<p>program=${context.staff!.eligibleForPd} at=${JSON.stringify(location)} who=${context.customer?.firstName ?? "nobody"}</p>`);
    });
    const staffCookie = "sessionToken=x; isEligibleForPd=true; userLocation=80011::clinic";
    const ada = await page(get("/products", staffCookie), staffMember("Ada", true, "80011"));
    const bea = await page(get("/products", staffCookie), staffMember("Bea", true, "80011"));
    const student = await page(get("/products", staffCookie), staffMember("Cal", false, "80011"));
    const otherClinic = await page(get("/products", staffCookie), staffMember("Dee", true, "33101"));
    expect(await ada.text()).toBe('<p>program=true at={"destination":"CLINIC","zip":"80011"} who=nobody</p>');
    expect(bea.headers.get("cache-status")).toBe("shop; hit");
    expect(await student.text()).toContain("program=false");
    expect(await otherClinic.text()).toContain('"zip":"33101"');
    expect(seen).toHaveLength(3);
    // The render's stand-in knows the standing, not the member's profile or name.
    expect(seen[0]).toMatchObject({ customer: null, session: null, staff: { profile: null, registered: true, eligibleForPd: true } });
  });

  it("bypasses other cookies, personal screens and non-GET requests", async () => {
    const { calls, handler } = renderer();
    const page = liveCache().wrap(handler);
    await page(get("/products"), guest);
    await page(get("/products", "signed_out=inactivity"), guest);
    await page(get("/cart"), guest);
    await page(get("/cart"), guest);
    await page(get("/account/dashboard"), guest);
    await page(new Request("http://localhost:3000/products", { method: "POST" }), guest);
    expect(calls).toHaveLength(6);
  });

  it("shares the page with guests who carry only browser-only cookies (consent choice, analytics), whatever their values", async () => {
    const { calls, handler } = renderer();
    const page = liveCache().wrap(handler);
    await page(get("/products", `${decidedA}; userLocation=80011`), guest);
    const decided = await page(get("/products", `${decidedB}; userLocation=80011; _ga=GA1.1.1.2; _ga_ABC123=GS1.1; _gid=GA1.1.3; _gcl_au=1.1.4`), guest);
    expect(decided.headers.get("cache-status")).toBe("shop; hit");
    expect(calls).toHaveLength(1);
    // Anything else still bypasses it (an unknown cookie may change the page).
    await page(get("/products", `${decidedA}; gaga=1`), guest);
    expect(calls).toHaveLength(2);
  });

  it("keeps the page with the consent banner apart from the page without it: by whether a decision that counts is kept", async () => {
    const { calls, handler } = renderer();
    const page = liveCache().wrap(handler);
    // An undecided first visitor: the page asks.
    expect(await (await page(get("/products"), guest)).text()).toContain("banner=yes");
    // A decided shopper never gets that kept page, and the next decided one (other id, other choice) shares theirs.
    const decided = await page(get("/products", decidedA), guest);
    expect(decided.headers.get("cache-status")).toBe("shop; fwd=miss; stored");
    expect(await decided.text()).toContain("banner=no");
    const decidedToo = await page(get("/products", `${decidedB}; _ga=GA1.1.1.2`), guest);
    expect(decidedToo.headers.get("cache-status")).toBe("shop; hit");
    expect(await decidedToo.text()).toContain("banner=no");
    // Undecided again (no cookie, a malformed one, one of an older policy revision): the page that asks.
    for (const cookie of [undefined, "kc_consent=1.1.0.short.1", `kc_consent=${encodeConsentCookie({ ...decision, revision: CONSENT_REVISION + 1 })}`]) {
      const asked = await page(get("/products", cookie), guest);
      expect(asked.headers.get("cache-status")).toBe("shop; hit");
      expect(await asked.text()).toContain("banner=yes");
    }
    expect(calls).toHaveLength(2);
  });

  it("keeps no page that sets a cookie, is not a 200 or says no-store", async () => {
    let n = 0;
    const page = liveCache().wrap(async () =>
      ++n === 1
        ? new Response("x", { headers: { "set-cookie": "a=b" } })
        : n === 2
          ? new Response("gone", { status: 404 })
          : new Response("console sign-in", { headers: { "cache-control": "no-store" } }),
    );
    for (let i = 0; i < 4; i++) expect((await page(get("/admin/login"), guest)).headers.get("cache-status")).toBe("shop; fwd=miss");
    expect(n).toBe(4);
  });

  it("drops every page on a change, and never keeps a page rendered while a change committed", async () => {
    const { calls, handler } = renderer();
    const cache = liveCache();
    const page = cache.wrap(handler);
    await page(get("/products"), guest);
    cache.invalidate();
    await page(get("/products"), guest);
    expect(calls).toHaveLength(2);

    const slow = cache.wrap(async (req, ctx) => {
      cache.invalidate(); // the change commits while this page renders
      return handler(req, ctx);
    });
    expect((await slow(get("/search?search=x"), guest)).headers.get("cache-status")).toBe("shop; fwd=miss");
    expect((await page(get("/search?search=x"), guest)).headers.get("cache-status")).toBe("shop; fwd=miss; stored");
    expect(calls).toHaveLength(4);
  });

  it("caches nothing while changes cannot be heard", async () => {
    const { calls, handler } = renderer();
    const cache = createPageCache();
    const page = cache.wrap(handler);
    await page(get("/products"), guest);
    await page(get("/products"), guest);
    expect(calls).toHaveLength(2);
    cache.setLive(true);
    await page(get("/products"), guest);
    cache.setLive(false);
    await page(get("/products"), guest);
    expect(calls).toHaveLength(4);
  });

  it("renders once for many shoppers asking at the same time", async () => {
    const { calls, handler } = renderer();
    const page = liveCache().wrap(handler);
    const pages = await Promise.all(Array.from({ length: 10 }, () => page(get("/"), guest)));
    expect(calls).toHaveLength(1);
    expect(new Set(await Promise.all(pages.map((p) => p.text()))).size).toBe(1);
  });
});

describe("invalidation through the database", () => {
  it("a committed change to a priced table notifies page_cache; a rolled-back one does not", async () => {
    const { openPglite } = await import("../db/client");
    const { sql } = await import("drizzle-orm");
    const database = await openPglite();
    try {
      await database.migrate();
      let heard = 0;
      const live: boolean[] = [];
      const stop = await database.listen(
        "page_cache",
        () => heard++,
        (l) => live.push(l),
      );
      expect(live).toEqual([true]);
      await database.db.execute(sql`insert into brands (slug, name, kind, color) values ('b', 'B', 'house', '#000')`);
      await new Promise((r) => setTimeout(r, 50));
      expect(heard).toBe(1);
      await database.db
        .transaction(async (tx) => {
          await tx.execute(sql`update brands set name = 'C'`);
          throw new Error("rollback");
        })
        .catch(() => {});
      await new Promise((r) => setTimeout(r, 50));
      expect(heard).toBe(1);
      await stop();
    } finally {
      await database.close();
    }
  }, 60_000);
});

describe("guest pages for a shared cache in front (SHARED_CACHE_MAX_AGE)", () => {
  const sharedCache = () => {
    const cache = createPageCache({ sharedMaxAgeSeconds: 30 });
    cache.setLive(true);
    return cache;
  };
  const boot = "window.__boot(1)";
  const withScript = async (_request: Request, context: RequestContext) =>
    new Response(`<p>guest</p><script nonce="${context.cspNonce}">${boot}</script><script src="/a.js"></script>`, { headers: { "content-type": "text/html" } });
  const person = { "user-agent": "Mozilla/5.0 (X11; Linux x86_64) Chrome/140.0 Safari/537.36" };

  it("says public with s-maxage and a surrogate key, without a nonce, its inline scripts allowed by hash", async () => {
    const page = sharedCache().wrap(withScript);
    for (const nonce of ["first", "second"]) {
      const answer = await page(get("/products", undefined, person), { ...guest, cspNonce: nonce } as RequestContext);
      expect(answer.headers.get("cache-control")).toBe("public, max-age=0, s-maxage=30, stale-while-revalidate=30");
      expect(answer.headers.get("surrogate-key")).toBe("pages");
      const body = await answer.text();
      // One copy for every guest: no request's nonce in it.
      expect(body).not.toContain(nonce);
      expect(body).toContain(`<script nonce="">${boot}</script>`);
      expect(answer.headers.get(SCRIPT_HASHES_HEADER)).toBe(`'sha256-${createHash("sha256").update(boot).digest("base64")}'`);
    }
  });

  it("keeps crawlers' pages, pages rendered while a change committed, and everything personal out of it", async () => {
    const cache = sharedCache();
    const page = cache.wrap(withScript);
    const bot = await page(get("/products", undefined, { "user-agent": "Googlebot/2.1" }), { ...guest, cspNonce: "n" } as RequestContext);
    expect(bot.headers.get("cache-control")).toBe("no-cache");
    expect(await bot.text()).toContain('nonce="n"');

    const racing = cache.wrap(async (req, ctx) => {
      cache.invalidate();
      return withScript(req, ctx);
    });
    const raced = await racing(get("/search?search=x", undefined, person), { ...guest, cspNonce: "n" } as RequestContext);
    expect(raced.headers.get("cache-status")).toBe("shop; fwd=miss");
    expect(raced.headers.get("cache-control")).toBe("no-cache");
    expect(raced.headers.has("surrogate-key")).toBe(false);

    const cart = await page(get("/products", "col_cart_id=abc", person), { ...guest, cspNonce: "n" } as RequestContext);
    expect(cart.headers.get("cache-control") ?? "").not.toMatch(/public/);
    const customer = await page(get("/products", undefined, person), { ...signedIn, cspNonce: "n" } as RequestContext);
    expect(customer.headers.get("cache-control") ?? "").not.toMatch(/public/);
  });

  it("names what the page shows in its surrogate key, as its loaders recorded it while the page streamed", async () => {
    const page = sharedCache().wrap(async (_request, context) => {
      context.pageShows?.add(productKey(4));
      const encoder = new TextEncoder();
      // A deferred carousel records its products after the page's first bytes are out.
      const body = new ReadableStream<Uint8Array>({
        async pull(controller) {
          await new Promise((r) => setTimeout(r, 5));
          context.pageShows?.add(productKey(9));
          context.pageShows?.add(LISTINGS_KEY);
          controller.enqueue(encoder.encode("<p>carousel</p>"));
          controller.close();
        },
        start: (controller) => controller.enqueue(encoder.encode("<p>product</p>")),
      });
      return new Response(body, { headers: { "content-type": "text/html" } });
    });
    for (const state of ["shop; fwd=miss; stored", "shop; hit"]) {
      const answer = await page(get("/products/kibble", undefined, person), { ...guest, cspNonce: "n" } as RequestContext);
      expect(answer.headers.get("cache-status")).toBe(state);
      expect(answer.headers.get("surrogate-key")).toBe("pages p:4 p:9 listings");
    }
  });

  it("names the content entries the page's reads looked at", async () => {
    const page = sharedCache().wrap(async (request, context) => {
      await context.services.content.entry("footer", "main", "d2c");
      return withScript(request, context);
    });
    // The content service's reads of a kept page tell what they looked at (server/modules/content recording()).
    const content = { recording: (shown: (ids: readonly number[]) => void) => ({ entry: async () => (shown([5, 8]), null) }) };
    const answer = await page(get("/faq", undefined, person), { ...guest, cspNonce: "n", services: { content } } as unknown as RequestContext);
    expect(answer.headers.get("surrogate-key")).toBe("pages content:5 content:8");
  });

  it("keeps a page of more products than its key may name out of the shared cache (no change could purge it)", async () => {
    const page = sharedCache().wrap(async (request, context) => {
      for (let i = 0; i <= MAX_PRODUCT_KEYS; i++) context.pageShows?.add(productKey(i));
      return withScript(request, context);
    });
    const answer = await page(get("/sitemap", undefined, person), { ...guest, cspNonce: "n" } as RequestContext);
    expect(answer.headers.get("cache-status")).toBe("shop; fwd=miss; stored");
    expect(answer.headers.get("cache-control")).toBe("no-cache");
    expect(answer.headers.has("surrogate-key")).toBe(false);
  });

  it("without a shared cache, says no-cache and keeps the nonce as before", async () => {
    const page = liveCache().wrap(withScript);
    const answer = await page(get("/products", undefined, person), { ...guest, cspNonce: "n1" } as RequestContext);
    expect(answer.headers.get("cache-control")).toBe("no-cache");
    expect(answer.headers.has(SCRIPT_HASHES_HEADER)).toBe(false);
    expect(await answer.text()).toContain('nonce="n1"');
  });
});
