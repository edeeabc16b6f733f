// Pieces of the console's Reviews pages: the rating as stars with its words for screen readers, and
// the review's history from the audit log.

export function Stars({ rating }: { rating: number }) {
  return (
    <>
      <span aria-hidden="true" className="text-secondary">
        {"★".repeat(rating)}
        <span className="text-gray-400">{"★".repeat(5 - rating)}</span>
      </span>
      <span className="sr-only">
        {rating} out of 5 stars
      </span>
    </>
  );
}

export type ReviewHistoryLine = { id: number; at: string; who: string; text: string };

/** The review's audit entries, newest first: when, who, what (with the policy reason of a rejection). */
export function ReviewHistory({ entries }: { entries: ReviewHistoryLine[] }) {
  return (
    <section aria-labelledby="review-history" className="mt-6">
      <h2 id="review-history" className="text-lg font-semibold">
        Changes
      </h2>
      {entries.length ? (
        <ul className="mt-2 space-y-1 text-sm" data-testid="review-history">
          {entries.map((e) => (
            <li key={e.id}>
              {e.at} · {e.who} · {e.text}
            </li>
          ))}
        </ul>
      ) : (
        <p className="mt-2 text-sm">No change recorded yet.</p>
      )}
    </section>
  );
}
