import { useSyncExternalStore } from "react";
import { Link, useLocation } from "react-router";
import { EMAIL_MARKETING_PARAMS } from "../../rules/marketing/url-params";
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

/**
 * The marketing list's sign-up: a plain form post (it works before and without JavaScript; the
 * answer shows on /email/signup). The e-mail-marketing parameters of the page's URL (SPEC §4) go
 * with it. On the staff site it is the program's news, for signed-in members (the gate keeps the
 * sign-up to registered ones).
 */
function EmailSignUp({ site }: { site: Site }) {
  const params = new URLSearchParams(useLocation().search);
  return (
    <form method="post" action="/email/signup" className="ftr-signup" aria-labelledby="ftr-signup-title" data-testid="footer-signup">
      <h2 id="ftr-signup-title">{site.isStaff ? "Program news" : "Email sign-up"}</h2>
      <p>{site.isStaff ? "News of the staff feeding program, for its members." : "Offers, new products and tips."} We mail you a link to confirm.</p>
      <label htmlFor="ftr-signup-email">Email address</label>
      <div>
        <input id="ftr-signup-email" name="email" type="email" autoComplete="email" required maxLength={254} />
        <button type="submit">Sign up</button>
      </div>
      {EMAIL_MARKETING_PARAMS.map((name) => {
        const value = params.get(name);
        return value ? <input key={name} type="hidden" name={name} value={value.slice(0, 500)} /> : null;
      })}
    </form>
  );
}

/** The footer from content (footer "main"); the built-in columns when content has none. */
export function Footer({ site, content, signUp }: { site: Site; content?: FooterContent; signUp: boolean }) {
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
        {signUp && <EmailSignUp site={site} />}
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
