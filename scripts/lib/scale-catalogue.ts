import { sql } from "drizzle-orm";
import type { Database } from "../../server/db/client";

/**
 * Grows the seed catalogue to about `targetVariants` variants for `npm run bench -- --scale N`:
 * numbered copies of the seed products (new handles, titles and SKUs, prices and featured ranks
 * shifted by the copy number) with their variants and stock. Generated in SQL from the seed rows,
 * so the same N always gives the same catalogue. Only for throwaway benchmark databases.
 */
export async function scaleCatalogue(database: Database, targetVariants: number, say: (msg: string) => void): Promise<number> {
  const count = async (table: "variants" | "products") =>
    Number(((await database.db.execute(sql.raw(`select count(*)::int as n from ${table}`))) as unknown as { rows: { n: number }[] }).rows[0]!.n);
  const base = await count("variants");
  if (base >= targetVariants) return base;
  const copies = Math.ceil((targetVariants - base) / base);
  const max = async (table: "variants" | "products") =>
    Number(((await database.db.execute(sql.raw(`select max(id)::int as n from ${table}`))) as unknown as { rows: { n: number }[] }).rows[0]!.n);
  // The seed rows are the ones there before the first copy.
  const seedProducts = await max("products");
  const seedVariants = await max("variants");
  say(`scale: ${base} seed variants → ${copies} numbered copies of the catalogue`);
  // Batches keep each statement (and the search-document triggers it fires) a manageable size.
  const batch = 25;
  for (let from = 1; from <= copies; from += batch) {
    const to = Math.min(copies, from + batch - 1);
    await database.db.transaction(async (tx) => {
      await tx.execute(sql`
        insert into products (handle, title, description, brand_slug, sub_brand, species, product_type,
          lifestages, breed_sizes, health_conditions, sites, featured_rank, created_at)
        select p.handle || '-no-' || g, p.title || ' No. ' || g, p.description, p.brand_slug, p.sub_brand, p.species,
          p.product_type, p.lifestages, p.breed_sizes, p.health_conditions, p.sites, p.featured_rank + g,
          p.created_at - make_interval(mins => g)
        from products p cross join generate_series(${from}::int, ${to}::int) g
        where p.id <= ${seedProducts}
        order by g, p.id`);
      await tx.execute(sql`
        insert into variants (product_id, sku, position, flavor, size_label, weight, weight_unit, food_form, pack_type,
          price_cents, compare_at_cents, program_price_cents, badge_tags, image_key)
        select np.id, v.sku || '-N' || g, v.position, v.flavor, v.size_label, v.weight, v.weight_unit, v.food_form,
          v.pack_type, v.price_cents + (g % 9) * 25, v.compare_at_cents, v.program_price_cents, v.badge_tags, v.image_key
        from variants v
        join products p on p.id = v.product_id and p.id <= ${seedProducts}
        cross join generate_series(${from}::int, ${to}::int) g
        join products np on np.handle = p.handle || '-no-' || g
        order by g, v.id`);
      await tx.execute(sql`
        insert into inventory (warehouse_code, variant_id, on_hand, reserved)
        select i.warehouse_code, nv.id, i.on_hand, 0
        from inventory i
        join variants v on v.id = i.variant_id and v.id <= ${seedVariants}
        cross join generate_series(${from}::int, ${to}::int) g
        join variants nv on nv.sku = v.sku || '-N' || g`);
    });
    say(`scale: copies ${from}–${to} of ${copies}`);
  }
  await database.db.execute(sql`analyze`);
  return count("variants");
}
