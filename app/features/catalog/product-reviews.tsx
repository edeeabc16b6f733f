import { useEffect, useState } from "react";
import { onConsentDecision, openConsentPreferences, registerConsentScript } from "../../lib/consent";
import type { RatingSummary } from "../../../rules/reviews/rating-display";

// The product page's reviews (SPEC §4, §8): the server-rendered rating under the title, and the
// section the review widget renders into. The widget is a script of its own (widgets/reviews),
// entered through the consent registry under "functional": it loads only once the shopper allows
// functional cookies, and is taken out again when they decline. Declined, the section shows SPEC §8's
// banner instead and the script is never requested. The staff site has neither (SPEC §6: no ratings).

// The widget's content hash, fixed at build time (widgets/build.ts): the script's URL changes with it.
declare const __REVIEWS_WIDGET_VERSION__: string | undefined;
const WIDGET_VERSION = typeof __REVIEWS_WIDGET_VERSION__ === "string" ? __REVIEWS_WIDGET_VERSION__ : "dev";

export const REVIEWS_SCRIPT_ID = "reviews";

export type ProductReviewsData = {
  productId: string;
  /** REVIEWS_SCRIPT_URL, or null: this shop's own /reviews/widget.js. */
  scriptUrl: string | null;
  rating: RatingSummary | null;
};

// The rating line lives apart: the page renders it at once, and fetches this section's code later.
export { RatingLine } from "./rating-line";

type Consent = "unknown" | "granted" | "declined";

export function ProductReviews({ reviews }: { reviews: ProductReviewsData }) {
  const [consent, setConsent] = useState<Consent>("unknown");
  const src = reviews.scriptUrl ?? `/reviews/widget.js?v=${encodeURIComponent(WIDGET_VERSION)}`;

  useEffect(() => {
    let live = true;
    let stop: (() => void) | undefined;
    onConsentDecision((state) => live && setConsent(state.functional ? "granted" : "declined")).then(
      (unsubscribe) => (live ? (stop = unsubscribe) : unsubscribe()),
      () => {},
    );
    // Registered once per page load: later product pages find the script there and it mounts their
    // section itself. Declined, the registry never adds it; a later decline takes it out again.
    registerConsentScript({ id: REVIEWS_SCRIPT_ID, category: "functional", removeOnDecline: true, options: { src } }).catch(() => {});
    return () => {
      live = false;
      stop?.();
    };
  }, [src]);

  return (
    <section id="reviews" aria-labelledby="reviews-heading" className="mt-10 scroll-mt-24 border-t border-gray-200 pt-8" data-testid="product-reviews">
      <h2 id="reviews-heading" className="text-xl font-bold text-secondary">
        Customer reviews
      </h2>
      {consent === "declined" ? (
        <p className="mt-3 rounded border-l-4 border-warning bg-mist p-3" data-testid="reviews-declined">
          You cannot see product reviews because you have declined functional cookies. Please enable them{" "}
          <button type="button" className="font-semibold text-primary underline" onClick={openConsentPreferences}>
            here
          </button>{" "}
          to access this feature.
        </p>
      ) : (
        // The widget renders here (keyed: another product's page gets a fresh element to mount into).
        <div key={reviews.productId} className="mt-4" data-reviews-product-id={reviews.productId} data-testid="reviews-mount" />
      )}
    </section>
  );
}
