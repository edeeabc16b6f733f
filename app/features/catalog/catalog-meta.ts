import type { Variant } from "../../../server/modules/catalog";
import type { CategoryPageData } from "./category-page";
import type { ProductPageData } from "./product-page";
import { productDescription, productJsonLd, productTitle } from "./product-seo";

// The meta of the /products/... screens, apart from the screens themselves: the route's module needs
// the meta at once, and fetches only the screen a path shows (app/routes/products.path.tsx).

function selectedOf(data: ProductPageData): Variant {
  return data.product.variants.find((v) => v.sku === data.selectedSku) ?? data.product.variants[0];
}

export function productMeta(data: ProductPageData, siteTitle: string) {
  return [
    { title: productTitle(data.product, siteTitle) },
    { name: "description", content: productDescription(data.product) },
    { tagName: "link", rel: "canonical", href: data.canonicalUrl },
    { property: "og:type", content: "product" },
    { property: "og:title", content: data.product.title },
    { property: "og:url", content: data.canonicalUrl },
    { property: "og:image", content: new URL(selectedOf(data).imagePrimary.url, data.origin).toString() },
    {
      "script:ld+json": productJsonLd(data.product, selectedOf(data), {
        origin: data.origin,
        canonicalUrl: data.canonicalUrl,
        isStaff: data.isStaff,
        rating: data.reviews?.rating ?? null,
      }),
    },
  ];
}

export function categoryMeta(data: CategoryPageData, siteTitle: string) {
  const filtered = data.listing.chips.length > 0 || data.listing.state.page > 1;
  return [
    { title: `${data.title} | ${siteTitle}` },
    { name: "description", content: data.description },
    { tagName: "link", rel: "canonical", href: data.canonical },
    ...(filtered ? [{ name: "robots", content: "noindex, follow" }] : []),
  ];
}
