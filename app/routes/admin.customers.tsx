import { formatUtcDay } from "../../rules/dates";
import { Form, Link, useLoaderData, useNavigation } from "react-router";
import { ConsolePage } from "../features/admin/console-frame";
import { customerListUrl, type CustomerFilters, type CustomerListSort } from "../features/admin/customer-filters";
import { customerListFilters, customerListQuery, CUSTOMERS_PAGE_SIZE } from "../features/admin/customer-list.server";
import { requireOperator } from "../features/admin/operator.server";
import type { Route } from "./+types/admin.customers";
import { FilterSelect, Pager, SITE_OPTIONS } from "../features/admin/list-controls";

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
    pages: Math.max(1, Math.ceil(total / CUSTOMERS_PAGE_SIZE)),
    rows: rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() })),
  };
}

const COLUMNS: readonly { key: CustomerListSort | null; label: string; className?: string }[] = [
  { key: "name", label: "Name" },
  { key: "email", label: "E-mail" },
  { key: null, label: "Phone" },
  { key: null, label: "Site" },
  { key: "orders", label: "Orders", className: "text-right" },
  { key: "created", label: "Joined" },
];

function SortHeader({ column, filters }: { column: (typeof COLUMNS)[number]; filters: CustomerFilters }) {
  if (!column.key)
    return (
      <th scope="col" className={`p-2 ${column.className ?? ""}`}>
        {column.label}
      </th>
    );
  const active = filters.sort === column.key;
  // A second click on the sorted column turns it round; another column starts ascending (newest first for dates).
  const dir = active ? (filters.dir === "asc" ? "desc" : "asc") : column.key === "created" || column.key === "orders" ? "desc" : "asc";
  return (
    <th scope="col" className={`p-2 ${column.className ?? ""}`} aria-sort={active ? (filters.dir === "asc" ? "ascending" : "descending") : "none"}>
      <Link to={customerListUrl("/admin/customers", filters, { sort: column.key, dir, page: 1 })} className="text-primary underline">
        {column.label}
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
      <Form method="get" className="mt-4 flex flex-wrap items-end gap-3" role="search" aria-label="Customers">
        <input type="hidden" name="sort" value={filters.sort} />
        <input type="hidden" name="dir" value={filters.dir} />
        <label className="text-sm font-semibold">
          Search
          <input name="q" type="search" defaultValue={filters.q} placeholder="E-mail, name or phone" className="mt-1 block min-h-10 w-64 rounded border border-gray-400 px-2" />
        </label>
        <FilterSelect label="Site" name="site" value={filters.site} options={SITE_OPTIONS} />
        <FilterSelect label="Clinic member" name="staff" value={filters.staff} options={[["", "Any"], ["yes", "Staff members"], ["no", "Not members"]]} />
        <FilterSelect label="Autoship" name="autoship" value={filters.autoship} options={[["", "Any"], ["yes", "With Autoship"], ["no", "Without"]]} />
        <button type="submit" className="min-h-10 rounded bg-primary px-4 font-semibold text-white">
          Filter
        </button>
      </Form>
      <p className="mt-4 flex gap-4 text-sm">
        <span data-testid="customers-total" aria-live="polite">
          {loading ? "Loading…" : `${total} customer${total === 1 ? "" : "s"}`}
        </span>
        <a href={customerListUrl("/admin/customers/export.csv", filters, { page: 1 })} className="text-primary underline" download>
          Export these customers (CSV)
        </a>
      </p>
      <div className="overflow-x-auto">
        <table className="mt-2 w-full border-collapse bg-white text-left text-sm" aria-busy={loading}>
          <caption className="sr-only">Customers</caption>
          <thead>
            <tr className="border-b border-gray-300">
              {COLUMNS.map((c) => (
                <SortHeader key={c.label} column={c} filters={filters} />
              ))}
            </tr>
          </thead>
          <tbody data-testid="customers-rows">
            {rows.map((c) => (
              <tr key={c.id} className="border-b border-gray-200">
                <td className="p-2">
                  <Link to={`/admin/customers/${c.id}`} className="font-semibold text-primary underline">
                    {`${c.firstName} ${c.lastName}`.trim() || "(no name)"}
                  </Link>
                </td>
                <td className="p-2">{c.email}</td>
                <td className="p-2">{c.phone ?? ""}</td>
                <td className="p-2">{c.site === "hpsf" ? "Staff" : "Shop"}</td>
                <td className="p-2 text-right">{c.orders}</td>
                <td className="p-2">{formatUtcDay(c.createdAt)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {rows.length === 0 ? <p className="mt-4 text-sm">No customers match.</p> : null}
      <Pager page={filters.page} pages={pages} href={(p) => customerListUrl("/admin/customers", filters, { page: p })} />
    </ConsolePage>
  );
}
