import { Suspense, useEffect, useState } from "react";
import { Form, Link, useLocation } from "react-router";
import type { Site } from "../../rules/shared/site";
import { SearchCombobox } from "../features/catalog/search-combobox";
import type { NavigationContent } from "../features/content/content-types";
import { MainNav } from "../features/content/main-nav";
import { lazyView } from "../lib/lazy-view";
import { useShopper } from "../features/account/use-shopper";

// The phone menu's drawer is needed only on a tap: its code comes after the page's (the server's
// markup, a link to the drawer's #target, works until then; app/components/phone-menu.tsx).
const PhoneMenu = lazyView(() => import("./phone-menu").then((m) => m.PhoneMenu));

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

/** The account links: in the header's row from 768 px on, in the phone menu below. */
function AccountLinks({ signedIn, returnTo }: { signedIn: boolean; returnTo: string }) {
  return (
    <>
      <Link to="/account/dashboard">Account</Link>
      {signedIn ? (
        // A POST: another site cannot sign a customer out with a link (app/routes/logout.tsx).
        <Form method="post" action="/logout">
          <input type="hidden" name="returnTo" value={returnTo} />
          <button type="submit">Log Out</button>
        </Form>
      ) : (
        <Link to="/shelter/login">Log In</Link>
      )}
    </>
  );
}

export function Header({
  site,
  signedIn,
  searchQuery,
  navigation,
}: {
  site: Site;
  signedIn: boolean;
  searchQuery?: string;
  /** The main menu from content; the built-in menu when content has none. */
  navigation?: NavigationContent["items"];
}) {
  const { pathname, search } = useLocation();
  const items = navigation ?? navFor(site).map((item) => ({ text: item.label, url: item.to, groups: [] }));
  // Below 768 px the search field folds behind a button (shell.css); a navigation folds it again.
  const [searchOpenOn, setSearchOpenOn] = useState<string | null>(null);
  const searchOpen = searchOpenOn === pathname;
  useEffect(() => {
    if (searchOpen) document.getElementById("site-search")?.focus();
  }, [searchOpen]);
  // Looks: the named classes of shell.css (every page carries the header).
  return (
    <header className="hdr">
      <a href="#main" className="skip">
        Skip to content
      </a>
      <div className="hdr-bar">
        <Suspense fallback={null}>
          <PhoneMenu.View items={items}>
            <AccountLinks signedIn={signedIn} returnTo={pathname + search} />
          </PhoneMenu.View>
        </Suspense>
        <Link to="/" className={site.isStaff ? "hdr-home staff" : "hdr-home"} aria-label={`${site.title} home`}>
          <Logo />
          <span data-testid="site-title">{site.title}</span>
        </Link>
        {/* Without the script the link shows the search form by its #target (shell.css). */}
        <a
          href={`#${SEARCH_FORM_ID}`}
          className="hdr-icon hdr-find"
          aria-label="Search"
          aria-controls={SEARCH_FORM_ID}
          aria-expanded={searchOpen}
          onClick={(event) => {
            event.preventDefault();
            setSearchOpenOn(searchOpen ? null : pathname);
          }}
        >
          <SearchIcon />
        </a>
        <Form method="get" action="/search" role="search" id={SEARCH_FORM_ID} className={searchOpen ? "hdr-search open" : "hdr-search"}>
          <label htmlFor="site-search" className="sr-only">
            Search products
          </label>
          <SearchCombobox inputId="site-search" defaultValue={searchQuery} placeholder="Search food, brands, flavours" />
          <button type="submit">Search</button>
        </Form>
        <nav aria-label="Account and cart" className="hdr-links">
          <span className="hdr-account">
            <AccountLinks signedIn={signedIn} returnTo={pathname + search} />
          </span>
          <Link to="/cart" data-testid="cart-link">
            <CartIcon />
            <span className="hdr-cart-word">Cart</span>
            <CartCount />
          </Link>
        </nav>
      </div>
      <MainNav items={items} />
    </header>
  );
}

const SEARCH_FORM_ID = "hdr-search";

/**
 * The cart's count, in space kept for it while it is not known yet (a page the cache showed to
 * everyone: use-shopper.ts), so nothing moves when it comes. Its own component: the answer's arrival
 * re-renders only this, never the header around it — an update reaching the phone menu's boundary
 * before it has hydrated would make React draw that boundary again, and the row would jump.
 */
function CartCount() {
  const count = useShopper()?.cartCount;
  return (
    <span className="hdr-count">
      {count === undefined ? null : (
        <>
          <span className="sr-only">, items: </span>
          {count}
        </>
      )}
    </span>
  );
}

/** The phone row's cart: a bag instead of the word, which screen readers still hear. */
function CartIcon() {
  return (
    <svg aria-hidden="true" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinejoin="round">
      <path d="M5 8h14l-1.2 12H6.2z" />
      <path d="M9 8V6a3 3 0 0 1 6 0v2" />
    </svg>
  );
}

function SearchIcon() {
  return (
    <svg aria-hidden="true" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round">
      <circle cx="10.5" cy="10.5" r="6.5" />
      <path d="m15.5 15.5 5 5" />
    </svg>
  );
}
