import type { AppLoadContext } from "react-router";
import { shownRating, type RatingSummary } from "../../rules/reviews/rating-display";

// Product cards' ratings (listing, category, search, carousels): the average and count of every
// product on the page in one query. The shop only (SPEC §6: the staff site shows no ratings); a
// failed read shows cards without ratings rather than failing the page.

export async function cardRatings(context: AppLoadContext, productIds: readonly string[]): Promise<Map<string, RatingSummary>> {
  const ratings = new Map<string, RatingSummary>();
  if (context.site.isStaff || productIds.length === 0) return ratings;
  try {
    const summaries = await context.services.reviews.summaries([...new Set(productIds.map(Number))]);
    for (const [id, summary] of summaries) {
      const rating = shownRating(summary, context.site);
      if (rating) ratings.set(String(id), rating);
    }
  } catch (err) {
    context.log.error({ err }, "card ratings failed");
  }
  return ratings;
}

/** The card with its rating when it has one (no key otherwise: loader data stays small). */
export function withRating<C extends object>(card: C, rating: RatingSummary | undefined): C & { rating?: RatingSummary } {
  return rating ? { ...card, rating } : card;
}
