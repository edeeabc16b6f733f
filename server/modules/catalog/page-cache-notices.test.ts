import { eq, inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { parseChangeNotice, IDS_PER_NOTICE } from "../../../rules/shared/page-cache-keys";
import type { Database } from "../../db/client";
import { openTestDatabase } from "../../db/test-database";
import { inventory, products, variants } from "./schema";

// The catalogue's page_cache notices name the products a statement changed (drizzle migration
// page_cache_product_ids), so the shared cache purges their pages alone. This file changes stock
// and prices: it has a database of its own.

let database: Database;
let heard: string[] = [];
let stop: () => Promise<void>;

beforeAll(async () => {
  database = await openTestDatabase({ seeded: true });
  stop = await database.listen(
    "page_cache",
    (payload) => heard.push(payload),
    () => {},
  );
});
afterAll(async () => {
  await stop?.();
  await database?.close();
});

const db = () => database.db;

/** What arrives after `change` commits (a marker notice sent after it closes the wait). */
async function noticesOf(change: () => Promise<unknown>): Promise<string[]> {
  heard = [];
  await change();
  const marker = `marker-${Math.random()}`;
  await db().execute(sql`select pg_notify('page_cache', ${marker})`);
  await vi.waitFor(() => expect(heard).toContain(marker));
  return heard.filter((p) => p !== marker);
}

describe("page_cache notices name the products a statement changed", () => {
  it("a stock change of one variant: inventory and its product's id", async () => {
    const [row] = await db()
      .select({ variantId: inventory.variantId, productId: variants.productId, warehouseCode: inventory.warehouseCode })
      .from(inventory)
      .innerJoin(variants, eq(variants.id, inventory.variantId))
      .limit(1);
    const notices = await noticesOf(() =>
      db()
        .update(inventory)
        .set({ onHand: sql`${inventory.onHand} + 1` })
        .where(eq(inventory.variantId, row.variantId)),
    );
    expect(notices).toEqual([`inventory:${row.productId}`]);
  });

  it("a price change of variants of two products: variants, both ids once each, in order", async () => {
    const two = await db().select({ id: products.id }).from(products).orderBy(products.id).limit(2);
    const ids = two.map((p) => p.id);
    const notices = await noticesOf(() =>
      db()
        .update(variants)
        .set({ priceCents: sql`${variants.priceCents} + 1` })
        .where(inArray(variants.productId, ids)),
    );
    const variantNotice = notices.map(parseChangeNotice).find((n) => n.table === "variants");
    expect(variantNotice?.ids).toEqual(ids);
  });

  it("a statement that changes no row sends nothing", async () => {
    const notices = await noticesOf(() => db().update(inventory).set({ onHand: 0 }).where(eq(inventory.variantId, -1)));
    expect(notices).toEqual([]);
  });

  it("a bulk change over the cap names the table alone: anything in it may have changed", async () => {
    // Summaries of products that are not there (no key ties them): 100 named, then 101 not.
    const first = 900_000;
    const insertSummaries = (n: number) =>
      db().execute(sql`insert into review_summaries (product_id, variant_id) select g, 0 from generate_series(${first}::int, ${first + n - 1}::int) g`);
    const named = await noticesOf(() => insertSummaries(IDS_PER_NOTICE));
    expect(named.map(parseChangeNotice)).toEqual([{ table: "review_summaries", ids: Array.from({ length: IDS_PER_NOTICE }, (_, i) => first + i) }]);
    const removed = await noticesOf(() => db().execute(sql`delete from review_summaries where product_id >= ${first}`));
    expect(removed).toHaveLength(1);
    expect(parseChangeNotice(removed[0]).ids).toHaveLength(IDS_PER_NOTICE);
    expect(await noticesOf(() => insertSummaries(IDS_PER_NOTICE + 1))).toEqual(["review_summaries"]);
  });

  it("a rolled-back change sends nothing", async () => {
    const notices = await noticesOf(() =>
      db()
        .transaction(async (tx) => {
          await tx.update(inventory).set({ onHand: sql`${inventory.onHand} + 1` });
          tx.rollback();
        })
        .catch(() => {}),
    );
    expect(notices).toEqual([]);
  });
});
