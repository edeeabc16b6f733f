import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { packCards, unpackCards } from "../../../rules/catalog/page-packs/card-pack";
import { packFacet, unpackFacet, type PanelFacetModel } from "../../../rules/catalog/page-packs/facet-pack";
import { productCardModel, type CardModel } from "../../../rules/catalog/product-card";
import type { SiteId } from "../../../rules/shared/site";
import type { Database } from "../../db/client";
import { openTestDatabase } from "../../db/test-database";
import { getDealSkus, listProducts } from "./listing";

// The page packs (rules/page-packs/) on the seed catalogue: every product's card and every facet of
// each site's listing, packed as a listing page sends them and unpacked as its view reads them.

let database: Database;

beforeAll(async () => {
  database = await openTestDatabase({ seeded: true });
});
afterAll(() => database?.close());

const SITES: SiteId[] = ["d2c", "hpsf"];
/** What the page serializes and the browser parses. */
const travelled = <T>(value: T): T => JSON.parse(JSON.stringify(value)) as T;

async function listing(site: SiteId) {
  return listProducts(database.db, { site, filters: [], sort: "featured", page: 1, limit: 1000, priceAudience: site === "hpsf" ? "program" : "shop" });
}

describe("page packs on the seed catalogue", () => {
  it("cards: every product's card of each site unpacks to the card packed", async () => {
    for (const site of SITES) {
      const [{ products }, deals] = await Promise.all([listing(site), getDealSkus(database.db, site)]);
      const cards = products.flatMap((p): CardModel[] => {
        const card = productCardModel(p, { site: { isStaff: site === "hpsf" }, dealSkus: Object.keys(deals), freeShippingThresholdCents: 4900 });
        return card ? [card] : [];
      });
      expect(cards.length).toBeGreaterThan(24);
      expect(unpackCards(travelled(packCards(cards)))).toStrictEqual(cards);
    }
  });

  it("facets: every facet of each site's listing unpacks to the facet packed", async () => {
    for (const site of SITES) {
      const { facets } = await listing(site);
      const models = facets.map((f): PanelFacetModel => ({ slug: f.slug, label: f.label, options: f.options.map((o) => [o.slug, o.label, o.count]) }));
      expect(models.length).toBeGreaterThan(5);
      expect(models.map((f) => unpackFacet(travelled(packFacet(f))))).toStrictEqual(models);
    }
  });
});
