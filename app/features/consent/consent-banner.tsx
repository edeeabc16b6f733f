// The banner of a first visit (or of a new policy revision). The server renders it into the page when
// the request carries no decision that counts (root loader, rules/consent.ts consentDecidedIn), so it
// paints with the page instead of after the privacy manager's script: on a phone it is often the
// largest thing on the first screen. Its buttons act once the page has hydrated; the choice itself is
// made by the privacy manager (privacy-manager.tsx), loaded after hydration. Fixed to the bottom of
// the window, so nothing on the page moves.

export type BannerChoice = "accept" | "reject" | "preferences";

const buttonBase = "inline-flex min-h-11 items-center justify-center rounded px-4 py-2 font-bold";
export const primaryButton = `${buttonBase} bg-primary text-white hover:bg-secondary`;
export const secondaryButton = `${buttonBase} border border-primary bg-white text-primary hover:bg-mist`;

export function ConsentBanner({ onChoose }: { onChoose: (choice: BannerChoice) => void }) {
  return (
    <section
      aria-label="Cookie consent"
      className="fixed inset-x-0 bottom-0 border-t border-gray-300 bg-white p-4 text-ink shadow-[0_-4px_16px_rgba(0,0,0,0.12)]"
      style={{ zIndex: 2000 }}
      data-testid="consent-banner"
    >
      <div className="mx-auto flex max-w-7xl flex-col gap-3 md:flex-row md:items-center md:justify-between">
        <div className="text-sm">
          <p>
            We use required cookies to run the shop. With your permission we also use functional cookies (such as product
            reviews) and advertising and analytics cookies.
          </p>
        </div>
        <div className="flex shrink-0 flex-wrap gap-2">
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
