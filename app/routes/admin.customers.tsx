import { formatUtcDay } from "../../rules/shared/dates";
import { Link, useLoaderData, useNavigation } from "react-router";
import { ConsolePage } from "../features/admin/console-frame";
import type { CustomerFilters, CustomerListSort } from "../features/admin/customer-filters";
import { customerListFilters, customerListQuery, CUSTOMERS_PAGE_SIZE } from "../features/admin/customer-list.server";
import { requireOperator } from "../features/admin/operator.server";
import { listUrl, pageCount } from "../features/admin/paged-list";
import type { Route } from "./+types/admin.customers";
import { AUTOSHIP_OPTIONS, FilterForm, FilterSelect, ListTotal, Pager, SITE_OPTIONS, siteLabel } from "../features/admin/list-controls";
import { ConsoleTable, RowLink, type Column } from "../features/admin/console-table";

export const meta = () => [{ title: "Customers · Console" }];

// Customers: searched (e-mail, name, phone), filtered (site, staff members, Autoship), sorted and
// paged by the database in one query.

export async function loader({ context, request }: Route.LoaderArgs) {
  await requireOperator(context, request, "customers.view");
  const filters = customerListFilters(new URL(request.url).searchParams);
  const { rows, total } = await context.services.customerReads.list(customerListQuery(filters));
  return {
    filters,
    total,
    pages: pageCount(total, CUSTOMERS_PAGE_SIZE),
    // Formatted here, not in the page: the page then loads no date formatter.
    rows: rows.map((r) => ({ ...r, createdAt: formatUtcDay(r.createdAt) })),
  };
}

type Row = Awaited<ReturnType<typeof loader>>["rows"][number];

const COLUMNS: readonly (Column<Row> & { key: CustomerListSort | null; label: string })[] = [
  { key: "name", label: "Name", cell: (c) => <RowLink to={`/admin/customers/${c.id}`}>{`${c.firstName} ${c.lastName}`.trim() || "(no name)"}</RowLink> },
  { key: "email", label: "E-mail", cell: (c) => c.email },
  { key: null, label: "Phone", cell: (c) => c.phone ?? "" },
  { key: null, label: "Site", cell: (c) => siteLabel(c.site) },
  { key: "orders", label: "Orders", cell: (c) => c.orders, className: "text-right" },
  { key: "created", label: "Joined", cell: (c) => c.createdAt },
];

function SortHeader({ column, label, className = "", filters }: { column: CustomerListSort; label: string; className?: string; filters: CustomerFilters }) {
  const active = filters.sort === column;
  // A second click on the sorted column turns it round; another column starts ascending (newest first for dates).
  const dir = active ? (filters.dir === "asc" ? "desc" : "asc") : column === "created" || column === "orders" ? "desc" : "asc";
  return (
    <th scope="col" className={`p-2 ${className}`} aria-sort={active ? (filters.dir === "asc" ? "ascending" : "descending") : "none"}>
      <Link to={listUrl("/admin/customers", filters, { sort: column, dir, page: 1 })} className="text-primary underline">
        {label}
        {active ? <span aria-hidden="true">{filters.dir === "asc" ? " ▲" : " ▼"}</span> : null}
      </Link>
    </th>
  );
}

export default function AdminCustomers() {
  const { filters, rows, total, pages } = useLoaderData<typeof loader>();
  const loading = useNavigation().state === "loading";
  return (
    <ConsolePage title="Customers">
      <FilterForm label="Customers">
        <input type="hidden" name="sort" value={filters.sort} />
        <input type="hidden" name="dir" value={filters.dir} />
        <label className="text-sm font-semibold">
          Search
          <input
            name="q"
            type="search"
            defaultValue={filters.q}
            placeholder="E-mail, name or phone"
            className="mt-1 block min-h-10 w-64 rounded border border-gray-400 px-2"
          />
        </label>
        <FilterSelect label="Site" name="site" value={filters.site} options={SITE_OPTIONS} />
        <FilterSelect label="Clinic member" name="staff" value={filters.staff} options={{ "": "Any", yes: "Staff members", no: "Not members" }} />
        <FilterSelect label="Autoship" name="autoship" value={filters.autoship} options={AUTOSHIP_OPTIONS} />
      </FilterForm>
      <ListTotal total={total} one="customer" many="customers" loading={loading} testId="customers-total">
        <a href={listUrl("/admin/customers/export.csv", filters, { page: 1 })} className="text-primary underline" download>
          Export these customers (CSV)
        </a>
      </ListTotal>
      <ConsoleTable
        caption="Customers"
        bodyTestId="customers-rows"
        busy={loading}
        rows={rows}
        columns={COLUMNS.map((c) => (c.key ? { ...c, head: <SortHeader column={c.key} label={c.label} className={c.className} filters={filters} /> } : c))}
      />
      {rows.length === 0 ? <p className="mt-4 text-sm">No customers match.</p> : null}
      <Pager page={filters.page} pages={pages} href={(p) => listUrl("/admin/customers", filters, { page: p })} />
    </ConsolePage>
  );
}
