// The banner of a first visit (or of a new policy revision). The server renders it into the page when
// the request carries no decision that counts (root loader, rules/consent/categories-and-cookie.ts consentDecidedIn), so it
// paints with the page instead of after the privacy manager's script: on a phone it is often the
// largest thing on the first screen. Its buttons are a plain form (POST /consent, app/routes/consent.server.ts)
// that records the choice and comes back to the same page, so a press before the script has loaded
// (or without it) counts; once the page has hydrated the privacy manager (privacy-manager.tsx) makes
// the choice in the page instead. Fixed to the bottom of the window (consent.css); while it is open the
// page keeps room for it at its bottom, so it never covers the focused element (WCAG 2.4.11).

import { useEffect, useRef } from "react";

export type BannerChoice = "accept" | "reject" | "preferences";

/** The buttons' looks (consent.css), shared with the preferences dialog. */
export const primaryButton = "cbtn cbtn-1";
export const secondaryButton = "cbtn cbtn-2";

/** `returnTo`: the page's path and query, where the form comes back to. */
export function ConsentBanner({ onChoose, returnTo }: { onChoose: (choice: BannerChoice) => void; returnTo: string }) {
  const banner = useRef<HTMLElement>(null);
  useEffect(() => keepRoomFor(banner.current), []);
  // After hydration the privacy manager answers: the form is not sent.
  const choose = (choice: BannerChoice) => (event: React.MouseEvent) => {
    event.preventDefault();
    onChoose(choice);
  };
  return (
    <section ref={banner} aria-label="Cookie consent" className="cbar" data-testid="consent-banner">
      <div>
        <p>
          We use required cookies to run the shop. With your permission we also use functional cookies (such as product reviews) and advertising and analytics
          cookies.
        </p>
        <form method="post" action="/consent">
          <input type="hidden" name="returnTo" value={returnTo} />
          <button type="submit" name="choice" value="accept" className={primaryButton} onClick={choose("accept")}>
            Accept all
          </button>
          <button type="submit" name="choice" value="reject" className={secondaryButton} onClick={choose("reject")}>
            Reject all
          </button>
          {/* The dialog is the privacy manager's: without the script there is none to open. */}
          <button type="button" className={secondaryButton} onClick={choose("preferences")}>
            Preferences
          </button>
        </form>
      </div>
    </section>
  );
}

/**
 * The room the page keeps at its bottom (consent.css: padding and scroll padding) is the banner's
 * height, measured here once it can be; until then consent.css's estimate holds.
 */
function keepRoomFor(el: HTMLElement | null): (() => void) | undefined {
  if (!el || typeof ResizeObserver === "undefined") return;
  const root = document.documentElement.style;
  const observer = new ResizeObserver(() => root.setProperty("--cbar-h", `${el.offsetHeight}px`));
  observer.observe(el);
  return () => {
    observer.disconnect();
    root.removeProperty("--cbar-h");
  };
}
