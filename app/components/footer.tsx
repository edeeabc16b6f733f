import { useSyncExternalStore } from "react";
import { Link } from "react-router";
import type { Site } from "../../rules/shared/site";
import { ContentLinkList, RichText } from "../features/content/content-parts";
import type { FooterContent } from "../features/content/content-types";
import { openConsentPreferences } from "../lib/consent";

// The built-in columns: heading → link text → path.
const COLUMNS: Record<string, Record<string, string>> = {
  Shop: { "Shop All Pet Food": "/products", "Dog Food": "/products/dog/species", "Cat Food": "/products/cat/species", Autoship: "/autoship" },
  Help: { "Contact Us": "/contact-us", FAQ: "/faq", Shipping: "/shipping", Sitemap: "/sitemap" },
  Account: { "My Account": "/account/dashboard", "My Orders": "/account/orders", "Log In": "/shelter/login", "Create Account": "/shelter/register" },
};

const noSubscription = () => () => {};
const isClient = () => true;
const isServer = () => false;

/** The footer from content (footer "main"); the built-in columns when content has none. */
export function Footer({ site, content }: { site: Site; content?: FooterContent }) {
  // True once hydrated (as app/lib/use-hydrated, which imported here would become a chunk of its own).
  const hydrated = useSyncExternalStore(noSubscription, isClient, isServer);
  const columns = content
    ? content.columns
    : Object.entries(COLUMNS).map(([heading, links]) => ({
        heading,
        links: Object.entries(links)
          .filter(([, url]) => !(site.isStaff && url === "/autoship"))
          .map(([text, url]) => ({ text, url, external: false })),
      }));
  // Looks: the named classes of shell.css (every page carries the footer).
  return (
    <footer className="ftr">
      <div className="ftr-cols">
        {columns.map((col) => (
          <nav key={col.heading} aria-label={col.heading}>
            <h2>{col.heading}</h2>
            <ContentLinkList links={col.links} />
          </nav>
        ))}
      </div>
      {content?.legalHtml && (
        <div className="ftr-legal">
          <RichText html={content.legalHtml} />
        </div>
      )}
      <div className="ftr-base">
        <p>
          {`© 2026 ${site.title} · `}
          <Link to="/terms-and-conditions">Terms &amp; Conditions</Link>
          {/* It needs the privacy manager, which loads after hydration: not in the server's HTML. */}
          {hydrated && (
            <>
              {" · "}
              <button type="button" onClick={openConsentPreferences}>
                Cookie preferences
              </button>
            </>
          )}
        </p>
      </div>
    </footer>
  );
}
