import type { AppLoadContext } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { completeSignIn } from "../../app/features/account/session.server";
import { loadProductPage } from "../../app/features/catalog/product-page";
import { action as locationAction } from "../../app/routes/location";
import { parseUserLocation } from "../../rules/shared/shopper-location";
import { siteFor } from "../../rules/shared/site";
import { createApp } from "../app";
import { parseConfig } from "../config";
import { createDeps } from "../context";
import type { Database } from "../db/client";
import { openTestDatabase } from "../db/test-database";
import { createLogger } from "../log";
import { seededVariants } from "../testing/catalog";
import { setStock } from "../testing/stock";
import { EXCLUDED_PRODUCT_TYPE } from "../../rules/catalog/product-types";
import { SPRINGFIELD_ANIMAL_HOSPITAL_GROUP_ID } from "../modules/clinics";
import type { ClinicView } from "../modules/clinics";
import { requestContext, resolveIdentity } from "../request-context";
import { staffMember } from "../testing/staff";

// A staff member whose orders go to the clinic (SPEC §4 preferred address, clinic by default) is
// shown stock and "Estimated delivery" for the clinic's ZIP — where the checkout reserves — on every
// path that shows them: the product page, GET /api/get-estimated-delivery-date and the userLocation
// cookie ("{zip}::clinic", SPEC §9), whatever ZIP their cookie held before. Choosing home delivery
// moves all of them back to the home ZIP.

let database: Database;
let deps: ReturnType<typeof createDeps>;
let app: ReturnType<typeof createApp>;
let clinic: ClinicView;
const STAFF = "pro.localhost";
/** The member's home: served by another warehouse than the clinic's ZIP. */
const HOME_ZIP = "80011";
let clinicWarehouse: string;
let homeWarehouse: string;
let handle: string;
let sku: string;

beforeAll(async () => {
  database = await openTestDatabase({ seeded: true });
  deps = createDeps(parseConfig({}), database, createLogger("silent"), () => "test");
  app = createApp(deps, { handler: async () => new Response("page") });
  clinic = (await deps.services.clinics.byGroupId(SPRINGFIELD_ANIMAL_HOSPITAL_GROUP_ID))!;
  clinicWarehouse = (await deps.services.catalog.warehouseForZip(clinic.address.zip))!.code;
  homeWarehouse = (await deps.services.catalog.warehouseForZip(HOME_ZIP))!.code;
  // A staff-site food in stock at home's warehouse only: the clinic's has none left.
  const row = (await seededVariants(database.db)).find((v) => v.published && v.sites.includes("hpsf") && v.productType !== EXCLUDED_PRODUCT_TYPE)!;
  handle = row.handle;
  sku = row.sku;
  for (const [warehouseCode, onHand] of [
    [clinicWarehouse, 0],
    [homeWarehouse, 40],
  ] as const) {
    await setStock(database.db, { warehouseCode, variantId: row.id, onHand, reserved: 0 });
  }
}, 60_000);
afterAll(() => database?.close());

type Member = Awaited<ReturnType<typeof staffMember>>;

/** A member of the Springfield clinic with a default home address at HOME_ZIP. */
async function clinicMember(): Promise<Member> {
  const member = await staffMember(deps.services, { clinic: SPRINGFIELD_ANIMAL_HOSPITAL_GROUP_ID });
  await deps.services.identity.addAddress(
    member.customerId,
    {
      firstName: "Sam",
      lastName: "Staff",
      address1: "1 Home St",
      address2: "",
      city: "Aurora",
      provinceCode: "CO",
      zip: HOME_ZIP,
      countryCode: "US",
      phone: "",
    },
    true,
  );
  return member;
}

const cookieOf = (member: Member, location: string | null) =>
  [member.cookie, location ? `userLocation=${encodeURIComponent(location)}` : null].filter(Boolean).join("; ");

async function pageContext(request: Request): Promise<AppLoadContext> {
  const identity = await resolveIdentity(deps, request, null, "hpsf");
  return requestContext(deps, siteFor("hpsf", deps.config.storeName), identity) as AppLoadContext;
}

async function productPage(cookie: string) {
  const request = new Request(`http://${STAFF}/products/${handle}`, { headers: { host: STAFF, cookie } });
  const page = (await loadProductPage(await pageContext(request), request, { handle, brand: null, flavor: null, size: null }))!;
  return { delivery: page.delivery, inStock: page.product.variants.find((v) => v.sku === sku)!.inStock };
}

async function deliveryApi(cookie: string) {
  const res = await app.request(`http://${STAFF}/api/get-estimated-delivery-date`, { headers: { host: STAFF, cookie } });
  expect(res.status).toBe(200);
  return (await res.json()) as { zip: string; warehouse: string; text: string };
}

/** The userLocation a page response sets (null: none), as the browser would read it back. */
async function locationCookieSet(cookie: string, path = "/products"): Promise<string | null> {
  const res = await app.request(`http://${STAFF}${path}`, { headers: { host: STAFF, cookie } });
  const set = res.headers.getSetCookie().find((v) => v.startsWith("userLocation="));
  return set ? decodeURIComponent(set.slice("userLocation=".length).split(";")[0]) : null;
}

describe("a staff member shipping to the clinic sees the clinic's stock and delivery", () => {
  it("the zips differ in warehouse, so the test tells them apart", () => {
    expect(clinicWarehouse).not.toBe(homeWarehouse);
  });

  it("the product page and the delivery API answer for the clinic's ZIP, the one the checkout reserves at", async () => {
    const member = await clinicMember();
    // The checkout's own answer: clinic delivery, to the clinic's address.
    const standing = await deps.services.staff.standing(member.customerId, new Date());
    if (!standing.ok) throw new Error(standing.message);
    expect(standing.location).toBe("ship_to_work");
    for (const location of [`${HOME_ZIP}::home`, `${HOME_ZIP}::HOME`, null]) {
      const cookie = cookieOf(member, location);
      const page = await productPage(cookie);
      const api = await deliveryApi(cookie);
      expect(page.delivery.zip, String(location)).toBe(standing.clinic.address.zip);
      expect(page.delivery.destination).toBe("CLINIC");
      expect(page.delivery.warehouse?.code).toBe(clinicWarehouse);
      // Out of stock where the order would be reserved, though home's warehouse has it.
      expect(page.inStock).toBe(false);
      const stock = await deps.services.catalog.productsStock({ skus: [sku], zipCode: standing.clinic.address.zip, destination: "CLINIC" });
      expect(stock.ok && stock.data.skus[sku]?.inStock).toBe(false);
      // The API answers the same ZIP, warehouse and text.
      expect(api).toMatchObject({ zip: page.delivery.zip, warehouse: clinicWarehouse, text: page.delivery.text });
      expect(api.text).toMatch(new RegExp(` to ${clinic.address.zip}$`));
    }
  });

  it("the userLocation cookie becomes {clinic zip}::clinic (SPEC §9) on the next page, and stays", async () => {
    const member = await clinicMember();
    const set = await locationCookieSet(cookieOf(member, `${HOME_ZIP}::home`));
    expect(set).toBe(`${clinic.address.zip}::clinic`);
    expect(parseUserLocation(set)).toEqual({ zip: clinic.address.zip, destination: "CLINIC" });
    expect(await locationCookieSet(cookieOf(member, null))).toBe(`${clinic.address.zip}::clinic`);
    // Once it agrees, nothing more is set.
    expect(await locationCookieSet(cookieOf(member, set))).toBeNull();
  });

  it("signing in sets {clinic zip}::clinic at once", async () => {
    const member = await clinicMember();
    const signed = await deps.services.identity.signIn(member.email, "kibble-staff-1", null, "hpsf");
    if (!signed.ok) throw new Error("sign-in failed");
    const request = new Request(`http://${STAFF}/shelter/login`, { method: "POST", headers: { host: STAFF } });
    const res = await completeSignIn(await pageContext(request), request, signed, {});
    const set = res.headers.getSetCookie().find((v) => v.startsWith("userLocation="));
    expect(decodeURIComponent(set!.slice("userLocation=".length).split(";")[0])).toBe(`${clinic.address.zip}::clinic`);
  });

  it("the ZIP form does not pretend to change it: the clinic's ZIP stays, with the reason", async () => {
    const member = await clinicMember();
    const request = new Request(`http://${STAFF}/location`, {
      method: "POST",
      headers: { host: STAFF, cookie: cookieOf(member, `${clinic.address.zip}::clinic`), "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ zip: HOME_ZIP, redirectTo: `/products/${handle}` }),
    });
    const res = (await locationAction({ request, context: await pageContext(request), params: {} } as Parameters<typeof locationAction>[0])) as unknown as {
      init: { status: number };
      data: { error: string };
    };
    expect(res.init.status).toBe(409);
    expect(res.data.error).toMatch(/My Clinic/);
  });

  it("after choosing home delivery: the home ZIP everywhere, and the cookie back to {zip}::home", async () => {
    const member = await clinicMember();
    expect(await deps.services.staff.choosePreferredAddress(member.customerId, "home")).toEqual({ ok: true });
    const standing = await deps.services.staff.standing(member.customerId, new Date());
    expect(standing.ok && standing.location).toBe("ship_to_home");
    // A cookie left from clinic delivery no longer counts.
    const cookie = cookieOf(member, `${clinic.address.zip}::clinic`);
    const page = await productPage(cookie);
    expect(page.delivery).toMatchObject({ zip: HOME_ZIP, destination: "HOME" });
    expect(page.delivery.warehouse?.code).toBe(homeWarehouse);
    expect(page.inStock).toBe(true);
    expect(await deliveryApi(cookie)).toMatchObject({ zip: HOME_ZIP, warehouse: homeWarehouse, text: page.delivery.text });
    expect(await locationCookieSet(cookie)).toBe(`${HOME_ZIP}::home`);
    // A home location the member chose is theirs to keep.
    expect(await locationCookieSet(cookieOf(member, "10001::HOME"))).toBeNull();
    expect((await productPage(cookieOf(member, "10001::HOME"))).delivery.zip).toBe("10001");
  });
});
