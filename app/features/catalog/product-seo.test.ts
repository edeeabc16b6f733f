import { describe, expect, it } from "vitest";
import type { Product, Variant } from "../../../server/modules/catalog";
import { aggregateRatingLd, canonicalProductUrl, META_DESCRIPTION_LENGTH, productDescription, productJsonLd, productTitle } from "./product-seo";

const variant = (over: Partial<Variant>): Variant => ({
  id: "1",
  sku: "KC-D01-CHK-4LB",
  title: "Chicken / 4 lb Bag",
  variantURL: "kindred-crest/kc-adult/chicken/4-lb-bag",
  adminGraphqlId: "gid://shop/ProductVariant/1",
  price: { amount: "13.99", currencyCode: "USD" },
  compareAtPrice: null,
  programPrice: null,
  inStock: true,
  selectedOptions: [],
  imagePrimary: { url: "/_img/packshots/a.webp?w=640", alt: "A" },
  variantMediaList: [
    { url: "/_img/packshots/a.webp?w=640", alt: "A" },
    { url: "/_img/packshots/b.webp?w=640", alt: "B" },
  ],
  weight: 4,
  weightUnit: "lbs",
  badgeTags: [],
  flavor: "Chicken",
  size: "4 lb Bag",
  foodForm: "dry",
  packType: "bag",
  ...over,
});

const product = (over: Partial<Product> = {}): Product => ({
  id: "7",
  handle: "kc-adult",
  title: "Kindred Crest Adult </script><script>alert(1)</script>",
  productType: "Dry Food",
  description: "Crunchy kibble. ".repeat(20),
  featuredImage: { url: "/_img/packshots/a.webp?w=640", alt: "A" },
  variants: [
    variant({}),
    variant({
      id: "2",
      sku: "KC-D01-CHK-8LB",
      inStock: false,
      price: { amount: "20.99", currencyCode: "USD" },
      programPrice: { amount: "14.69", currencyCode: "USD" },
    }),
  ],
  options: [],
  productParentName: "Kindred Crest",
  productSpecies: "dog",
  productBrand: "Kindred Crest",
  productBrandSlug: "kindred-crest",
  productPetAge: "adult-dog",
  productFoodForm: "Dry Food",
  brandKind: "house",
  subBrand: null,
  breedSizes: [],
  healthConditions: [],
  ...over,
});

describe("product page SEO", () => {
  it("titles the page with the product and the site", () => {
    expect(productTitle({ title: "Food" }, "Shop Kibble & Co.")).toBe("Food | Shop Kibble & Co.");
  });

  it("starts the description with the title and cuts it at a word before 160 characters", () => {
    const d = productDescription(product());
    expect(d.startsWith("Kindred Crest Adult")).toBe(true);
    expect(d.length).toBeLessThanOrEqual(META_DESCRIPTION_LENGTH);
    expect(d.endsWith("…")).toBe(true);
    expect(productDescription({ title: "T", description: "Short." })).toBe("T. Short.");
  });

  it("points every variant at /products/{handle}", () => {
    expect(canonicalProductUrl("http://localhost:3000/", "kc-adult")).toBe("http://localhost:3000/products/kc-adult");
  });

  it("describes a schema.org Product with one offer per variant", () => {
    const p = product();
    const ld = productJsonLd(p, p.variants[0], { origin: "http://x.test", canonicalUrl: "http://x.test/products/kc-adult", isStaff: false });
    expect(ld).toMatchObject({ "@type": "Product", sku: "KC-D01-CHK-4LB", brand: { "@type": "Brand", name: "Kindred Crest" } });
    expect(ld.image).toEqual(["http://x.test/_img/packshots/a.webp?w=640", "http://x.test/_img/packshots/b.webp?w=640"]);
    expect(ld.offers).toEqual([
      expect.objectContaining({ sku: "KC-D01-CHK-4LB", price: "13.99", priceCurrency: "USD", availability: "https://schema.org/InStock" }),
      expect.objectContaining({
        sku: "KC-D01-CHK-8LB",
        price: "20.99",
        availability: "https://schema.org/OutOfStock",
        url: "http://x.test/products/kc-adult?sku=KC-D01-CHK-8LB",
      }),
    ]);
    // JSON.stringify leaves "</script>" as is; React Router's <Meta> escapes it when it writes the script.
    expect(JSON.parse(JSON.stringify(ld)).name).toBe(p.title);
  });

  it("offers the program price on the staff site", () => {
    const p = product();
    const ld = productJsonLd(p, p.variants[1], { origin: "http://x.test", canonicalUrl: "http://x.test/products/kc-adult", isStaff: true });
    expect(ld.offers[1].price).toBe("14.69");
    expect(ld.offers[0].price).toBe("13.99");
  });

  it("carries an aggregate rating only for a product with reviews, and never on the staff site", () => {
    const p = product();
    const ld = (rating: { average: number; count: number } | null, isStaff = false) =>
      productJsonLd(p, p.variants[0], { origin: "http://x.test", canonicalUrl: "http://x.test/products/kc-adult", isStaff, rating }) as Record<string, unknown>;
    expect(ld({ average: 4.3, count: 12 }).aggregateRating).toEqual({
      "@type": "AggregateRating",
      ratingValue: 4.3,
      reviewCount: 12,
      bestRating: 5,
      worstRating: 1,
    });
    expect(ld(null)).not.toHaveProperty("aggregateRating");
    expect(ld({ average: 0, count: 0 })).not.toHaveProperty("aggregateRating");
    expect(ld({ average: 4.3, count: 12 }, true)).not.toHaveProperty("aggregateRating");
    expect(aggregateRatingLd(undefined, false)).toBeNull();
  });
});
