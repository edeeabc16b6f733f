// How a product's rating reads wherever it is shown without the review widget: product cards, the
// line under the product page's title, the page's JSON-LD. Pure and tiny: product cards are in every
// storefront page's first-load JavaScript. The staff site shows no ratings at all (SPEC §6).

/** What a card or a product page carries of a product's reviews: only what it shows. */
export type RatingSummary = { average: number; count: number };

export const reviewCountText = (count: number): string => `${count} ${count === 1 ? "review" : "reviews"}`;

/** The accessible reading of a rating: "Rated 4.3 out of 5, 12 reviews". */
export function ratingText(rating: RatingSummary): string {
  return `Rated ${rating.average.toFixed(1)} out of 5, ${reviewCountText(rating.count)}`;
}

/** Five stars for the eye (★ filled, ☆ empty), the average rounded to the nearest whole star. */
export function starsOf(average: number): string {
  const full = Math.min(5, Math.max(0, Math.round(average)));
  return "★".repeat(full) + "☆".repeat(5 - full);
}

/**
 * A product's rating as a page may show it: null on the staff site (SPEC §6), without reviews, or
 * when the summary could not be read (ratings are never worth failing a page for).
 */
export function shownRating(summary: { count: number; average: number | null } | null | undefined, site: { isStaff: boolean }): RatingSummary | null {
  if (site.isStaff || !summary || summary.count <= 0 || summary.average === null) return null;
  return { average: summary.average, count: summary.count };
}
