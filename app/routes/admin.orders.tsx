import { formatUtcDateTime } from "../../rules/shared/dates";
import { useLoaderData } from "react-router";
import { formatUsd } from "../../rules/shared/money";
import { ConsolePage } from "../features/admin/console-frame";
import { requireOperator } from "../features/admin/operator.server";
import { CONSOLE_PAGE_SIZE, pageCount } from "../features/admin/paged-list";
import { orderListFilters } from "../features/admin/order-list.server";
import { DEFAULT_ORDER_SORT, ORDER_STATUSES, type OrderSort } from "../features/admin/order-filters";
import { sortableColumns, sortValue } from "../features/admin/sort-header";
import type { Route } from "./+types/admin.orders";
import { AUTOSHIP_OPTIONS, FilterForm, FilterSelect, ListTotal, Pager, SITE_OPTIONS, SearchBox, siteLabel } from "../features/admin/list-controls";
import { ConsoleTable, RowLink } from "../features/admin/console-table";

export const meta = () => [{ title: "Orders · Console" }];

// Orders: searched (number, e-mail, SKU), filtered (status, site, Autoship), sorted and paged on the server.

export async function loader({ context, request }: Route.LoaderArgs) {
  await requireOperator(context, request, "orders.view");
  const f = orderListFilters(new URL(request.url).searchParams);
  const { rows, total } = await context.services.orders.consoleList({
    ...f,
    autoship: f.autoship === null ? null : f.autoship === "yes",
    pageSize: CONSOLE_PAGE_SIZE,
  });
  return {
    filters: f,
    total,
    pages: pageCount(total),
    // Formatted here, not in the page: the page then loads no date formatter.
    rows: rows.map((r) => ({ ...r, createdAt: formatUtcDateTime(r.createdAt, { zone: false }) })),
  };
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
  const sortable = sortableColumns<OrderSort["key"], (typeof rows)[number]>(filters.sort, sortLink);
  return (
    <ConsolePage title="Orders">
      <FilterForm label="Orders">
        <SearchBox value={filters.q} placeholder="Number, e-mail or SKU" />
        <FilterSelect
          label="Status"
          name="status"
          value={filters.status}
          options={{ "": "Any", ...Object.fromEntries(ORDER_STATUSES.map((st) => [st, st])) }}
        />
        <FilterSelect label="Site" name="site" value={filters.site} options={SITE_OPTIONS} />
        <FilterSelect label="Autoship" name="autoship" value={filters.autoship} options={AUTOSHIP_OPTIONS} />
        {sortValue(filters.sort) !== sortValue(DEFAULT_ORDER_SORT) ? <input type="hidden" name="sort" value={sortValue(filters.sort)} /> : null}
      </FilterForm>
      <ListTotal total={total} one="order" many="orders" testId="orders-total">
        <a href={pageLink(1).replace("/admin/orders?", "/admin/orders/export.csv?")} className="text-primary underline" download>
          Export these orders (CSV)
        </a>
      </ListTotal>
      <ConsoleTable
        caption="Orders, newest first"
        bodyTestId="orders-rows"
        rows={rows}
        columns={[
          sortable("Order", "number", (o) => <RowLink to={`/admin/orders/${o.id}`}>{o.number}</RowLink>),
          sortable("Placed", "placed", (o) => o.createdAt),
          sortable("Customer", "email", (o) => o.email),
          { label: "Site", cell: (o) => siteLabel(o.site) },
          sortable("Status", "status", (o) => o.status),
          sortable("Total", "total", (o) => formatUsd(o.totalCents), "text-right"),
        ]}
      />
      <Pager page={filters.page} pages={pages} href={(p) => pageLink(p)} />
    </ConsolePage>
  );
}
