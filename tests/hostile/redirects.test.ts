import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cartWith, customer, d2cVariants, openShop, send, type Customer, type Shop } from "./harness";

// The redirect corpus (issue: open redirect via `/.//evil` and `/%09/evil`): every parameter that
// chooses where the shop sends the browser, fed every known bypass. The Location header (or the
// URL a JSON answer hands back) is parsed the way a browser does — `new URL(location, origin)` —
// and must stay on the shop's origin. Each endpoint is also shown a harmless path first, so the
// test cannot pass by the endpoint never redirecting at all.

const ORIGIN = "http://localhost";
const EVIL = "evil.example";

export const BYPASSES: string[] = [
  `//${EVIL}`,
  `///${EVIL}`,
  `////${EVIL}`,
  `/\\${EVIL}`,
  `\\\\${EVIL}`,
  `\\/${EVIL}`,
  `/\\/${EVIL}`,
  `/.//${EVIL}`,
  `/./\\${EVIL}`,
  `/..//${EVIL}`,
  `/%2e//${EVIL}`,
  `/%2e%2e//${EVIL}`,
  `/%09/${EVIL}`,
  `/%0a/${EVIL}`,
  `/%0d/${EVIL}`,
  `/\t/${EVIL}`,
  `/\n/${EVIL}`,
  `/\r/${EVIL}`,
  `\t//${EVIL}`,
  ` //${EVIL}`,
  `%2f%2f${EVIL}`,
  `/%2f%2f${EVIL}`,
  `/%2F/${EVIL}`,
  `/%5c${EVIL}`,
  `/%5c%5c${EVIL}`,
  `https://${EVIL}`,
  `http://${EVIL}`,
  `https:${EVIL}`,
  `http:/${EVIL}`,
  `https:/\\${EVIL}`,
  `HTTPS://${EVIL}`,
  `//localhost@${EVIL}`,
  `http://localhost@${EVIL}`,
  `/\u3002/${EVIL}`,
  `/\uff0f${EVIL}`,
  `\uff0f\uff0f${EVIL}`,
  `/\u2215\u2215${EVIL}`,
  `//${EVIL}%2f..`,
  `/%0d%0aLocation:%20https://${EVIL}`,
  `/\r\nLocation: https://${EVIL}`,
  "javascript:alert(1)",
  "/javascript:alert(1)",
  "data:text/html,<script>alert(1)</script>",
];

/** A browser never sends raw control or non-ASCII characters in a header: it percent-encodes them. */
const headerSafe = (s: string) => s.replace(/[^\x21-\x7e]/g, (c) => encodeURIComponent(c));
const refererFor = (t: string) => headerSafe(`${ORIGIN}${t.startsWith("/") ? "" : "/"}${t}`);

const b64 = (s: string) => Buffer.from(s, "utf8").toString("base64");

let shop: Shop;
let gated: Shop;
let who: Customer;
let cartId: string;

/** The Location a response sends the browser to, or null; a 5xx fails. */
async function locationOf(resP: Promise<Response>, label: string): Promise<string | null> {
  const res = await resP;
  await res.arrayBuffer();
  if (res.status >= 500) throw new Error(`${label}: answered ${res.status}`);
  return res.headers.get("location");
}

/** A browser's reading of a Location header: the origin it would go to. */
const originOf = (location: string) => new URL(location, `${ORIGIN}/some/page`).origin;

type Endpoint = { name: string; go: (target: string) => Promise<string | null> };

async function signedIn(): Promise<string> {
  const r = await shop.deps.services.identity.signIn(who.email, who.password, null);
  if (!r.ok) throw new Error("sign-in failed");
  return r.token;
}

const endpoints = (): Endpoint[] => [
  { name: "GET /discount/AUTO35?redirect=", go: (t) => locationOf(send(shop, { path: `/discount/AUTO35?redirect=${encodeURIComponent(t)}` }), "discount") },
  { name: "POST /location redirectTo", go: (t) => locationOf(send(shop, { path: "/location", form: { zip: "80011", redirectTo: t } }), "location") },
  {
    name: "POST /location with a Referer",
    go: (t) => locationOf(send(shop, { path: "/location", form: { zip: "80011" }, headers: { referer: refererFor(t) } }), "location referer"),
  },
  {
    name: "POST /shelter/login redirect (base64)",
    go: (t) => locationOf(send(shop, { path: "/shelter/login", form: { email: who.email, password: who.password, redirect: b64(t) } }), "login redirect"),
  },
  {
    name: "POST /shelter/login previous",
    go: (t) => locationOf(send(shop, { path: "/shelter/login", form: { email: who.email, password: who.password, previous: t } }), "login previous"),
  },
  {
    name: "GET /shelter/login while signed in (sent back to the Referer)",
    go: async (t) =>
      locationOf(
        send(shop, {
          path: `/shelter/login?redirect=${encodeURIComponent(b64(t))}`,
          headers: { referer: refererFor(t) },
          cookies: { sessionToken: await signedIn() },
        }),
        "login GET",
      ),
  },
  {
    name: "POST /logout returnTo",
    go: async (t) => locationOf(send(shop, { path: "/logout", form: { returnTo: t }, cookies: { sessionToken: await signedIn() } }), "logout"),
  },
  {
    name: "POST /password-protect?next=",
    go: (t) => locationOf(send(gated, { path: `/password-protect?next=${encodeURIComponent(t)}`, form: { password: "letmein-hostile" } }), "password-protect"),
  },
  {
    name: "POST /api/multipass checkoutUrl",
    go: async (t) => {
      const res = await send(shop, { path: "/api/multipass", json: { email: who.email, checkoutUrl: t, cartId }, cookies: { sessionToken: who.token } });
      if (res.status >= 500) throw new Error(`multipass: answered ${res.status}`);
      const body = (await res.json()) as { url?: string };
      return res.status === 200 ? (body.url ?? null) : null;
    },
  },
];

beforeAll(async () => {
  shop = await openShop();
  gated = await openShop({ SITE_PASSWORD: "letmein-hostile" });
  who = await customer(shop, "redirect");
  cartId = await cartWith(shop, who, (await d2cVariants(shop))[0].id);
}, 300_000);
afterAll(async () => {
  await shop?.close();
  await gated?.close();
});

describe("redirect corpus: the Location is never off-site", () => {
  it("every endpoint redirects to a harmless same-site path (the corpus below is not vacuous)", async () => {
    for (const e of endpoints()) {
      const loc = await e.go("/products");
      expect(loc, e.name).toBeTruthy();
      expect(new URL(loc!, ORIGIN).pathname, e.name).toBe("/products");
    }
  });

  for (const [i, name] of endpoints().map((e, i) => [i, e.name] as const)) {
    it(name, async () => {
      const bad: string[] = [];
      for (const target of BYPASSES) {
        const endpoint = endpoints()[i];
        const loc = await endpoint.go(target).catch((err: Error) => `ERROR ${err.message}`);
        if (loc === null) continue;
        if (loc.startsWith("ERROR") || originOf(loc) !== ORIGIN) bad.push(`${JSON.stringify(target)} → ${JSON.stringify(loc)}`);
      }
      expect(bad).toEqual([]);
    });
  }
});
