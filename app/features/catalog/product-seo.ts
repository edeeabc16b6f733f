import type { Product, Variant } from "../../../server/modules/catalog";
import { amountToCents, centsToAmount } from "../../../rules/shared/money";
import type { RatingSummary } from "../../../rules/reviews/rating-display";

// Search-engine view of a product page: a unique title and description, the canonical
// URL, and a schema.org Product with one Offer per variant. React Router's <Meta> serialises the
// JSON-LD and escapes "<", ">" and "&" inside it, so product text cannot close the script element.

export const META_DESCRIPTION_LENGTH = 160;

/** "{title} | {site}": product titles are unique in the catalogue, so page titles are too. */
export function productTitle(product: Pick<Product, "title">, siteTitle: string): string {
  return siteTitle ? `${product.title} | ${siteTitle}` : product.title;
}

/** Starts with the (unique) title so two products with similar copy never share a description. */
export function productDescription(product: Pick<Product, "title" | "description">): string {
  const text = `${product.title}. ${product.description}`.replace(/\s+/g, " ").trim();
  if (text.length <= META_DESCRIPTION_LENGTH) return text;
  return `${text.slice(0, META_DESCRIPTION_LENGTH - 1).replace(/\s+\S*$/, "")}…`;
}

/** The canonical page of a product: every variant and route form points at /products/{handle}. */
export function canonicalProductUrl(origin: string, handle: string): string {
  return `${origin.replace(/\/+$/, "")}/products/${encodeURIComponent(handle)}`;
}

function absolute(origin: string, url: string): string {
  return new URL(url, origin).toString();
}

/** The price a site sells at: the staff program price when there is one (SPEC §6), else the price. */
function sellingAmount(v: Variant, isStaff: boolean): string {
  return centsToAmount(amountToCents(isStaff && v.programPrice ? v.programPrice.amount : v.price.amount));
}

/**
 * schema.org AggregateRating of the product's approved reviews; none without reviews (an empty
 * rating is invalid structured data) and none on the staff site, which shows no ratings (SPEC §6).
 */
export function aggregateRatingLd(rating: RatingSummary | null | undefined, isStaff: boolean) {
  if (isStaff || !rating || rating.count <= 0) return null;
  return { "@type": "AggregateRating", ratingValue: rating.average, reviewCount: rating.count, bestRating: 5, worstRating: 1 };
}

export function productJsonLd(
  product: Product,
  selected: Variant,
  options: { origin: string; canonicalUrl: string; isStaff: boolean; rating?: RatingSummary | null },
) {
  const aggregateRating = aggregateRatingLd(options.rating, options.isStaff);
  const images = [...new Set([selected.imagePrimary, ...selected.variantMediaList].map((i) => absolute(options.origin, i.url)))];
  return {
    "@context": "https://schema.org",
    "@type": "Product",
    name: product.title,
    description: product.description,
    sku: selected.sku,
    url: options.canonicalUrl,
    image: images,
    brand: { "@type": "Brand", name: product.productBrand },
    category: product.productType,
    offers: product.variants.map((v) => ({
      "@type": "Offer",
      sku: v.sku,
      name: `${product.title}, ${v.flavor}, ${v.size}`,
      url: `${options.canonicalUrl}?sku=${encodeURIComponent(v.sku)}`,
      price: sellingAmount(v, options.isStaff),
      priceCurrency: "USD",
      availability: v.inStock ? "https://schema.org/InStock" : "https://schema.org/OutOfStock",
      itemCondition: "https://schema.org/NewCondition",
    })),
    ...(aggregateRating ? { aggregateRating } : {}),
  };
}
