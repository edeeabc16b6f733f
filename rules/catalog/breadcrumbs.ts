// Breadcrumbs of SPEC §2: the page kinds, the crumbs each site shows, and what the browser remembers
// between pages (previous and current page kinds, filters, category and search query in session
// storage). Pure: the storage is passed in.

export const PAGE_KINDS = [
  "product-detail",
  "product-listing",
  "category-listing",
  "search-results",
  "my-account",
  "my-profile",
  "my-orders",
  "my-order-details",
  "my-autoships",
  "address-book",
  "home",
  "other",
] as const;
export type PageKind = (typeof PAGE_KINDS)[number];

/**
 * The account pages' kinds (SPEC §2: My Account, My Profile, My Orders, My Order Details, My
 * Autoships, Address Book), by path. /account/profile is My Profile too.
 */
export function accountPageKind(pathname: string): PageKind | null {
  const p = pathname.replace(/\/+$/, "");
  if (p === "/account/dashboard") return "my-account";
  if (p === "/account/my-profile" || p === "/account/profile") return "my-profile";
  if (p === "/account/orders") return "my-orders";
  if (/^\/account\/orders\/[^/]+$/.test(p)) return "my-order-details";
  if (p === "/account/autoships") return "my-autoships";
  if (p === "/account/address-book") return "address-book";
  return null;
}

/** Kinds that show a product listing (and so define which filters are remembered). */
export const LISTING_KINDS: readonly PageKind[] = ["product-listing", "category-listing", "search-results"];

export type Crumb = {
  label: string;
  /** null: not a link (the current page, or a disabled staff crumb). */
  url: string | null;
  /** Staff site filter labels are shown disabled (SPEC §2). */
  disabled?: boolean;
};

/** A filter applied on a listing page, by the label the shopper saw. */
export type RememberedFilter = { label: string; field?: string; value?: string };
export type RememberedCategory = { label: string; url: string };

export type BreadcrumbMemory = {
  previousKind: PageKind | null;
  currentKind: PageKind | null;
  filters: RememberedFilter[];
  category: RememberedCategory | null;
  search: string | null;
  /** Path and query of the last listing page, so "back through the breadcrumb" restores its filters. */
  listingUrl: string | null;
  /** Set when the shopper clicks a breadcrumb; read (and reset) by the next page visit. */
  breadcrumbClicked: boolean;
};

export const EMPTY_MEMORY: BreadcrumbMemory = {
  previousKind: null,
  currentKind: null,
  filters: [],
  category: null,
  search: null,
  listingUrl: null,
  breadcrumbClicked: false,
};

export type PageVisit = {
  kind: PageKind;
  /** Path and query of the page. */
  url?: string;
  /** On listing pages: the filters applied there (category filters included). */
  filters?: RememberedFilter[];
  /** On a category page: its label and url. */
  category?: RememberedCategory | null;
  /** On the search page: the query. */
  search?: string | null;
  /** Overrides the remembered breadcrumb-click flag. */
  viaBreadcrumb?: boolean;
};

const isListing = (k: PageKind | null) => k !== null && LISTING_KINDS.includes(k);

/**
 * The memory after visiting a page (SPEC §2):
 * - the current kind becomes the previous one;
 * - filters are cleared when going from a product detail to a listing without a breadcrumb click,
 *   and when going between category and listing pages (either way);
 * - a listing page remembers its own filters, category (category pages only) and search query;
 * - other pages leave the remembered filters alone.
 */
export function recordVisit(memory: BreadcrumbMemory, visit: PageVisit): BreadcrumbMemory {
  const viaBreadcrumb = visit.viaBreadcrumb ?? memory.breadcrumbClicked;
  const next: BreadcrumbMemory = {
    ...memory,
    previousKind: memory.currentKind,
    currentKind: visit.kind,
    breadcrumbClicked: false,
  };
  if (!isListing(visit.kind)) return next;

  const from = memory.currentKind;
  const fromDetailWithoutCrumb = from === "product-detail" && !viaBreadcrumb;
  const betweenCategoryAndListing =
    (from === "category-listing" && visit.kind === "product-listing") || (from === "product-listing" && visit.kind === "category-listing");
  const kept = fromDetailWithoutCrumb || betweenCategoryAndListing ? [] : memory.filters;

  return {
    ...next,
    filters: visit.filters ?? kept,
    category: visit.kind === "category-listing" ? (visit.category ?? null) : null,
    search: visit.kind === "search-results" ? visit.search?.trim() || null : null,
    listingUrl: visit.url ?? memory.listingUrl,
  };
}

/** The memory when a breadcrumb is clicked, just before the navigation it starts. */
export function markBreadcrumbClick(memory: BreadcrumbMemory): BreadcrumbMemory {
  return { ...memory, breadcrumbClicked: true };
}

// ---------------------------------------------------------------------------------------------------
// Storage

/** Session-storage key (SPEC §9: stores are kept in session storage under a product-specific key). */
export const BREADCRUMB_STORAGE_KEY = "kibble-shop:breadcrumbs";

type StorageLike = Pick<Storage, "getItem" | "setItem">;

const str = (v: unknown): string | null => (typeof v === "string" ? v : null);

/** The remembered state; anything missing or malformed reads as empty. */
export function readMemory(storage: StorageLike | null | undefined): BreadcrumbMemory {
  try {
    const raw = storage?.getItem(BREADCRUMB_STORAGE_KEY);
    if (!raw) return EMPTY_MEMORY;
    const v = JSON.parse(raw) as Record<string, unknown>;
    const kind = (k: unknown) => ((PAGE_KINDS as readonly unknown[]).includes(k) ? (k as PageKind) : null);
    const filters = Array.isArray(v.filters)
      ? v.filters
          .filter((f): f is Record<string, unknown> => typeof f === "object" && f !== null && typeof f.label === "string")
          .map((f) => ({ label: f.label as string, ...(str(f.field) ? { field: str(f.field)! } : {}), ...(str(f.value) ? { value: str(f.value)! } : {}) }))
      : [];
    const c = v.category as Record<string, unknown> | null | undefined;
    const category = c && typeof c.label === "string" && typeof c.url === "string" && c.url.startsWith("/") ? { label: c.label, url: c.url } : null;
    const listingUrl = str(v.listingUrl);
    return {
      previousKind: kind(v.previousKind),
      currentKind: kind(v.currentKind),
      filters,
      category,
      search: str(v.search),
      listingUrl: listingUrl?.startsWith("/") && !listingUrl.startsWith("//") ? listingUrl : null,
      breadcrumbClicked: v.breadcrumbClicked === true,
    };
  } catch {
    return EMPTY_MEMORY;
  }
}

export function writeMemory(storage: StorageLike | null | undefined, memory: BreadcrumbMemory): void {
  try {
    storage?.setItem(BREADCRUMB_STORAGE_KEY, JSON.stringify(memory));
  } catch {
    // Storage full or blocked (private mode): breadcrumbs fall back to what the page itself knows.
  }
}

// ---------------------------------------------------------------------------------------------------
// Crumbs

const SPECIES_LABEL: Record<string, string> = { dog: "Dog", cat: "Cat" };

export function speciesCrumb(species: string): Crumb {
  return { label: SPECIES_LABEL[species] ?? titleCase(species), url: `/products/${species}/species` };
}

export function brandCrumb(species: string, brand: string, brandSlug: string): Crumb {
  return { label: brand, url: `/products/${species}/brand/${brandSlug}` };
}

/**
 * SPEC §2 pet-age crumb: Adult, Senior, Puppy or Kitten, linking to
 * /products/{species}/pet-age/{adult|senior}-{species}-food, puppy-food or kitten-food.
 * Accepts life-stage values (adult-dog) and bare words (Adult).
 */
export function petAgeCrumb(species: string, lifestage: string): Crumb | null {
  const stage = lifestage
    .trim()
    .toLowerCase()
    .replace(/-(dog|cat)$/, "");
  switch (stage) {
    case "puppy":
      return { label: "Puppy", url: "/products/dog/pet-age/puppy-food" };
    case "kitten":
      return { label: "Kitten", url: "/products/cat/pet-age/kitten-food" };
    case "adult":
    case "senior":
      return { label: titleCase(stage), url: `/products/${species}/pet-age/${stage}-${species}-food` };
    default:
      return null;
  }
}

/** SPEC §2 food-form crumb: /products/{species}/food-form/{form-with-dashes}, e.g. "Dry Food" → dry-food. */
export function foodFormCrumb(species: string, foodForm: string): Crumb | null {
  const label = foodForm.trim();
  if (!label) return null;
  const slug = label
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
  return { label: titleCase(label.replace(/-/g, " ")), url: `/products/${species}/food-form/${slug}` };
}

function titleCase(s: string): string {
  return s.replace(/\b([a-z])/g, (m) => m.toUpperCase());
}

export const HOME_CRUMB: Crumb = { label: "Home", url: "/" };
export const ALL_PRODUCTS_CRUMB: Crumb = { label: "All Products", url: "/products" };
export const CATALOG_CRUMB: Crumb = { label: "Catalog", url: "/products" };

/** The product fields breadcrumbs read (SPEC §3 breadcrumb fields). */
export type BreadcrumbProduct = {
  title: string;
  productSpecies: string;
  productBrand: string;
  productBrandSlug: string;
  /** Comma list of life stages; the first one is shown. */
  productPetAge: string;
  productFoodForm: string;
};

export type CrumbInput = {
  isStaff: boolean;
  kind: PageKind;
  /** Category pages: the category's species and label/url. */
  species?: string | null;
  category?: RememberedCategory | null;
  /** Listing pages: the filters applied; product pages: ignored (the memory's are used). */
  filters?: RememberedFilter[];
  search?: string | null;
  product?: BreadcrumbProduct | null;
  /** What the browser remembers; product pages read it (absent on the server). */
  memory?: BreadcrumbMemory | null;
  /** Label of a page that is not a listing or product page (account pages, Other). */
  pageLabel?: string;
};

function dedupe(crumbs: (Crumb | null)[]): Crumb[] {
  const seen = new Set<string>();
  const out: Crumb[] = [];
  for (const c of crumbs) {
    if (!c) continue;
    const key = c.url ? c.url.split("?")[0] : `label:${c.label}`;
    if (seen.has(key)) continue;
    seen.add(key);
    out.push(c);
  }
  return out;
}

/** Whether a remembered category still applies on a product page (the shopper came from listings). */
function rememberedApplies(memory: BreadcrumbMemory | null | undefined): memory is BreadcrumbMemory {
  return !!memory && (isListing(memory.previousKind) || memory.previousKind === "product-detail");
}

/** The crumbs a page shows (SPEC §2). The last crumb is the current page. */
export function breadcrumbTrail(input: CrumbInput): Crumb[] {
  const { kind, memory } = input;
  if (kind === "home") return [];

  if (input.isStaff) {
    // Staff site: only Catalog plus the (remembered) filter labels, disabled.
    const filters = kind === "product-detail" ? (rememberedApplies(memory) ? memory.filters : []) : (input.filters ?? []);
    const labels = [...new Set(filters.map((f) => f.label))];
    return [CATALOG_CRUMB, ...labels.map((label) => ({ label, url: null, disabled: true }))];
  }

  switch (kind) {
    case "product-listing":
      return [HOME_CRUMB, { ...ALL_PRODUCTS_CRUMB, url: null }];
    case "search-results": {
      const q = input.search?.trim();
      return [HOME_CRUMB, ALL_PRODUCTS_CRUMB, { label: q ? `Search results for “${q}”` : "Search Results", url: null }];
    }
    case "category-listing": {
      const species = input.species ? speciesCrumb(input.species) : null;
      const category = input.category ?? null;
      if (species && (!category || category.url === species.url)) {
        return [HOME_CRUMB, ALL_PRODUCTS_CRUMB, { label: category?.label ?? species.label, url: null }];
      }
      return dedupe([HOME_CRUMB, ALL_PRODUCTS_CRUMB, species, category ? { label: category.label, url: null } : null]);
    }
    case "product-detail": {
      const p = input.product;
      if (!p) return [HOME_CRUMB, ALL_PRODUCTS_CRUMB];
      const species = p.productSpecies;
      const remembered = rememberedApplies(memory) ? memory.category : null;
      const firstAge = p.productPetAge
        .split(",")
        .map((s) => s.trim())
        .find(Boolean);
      // Back through the breadcrumb to the listing the shopper came from keeps its filters (SPEC §2).
      const listingUrl = rememberedApplies(memory) ? memory.listingUrl : null;
      const restore = (crumb: Crumb): Crumb => (listingUrl && crumb.url && listingUrl.split("?")[0] === crumb.url ? { ...crumb, url: listingUrl } : crumb);
      const trail = dedupe([
        HOME_CRUMB,
        restore(ALL_PRODUCTS_CRUMB),
        restore(speciesCrumb(species)),
        // Only a category of the product's own species (a cat category on a dog food would mislead).
        remembered && remembered.url.startsWith(`/products/${species}/`) ? restore(remembered) : null,
        p.productBrand && p.productBrandSlug ? brandCrumb(species, p.productBrand, p.productBrandSlug) : null,
        firstAge ? petAgeCrumb(species, firstAge) : null,
        p.productFoodForm ? foodFormCrumb(species, p.productFoodForm) : null,
      ]);
      return [...trail, { label: p.title, url: null }];
    }
    default:
      return [HOME_CRUMB, { label: input.pageLabel ?? "", url: null }].filter((c) => c.label !== "");
  }
}

// ---------------------------------------------------------------------------------------------------
// Structured data

/** schema.org BreadcrumbList of the crumbs that have a page (links, and the current page at `currentUrl`). */
export function breadcrumbListJsonLd(crumbs: Crumb[], origin: string, currentUrl: string): Record<string, unknown> {
  const base = origin.replace(/\/+$/, "");
  const items = crumbs
    .map((c, i) => ({ c, url: c.url ?? (i === crumbs.length - 1 && !c.disabled ? currentUrl : null) }))
    .filter((x): x is { c: Crumb; url: string } => x.url !== null);
  return {
    "@context": "https://schema.org",
    "@type": "BreadcrumbList",
    itemListElement: items.map(({ c, url }, i) => ({
      "@type": "ListItem",
      position: i + 1,
      name: c.label,
      item: url.startsWith("http") ? url : `${base}${url}`,
    })),
  };
}

/** JSON for a <script type="application/ld+json">: `<` escaped so no text can close the script. */
export function jsonLdText(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, "\\u003c")
    .replace(/\u2028/g, "\\u2028")
    .replace(/\u2029/g, "\\u2029");
}
