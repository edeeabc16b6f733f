import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildSeedCatalog } from "../../server/modules/catalog";
import { staffMember } from "../../server/testing/staff";
import { cartWith, d2cVariants, openShop, send, type Shop } from "./harness";

// One page per audience: a catalogue or content page of the shop is the same bytes for every
// signed-in shopper of a ZIP, whatever their name, cart or discount — the page the cache keeps — so
// nothing of one shopper (name, e-mail, cart, session) can be in it; it differs from a guest's only
// by the header's Log Out. The cart count comes from GET /api/shopper. On the staff site, members
// share pages by standing (program prices or not) and the clinic their orders go to.

let shop: Shop;
type Person = { name: string; email: string; token: string; cart: string; zip: string };
let zanzibar: Person;
let quillon: Person;
let ottoline: Person;
const catalog = buildSeedCatalog();
const product = catalog.products.find((p) => p.sites.includes("d2c"))!;
const staffProduct = catalog.products.find((p) => p.sites.includes("hpsf"))!;

const PAGES = ["/", "/products", "/products/dog/species", `/products/${product.handle}`, "/search?search=kibble", "/faq", "/no-such-page-here"];

/** A page's bytes without its CSP nonce, which every answer has its own of. */
const bytes = async (res: Response) => (await res.text()).replace(/nonce="[^"]*"/g, 'nonce=""');
const location = (zip: string) => `${zip}::HOME`;
/**
 * A page's markup, with the one thing a signed-in audience's differs in from a guest's — the
 * header's Log Out form instead of the Log In link — made the same. (The data after it says
 * signedIn too; it is compared between two signed-in shoppers whole.)
 */
const markup = (page: string) =>
  page
    .slice(0, page.indexOf("<script"))
    .replace(/<form[^>]*action="\/logout"[^>]*>[^]*?<\/form>/g, "[sign-in control]")
    .replace(/<a href="\/shelter\/login" data-discover="true">Log In<\/a>/g, "[sign-in control]");

async function shopper(name: string, zip: string, variant: number, quantity: number): Promise<Person> {
  const email = `${name.toLowerCase()}-${Date.now()}@audience.test`;
  const r = await shop.deps.services.identity.register(
    { firstName: name, lastName: "Audience", email, password: "kibble-audience-1", confirmPassword: "kibble-audience-1", acceptsMarketing: false },
    "d2c",
  );
  if (!r.ok) throw new Error("register failed");
  const cart = await cartWith(shop, { id: r.customerId, token: r.token, email, password: "" }, variant, quantity);
  return { name, email, token: r.token, cart, zip };
}

// A 404 is not kept, so both are rendered: as a crawler gets it (whole, not streamed), in one order.
const CRAWLER = { "user-agent": "Googlebot/2.1 (+http://www.google.com/bot.html)" };

const as = (p: Person | null, zip: string, path: string) =>
  send(shop, {
    path,
    headers: path === "/no-such-page-here" ? CRAWLER : {},
    cookies: p ? { sessionToken: p.token, col_cart_id: p.cart, discount_code: "WELCOME10", userLocation: location(zip) } : { userLocation: location(zip) },
  });

beforeAll(async () => {
  shop = await openShop({}, { pageCache: true });
  const [first, second] = await d2cVariants(shop);
  zanzibar = await shopper("Zanzibar", "10001", first.id, 2);
  quillon = await shopper("Quillon", "10001", second.id, 3);
  ottoline = await shopper("Ottoline", "90210", first.id, 1);
}, 300_000);
afterAll(() => shop?.close());

describe("one page per audience", () => {
  it("signed-in shoppers with their own names, carts, discounts and ZIPs get the bytes a guest of their ZIP gets, but for Log Out", async () => {
    for (const path of PAGES) {
      const pages: Record<string, string> = {};
      for (const person of [zanzibar, quillon, ottoline]) {
        const guest = await as(null, person.zip, path);
        const theirs = await as(person, person.zip, path);
        expect(theirs.status, path).toBe(guest.status);
        const page = (pages[person.name] = await bytes(theirs));
        expect(page, `${person.name} on ${path}`).toContain("Log Out");
        expect(markup(page), `${person.name} on ${path}`).toBe(markup(await bytes(guest)));
        for (const secret of [person.name, person.email, person.cart, person.token]) expect(page, path).not.toContain(secret);
        // Never for a shared cache: its cookies were passed on to the shop.
        expect(theirs.headers.get("cache-control"), path).toBe("private, no-store");
      }
      // Two shoppers of one ZIP: one page, data and all — the second gets the first's kept page.
      expect(pages.Quillon, path).toBe(pages.Zanzibar);
      if (path !== "/no-such-page-here") {
        const again = await as(quillon, quillon.zip, path);
        expect(again.headers.get("cache-status"), path).toBe("shop; hit");
      }
    }
  }, 120_000);

  it("the header's personal parts come from GET /api/shopper, private, the shopper's own", async () => {
    const zanz = await send(shop, { path: "/api/shopper", cookies: { sessionToken: zanzibar.token, col_cart_id: zanzibar.cart } });
    expect(zanz.headers.get("cache-control")).toBe("private, no-store");
    expect(await zanz.json()).toEqual({ signedIn: true, firstName: "Zanzibar", cartCount: 2 });
    // Another's cart id counts nothing; a guest is nobody.
    const stolen = await send(shop, { path: "/api/shopper", cookies: { sessionToken: quillon.token, col_cart_id: zanzibar.cart } });
    expect(await stolen.json()).toEqual({ signedIn: true, firstName: "Quillon", cartCount: 0 });
    expect(await (await send(shop, { path: "/api/shopper" })).json()).toEqual({ signedIn: false, firstName: null, cartCount: 0 });
  });

  it("a personal screen's root data still carries the shopper (the cart page)", async () => {
    const cart = await send(shop, { path: "/cart", cookies: { sessionToken: zanzibar.token, col_cart_id: zanzibar.cart } });
    expect(cart.headers.get("cache-control")).toBe("private, no-store");
    expect(cart.headers.get("cache-status")).toBe("shop; fwd=bypass");
    expect(await cart.text()).toContain("Zanzibar");
  });

  it("staff members of one standing and clinic share a page without anyone's name; program prices only in the eligible members'", async () => {
    // The staff site shows its catalogue to signed-in members only (a guest is sent to register).
    const [ada, bea] = [await staffMember(shop.deps.services), await staffMember(shop.deps.services)];
    const student = await staffMember(shop.deps.services, { role: "STUDENT" });
    const get = (member: { cookie: string }) =>
      send(shop, { host: "pro.localhost", path: `/products/${staffProduct.handle}`, headers: { cookie: member.cookie } });
    const adaPage = await get(ada);
    expect(adaPage.status).toBe(200);
    const beaPage = await get(bea);
    expect(beaPage.headers.get("cache-status")).toBe("shop; hit");
    expect(beaPage.headers.get("cache-control")).toBe("private, no-store");
    const page = await bytes(beaPage);
    expect(page).toBe(await bytes(adaPage));
    for (const secret of [ada.email, bea.email, ada.token, bea.token]) expect(page).not.toContain(secret);
    expect(page).toContain(">Program price</span>");
    const studentPage = await bytes(await get(student));
    expect(studentPage).not.toContain(">Program price</span>");
    expect(studentPage).toContain("Program prices are for eligible");
    expect(studentPage).not.toContain(student.email);
  });
});
