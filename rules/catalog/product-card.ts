// What a product card shows (SPEC §2 "Product card", §3 badge set, §6 staff differences, §9 product card):
// its badges and the card model. Pure: the card component only renders what these functions decide.
// Which variant a card stands for is rules/catalog/variant-preselect.ts (the product page's rule too).

import { amountToCents, formatUsd } from "../shared/money";
import { cardVariant, type CardCandidate, type CardPreference } from "./variant-preselect";

/** The badge set of SPEC §3, in display order (1 to 12, both sites). */
export const BADGE_ORDER = [
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
] as const;
export type BadgeName = (typeof BADGE_ORDER)[number];

/** Theme colour of a badge (SPEC §9): names of the app.css theme tokens. */
export type BadgeTone = "error" | "warning" | "success" | "success-dark" | "primary";

export type CardBadge = { name: BadgeName; label: string; tone: BadgeTone };

/** SPEC §9: at most two badges on a card. */
export const MAX_CARD_BADGES = 2;
/** SPEC §9: the card's description is cut at 25 characters. */
export const CARD_DESCRIPTION_LENGTH = 25;
/** SPEC §9 autoship promotion text (not on the staff site, SPEC §6). */
export const AUTOSHIP_PROMOTION = "Save an extra 5% with Autoship";

const BADGE_LABELS: Record<BadgeName, string> = {
  "out-of-stock": "Out of Stock",
  "limited-stock": "Limited Stock",
  deal: "Deal",
  "best-seller": "Best Seller",
  featured: "Featured",
  "back-in-stock": "Back in Stock",
  "brand-new": "Brand New",
  "new-innovation": "New Innovation",
  "new-formula": "New Formula",
  "new-flavor": "New Flavor",
  "new-look": "New Look",
  "discontinued-soon": "Discontinued Soon",
};

/** SPEC §9 badge colours. */
export function badgeTone(name: BadgeName): BadgeTone {
  switch (name) {
    case "out-of-stock":
      return "error";
    case "limited-stock":
    case "back-in-stock":
    case "discontinued-soon":
      return "warning";
    case "deal":
      return "success-dark";
    case "best-seller":
    case "featured":
      return "primary";
    default:
      // brand-new and the new-… variants
      return "success";
  }
}

/** A badge by its name: its label and tone are the name's. */
export const cardBadge = (name: BadgeName): CardBadge => ({ name, label: BADGE_LABELS[name], tone: badgeTone(name) });

function isBadgeName(name: string): name is BadgeName {
  return (BADGE_ORDER as readonly string[]).includes(name);
}

/** `badge::{name}` tags → badge names; `new` is shown as brand-new (SPEC §3); unknown names are dropped. */
export function badgeNamesFromTags(tags: readonly string[]): BadgeName[] {
  const names: BadgeName[] = [];
  for (const tag of tags) {
    const match = /^badge::(.+)$/.exec(tag.trim());
    if (!match) continue;
    const raw = match[1].trim().toLowerCase();
    const name = raw === "new" ? "brand-new" : raw;
    if (isBadgeName(name) && !names.includes(name)) names.push(name);
  }
  return names;
}

/**
 * The card's badges: the variant's tags, plus out-of-stock when it is not in stock and deal when its
 * SKU is in the deal list; sorted in the SPEC §3 display order and cut to two (SPEC §9).
 */
export function cardBadges(
  variant: { sku: string; inStock: boolean; badgeTags: readonly string[] },
  dealSkus: ReadonlySet<string> | readonly string[],
): CardBadge[] {
  const names = new Set(badgeNamesFromTags(variant.badgeTags));
  if (!variant.inStock) names.add("out-of-stock");
  else names.delete("out-of-stock"); // a stale tag must not contradict live stock
  const deals = dealSkus instanceof Set ? dealSkus : new Set(dealSkus as readonly string[]);
  if (deals.has(variant.sku)) names.add("deal");
  return BADGE_ORDER.filter((n) => names.has(n))
    .slice(0, MAX_CARD_BADGES)
    .map(cardBadge);
}

/** SPEC §2: the card links to /products/{variantURL}?sku={sku}. */
export function cardHref(variant: { variantURL: string; sku: string }): string {
  const path = variant.variantURL.replace(/^\/+/, "").replace(/^products\//, "");
  return `/products/${path}?sku=${encodeURIComponent(variant.sku)}`;
}

/** SPEC §9: description cut at 25 characters (an ellipsis marks the cut). */
export function truncateDescription(text: string, max = CARD_DESCRIPTION_LENGTH): string {
  const clean = text.replace(/\s+/g, " ").trim();
  if (clean.length <= max) return clean;
  return `${clean.slice(0, max).trimEnd()}…`;
}

/** SPEC §9: "Free shipping on orders over ${threshold}" below the threshold, else "Eligible for free shipping". */
export function freeShippingText(priceCents: number, thresholdCents: number): string {
  return priceCents < thresholdCents ? `Free shipping on orders over ${formatUsd(thresholdCents, { compact: true })}` : "Eligible for free shipping";
}

type PricedVariant = {
  price: { amount: string };
  compareAtPrice: { amount: string } | null;
  programPrice: { amount: string } | null;
};

export type CardPrice = { priceCents: number; compareAtCents: number | null };

/**
 * The price a card shows. Shop: the price, with the compare-at price when it is higher. Staff site
 * (SPEC §6 program pricing, compare-at shown): the program price, compared with the higher of the
 * regular and compare-at prices.
 */
export function cardPrice(variant: PricedVariant, site: { isStaff: boolean }): CardPrice {
  const price = amountToCents(variant.price.amount);
  const compareAt = variant.compareAtPrice ? amountToCents(variant.compareAtPrice.amount) : null;
  if (site.isStaff) {
    // The shop price is the program price's compare-at: the same reference as the cart's
    // "Subtotal Before Savings" and "Program Discount" (SPEC §2).
    const program = variant.programPrice ? amountToCents(variant.programPrice.amount) : price;
    return { priceCents: program, compareAtCents: price > program ? price : null };
  }
  return { priceCents: price, compareAtCents: compareAt !== null && compareAt > price ? compareAt : null };
}

/** What the promotions line of a card says; the staff site has none (SPEC §6). */
export function cardPromotions(
  priceCents: number,
  site: { isStaff: boolean },
  thresholdCents: number,
): { freeShipping: string | null; autoship: string | null } {
  if (site.isStaff) return { freeShipping: null, autoship: null };
  return { freeShipping: freeShippingText(priceCents, thresholdCents), autoship: AUTOSHIP_PROMOTION };
}

// ---------------------------------------------------------------------------------------------------
// The card as the listing sends it to the browser: only what is shown, already decided. A page sends
// 24 of them (and the home page's carousels more), serialized into the HTML, so what is absent (no
// compare-at price, no badges, …) is left out rather than sent as null, and what the browser can
// tell from the rest is not sent at all: the image's alt text when it is the title and variant.

export type CardModel = {
  /** The card's identity in its list: "{product id}:{sku}". */
  key: string;
  sku: string;
  href: string;
  title: string;
  brand: string;
  /** Cut at 25 characters. */
  description: string;
  /** Image source for the /_img proxy (e.g. packshots/x.webp). */
  imageSource: string;
  /** Only when it is not "{title}, {variantLabel}" (cardImageAlt). */
  imageAlt?: string;
  /** The shown variant's id, for adding it to the cart from the card. */
  variantId: string;
  variantLabel: string;
  inStock: boolean;
  priceCents: number;
  compareAtCents?: number;
  /** "Program price" on the staff site. */
  priceLabel?: string;
  badges?: CardBadge[];
  freeShipping?: string;
  autoship?: string;
  /** Average and count of the product's reviews (the shop only, with reviews only: set by the loader). */
  rating?: { average: number; count: number };
};

/** The card image's alt text: the catalogue's, or the product's title and variant. */
export function cardImageAlt(card: Pick<CardModel, "imageAlt" | "title" | "variantLabel">): string {
  return card.imageAlt ?? [card.title, card.variantLabel].filter(Boolean).join(", ");
}

type CardProduct = {
  id: string;
  handle: string;
  title: string;
  description: string;
  productBrand: string;
  featuredImage: { url: string; alt: string };
  variants: (PricedVariant &
    CardCandidate & {
      id: string;
      variantURL: string;
      title?: string;
      size?: string;
      badgeTags: readonly string[];
      imagePrimary?: { url: string; alt: string } | null;
    })[];
};

/** An image URL as the catalogue gives it (/_img/x, /x or x) → the /_img source path. */
export function imageSourceOf(url: string): string {
  return url
    .replace(/^https?:\/\/[^/]+/, "")
    .replace(/^\/+/, "")
    .replace(/^_img\//, "")
    .replace(/\?.*$/, "");
}

export function productCardModel(
  product: CardProduct,
  ctx: {
    site: { isStaff: boolean };
    dealSkus: ReadonlySet<string> | readonly string[];
    freeShippingThresholdCents: number;
    /** What the page asks for: its route slug and search (SPEC §2), chosen flavour and form facets, a price sort. */
    prefer?: Omit<CardPreference<never>, "cheapest"> & { cheapest?: boolean };
  },
): CardModel | null {
  const { cheapest, ...prefer } = ctx.prefer ?? {};
  const variant = cardVariant(product.variants, {
    ...prefer,
    cheapest: cheapest ? (v) => cardPrice(v, ctx.site).priceCents : undefined,
  });
  if (!variant) return null;
  const { priceCents, compareAtCents } = cardPrice(variant, ctx.site);
  const promotions = cardPromotions(priceCents, ctx.site, ctx.freeShippingThresholdCents);
  const image = variant.imagePrimary?.url ? variant.imagePrimary : product.featuredImage;
  const variantLabel = [variant.flavor, variant.size].filter(Boolean).join(", ");
  const alt = image.alt || product.title;
  const badges = cardBadges(variant, ctx.dealSkus);
  return {
    key: `${product.id}:${variant.sku}`,
    sku: variant.sku,
    href: cardHref(variant),
    title: product.title,
    brand: product.productBrand,
    description: truncateDescription(product.description),
    imageSource: imageSourceOf(image.url),
    ...(alt === cardImageAlt({ title: product.title, variantLabel }) ? {} : { imageAlt: alt }),
    variantId: variant.id,
    variantLabel,
    inStock: variant.inStock,
    priceCents,
    ...(compareAtCents !== null ? { compareAtCents } : {}),
    ...(ctx.site.isStaff && variant.programPrice ? { priceLabel: "Program price" } : {}),
    ...(badges.length > 0 ? { badges } : {}),
    ...(promotions.freeShipping ? { freeShipping: promotions.freeShipping } : {}),
    ...(promotions.autoship ? { autoship: promotions.autoship } : {}),
  };
}
