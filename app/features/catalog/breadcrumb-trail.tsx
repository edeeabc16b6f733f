import { useEffect, useSyncExternalStore } from "react";
import { Link, useLocation } from "react-router";
import {
  breadcrumbListJsonLd,
  breadcrumbTrail,
  jsonLdText,
  markBreadcrumbClick,
  readMemory,
  recordVisit,
  writeMemory,
  type BreadcrumbMemory,
  type BreadcrumbProduct,
  type PageKind,
  type RememberedCategory,
  type RememberedFilter,
} from "../../../rules/catalog/breadcrumbs";
import { usePublicConfig } from "../../lib/use-public-config";

/**
 * The breadcrumb trail of SPEC §2 with its BreadcrumbList JSON-LD, for both sites (pages render it
 * through ./breadcrumbs.tsx, which fetches this code after hydration).
 *
 * Props:
 * - `kind`: the page kind (rules/catalog/breadcrumbs.ts PAGE_KINDS), e.g. "product-detail", "category-listing".
 * - `product`: on "product-detail", the Product shown (its breadcrumb fields: title, productSpecies,
 *   productBrand, productBrandSlug, productPetAge, productFoodForm). The remembered category and
 *   staff filter labels appear after hydration (they live in session storage).
 * - `species`, `category`: on "category-listing", the species slug and the category's label and url.
 * - `filters`: on listing pages, the filters applied there (category ones included); they are
 *   remembered for the product page (staff crumbs, SPEC §2).
 * - `search`: on "search-results", the query.
 * - `pageLabel`: other pages (account pages, Other): the page's name.
 * - `origin`: the request's origin (e.g. from the loader: new URL(request.url).origin) for the
 *   absolute URLs of the JSON-LD; without it the JSON-LD is added after hydration.
 *
 * Every visit is recorded in session storage (previous and current page kind, filters, category,
 * query), and a click on a crumb is remembered so the next listing keeps its filters.
 */
export type BreadcrumbsProps = {
  kind: PageKind;
  product?: BreadcrumbProduct | null;
  species?: string | null;
  category?: RememberedCategory | null;
  filters?: RememberedFilter[];
  search?: string | null;
  pageLabel?: string;
  origin?: string;
};

export function BreadcrumbTrail(props: BreadcrumbsProps) {
  const { kind, product, species, category, filters, search, pageLabel } = props;
  const { site } = usePublicConfig();
  const location = useLocation();
  const url = location.pathname + location.search;
  // The server and the hydrating render know no memory, so they agree; the effect below adds it.
  const memory = useSyncExternalStore(
    subscribeMemory,
    () => memorySnapshot,
    () => null,
  );

  const filtersKey = JSON.stringify(filters ?? null);
  const categoryKey = JSON.stringify(category ?? null);
  useEffect(() => {
    const storage = safeSessionStorage();
    const next = recordVisit(readMemory(storage), {
      kind,
      url,
      filters: filtersKey === "null" ? undefined : (JSON.parse(filtersKey) as RememberedFilter[]),
      category: JSON.parse(categoryKey) as RememberedCategory | null,
      search: search ?? null,
    });
    writeMemory(storage, next);
    publishMemory(next);
    // location.key: a new visit even when the same URL is opened again.
  }, [kind, url, filtersKey, categoryKey, search, location.key]);

  const input = { isStaff: site.isStaff, kind, product, species, category, filters, search, pageLabel };
  const crumbs = breadcrumbTrail({ ...input, memory });
  // JSON-LD from what the server knows, so the document's structured data does not change on hydration.
  const serverCrumbs = breadcrumbTrail(input);
  if (crumbs.length === 0) return null;

  // Without a server-given origin the JSON-LD waits for the browser (memory is set after mount).
  const origin = props.origin ?? (memory ? window.location.origin : null);
  const onCrumbClick = () => {
    const storage = safeSessionStorage();
    writeMemory(storage, markBreadcrumbClick(readMemory(storage)));
  };

  return (
    // Looks: catalog.css .crumbs (each part by its element and aria attributes).
    <nav aria-label="Breadcrumb" className="crumbs" data-testid="breadcrumbs">
      <ol>
        {crumbs.map((c, i) => {
          const last = i === crumbs.length - 1;
          return (
            <li key={`${c.label}-${i}`}>
              {i > 0 && <span aria-hidden="true">/</span>}
              {c.url && !last ? (
                <Link to={c.url} onClick={onCrumbClick}>
                  {c.label}
                </Link>
              ) : c.disabled ? (
                <span aria-disabled="true">{c.label}</span>
              ) : (
                <span aria-current={last ? "page" : undefined}>{c.label}</span>
              )}
            </li>
          );
        })}
      </ol>
      {origin !== null && <BreadcrumbJsonLd crumbs={serverCrumbs} origin={origin} url={url} />}
    </nav>
  );
}

function BreadcrumbJsonLd({ crumbs, origin, url }: { crumbs: ReturnType<typeof breadcrumbTrail>; origin: string; url: string }) {
  const data = breadcrumbListJsonLd(crumbs, origin, url);
  return (
    <script
      type="application/ld+json"
      // Safe: jsonLdText escapes "<", so no label can close the script element.
      dangerouslySetInnerHTML={{ __html: jsonLdText(data) }}
    />
  );
}

// The remembered state as an external store: session storage is the truth, this the copy pages render.
let memorySnapshot: BreadcrumbMemory | null = null;
const memoryListeners = new Set<() => void>();
function subscribeMemory(listener: () => void) {
  memoryListeners.add(listener);
  return () => {
    memoryListeners.delete(listener);
  };
}
function publishMemory(memory: BreadcrumbMemory) {
  memorySnapshot = memory;
  for (const listener of memoryListeners) listener();
}

function safeSessionStorage(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}
