import { formatUtcDay } from "../../rules/shared/dates";
import { Link, useLoaderData, useNavigation } from "react-router";
import { CONSOLE_REVIEW_STATES, REVIEW_STATE_LABELS, reviewExcerpt, reviewListHref } from "../../rules/console/review-queue";
import { reviewListQuery } from "../../rules/console/review-action-input";
import { REVIEW_REJECTION_REASONS } from "../../rules/reviews/states-and-sorts";
import { ConsolePage } from "../features/admin/console-frame";
import { ClearLink, FilterForm, ListTotal, Pager } from "../features/admin/list-controls";
import { ConsoleTable, RowLink } from "../features/admin/console-table";
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
  const matching = query.q ? ` of products matching “${query.q}”` : "";
  return (
    <ConsolePage title="Reviews">
      <nav aria-label="Review states" className="mt-4 flex flex-wrap gap-1 border-b border-gray-400">
        {CONSOLE_REVIEW_STATES.map((s) => (
          <Link
            key={s}
            to={reviewListHref(query, { state: s, page: 1 })}
            className={tab(query.state === s)}
            aria-current={query.state === s ? "page" : undefined}
            data-testid={`reviews-tab-${s}`}
          >
            {REVIEW_STATE_LABELS[s]} ({counts[s]})
          </Link>
        ))}
      </nav>
      <FilterForm label="Reviews" button="Search" after={query.q ? <ClearLink to={reviewListHref(query, { q: "", page: 1 })} /> : null}>
        {query.state !== "new" ? <input type="hidden" name="state" value={query.state} /> : null}
        <label className="text-sm font-semibold">
          Product
          <input
            name="q"
            defaultValue={query.q}
            placeholder="Title, handle or SKU"
            className="mt-1 block min-h-10 w-64 rounded border border-gray-400 bg-white px-2 font-normal"
          />
        </label>
      </FilterForm>
      <ListTotal total={total} one={`${state} review${matching}`} many={`${state} reviews${matching}`} loading={loading} testId="reviews-total" />
      <ConsoleTable
        caption={`${REVIEW_STATE_LABELS[query.state]} reviews, ${query.state === "new" ? "oldest" : "newest"} first`}
        bodyTestId="reviews-rows"
        rowClassName="align-top"
        rows={rows}
        columns={[
          { label: "Product", cell: (r) => r.productTitle },
          { label: "Rating", cell: (r) => <Stars rating={r.rating} />, cellClassName: "whitespace-nowrap" },
          {
            label: "Review",
            cellClassName: "max-w-md",
            cell: (r) => (
              <>
                <RowLink to={`/admin/reviews/${r.id}`}>{r.title}</RowLink>
                <span className="block text-gray-700">{r.excerpt}</span>
                {r.responded ? <span className="block text-xs">Answered</span> : null}
              </>
            ),
          },
          { label: "Nickname", cell: (r) => r.nickname },
          { label: "Verified", cell: (r) => (r.verified ? "Verified purchase" : "No order") },
          { label: "Written", cell: (r) => r.date, cellClassName: "whitespace-nowrap" },
          query.state === "rejected" && { label: "Reason", cell: (r) => r.reason ?? "—" },
        ]}
      />
      {rows.length === 0 ? <p className="mt-4">{query.q ? "No review of a matching product." : `No ${state} review.`}</p> : null}
      <Pager page={Math.min(query.page, pages)} pages={pages} href={(p) => reviewListHref(query, { page: p })} />
    </ConsolePage>
  );
}
