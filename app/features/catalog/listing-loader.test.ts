import { Writable } from "node:stream";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { classifyProductPath } from "../../../rules/catalog/product-paths";
import { siteFor } from "../../../rules/shared/site";
import { unpackCards } from "../../../rules/catalog/page-packs/card-pack";
import { preselectVariant } from "../../../rules/catalog/variant-preselect";
import { parseConfig } from "../../../server/config";
import { createDeps, type AppDeps } from "../../../server/context";
import type { Database } from "../../../server/db/client";
import { openTestDatabase } from "../../../server/db/test-database";
import { createLogger } from "../../../server/log";
import { requestContext } from "../../../server/request-context";
import { loadCategoryPage } from "./category-page";

// SPEC §2 "Product card and detail": on a category page the route's slug picks each card's variant,
// as the product page would (rules/catalog/variant-preselect.ts rule 3). rules/catalog/card-variant-parity.test.ts
// holds the rule; this holds the wiring: the listing loader hands the category's slug to the cards.

let database: Database;
let deps: AppDeps;

beforeAll(async () => {
  database = await openTestDatabase({ seeded: true });
  const quiet = new Writable({ write: (_c, _e, done) => done() });
  deps = createDeps(parseConfig({}), database, createLogger("info", quiet), () => "test");
}, 60_000);
afterAll(() => database.close());

async function categoryCards(slug: string) {
  const path = classifyProductPath(slug);
  if (path.kind !== "category") throw new Error(`${slug} is not a category path`);
  const context = requestContext(deps, siteFor("d2c", "Kibble & Co."));
  const page = await loadCategoryPage(context, new Request(`http://localhost:3000/products/${slug}`), path);
  if (!page) throw new Error(`no category page for ${slug}`);
  return unpackCards(page.listing.cards);
}

describe("category page cards follow the route's slug", () => {
  it("/products/dog/flavor/turkey: the Farmhouse Recipe card links to the variant the slug preselects (a turkey one)", async () => {
    const slug = "dog/flavor/turkey";
    const cards = await categoryCards(slug);
    const card = cards.find((c) => c.title.includes("Adult Farmhouse Recipe"));
    expect(card, `cards: ${cards.map((c) => c.title).join(", ")}`).toBeDefined();

    const target = classifyProductPath(new URL(card!.href, "http://localhost").pathname.replace(/^\/products\//, ""));
    if (target.kind !== "product") throw new Error(`card href ${card!.href} is not a product path`);
    const product = await deps.services.catalog.getProductDetail(target.handle, "d2c", null);
    expect(product).not.toBeNull();
    const expected = preselectVariant(product!.variants, { slug })!;
    expect(expected.flavor.toLowerCase()).toContain("turkey");
    // The case is telling: without the slug, the product's first choice is not this variant.
    expect(preselectVariant(product!.variants, {})!.sku).not.toBe(expected.sku);

    expect({ sku: card!.sku, variant: card!.variantLabel }).toEqual({ sku: expected.sku, variant: expect.stringMatching(/turkey/i) });
    expect(card!.href).toContain(`sku=${encodeURIComponent(expected.sku)}`);
  });
});
