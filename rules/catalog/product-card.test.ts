import { describe, expect, it } from "vitest";
import {
  AUTOSHIP_PROMOTION,
  badgeNamesFromTags,
  badgeTone,
  BADGE_ORDER,
  cardBadges,
  cardHref,
  cardPrice,
  cardPromotions,
  freeShippingText,
  imageSourceOf,
  cardImageAlt,
  productCardModel,
  truncateDescription,
} from "./product-card";
import { namesFlavor } from "./fuzzy-match";
import { cardVariant } from "./variant-preselect";

const variant = (over: Partial<{ sku: string; inStock: boolean; badgeTags: string[] }> = {}) => ({
  sku: "KC-D01-CHR-4LB",
  inStock: true,
  badgeTags: [] as string[],
  ...over,
});

describe("card badges (SPEC §3 badge set, §9 product card)", () => {
  it("keeps the twelve badges in the SPEC display order", () => {
    expect(BADGE_ORDER).toEqual([
      "out-of-stock",
      "limited-stock",
      "deal",
      "best-seller",
      "featured",
      "back-in-stock",
      "brand-new",
      "new-innovation",
      "new-formula",
      "new-flavor",
      "new-look",
      "discontinued-soon",
    ]);
  });

  it("reads badge::{name} tags, maps new to brand-new and drops anything else", () => {
    expect(badgeNamesFromTags(["badge::new", "badge::best-seller", "sale", "badge::shiny", "badge::new"])).toEqual(["brand-new", "best-seller"]);
  });

  it("shows at most two badges, in display order", () => {
    const badges = cardBadges(variant({ badgeTags: ["badge::new-look", "badge::featured", "badge::best-seller"] }), []);
    expect(badges.map((b) => b.name)).toEqual(["best-seller", "featured"]);
  });

  it("adds out-of-stock when the variant is not in stock, first of all", () => {
    const badges = cardBadges(variant({ inStock: false, badgeTags: ["badge::best-seller", "badge::featured"] }), []);
    expect(badges.map((b) => b.name)).toEqual(["out-of-stock", "best-seller"]);
  });

  it("drops a stale out-of-stock tag when the variant is in stock", () => {
    expect(cardBadges(variant({ badgeTags: ["badge::out-of-stock"] }), [])).toEqual([]);
  });

  it("adds deal when the SKU is in the deal list (array or set)", () => {
    expect(cardBadges(variant({ badgeTags: ["badge::new"] }), ["KC-D01-CHR-4LB"]).map((b) => b.name)).toEqual(["deal", "brand-new"]);
    expect(cardBadges(variant(), new Set(["OTHER"]))).toEqual([]);
    expect(cardBadges(variant(), new Set(["KC-D01-CHR-4LB"]))[0]).toEqual({ name: "deal", label: "Deal", tone: "success-dark" });
  });

  it("colours badges as SPEC §9 says", () => {
    expect(badgeTone("out-of-stock")).toBe("error");
    for (const n of ["limited-stock", "back-in-stock", "discontinued-soon"] as const) expect(badgeTone(n)).toBe("warning");
    for (const n of ["brand-new", "new-innovation", "new-formula", "new-flavor", "new-look"] as const) expect(badgeTone(n)).toBe("success");
    expect(badgeTone("deal")).toBe("success-dark");
    expect(badgeTone("best-seller")).toBe("primary");
    expect(badgeTone("featured")).toBe("primary");
  });
});

describe("card link and text", () => {
  it("links to /products/{variantURL}?sku={sku}", () => {
    expect(cardHref({ variantURL: "kindred-crest/kc-puppy/chicken-rice/4-lb-bag", sku: "KC-D01-CHR-4LB" })).toBe(
      "/products/kindred-crest/kc-puppy/chicken-rice/4-lb-bag?sku=KC-D01-CHR-4LB",
    );
    // Tolerates a variantURL given with a leading slash or products/ prefix.
    expect(cardHref({ variantURL: "/products/a/b/c/d", sku: "A B" })).toBe("/products/a/b/c/d?sku=A%20B");
  });

  it("cuts the description at 25 characters", () => {
    expect(truncateDescription("Short and sweet.")).toBe("Short and sweet.");
    expect(truncateDescription("Exactly twenty-five chars")).toBe("Exactly twenty-five chars");
    expect(truncateDescription("Crunchy kibble made with real chicken as the first ingredient.")).toBe("Crunchy kibble made with…");
    expect(truncateDescription("  spaced\n  out   text that goes on and on ")).toBe("spaced out text that goes…");
  });
});

describe("prices and promotions (SPEC §6, §9)", () => {
  const v = { price: { amount: "24.99" }, compareAtPrice: { amount: "29.99" }, programPrice: { amount: "17.49" } };

  it("shows price and a higher compare-at price on the shop", () => {
    expect(cardPrice(v, { isStaff: false })).toEqual({ priceCents: 2499, compareAtCents: 2999 });
    expect(cardPrice({ ...v, compareAtPrice: { amount: "20.00" } }, { isStaff: false })).toEqual({
      priceCents: 2499,
      compareAtCents: null,
    });
    expect(cardPrice({ ...v, compareAtPrice: null }, { isStaff: false }).compareAtCents).toBeNull();
  });

  it("shows the program price against the shop price on the staff site (the cart's Subtotal Before Savings)", () => {
    expect(cardPrice(v, { isStaff: true })).toEqual({ priceCents: 1749, compareAtCents: 2499 });
    expect(cardPrice({ ...v, compareAtPrice: null }, { isStaff: true })).toEqual({ priceCents: 1749, compareAtCents: 2499 });
    expect(cardPrice({ ...v, programPrice: null, compareAtPrice: null }, { isStaff: true })).toEqual({
      priceCents: 2499,
      compareAtCents: null,
    });
  });

  it("says free shipping from the threshold up", () => {
    expect(freeShippingText(2499, 4900)).toBe("Free shipping on orders over $49");
    expect(freeShippingText(2499, 4950)).toBe("Free shipping on orders over $49.50");
    expect(freeShippingText(4900, 4900)).toBe("Eligible for free shipping");
    expect(freeShippingText(8999, 4900)).toBe("Eligible for free shipping");
  });

  it("promotes autoship and free shipping on the shop only", () => {
    expect(cardPromotions(2499, { isStaff: false }, 4900)).toEqual({
      freeShipping: "Free shipping on orders over $49",
      autoship: AUTOSHIP_PROMOTION,
    });
    expect(AUTOSHIP_PROMOTION).toBe("Save an extra 5% with Autoship");
    expect(cardPromotions(2499, { isStaff: true }, 4900)).toEqual({ freeShipping: null, autoship: null });
  });
});

describe("which variant a card stands for", () => {
  const variants = [
    { sku: "A-CHR-4", inStock: false, flavor: "Chicken & Rice", foodForm: "dry" },
    { sku: "A-CHR-8", inStock: true, flavor: "Chicken & Rice", foodForm: "dry" },
    { sku: "A-LMR-4", inStock: true, flavor: "Lamb & Rice", foodForm: "dry" },
  ];

  it("prefers the first in-stock variant", () => {
    expect(cardVariant(variants)?.sku).toBe("A-CHR-8");
    expect(cardVariant([variants[0]])?.sku).toBe("A-CHR-4");
    expect(cardVariant([])).toBeUndefined();
  });

  it("prefers a variant of a chosen flavour, and the SKU searched for", () => {
    expect(cardVariant(variants, { flavors: ["lamb-rice"] })?.sku).toBe("A-LMR-4");
    expect(cardVariant(variants, { flavors: ["Lamb & Rice"] })?.sku).toBe("A-LMR-4");
    expect(cardVariant(variants, { flavors: ["beef"] })?.sku).toBe("A-CHR-8");
    expect(cardVariant(variants, { search: "a-chr-4" })?.sku).toBe("A-CHR-4");
    expect(cardVariant(variants, { foodForms: ["dry-food"] })?.sku).toBe("A-CHR-8");
  });
});

describe("productCardModel", () => {
  const money = (amount: string) => ({ amount, currencyCode: "USD" as const });
  const product = {
    id: "7",
    handle: "kc-puppy",
    title: "Kindred Crest Everyday Essentials Puppy Dry Dog Food",
    description: "Crunchy kibble made with real chicken as the first ingredient.",
    productBrand: "Kindred Crest",
    featuredImage: { url: "/_img/packshots/bag_kindred-crest_chicken-rice_dog.webp?w=640", alt: "Bag" },
    variants: [
      {
        id: "101",
        sku: "KC-D01-CHR-4LB",
        variantURL: "kindred-crest/kc-puppy/chicken-and-rice/4-lb-bag",
        inStock: false,
        flavor: "Chicken & Rice",
        size: "4 lb Bag",
        foodForm: "dry",
        price: money("13.99"),
        compareAtPrice: null,
        programPrice: money("9.79"),
        badgeTags: ["badge::best-seller"],
        imagePrimary: { url: "/_img/packshots/bag_kindred-crest_chicken-rice_dog.webp?w=640", alt: "4 lb bag" },
      },
      {
        id: "102",
        sku: "KC-D01-LMR-4LB",
        variantURL: "kindred-crest/kc-puppy/lamb-and-rice/4-lb-bag",
        inStock: true,
        flavor: "Lamb & Rice",
        size: "4 lb Bag",
        foodForm: "dry",
        price: money("52.99"),
        compareAtPrice: money("59.99"),
        programPrice: money("37.09"),
        badgeTags: ["badge::new", "badge::new-look", "badge::featured"],
        imagePrimary: { url: "/_img/packshots/bag_kindred-crest_lamb-rice_dog.webp?w=640", alt: "" },
      },
    ],
  };

  it("stands for the first in-stock variant, with everything the card shows decided", () => {
    expect(productCardModel(product, { site: { isStaff: false }, dealSkus: ["KC-D01-LMR-4LB"], freeShippingThresholdCents: 4900 })).toEqual({
      key: "7:KC-D01-LMR-4LB",
      sku: "KC-D01-LMR-4LB",
      href: "/products/kindred-crest/kc-puppy/lamb-and-rice/4-lb-bag?sku=KC-D01-LMR-4LB",
      title: product.title,
      brand: "Kindred Crest",
      description: "Crunchy kibble made with…",
      imageSource: "packshots/bag_kindred-crest_lamb-rice_dog.webp",
      // The variant's image has no alt text of its own: the title, which is not title and variant.
      imageAlt: product.title,
      variantId: "102",
      variantLabel: "Lamb & Rice, 4 lb Bag",
      inStock: true,
      priceCents: 5299,
      compareAtCents: 5999,
      badges: [
        { name: "deal", label: "Deal", tone: "success-dark" },
        { name: "featured", label: "Featured", tone: "primary" },
      ],
      freeShipping: "Eligible for free shipping",
      autoship: "Save an extra 5% with Autoship",
    });
  });

  it("on the staff site: program price, no promotions", () => {
    const card = productCardModel(product, { site: { isStaff: true }, dealSkus: [], freeShippingThresholdCents: 4900 })!;
    expect(card).toMatchObject({ priceCents: 3709, compareAtCents: 5299, priceLabel: "Program price" });
    expect(card).not.toHaveProperty("freeShipping");
    expect(card).not.toHaveProperty("autoship");
  });

  it("leaves out what is absent and the alt text the browser can tell from title and variant", () => {
    const plain = {
      ...product,
      variants: [
        {
          ...product.variants[1],
          compareAtPrice: null,
          badgeTags: [],
          imagePrimary: { url: "/_img/packshots/x.webp", alt: `${product.title}, Lamb & Rice, 4 lb Bag` },
        },
      ],
    };
    const card = productCardModel(plain, { site: { isStaff: false }, dealSkus: [], freeShippingThresholdCents: 4900 })!;
    expect(Object.keys(card).sort()).toEqual([
      "autoship",
      "brand",
      "description",
      "freeShipping",
      "href",
      "imageSource",
      "inStock",
      "key",
      "priceCents",
      "sku",
      "title",
      "variantId",
      "variantLabel",
    ]);
    expect(cardImageAlt(card)).toBe(`${product.title}, Lamb & Rice, 4 lb Bag`);
    expect(cardImageAlt({ title: "A", variantLabel: "", imageAlt: "A bag" })).toBe("A bag");
    expect(cardImageAlt({ title: "A", variantLabel: "" })).toBe("A");
  });

  it("prefers a chosen flavour even out of stock, and has no card without variants", () => {
    const card = productCardModel(product, {
      site: { isStaff: false },
      dealSkus: [],
      freeShippingThresholdCents: 4900,
      prefer: { flavors: ["Chicken & Rice"] },
    })!;
    expect(card.sku).toBe("KC-D01-CHR-4LB");
    expect(card.badges?.map((b) => b.name)).toEqual(["out-of-stock", "best-seller"]);
    expect(card.freeShipping).toBe("Free shipping on orders over $49");
    expect(productCardModel({ ...product, variants: [] }, { site: { isStaff: false }, dealSkus: [], freeShippingThresholdCents: 4900 })).toBeNull();
  });

  it("reads image URLs in any form as /_img sources", () => {
    expect(imageSourceOf("/_img/packshots/a.webp?w=640")).toBe("packshots/a.webp");
    expect(imageSourceOf("https://cdn.example/_img/packshots/a.webp")).toBe("packshots/a.webp");
    expect(imageSourceOf("packshots/a.webp")).toBe("packshots/a.webp");
  });
});

describe("cards under a price sort", () => {
  const v = (sku: string, inStock: boolean, cents: number, flavor = "Chicken") => ({ sku, inStock, flavor, price: cents });
  const variants = [v("A", true, 2999), v("B", false, 1299), v("C", true, 1999, "Beef")];
  const byPrice = (x: { price: number }) => x.price;

  it("shows the cheapest variant, in stock or not, to agree with the order", () => {
    expect(cardVariant(variants, { cheapest: byPrice })?.sku).toBe("B");
    expect(cardVariant(variants)?.sku).toBe("A");
    expect(cardVariant(variants, { cheapest: byPrice, flavors: ["beef"] })?.sku).toBe("C");
  });
});

describe("a searched flavour leads", () => {
  const variants = [
    { sku: "A", inStock: true, flavor: "Chicken" },
    { sku: "B", inStock: true, flavor: "Salmon" },
    { sku: "C", inStock: true, flavor: "Chicken & Rice" },
  ];

  it("picks the variant of a flavour the search names, typos included", () => {
    expect(cardVariant(variants, { search: "salmon kibble" })?.sku).toBe("B");
    expect(cardVariant(variants, { search: "salmn" })?.sku).toBe("B");
    expect(cardVariant(variants, { search: "rice" })?.sku).toBe("C");
    expect(cardVariant(variants, { search: "beef" })?.sku).toBe("A");
    // A chosen flavour filter wins over the words of the search.
    expect(cardVariant(variants, { search: "salmon", flavors: ["chicken"] })?.sku).toBe("A");
  });

  it("namesFlavor", () => {
    expect(namesFlavor("chiken", "Chicken & Rice")).toBe(true);
    expect(namesFlavor("cat", "Chicken")).toBe(false);
    expect(namesFlavor("and", "Lamb & Rice")).toBe(false);
    expect(namesFlavor("duk", "Duck")).toBe(false); // too short to forgive a typo
  });
});
