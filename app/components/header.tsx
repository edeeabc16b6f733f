import { Form, Link, useLocation } from "react-router";
import type { Site } from "../../rules/shared/site";
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

function Logo() {
  // A paw print drawn inline: no image request for the logo. Its colours: shell.css .hdr-home.
  return (
    <svg aria-hidden="true" viewBox="0 0 64 64" fill="currentColor">
      <circle cx="32" cy="32" r="31" fill="currentColor" />
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
  // Looks: the named classes of shell.css (every page carries the header).
  return (
    <header className="hdr">
      <a href="#main" className="skip">
        Skip to content
      </a>
      <div className="hdr-bar">
        <Link to="/" className={site.isStaff ? "hdr-home staff" : "hdr-home"} aria-label={`${site.title} home`}>
          <Logo />
          <span data-testid="site-title">{site.title}</span>
        </Link>
        <Form method="get" action="/search" role="search" className="hdr-search">
          <label htmlFor="site-search" className="sr-only">
            Search products
          </label>
          <SearchCombobox inputId="site-search" defaultValue={searchQuery} placeholder="Search food, brands, flavours" />
          <button type="submit">Search</button>
        </Form>
        <nav aria-label="Account and cart" className="hdr-links">
          <Link to="/account/dashboard">Account</Link>
          {customer ? (
            // A POST: another site cannot sign a customer out with a link (app/routes/logout.tsx).
            <Form method="post" action="/logout">
              <input type="hidden" name="returnTo" value={pathname + search} />
              <button type="submit">Log Out</button>
            </Form>
          ) : (
            <Link to="/shelter/login">Log In</Link>
          )}
          <Link to="/cart" data-testid="cart-link">
            Cart
            <span className="hdr-count">
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
