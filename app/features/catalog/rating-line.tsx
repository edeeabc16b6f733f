import { ratingText, reviewCountText, starsOf, type RatingSummary } from "../../../rules/reviews/rating-display";

/** The average and count beside the title, linking to the reviews; nothing without reviews. */
export function RatingLine({ rating }: { rating: RatingSummary | null }) {
  if (!rating) return null;
  return (
    <a href="#reviews" className="mt-1 inline-block text-sm text-secondary hover:underline" data-testid="product-rating">
      <span aria-hidden="true">{`${starsOf(rating.average)} ${rating.average.toFixed(1)} (${reviewCountText(rating.count)})`}</span>
      <span className="sr-only">{ratingText(rating)}</span>
    </a>
  );
}
