import { Writable } from "node:stream";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { unpackCards } from "../../../rules/catalog/page-packs/card-pack";
import { siteFor } from "../../../rules/shared/site";
import { parseConfig } from "../../../server/config";
import { createDeps, type AppDeps } from "../../../server/context";
import type { Database } from "../../../server/db/client";
import { openTestDatabase } from "../../../server/db/test-database";
import { createLogger } from "../../../server/log";
import { requestContext } from "../../../server/request-context";
import { resolveCarousels } from "./content-loader.server";

// A page's carousels (the home page has three) share one batch of queries: the same number of SQL
// statements for one carousel as for five, each carousel keeping its own products in its own order.

let database: Database;
let deps: AppDeps;
let queries = 0;
let handles: string[] = [];

beforeAll(async () => {
  database = await openTestDatabase({ seeded: true, logger: { logQuery: () => void queries++ } });
  const quiet = new Writable({ write: (_c, _e, done) => done() });
  deps = createDeps(parseConfig({}), database, createLogger("info", quiet), () => "test");
  const listing = await deps.services.catalog.listProducts({ site: "d2c", filters: [], sort: "featured", page: 1, limit: 12, facets: false });
  handles = listing.products.map((p) => p.handle);
  idOf = new Map(listing.products.map((p) => [p.id, p.handle]));
}, 60_000);
afterAll(() => database.close());

let idOf = new Map<string, string>();
/** The handle of a card's product. */
const handleOf = (card: { key: string }) => idOf.get(card.key.split(":")[0]);
const entry = (headline: string, hs: string[]) => ({ headline, paragraph: "", bg_color: "white" as const, copyColor: "dark gray" as const, handles: hs });

async function countQueries(entries: ReturnType<typeof entry>[]) {
  const context = requestContext(deps, siteFor("d2c", "Kibble & Co."));
  queries = 0;
  const carousels = await Promise.all(resolveCarousels(context, entries));
  return { carousels, queries };
}

describe("resolveCarousels", () => {
  it("runs as many queries for five carousels as for one", async () => {
    const one = await countQueries([entry("One", handles.slice(0, 4))]);
    const five = await countQueries([0, 1, 2, 3, 4].map((i) => entry(`Carousel ${i}`, handles.slice(i * 2, i * 2 + 4))));
    expect(one.queries).toBeGreaterThan(0);
    expect(five.queries).toBe(one.queries);
    expect(five.carousels.map((c) => (c ? unpackCards(c.cards) : undefined)?.map(handleOf))).toEqual(
      [0, 1, 2, 3, 4].map((i) => handles.slice(i * 2, i * 2 + 4)),
    );
  });

  it("leaves out unknown handles, and a carousel with none it can show is null", async () => {
    const { carousels } = await countQueries([entry("Mixed", ["no-such-product", handles[0]]), entry("Empty", ["no-such-product"])]);
    expect(unpackCards(carousels[0]?.cards ?? []).map(handleOf)).toEqual([handles[0]]);
    expect(carousels[1]).toBeNull();
  });
});
