import { useSyncExternalStore } from "react";
import { Link } from "react-router";
import type { Site } from "../../rules/shared/site";
import { ContentAnchor, RichText } from "../features/content/content-parts";
import type { FooterContent } from "../features/content/content-types";
import { openConsentPreferences } from "../lib/consent";

const COLUMNS: { heading: string; links: { label: string; to: string }[] }[] = [
  {
    heading: "Shop",
    links: [
      { label: "Shop All Pet Food", to: "/products" },
      { label: "Dog Food", to: "/products/dog/species" },
      { label: "Cat Food", to: "/products/cat/species" },
      { label: "Autoship", to: "/autoship" },
    ],
  },
  {
    heading: "Help",
    links: [
      { label: "Contact Us", to: "/contact-us" },
      { label: "FAQ", to: "/faq" },
      { label: "Shipping", to: "/shipping" },
      { label: "Sitemap", to: "/sitemap" },
    ],
  },
  {
    heading: "Account",
    links: [
      { label: "My Account", to: "/account/dashboard" },
      { label: "My Orders", to: "/account/orders" },
      { label: "Log In", to: "/shelter/login" },
      { label: "Create Account", to: "/shelter/register" },
    ],
  },
];

const noSubscription = () => () => {};
const isClient = () => true;
const isServer = () => false;

/** The footer from content (footer "main"); the built-in columns when content has none. */
export function Footer({ site, content }: { site: Site; content?: FooterContent }) {
  // True once hydrated (as app/lib/use-hydrated, which imported here would become a chunk of its own).
  const hydrated = useSyncExternalStore(noSubscription, isClient, isServer);
  const builtIn = site.isStaff ? COLUMNS.map((c) => ({ ...c, links: c.links.filter((l) => l.to !== "/autoship") })) : COLUMNS;
  const columns = content
    ? content.columns.map((c) => ({ heading: c.heading, links: c.links }))
    : builtIn.map((c) => ({ heading: c.heading, links: c.links.map((l) => ({ text: l.label, url: l.to, external: false })) }));
  // Looks: the named classes of shell.css (every page carries the footer).
  return (
    <footer className="ftr">
      <div className="ftr-cols">
        {columns.map((col) => (
          <nav key={col.heading} aria-label={col.heading}>
            <h2>{col.heading}</h2>
            <ul>
              {col.links.map((l) => (
                <li key={l.url}>
                  <ContentAnchor link={l} />
                </li>
              ))}
            </ul>
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
