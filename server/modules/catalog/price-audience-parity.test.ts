import type { AppLoadContext } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadListing } from "../../../app/features/catalog/listing-loader";
import { unpackCards } from "../../../rules/catalog/page-packs/card-pack";
import { siteFor } from "../../../rules/shared/site";
import { createApp } from "../../app";
import { parseConfig } from "../../config";
import { createDeps } from "../../context";
import type { Database } from "../../db/client";
import { openTestDatabase } from "../../db/test-database";
import { createLogger } from "../../log";
import { requestContext, resolveIdentity } from "../../request-context";
import { staffMember } from "../../testing/staff";
import { buildSeedCatalog } from "./seed-data";
import type { ListingResult } from "./types";

// The staff site's listing compares the prices its viewer pays (rules/staff/program-prices.ts
// priceAudience), whichever path asks: the /products page (its price sorts) and the listing API
// (get-filtered-products: the price filter and the sorts). An eligible member compares program
// prices; a student, who pays shop prices, compares shop prices.

let database: Database;
let deps: ReturnType<typeof createDeps>;
let app: ReturnType<typeof createApp>;
let member: string;
let student: string;
const STAFF = "pro.localhost";
const onStaff = buildSeedCatalog().products.filter((p) => p.sites.includes("hpsf"));

beforeAll(async () => {
  database = await openTestDatabase({ seeded: true });
  deps = createDeps(parseConfig({}), database, createLogger("silent"), () => "test");
  app = createApp(deps, { handler: async () => new Response("page") });
  member = (await staffMember(deps.services)).cookie;
  student = (await staffMember(deps.services, { role: "STUDENT" })).cookie;
}, 60_000);
afterAll(() => database?.close());

async function api(cookie: string, body: unknown): Promise<ListingResult> {
  const res = await app.request(`http://${STAFF}/api/cms/v1.0/get-filtered-products`, {
    method: "POST",
    headers: { host: STAFF, cookie, "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  expect(res.status).toBe(200);
  return (await res.json()) as ListingResult;
}

async function page(cookie: string, query: string) {
  const request = new Request(`http://${STAFF}/products?${query}`, { headers: { host: STAFF, cookie } });
  const identity = await resolveIdentity(deps, request, null, "hpsf");
  const context = requestContext(deps, siteFor("hpsf", deps.config.storeName), identity) as AppLoadContext;
  return loadListing(context, request, { kind: "product-listing", basePath: "/products" });
}

const nonDecreasing = (xs: number[]) => xs.every((x, i) => i === 0 || xs[i - 1] <= x);
/** Handles of the seed's staff-site products with a variant priced under `max` dollars by `cents`. */
const under = (max: number, cents: (v: (typeof onStaff)[number]["variants"][number]) => number) =>
  onStaff
    .filter((p) => p.variants.some((v) => cents(v) < max * 100))
    .map((p) => p.handle)
    .sort();

describe("the staff site's listing compares the prices its viewer pays", () => {
  it("the price filter: program prices for an eligible member, shop prices for a student", async () => {
    const filters = [{ field: "price", max: 9.8 }];
    const forMember = await api(member, { filters, limit: 100 });
    const forStudent = await api(student, { filters, limit: 100 });
    expect(forMember.products.map((p) => p.handle).sort()).toEqual(under(9.8, (v) => v.programPriceCents));
    expect(forStudent.products.map((p) => p.handle).sort()).toEqual(under(9.8, (v) => v.priceCents));
    // A food the student pays $9.80 or more for is not listed under "max 9.80" for them.
    const notUnder = forMember.products.filter((p) => !forStudent.products.some((s) => s.handle === p.handle));
    expect(notUnder.length).toBeGreaterThan(0);
    for (const p of notUnder) expect(Math.min(...p.variants.map((v) => Number(v.price.amount)))).toBeGreaterThanOrEqual(9.8);
    // And the student is shown no program price anywhere.
    expect(forStudent.products.every((p) => p.variants.every((v) => v.programPrice === null))).toBe(true);
  });

  it("the price sort: the page and the API list the same products in the same order, by the prices each pays", async () => {
    for (const [who, cookie] of [
      ["member", member],
      ["student", student],
    ] as const) {
      for (const sort of ["price-asc", "price-desc"] as const) {
        const fromPage = await page(cookie, `sort=${sort}`);
        const fromApi = await api(cookie, { sort, limit: fromPage.limit });
        const cards = unpackCards(fromPage.cards);
        expect(fromPage.total, `${who} ${sort}`).toBe(fromApi.total);
        expect(
          cards.map((c) => c.title),
          `${who} ${sort}`,
        ).toEqual(fromApi.products.map((p) => p.title));
        // The card's price is the one the viewer pays: it follows the sort.
        const prices = cards.map((c) => c.priceCents);
        expect(nonDecreasing(sort === "price-asc" ? prices : [...prices].reverse()), `${who} ${sort}`).toBe(true);
      }
    }
  });
});
