import { formatUtcDateTime } from "../../rules/shared/dates";
import { Link, useLoaderData, useNavigation } from "react-router";
import { formatUsd } from "../../rules/shared/money";
import { HOLD_FILTERS, holdLabel, subscriptionListHref, type SubscriptionSort } from "../../rules/console/subscription-actions";
import { subscriptionListQuery } from "../../rules/console/subscription-action-input";
import { ConsolePage } from "../features/admin/console-frame";
import { requireOperator } from "../features/admin/operator.server";
import { pagedList } from "../features/admin/paged-list";
import type { Route } from "./+types/admin.subscriptions";
import { ClearLink, FilterForm, FilterSelect, ListTotal, Pager, SITE_OPTIONS } from "../features/admin/list-controls";
import { ConsoleTable, RowLink } from "../features/admin/console-table";
import { queryColumns } from "../features/admin/sort-header";
import { Options } from "../features/admin/options";

export const meta = () => [{ title: "Subscriptions · Console" }];

// Every customer's Autoship subscriptions: searched (e-mail, SKU or product, contract or id),
// filtered (status, hold reason, site, next order dates), sorted and paged on the server, one query
// per page. "Renewal failures" lists the held or failed ones with the reason and the next retry.

export async function loader({ context, request }: Route.LoaderArgs) {
  await requireOperator(context, request, "subscriptions.manage");
  const list = await pagedList(subscriptionListQuery(new URL(request.url).searchParams), (query) => context.services.autoship.consoleList(query));
  // Formatted here, not in the page: the page then loads no date formatter.
  return { ...list, rows: list.rows.map((r) => ({ ...r, retryAt: r.retryAt ? formatUtcDateTime(r.retryAt) : null })) };
}

const STATUS_LABELS = { active: "Active", paused: "Paused", cancelled: "Cancelled" } as const;

export default function AdminSubscriptions() {
  const { query, rows, total, pages } = useLoaderData<typeof loader>();
  const loading = useNavigation().state === "loading";
  const sortable = queryColumns<SubscriptionSort, (typeof rows)[number]>(query, (next) => subscriptionListHref(query, { ...next, page: 1 }));
  const field = "mt-1 block min-h-10 rounded border border-gray-400 bg-white px-2 font-normal";
  const tab = (on: boolean) =>
    `rounded-t border border-b-0 px-4 py-2 ${on ? "border-gray-400 bg-white font-semibold" : "border-transparent text-primary underline"}`;
  return (
    <ConsolePage title={query.failures ? "Subscriptions · Renewal failures" : "Subscriptions"}>
      <nav aria-label="Subscription views" className="mt-4 flex gap-1 border-b border-gray-400">
        <Link
          to={subscriptionListHref(query, { failures: false, hold: null, page: 1 })}
          className={tab(!query.failures)}
          aria-current={!query.failures ? "page" : undefined}
        >
          All subscriptions
        </Link>
        <Link to={subscriptionListHref(query, { failures: true, page: 1 })} className={tab(query.failures)} aria-current={query.failures ? "page" : undefined}>
          Renewal failures
        </Link>
        <Link to="/admin/subscriptions/save-offers" className={tab(false)}>
          Save offers
        </Link>
      </nav>
      <FilterForm label="Subscriptions" after={<ClearLink to={query.failures ? "/admin/subscriptions?view=failures" : "/admin/subscriptions"} />}>
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
            <Options options={Object.entries(STATUS_LABELS).map(([v, l]) => ({ value: v, label: l }))} />
          </select>
        </label>
        <label className="text-sm font-semibold">
          Held because
          <select name="hold" defaultValue={query.hold ?? ""} className={field}>
            <option value="">Any</option>
            <Options options={HOLD_FILTERS} />
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
      </FilterForm>
      <ListTotal total={total} one="subscription" many="subscriptions" loading={loading} testId="subscriptions-total" />
      <ConsoleTable
        caption={`Subscriptions, sorted by ${query.sort} (${query.dir === "asc" ? "ascending" : "descending"})`}
        bodyTestId="subscriptions-rows"
        rowClassName="align-top"
        rows={rows}
        columns={[
          sortable("Contract", "contract", (s) => (
            <>
              <RowLink to={`/admin/subscriptions/${s.id}`}>{s.contractId}</RowLink>
              {s.site === "hpsf" ? <span className="ml-1 text-xs">(staff)</span> : null}
            </>
          )),
          sortable("Customer", "customer", (s) => s.email),
          {
            label: "Item",
            cell: (s) => (
              <>
                {s.productTitle}
                <span className="block text-xs text-gray-700">
                  {s.variantTitle} · {s.sku} · × {s.quantity}
                </span>
              </>
            ),
          },
          { label: "Every", cell: (s) => s.frequencyLabel.replace(/^Every /, "") },
          sortable("Next order", "next", (s) => s.nextOrderDate),
          sortable("Status", "status", (s) => (
            <>
              {STATUS_LABELS[s.status]}
              {s.hold ? <span className="block text-xs font-semibold text-error">Held: {holdLabel(s.hold)}</span> : null}
            </>
          )),
          query.failures && { label: "Reason", cell: (s) => s.failure?.message ?? holdLabel(s.hold) ?? "—" },
          query.failures && { label: "Next retry", cell: (s) => s.retryAt ?? (s.status === "paused" ? "None (paused)" : "—") },
          !query.failures && sortable("Started", "created", (s) => s.createdAt.slice(0, 10)),
          { label: "Price", cell: (s) => formatUsd(s.totalCents), className: "text-right" },
        ]}
      />
      {rows.length === 0 ? <p className="mt-4">No subscription matches.</p> : null}
      <Pager page={query.page} pages={pages} href={(p) => subscriptionListHref(query, { page: p })} />
    </ConsolePage>
  );
}
