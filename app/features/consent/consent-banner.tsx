// The banner of a first visit (or of a new policy revision). The server renders it into the page when
// the request carries no decision that counts (root loader, rules/consent/categories-and-cookie.ts consentDecidedIn), so it
// paints with the page instead of after the privacy manager's script: on a phone it is often the
// largest thing on the first screen. Its buttons act once the page has hydrated; the choice itself is
// made by the privacy manager (privacy-manager.tsx), loaded after hydration. Fixed to the bottom of
// the window (consent.css), so nothing on the page moves.

export type BannerChoice = "accept" | "reject" | "preferences";

/** The buttons' looks (consent.css), shared with the preferences dialog. */
export const primaryButton = "cbtn cbtn-1";
export const secondaryButton = "cbtn cbtn-2";

export function ConsentBanner({ onChoose }: { onChoose: (choice: BannerChoice) => void }) {
  return (
    <section aria-label="Cookie consent" className="cbar" data-testid="consent-banner">
      <div>
        <p>
          We use required cookies to run the shop. With your permission we also use functional cookies (such as product reviews) and advertising and analytics
          cookies.
        </p>
        <div>
          <button type="button" className={primaryButton} onClick={() => onChoose("accept")}>
            Accept all
          </button>
          <button type="button" className={secondaryButton} onClick={() => onChoose("reject")}>
            Reject all
          </button>
          <button type="button" className={secondaryButton} onClick={() => onChoose("preferences")}>
            Preferences
          </button>
        </div>
      </div>
    </section>
  );
}
