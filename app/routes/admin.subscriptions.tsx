import { formatUtcDateTime } from "../../rules/dates";
import { Form, Link, useLoaderData, useNavigation } from "react-router";
import { formatUsd } from "../../rules/money";
import { HOLD_FILTERS, holdLabel, subscriptionListHref, type SubscriptionListQuery, type SubscriptionSort } from "../../rules/console-subscriptions";
import { subscriptionListQuery } from "../../rules/console-subscription-input";
import { ConsolePage } from "../features/admin/console-frame";
import { requireOperator } from "../features/admin/operator.server";
import type { Route } from "./+types/admin.subscriptions";
import { FilterSelect, Pager, SITE_OPTIONS } from "../features/admin/list-controls";
import { SortableTh } from "../features/admin/sort-header";

export const meta = () => [{ title: "Subscriptions · Console" }];

// Every customer's Autoship subscriptions: searched (e-mail, SKU or product, contract or id),
// filtered (status, hold reason, site, next order dates), sorted and paged on the server, one query
// per page. "Renewal failures" lists the held or failed ones with the reason and the next retry.

const PAGE_SIZE = 25;

export async function loader({ context, request }: Route.LoaderArgs) {
  await requireOperator(context, request, "subscriptions.manage");
  const query = subscriptionListQuery(new URL(request.url).searchParams);
  const { rows, total } = await context.services.autoship.consoleList({ ...query, pageSize: PAGE_SIZE });
  return { query, rows, total, pages: Math.max(1, Math.ceil(total / PAGE_SIZE)) };
}

const STATUS_LABELS = { active: "Active", paused: "Paused", cancelled: "Cancelled" } as const;

/** A column header that sorts by it (ascending first, the other way when already sorted by it). */
function SortHeader({ query, column, children, className = "" }: { query: SubscriptionListQuery; column: SubscriptionSort; children: string; className?: string }) {
  const active = query.sort === column;
  const href = subscriptionListHref(query, { sort: column, dir: active && query.dir === "asc" ? "desc" : "asc", page: 1 });
  return <SortableTh label={children} active={active} dir={query.dir} href={href} className={className} />;
}

export default function AdminSubscriptions() {
  const { query, rows, total, pages } = useLoaderData<typeof loader>();
  const loading = useNavigation().state === "loading";
  const field = "mt-1 block min-h-10 rounded border border-gray-400 bg-white px-2 font-normal";
  const tab = (on: boolean) => `rounded-t border border-b-0 px-4 py-2 ${on ? "border-gray-400 bg-white font-semibold" : "border-transparent text-primary underline"}`;
  return (
    <ConsolePage title={query.failures ? "Subscriptions · Renewal failures" : "Subscriptions"}>
      <nav aria-label="Subscription views" className="mt-4 flex gap-1 border-b border-gray-400">
        <Link to={subscriptionListHref(query, { failures: false, hold: null, page: 1 })} className={tab(!query.failures)} aria-current={!query.failures ? "page" : undefined}>
          All subscriptions
        </Link>
        <Link to={subscriptionListHref(query, { failures: true, page: 1 })} className={tab(query.failures)} aria-current={query.failures ? "page" : undefined}>
          Renewal failures
        </Link>
      </nav>
      <Form method="get" className="mt-4 flex flex-wrap items-end gap-3" role="search" aria-label="Subscriptions">
        {query.failures ? <input type="hidden" name="view" value="failures" /> : null}
        {query.sort !== "next" ? <input type="hidden" name="sort" value={query.sort} /> : null}
        {query.dir !== "asc" ? <input type="hidden" name="dir" value={query.dir} /> : null}
        <label className="text-sm font-semibold">
          Search
          <input name="q" defaultValue={query.q} placeholder="E-mail, SKU, product, AS-… or id" className={`${field} w-64`} />
        </label>
        <label className="text-sm font-semibold">
          Status
          <select name="status" defaultValue={query.status ?? ""} className={field}>
            <option value="">Any</option>
            {Object.entries(STATUS_LABELS).map(([v, l]) => (
              <option key={v} value={v}>
                {l}
              </option>
            ))}
          </select>
        </label>
        <label className="text-sm font-semibold">
          Held because
          <select name="hold" defaultValue={query.hold ?? ""} className={field}>
            <option value="">Any</option>
            {HOLD_FILTERS.map((h) => (
              <option key={h.value} value={h.value}>
                {h.label}
              </option>
            ))}
          </select>
        </label>
        <FilterSelect label="Site" name="site" value={query.site} options={SITE_OPTIONS} />
        <label className="text-sm font-semibold">
          Next order from
          <input type="date" name="from" defaultValue={query.from ?? ""} className={field} />
        </label>
        <label className="text-sm font-semibold">
          to
          <input type="date" name="to" defaultValue={query.to ?? ""} className={field} />
        </label>
        <button type="submit" className="min-h-10 rounded bg-primary px-4 font-semibold text-white">
          Filter
        </button>
        <Link to={query.failures ? "/admin/subscriptions?view=failures" : "/admin/subscriptions"} className="min-h-10 py-2 text-sm text-primary underline">
          Clear
        </Link>
      </Form>
      <p className="mt-4 text-sm" data-testid="subscriptions-total" aria-live="polite">
        {loading ? "Loading…" : `${total} subscription${total === 1 ? "" : "s"}`}
      </p>
      <div className="overflow-x-auto">
        <table className="mt-2 w-full border-collapse bg-white text-left text-sm">
          <caption className="sr-only">Subscriptions, sorted by {query.sort} ({query.dir === "asc" ? "ascending" : "descending"})</caption>
          <thead>
            <tr className="border-b border-gray-300">
              <SortHeader query={query} column="contract">
                Contract
              </SortHeader>
              <SortHeader query={query} column="customer">
                Customer
              </SortHeader>
              <th scope="col" className="p-2">
                Item
              </th>
              <th scope="col" className="p-2">
                Every
              </th>
              <SortHeader query={query} column="next">
                Next order
              </SortHeader>
              <SortHeader query={query} column="status">
                Status
              </SortHeader>
              {query.failures ? (
                <>
                  <th scope="col" className="p-2">
                    Reason
                  </th>
                  <th scope="col" className="p-2">
                    Next retry
                  </th>
                </>
              ) : (
                <SortHeader query={query} column="created">
                  Started
                </SortHeader>
              )}
              <th scope="col" className="p-2 text-right">
                Price
              </th>
            </tr>
          </thead>
          <tbody data-testid="subscriptions-rows">
            {rows.map((s) => (
              <tr key={s.id} className="border-b border-gray-200 align-top">
                <td className="p-2">
                  <Link to={`/admin/subscriptions/${s.id}`} className="font-semibold text-primary underline">
                    {s.contractId}
                  </Link>
                  {s.site === "hpsf" ? <span className="ml-1 text-xs">(staff)</span> : null}
                </td>
                <td className="p-2">{s.email}</td>
                <td className="p-2">
                  {s.productTitle}
                  <span className="block text-xs text-gray-700">
                    {s.variantTitle} · {s.sku} · × {s.quantity}
                  </span>
                </td>
                <td className="p-2">{s.frequencyLabel.replace(/^Every /, "")}</td>
                <td className="p-2">{s.nextOrderDate}</td>
                <td className="p-2">
                  {STATUS_LABELS[s.status]}
                  {s.hold ? <span className="block text-xs font-semibold text-error">Held: {holdLabel(s.hold)}</span> : null}
                </td>
                {query.failures ? (
                  <>
                    <td className="p-2">{s.failure?.message ?? holdLabel(s.hold) ?? "—"}</td>
                    <td className="p-2">{s.retryAt ? formatUtcDateTime(s.retryAt) : s.status === "paused" ? "None (paused)" : "—"}</td>
                  </>
                ) : (
                  <td className="p-2">{s.createdAt.slice(0, 10)}</td>
                )}
                <td className="p-2 text-right">{formatUsd(s.totalCents)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {rows.length === 0 ? <p className="mt-4">No subscription matches.</p> : null}
      <Pager page={query.page} pages={pages} href={(p) => subscriptionListHref(query, { page: p })} />
    </ConsolePage>
  );
}
