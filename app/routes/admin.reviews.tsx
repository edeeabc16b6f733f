import { formatUtcDay } from "../../rules/dates";
import { Form, Link, useLoaderData, useNavigation } from "react-router";
import { CONSOLE_REVIEW_STATES, REVIEW_STATE_LABELS, reviewExcerpt, reviewListHref } from "../../rules/console-reviews";
import { reviewListQuery } from "../../rules/console-review-input";
import { REVIEW_REJECTION_REASONS } from "../../rules/reviews";
import { ConsolePage } from "../features/admin/console-frame";
import { Pager } from "../features/admin/list-controls";
import { requireOperator } from "../features/admin/operator.server";
import { Stars } from "../features/admin/review-parts";
import type { Route } from "./+types/admin.reviews";

export const meta = () => [{ title: "Reviews · Console" }];

// Product reviews by state — waiting ones first, oldest first, so none waits long — with the count
// of each state in its tab, a search by product (title, handle or SKU) and paging. Each review opens
// its page, where it is approved, rejected with a policy reason, or answered.


export async function loader({ context, request }: Route.LoaderArgs) {
  await requireOperator(context, request, "reviews.moderate");
  const query = reviewListQuery(new URL(request.url).searchParams);
  const [counts, page] = await Promise.all([context.services.consoleReviews.counts(), context.services.consoleReviews.list(query)]);
  const reasons: Record<string, string> = REVIEW_REJECTION_REASONS;
  return {
    query,
    counts,
    total: page.total,
    pages: Math.max(1, Math.ceil(page.total / page.pageSize)),
    rows: page.rows.map((r) => ({
      id: r.id,
      productId: r.productId,
      productTitle: r.productTitle,
      rating: r.rating,
      title: r.title,
      excerpt: reviewExcerpt(r.body),
      nickname: r.nickname,
      verified: r.verified,
      date: formatUtcDay(r.createdAt),
      reason: r.rejectionReason ? (reasons[r.rejectionReason] ?? r.rejectionReason) : null,
      responded: r.response !== null,
    })),
  };
}

export default function AdminReviews() {
  const { query, counts, total, pages, rows } = useLoaderData<typeof loader>();
  const loading = useNavigation().state === "loading";
  const tab = (on: boolean) =>
    `rounded-t border border-b-0 px-4 py-2 focus-visible:outline focus-visible:outline-2 focus-visible:outline-primary ${on ? "border-gray-400 bg-white font-semibold" : "border-transparent text-primary underline"}`;
  const state = REVIEW_STATE_LABELS[query.state].toLowerCase();
  return (
    <ConsolePage title="Reviews">
      <nav aria-label="Review states" className="mt-4 flex flex-wrap gap-1 border-b border-gray-400">
        {CONSOLE_REVIEW_STATES.map((s) => (
          <Link key={s} to={reviewListHref(query, { state: s, page: 1 })} className={tab(query.state === s)} aria-current={query.state === s ? "page" : undefined} data-testid={`reviews-tab-${s}`}>
            {REVIEW_STATE_LABELS[s]} ({counts[s]})
          </Link>
        ))}
      </nav>
      <Form method="get" className="mt-4 flex flex-wrap items-end gap-3" role="search" aria-label="Reviews">
        {query.state !== "new" ? <input type="hidden" name="state" value={query.state} /> : null}
        <label className="text-sm font-semibold">
          Product
          <input name="q" defaultValue={query.q} placeholder="Title, handle or SKU" className="mt-1 block min-h-10 w-64 rounded border border-gray-400 bg-white px-2 font-normal" />
        </label>
        <button type="submit" className="min-h-10 rounded bg-primary px-4 font-semibold text-white focus-visible:outline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary">
          Search
        </button>
        {query.q ? (
          <Link to={reviewListHref(query, { q: "", page: 1 })} className="min-h-10 py-2 text-sm text-primary underline">
            Clear
          </Link>
        ) : null}
      </Form>
      <p className="mt-4 text-sm" data-testid="reviews-total" aria-live="polite">
        {loading ? "Loading…" : `${total} ${state} review${total === 1 ? "" : "s"}${query.q ? ` of products matching “${query.q}”` : ""}`}
      </p>
      <div className="overflow-x-auto">
        <table className="mt-2 w-full border-collapse bg-white text-left text-sm">
          <caption className="sr-only">{REVIEW_STATE_LABELS[query.state]} reviews, {query.state === "new" ? "oldest" : "newest"} first</caption>
          <thead>
            <tr className="border-b border-gray-300">
              <th scope="col" className="p-2">
                Product
              </th>
              <th scope="col" className="p-2">
                Rating
              </th>
              <th scope="col" className="p-2">
                Review
              </th>
              <th scope="col" className="p-2">
                Nickname
              </th>
              <th scope="col" className="p-2">
                Verified
              </th>
              <th scope="col" className="p-2">
                Written
              </th>
              {query.state === "rejected" ? (
                <th scope="col" className="p-2">
                  Reason
                </th>
              ) : null}
            </tr>
          </thead>
          <tbody data-testid="reviews-rows">
            {rows.map((r) => (
              <tr key={r.id} className="border-b border-gray-200 align-top">
                <td className="p-2">{r.productTitle}</td>
                <td className="whitespace-nowrap p-2">
                  <Stars rating={r.rating} />
                </td>
                <td className="max-w-md p-2">
                  <Link to={`/admin/reviews/${r.id}`} className="font-semibold text-primary underline">
                    {r.title}
                  </Link>
                  <span className="block text-gray-700">{r.excerpt}</span>
                  {r.responded ? <span className="block text-xs">Answered</span> : null}
                </td>
                <td className="p-2">{r.nickname}</td>
                <td className="p-2">{r.verified ? "Verified purchase" : "No order"}</td>
                <td className="whitespace-nowrap p-2">{r.date}</td>
                {query.state === "rejected" ? <td className="p-2">{r.reason ?? "—"}</td> : null}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {rows.length === 0 ? <p className="mt-4">{query.q ? "No review of a matching product." : `No ${state} review.`}</p> : null}
      <Pager page={Math.min(query.page, pages)} pages={pages} href={(p) => reviewListHref(query, { page: p })} />
    </ConsolePage>
  );
}
