import { formatUtcDateTime } from "../../rules/dates";
import { Form, Link, useLoaderData } from "react-router";
import { formatUsd } from "../../rules/money";
import { ConsolePage } from "../features/admin/console-frame";
import { requireOperator } from "../features/admin/operator.server";
import { orderListFilters } from "../features/admin/order-list.server";
import { DEFAULT_ORDER_SORT, ORDER_STATUSES, type OrderSort } from "../features/admin/order-filters";
import { SortHeader, sortValue } from "../features/admin/sort-header";
import type { Route } from "./+types/admin.orders";
import { FilterSelect, Pager, SITE_OPTIONS, SearchBox } from "../features/admin/list-controls";

export const meta = () => [{ title: "Orders · Console" }];

// Orders: searched (number, e-mail, SKU), filtered (status, site, Autoship), sorted and paged on the server.

const PAGE_SIZE = 25;

export async function loader({ context, request }: Route.LoaderArgs) {
  await requireOperator(context, request, "orders.view");
  const f = orderListFilters(new URL(request.url).searchParams);
  const { rows, total } = await context.services.orders.consoleList({ ...f, autoship: f.autoship === null ? null : f.autoship === "yes", pageSize: PAGE_SIZE });
  return { filters: f, total, pages: Math.max(1, Math.ceil(total / PAGE_SIZE)), rows: rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() })) };
}

export default function AdminOrders() {
  const { filters, rows, total, pages } = useLoaderData<typeof loader>();
  const pageLink = (page: number, sort = filters.sort) => {
    const p = new URLSearchParams();
    if (filters.q) p.set("q", filters.q);
    if (filters.status) p.set("status", filters.status);
    if (filters.site) p.set("site", filters.site);
    if (filters.autoship) p.set("autoship", filters.autoship);
    if (sortValue(sort) !== sortValue(DEFAULT_ORDER_SORT)) p.set("sort", sortValue(sort));
    p.set("page", String(page));
    return `/admin/orders?${p}`;
  };
  const sortLink = (sort: OrderSort) => pageLink(1, sort);
  return (
    <ConsolePage title="Orders">
      <Form method="get" className="mt-4 flex flex-wrap items-end gap-3" role="search" aria-label="Orders">
        <SearchBox value={filters.q} placeholder="Number, e-mail or SKU" />
        <FilterSelect label="Status" name="status" value={filters.status} options={[["", "Any"], ...ORDER_STATUSES.map((st) => [st, st] as const)]} />
        <FilterSelect label="Site" name="site" value={filters.site} options={SITE_OPTIONS} />
        <FilterSelect label="Autoship" name="autoship" value={filters.autoship} options={[["", "Any"], ["yes", "With Autoship"], ["no", "Without"]]} />
        {sortValue(filters.sort) !== sortValue(DEFAULT_ORDER_SORT) ? <input type="hidden" name="sort" value={sortValue(filters.sort)} /> : null}
        <button type="submit" className="min-h-10 rounded bg-primary px-4 font-semibold text-white">
          Filter
        </button>
      </Form>
      <p className="mt-4 flex gap-4 text-sm">
        <span data-testid="orders-total">
          {total} order{total === 1 ? "" : "s"}
        </span>
        <a href={pageLink(1).replace("/admin/orders?", "/admin/orders/export.csv?")} className="text-primary underline" download>
          Export these orders (CSV)
        </a>
      </p>
      <table className="mt-2 w-full border-collapse bg-white text-left text-sm">
        <caption className="sr-only">Orders, newest first</caption>
        <thead>
          <tr className="border-b border-gray-300">
            <SortHeader label="Order" column="number" sort={filters.sort} href={sortLink} />
            <SortHeader label="Placed" column="placed" sort={filters.sort} href={sortLink} />
            <SortHeader label="Customer" column="email" sort={filters.sort} href={sortLink} />
            <th scope="col" className="p-2">
              Site
            </th>
            <SortHeader label="Status" column="status" sort={filters.sort} href={sortLink} />
            <SortHeader label="Total" column="total" sort={filters.sort} href={sortLink} className="text-right" />
          </tr>
        </thead>
        <tbody data-testid="orders-rows">
          {rows.map((o) => (
            <tr key={o.id} className="border-b border-gray-200">
              <td className="p-2">
                <Link to={`/admin/orders/${o.id}`} className="font-semibold text-primary underline">
                  {o.number}
                </Link>
              </td>
              <td className="p-2">{formatUtcDateTime(o.createdAt, { zone: false })}</td>
              <td className="p-2">{o.email}</td>
              <td className="p-2">{o.site === "hpsf" ? "Staff" : "Shop"}</td>
              <td className="p-2">{o.status}</td>
              <td className="p-2 text-right">{formatUsd(o.totalCents)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <Pager page={filters.page} pages={pages} href={(p) => pageLink(p)} />
    </ConsolePage>
  );
}
