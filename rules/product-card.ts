// What a product card shows (SPEC §2 "Product card", §3 badge set, §6 staff differences, §9 product card).
// Pure: the card component only renders what these functions decide.

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
    .map((name) => ({ name, label: BADGE_LABELS[name], tone: badgeTone(name) }));
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

/** en-US USD, e.g. $12.99; whole dollars without cents when `compact`. */
export function formatUsd(cents: number, { compact = false } = {}): string {
  const whole = cents % 100 === 0;
  return (compact && whole ? USD_WHOLE : USD).format(cents / 100);
}

// Built once: constructing an Intl.NumberFormat costs far more than formatting with one, and a
// listing formats hundreds of prices per render.
const USD = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD", minimumFractionDigits: 2, maximumFractionDigits: 2 });
const USD_WHOLE = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD", minimumFractionDigits: 0, maximumFractionDigits: 0 });

/** "12.99" (storefront decimal string, SPEC §3 price.amount) → 1299; null when not a price. */
export function amountToCents(amount: string | null | undefined): number | null {
  if (amount == null) return null;
  const n = Number(amount);
  return Number.isFinite(n) && n >= 0 ? Math.round(n * 100) : null;
}

/** SPEC §9: "Free shipping on orders over ${threshold}" below the threshold, else "Eligible for free shipping". */
export function freeShippingText(priceCents: number, thresholdCents: number): string {
  return priceCents < thresholdCents
    ? `Free shipping on orders over ${formatUsd(thresholdCents, { compact: true })}`
    : "Eligible for free shipping";
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
  const price = amountToCents(variant.price.amount) ?? 0;
  const compareAt = amountToCents(variant.compareAtPrice?.amount);
  if (site.isStaff) {
    const program = amountToCents(variant.programPrice?.amount) ?? price;
    const reference = Math.max(price, compareAt ?? 0);
    return { priceCents: program, compareAtCents: reference > program ? reference : null };
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

/** "Lamb & Rice", "lamb-rice" and "lamb-and-rice" all read as "lamb-rice". */
function slug(s: string): string {
  return s
    .toLowerCase()
    .replace(/&|\band\b/g, " ")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
}

/** Levenshtein distance, stopping early past `max`. */
function editDistance(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  let prev = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    const cur = [i];
    for (let j = 1; j <= b.length; j++) {
      cur[j] = Math.min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1));
    }
    prev = cur;
  }
  return prev[b.length];
}

/** Whether search text names a flavour: a word of it equal to, or one typo from, a flavour word. */
export function namesFlavor(search: string, flavor: string): boolean {
  const words = flavor.toLowerCase().split(/[^a-z]+/).filter((w) => w.length >= 3 && w !== "and");
  return search
    .toLowerCase()
    .split(/[^a-z]+/)
    .filter((t) => t.length >= 3)
    .some((t) => words.some((w) => w === t || (t.length >= 4 && editDistance(t, w, 1) <= 1)));
}

type CardCandidate = { sku: string; inStock: boolean; flavor?: string; foodForm?: string };

/**
 * Which variant a card stands for: a variant whose SKU is the search text, else the first in-stock
 * variant matching the chosen flavours and forms, else the first in-stock variant, else the first.
 * Under a price sort (`cheapest`) the listing is ordered by each product's lowest price, so the card
 * shows its cheapest (matching) variant, in stock or not, to agree with that order.
 */
export function cardVariant<V extends CardCandidate>(
  all: readonly V[],
  prefer: {
    search?: string | null;
    flavors?: readonly string[];
    foodForms?: readonly string[];
    cheapest?: (v: V) => number;
  } = {},
): V | undefined {
  if (all.length === 0) return undefined;
  const price = prefer.cheapest;
  const variants = price ? [...all].sort((a, b) => price(a) - price(b)) : all;
  const search = prefer.search?.trim().toLowerCase();
  if (search) {
    const bySku = variants.find((v) => v.sku.toLowerCase() === search);
    if (bySku) return bySku;
  }
  const flavors = (prefer.flavors ?? []).map(slug);
  const forms = (prefer.foodForms ?? []).map(slug);
  // Without a chosen flavour, a flavour the search text names ("salmn" → Salmon) leads.
  const searched = flavors.length === 0 && search ? variants.filter((v) => v.flavor && namesFlavor(search, v.flavor)) : [];
  if (searched.length > 0) flavors.push(...new Set(searched.map((v) => slug(v.flavor!))));
  const matches = (v: V) =>
    (flavors.length === 0 || (v.flavor !== undefined && flavors.includes(slug(v.flavor)))) &&
    (forms.length === 0 || (v.foodForm !== undefined && forms.some((f) => f === v.foodForm || f.startsWith(`${v.foodForm}-`))));
  const inStockFirst = (fits: (v: V) => boolean) =>
    price ? variants.find(fits) : (variants.find((v) => v.inStock && fits(v)) ?? variants.find(fits));
  if (flavors.length > 0 || forms.length > 0) {
    const preferred = inStockFirst(matches);
    if (preferred) return preferred;
  }
  return inStockFirst(() => true);
}

// ---------------------------------------------------------------------------------------------------
// The card as the listing sends it to the browser: only what is shown, already decided.

export type CardModel = {
  key: string;
  href: string;
  title: string;
  brand: string;
  /** Cut at 25 characters. */
  description: string;
  /** Image source for the /_img proxy (e.g. packshots/x.webp). */
  imageSource: string;
  imageAlt: string;
  sku: string;
  /** The shown variant's id, for adding it to the cart from the card. */
  variantId: string;
  variantLabel: string;
  inStock: boolean;
  priceCents: number;
  compareAtCents: number | null;
  /** "Program price" on the staff site. */
  priceLabel: string | null;
  badges: CardBadge[];
  freeShipping: string | null;
  autoship: string | null;
};

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
  return url.replace(/^https?:\/\/[^/]+/, "").replace(/^\/+/, "").replace(/^_img\//, "").replace(/\?.*$/, "");
}

export function productCardModel(
  product: CardProduct,
  ctx: {
    site: { isStaff: boolean };
    dealSkus: ReadonlySet<string> | readonly string[];
    freeShippingThresholdCents: number;
    prefer?: { search?: string | null; flavors?: readonly string[]; foodForms?: readonly string[]; cheapest?: boolean };
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
  return {
    key: `${product.id}:${variant.sku}`,
    href: cardHref(variant),
    title: product.title,
    brand: product.productBrand,
    description: truncateDescription(product.description),
    imageSource: imageSourceOf(image.url),
    imageAlt: image.alt || product.title,
    sku: variant.sku,
    variantId: variant.id,
    variantLabel: [variant.flavor, variant.size].filter(Boolean).join(", "),
    inStock: variant.inStock,
    priceCents,
    compareAtCents,
    priceLabel: ctx.site.isStaff ? "Program price" : null,
    badges: cardBadges(variant, ctx.dealSkus),
    freeShipping: promotions.freeShipping,
    autoship: promotions.autoship,
  };
}
