// Pieces of the console's Reviews pages: the rating as stars with its words for screen readers, and
// the review's history from the audit log.

export function Stars({ rating }: { rating: number }) {
  return (
    <>
      <span aria-hidden="true" className="text-secondary">
        {"★".repeat(rating)}
        <span className="text-gray-400">{"★".repeat(5 - rating)}</span>
      </span>
      <span className="sr-only">{rating} out of 5 stars</span>
    </>
  );
}
