import type { AppLoadContext } from "react-router";
import { isExcludedProductType } from "../../../rules/catalog/product-types";
import { amountToCents } from "../../../rules/shared/money";
import { searchTop } from "../../lib/search-top";

/** A product found for a one-time add to an Autoship delivery: its variants with their own prices (no Autoship discount). */
export type DeliveryChoice = { title: string; variants: { id: string; label: string; priceCents: number; inStock: boolean }[] };

/**
 * My Autoships' "Add an item to this delivery" search: the shop's search, its top products with
 * every variant, donations left out (they never join a delivery; the service refuses them too).
 */
export async function loadDeliveryChoices(context: AppLoadContext, query: string, limit = 6): Promise<{ query: string; products: DeliveryChoice[] }> {
  const { query: q, products: found } = await searchTop(context, query, limit);
  const sku = q.toLowerCase();
  const products = found
    .filter((p) => !isExcludedProductType(p.productType))
    .map((p) => ({
      title: p.title,
      // A SKU searched for is the variant chosen first.
      variants: [...p.variants]
        .sort((a, b) => Number(b.sku.toLowerCase() === sku) - Number(a.sku.toLowerCase() === sku))
        .map((v) => ({
          id: v.id,
          label: [v.flavor, v.size].filter(Boolean).join(", "),
          priceCents: amountToCents(v.price.amount),
          inStock: v.inStock,
        })),
    }));
  return { query: q, products };
}
