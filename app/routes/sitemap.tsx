import { Link } from "react-router";
import { Screen } from "../components/screen";
import { titleMeta } from "../lib/meta";
import { showsListing } from "../lib/page-shows";
import { usePageTitle } from "../lib/use-site";
import { categoryTitle } from "../../rules/catalog/category-copy";
import type { Route } from "./+types/sitemap";

// /sitemap (SPEC §2): the site's categories and products for people; /sitemap.xml
// is the same list for search engines.

export const meta = titleMeta("sitemap", "Every category and product of the shop on one page.");

type SitemapLink = { label: string; to: string };
type SitemapGroup = { heading: string; links: SitemapLink[] };

const SPECIES_NAMES = { dog: "Dog", cat: "Cat" } as const;

export async function loader({ context }: Route.LoaderArgs) {
  const catalog = context.services.catalog;
  const site = context.site.id;
  const [entries, definitions] = await Promise.all([catalog.sitemapEntries(site), catalog.filterDefinitions(site)]);
  // Every product's title and path, too many to name: any product change purges it.
  showsListing(context);

  // Product titles: the whole catalogue by name, a page of 100 at a time (a handful of queries).
  const titles = new Map<string, { title: string; species: "dog" | "cat" }>();
  for (let page = 1, pageCount = 1; page <= pageCount && page <= 20; page++) {
    const result = await catalog.listProducts({ site, filters: [], sort: "name", page, limit: 100, facets: false });
    pageCount = result.pageCount;
    for (const p of result.products) titles.set(p.handle, { title: p.title, species: p.productSpecies });
  }

  const categories = new Map<string, SitemapGroup>();
  const products: Record<"dog" | "cat", SitemapLink[]> = { dog: [], cat: [] };
  for (const { path } of entries) {
    const parts = path.split("/").filter(Boolean);
    if (parts[0] !== "products") continue;
    if (parts.length === 2 && parts[1] in SPECIES_NAMES) continue; // the species pages head their groups
    if (parts.length === 4 && parts[1] in SPECIES_NAMES) {
      const species = parts[1] as "dog" | "cat";
      const def = definitions.find((d) => d.slug === parts[2]);
      const option = def?.options.find((o) => o.slug === parts[3]);
      if (!def || !option) continue;
      const key = `${species}/${def.slug}`;
      const group = categories.get(key) ?? { heading: `${SPECIES_NAMES[species]} Food by ${def.label}`, links: [] };
      group.links.push({
        label: categoryTitle({ species, category: { slug: def.slug, label: def.label }, option: { slug: option.slug, label: option.label } }),
        to: path,
      });
      categories.set(key, group);
    } else if (parts.length === 2) {
      const product = titles.get(parts[1]);
      if (product) products[product.species].push({ label: product.title, to: path });
    }
  }
  for (const list of Object.values(products)) list.sort((a, b) => a.label.localeCompare(b.label));

  const species = (["dog", "cat"] as const).filter((s) => entries.some((e) => e.path === `/products/${s}`));
  return {
    species: species.map((s) => ({
      slug: s,
      title: `${SPECIES_NAMES[s]} Food`,
      to: `/products/${s}/species`,
      groups: [...categories.entries()].filter(([k]) => k.startsWith(`${s}/`)).map(([, g]) => g),
      products: products[s],
    })),
  };
}

const PAGES: SitemapLink[] = [
  { label: "Home", to: "/" },
  { label: "Shop All Pet Food", to: "/products" },
  { label: "Search", to: "/search" },
  { label: "Shopping Cart", to: "/cart" },
  { label: "My Account", to: "/account/dashboard" },
  { label: "Contact Us", to: "/contact-us" },
  { label: "Shipping", to: "/shipping" },
  { label: "FAQ", to: "/faq" },
  { label: "Terms & Conditions", to: "/terms-and-conditions" },
];

function LinkList({ links, columns = false }: { links: SitemapLink[]; columns?: boolean }) {
  return (
    <ul className={columns ? "mt-2 gap-x-8 sm:columns-2 lg:columns-3" : "mt-2 space-y-1"}>
      {links.map((l) => (
        <li key={l.to} className="break-inside-avoid py-0.5">
          <Link to={l.to} className="text-primary hover:underline">
            {l.label}
          </Link>
        </li>
      ))}
    </ul>
  );
}

export default function Page({ loaderData }: Route.ComponentProps) {
  return (
    <Screen title={usePageTitle("sitemap")} wide>
      <p className="mt-2 text-gray-700">
        Every category and product of the shop. Search engines can read the same list as{" "}
        <a href="/sitemap.xml" className="text-primary underline">
          sitemap.xml
        </a>
        .
      </p>
      <section aria-labelledby="sitemap-pages" className="mt-8">
        <h2 id="sitemap-pages" className="text-xl font-bold text-secondary">
          Pages
        </h2>
        <LinkList links={PAGES} columns />
      </section>
      {loaderData.species.map((s) => (
        <section key={s.slug} aria-labelledby={`sitemap-${s.slug}`} className="mt-10">
          <h2 id={`sitemap-${s.slug}`} className="text-xl font-bold text-secondary">
            <Link to={s.to} className="hover:underline">
              {s.title}
            </Link>
          </h2>
          <div className="mt-3 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
            {s.groups.map((g) => (
              <div key={g.heading}>
                <h3 className="font-semibold text-secondary">{g.heading}</h3>
                <LinkList links={g.links} />
              </div>
            ))}
          </div>
          {s.products.length > 0 && (
            <>
              <h3 className="mt-6 font-semibold text-secondary">
                {s.title}: all {s.products.length} products
              </h3>
              <LinkList links={s.products} columns />
            </>
          )}
        </section>
      ))}
    </Screen>
  );
}
