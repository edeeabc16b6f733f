import { and, arrayContains, eq, inArray } from "drizzle-orm";
import type { SiteId } from "../../../rules/site";
import type { Db } from "../../db/client";
import { FOOD_FORM_LABELS, variantImage, variantUrl } from "./mapping";
import { brands, products, variants } from "./schema";
import { inStockAt } from "./catalog-columns";
import type { Image, Money, SelectedOption } from "./types";
import { moneyOf } from "../../../rules/money";

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

/** One query for any number of variants (no N+1 when a cart has many lines). */
export async function variantsForCart(db: Db, ids: readonly number[], site: SiteId): Promise<Map<number, CartVariant>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({
      id: variants.id,
      sku: variants.sku,
      flavor: variants.flavor,
      sizeLabel: variants.sizeLabel,
      foodForm: variants.foodForm,
      priceCents: variants.priceCents,
      compareAtCents: variants.compareAtCents,
      programPriceCents: variants.programPriceCents,
      weight: variants.weight,
      weightUnit: variants.weightUnit,
      imageKey: variants.imageKey,
      productId: products.id,
      handle: products.handle,
      productTitle: products.title,
      productType: products.productType,
      brandSlug: products.brandSlug,
      brand: brands.name,
      published: products.published,
      inStock: inStockAt(),
    })
    .from(variants)
    .innerJoin(products, eq(products.id, variants.productId))
    .innerJoin(brands, eq(brands.slug, products.brandSlug))
    .where(and(inArray(variants.id, [...ids]), arrayContains(products.sites, [site])));
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
