import { sql } from "drizzle-orm";
import type { SiteId } from "../../../rules/shared/site";
import type { Db } from "../../db/client";
import { FOOD_FORM_LABELS, variantImage, variantUrl } from "./mapping";
import { brands, products, variants } from "./schema";
import { inStockAt } from "./catalog-columns";
import type { Image, Money, SelectedOption } from "./types";
import { moneyOf } from "../../../rules/shared/money";

/** What a cart line needs to know about its variant; only variants sold on the site are returned. */
export type CartVariant = {
  id: number;
  sku: string;
  title: string;
  variantURL: string;
  priceCents: number;
  compareAtCents: number | null;
  programPriceCents: number | null;
  weight: number;
  weightUnit: string;
  inStock: boolean;
  /** Whether the product is published: an existing line still reads, a new one is refused (cart resolveInputs). */
  published: boolean;
  image: Image;
  selectedOptions: SelectedOption[];
  product: { id: number; handle: string; title: string; productType: string; brand: string };
  price: Money;
  compareAtPrice: Money | null;
};

/** The stock test of catalog-columns.ts, built once: the query below runs on every cart call. */
const IN_STOCK = inStockAt();

type CartVariantRow = {
  id: number;
  sku: string;
  flavor: string;
  sizeLabel: string;
  foodForm: keyof typeof FOOD_FORM_LABELS;
  priceCents: number;
  compareAtCents: number | null;
  programPriceCents: number | null;
  weight: number;
  weightUnit: string;
  imageKey: string;
  productId: number;
  handle: string;
  productTitle: string;
  productType: string;
  brandSlug: string;
  brand: string;
  published: boolean;
  inStock: boolean;
};

/**
 * One query for any number of variants (no N+1 when a cart has many lines). Written as SQL text
 * rather than with the query builder: every cart call runs it, and building a select of this many
 * columns cost several hundred microseconds of CPU per call, more than the query itself.
 */
export async function variantsForCart(db: Db, ids: readonly number[], site: SiteId): Promise<Map<number, CartVariant>> {
  if (ids.length === 0) return new Map();
  const { rows } = (await db.execute(sql`
    select variants.id, variants.sku, variants.flavor, variants.size_label as "sizeLabel", variants.food_form as "foodForm",
           variants.price_cents as "priceCents", variants.compare_at_cents as "compareAtCents",
           variants.program_price_cents as "programPriceCents", variants.weight, variants.weight_unit as "weightUnit",
           variants.image_key as "imageKey", p.id as "productId", p.handle, p.title as "productTitle",
           p.product_type as "productType", p.brand_slug as "brandSlug", b.name as brand, p.published, ${IN_STOCK} as "inStock"
    from ${variants}
    join ${products} p on p.id = variants.product_id
    join ${brands} b on b.slug = p.brand_slug
    where variants.id in ${[...ids]} and p.sites @> array[${site}]::text[]`)) as unknown as { rows: CartVariantRow[] };
  return new Map(
    rows.map((r) => [
      r.id,
      {
        id: r.id,
        sku: r.sku,
        title: `${r.flavor} / ${r.sizeLabel}`,
        variantURL: variantUrl(r.brandSlug, r.handle, r.flavor, r.sizeLabel),
        priceCents: r.priceCents,
        compareAtCents: r.compareAtCents,
        programPriceCents: site === "hpsf" ? r.programPriceCents : null,
        weight: r.weight,
        weightUnit: r.weightUnit,
        inStock: Boolean(r.inStock),
        published: r.published,
        image: variantImage(r.imageKey, `${r.productTitle}, ${r.flavor}, ${r.sizeLabel}`),
        selectedOptions: [
          { name: "Size", value: r.sizeLabel },
          { name: "Flavor", value: r.flavor },
          { name: "Product Form", value: FOOD_FORM_LABELS[r.foodForm] },
        ],
        product: { id: r.productId, handle: r.handle, title: r.productTitle, productType: r.productType, brand: r.brand },
        price: moneyOf(r.priceCents),
        compareAtPrice: r.compareAtCents === null ? null : moneyOf(r.compareAtCents),
      },
    ]),
  );
}
