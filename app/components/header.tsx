import { Form, Link, useLocation } from "react-router";
import type { Site } from "../../rules/site";
import { SearchCombobox } from "../features/catalog/search-combobox";
import type { NavigationContent } from "../features/content/content-types";
import { MainNav } from "../features/content/main-nav";

type NavItem = { label: string; to: string };

function navFor(site: Site): NavItem[] {
  if (site.isStaff) {
    return [
      { label: "Catalog", to: "/products" },
      { label: "Shipping", to: "/shipping" },
      { label: "FAQ", to: "/faq" },
      { label: "Contact Us", to: "/contact-us" },
    ];
  }
  return [
    { label: "Dog", to: "/products/dog/species" },
    { label: "Cat", to: "/products/cat/species" },
    { label: "Shop All", to: "/products" },
    { label: "Autoship", to: "/autoship" },
    { label: "Contact Us", to: "/contact-us" },
  ];
}

function Logo({ staff }: { staff: boolean }) {
  // A paw print drawn inline: no image request for the logo.
  return (
    <svg aria-hidden="true" viewBox="0 0 64 64" className="h-9 w-9 shrink-0" fill="currentColor">
      <circle cx="32" cy="32" r="31" className={staff ? "text-secondary" : "text-primary"} fill="currentColor" />
      <g fill="#fff">
        <ellipse cx="32" cy="40" rx="11" ry="9" />
        <ellipse cx="19" cy="27" rx="5" ry="6.5" />
        <ellipse cx="27" cy="19" rx="5" ry="6.5" />
        <ellipse cx="37" cy="19" rx="5" ry="6.5" />
        <ellipse cx="45" cy="27" rx="5" ry="6.5" />
      </g>
    </svg>
  );
}

export function Header({
  site,
  cartCount,
  searchQuery,
  customer = null,
  navigation,
}: {
  site: Site;
  cartCount: number;
  searchQuery?: string;
  /** The signed-in customer; null for a guest. */
  customer?: { firstName: string } | null;
  /** The main menu from content; the built-in menu when content has none. */
  navigation?: NavigationContent["items"];
}) {
  const { pathname, search } = useLocation();
  return (
    <header className="border-b border-gray-200 bg-white">
      <a href="#main" className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 focus:rounded focus:bg-white focus:px-3 focus:py-2">
        Skip to content
      </a>
      <div className="mx-auto flex max-w-7xl flex-wrap items-center gap-3 px-4 py-3 md:flex-nowrap">
        <Link to="/" className="flex items-center gap-2 text-secondary" aria-label={`${site.title} home`}>
          <Logo staff={site.isStaff} />
          <span className="text-lg font-bold leading-tight md:text-xl" data-testid="site-title">
            {site.title}
          </span>
        </Link>
        <Form method="get" action="/search" role="search" className="order-last flex w-full md:order-none md:ml-6 md:flex-1">
          <label htmlFor="site-search" className="sr-only">
            Search products
          </label>
          <SearchCombobox inputId="site-search" defaultValue={searchQuery} placeholder="Search food, brands, flavours" />
          <button type="submit" className="rounded-r bg-primary px-4 py-2 font-semibold text-white hover:bg-secondary">
            Search
          </button>
        </Form>
        <nav aria-label="Account and cart" className="ml-auto flex items-center gap-4 md:ml-4">
          <Link to="/account/dashboard" className="font-medium text-secondary hover:underline">
            Account
          </Link>
          {customer ? (
            // A POST: another site cannot sign a customer out with a link (app/routes/logout.tsx).
            <Form method="post" action="/logout">
              <input type="hidden" name="returnTo" value={pathname + search} />
              <button type="submit" className="font-medium text-secondary hover:underline">
                Log Out
              </button>
            </Form>
          ) : (
            <Link to="/shelter/login" className="font-medium text-secondary hover:underline">
              Log In
            </Link>
          )}
          <Link to="/cart" className="relative font-medium text-secondary hover:underline" data-testid="cart-link">
            Cart
            <span className="ml-1 inline-flex min-w-6 items-center justify-center rounded-full bg-primary px-1.5 text-sm text-white">
              <span className="sr-only">, items: </span>
              {cartCount}
            </span>
          </Link>
        </nav>
      </div>
      <MainNav items={navigation ?? navFor(site).map((item) => ({ text: item.label, url: item.to, groups: [] }))} />
    </header>
  );
}
