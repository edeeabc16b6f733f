import { Form, Link, useLoaderData, useNavigation } from "react-router";
import { causeListQuery, type CauseListQuery, type CauseSort } from "../../rules/console-donation-input";
import { ConsolePage } from "../features/admin/console-frame";
import { causeListHref, hundredthsText } from "../features/admin/donations";
import { DonationsTabs } from "../features/admin/donations-parts";
import { FilterSelect, Pager, SearchBox } from "../features/admin/list-controls";
import { requireOperator } from "../features/admin/operator.server";
import { SortableTh } from "../features/admin/sort-header";
import type { Route } from "./+types/admin.donations.causes";

export const meta = () => [{ title: "Causes · Donations · Console" }];

// The causes shoppers can give to: charities and portfolios, searched (name, id, city), filtered
// (kind, shown or hidden), sorted and paged on the server, one query per page.

const PAGE_SIZE = 25;

export async function loader({ context, request }: Route.LoaderArgs) {
  await requireOperator(context, request, "donations.manage");
  const query = causeListQuery(new URL(request.url).searchParams);
  const { rows, total } = await context.services.consoleDonations.causeList({ ...query, pageSize: PAGE_SIZE });
  return { query, rows, total, pages: Math.max(1, Math.ceil(total / PAGE_SIZE)) };
}

const KIND_OPTIONS = [
  ["", "Any"],
  ["charity", "Charities"],
  ["portfolio", "Portfolios"],
] as const;
const SHOWN_OPTIONS = [
  ["", "Any"],
  ["active", "Shown"],
  ["hidden", "Hidden"],
] as const;

/** A column header that sorts by it (ascending first, the other way when already sorted by it). */
function Sort({ query, column, label, className }: { query: CauseListQuery; column: CauseSort; label: string; className?: string }) {
  const active = query.sort === column;
  return <SortableTh label={label} active={active} dir={query.dir} href={causeListHref(query, { sort: column, dir: active && query.dir === "asc" ? "desc" : "asc", page: 1 })} className={className} />;
}

export default function AdminDonationCauses() {
  const { query, rows, total, pages } = useLoaderData<typeof loader>();
  const loading = useNavigation().state === "loading";
  return (
    <ConsolePage title="Donations · Causes">
      <DonationsTabs storeParam={null} />
      <Form method="get" className="mt-4 flex flex-wrap items-end gap-3" role="search" aria-label="Causes">
        {query.sort !== "name" ? <input type="hidden" name="sort" value={query.sort} /> : null}
        {query.dir !== "asc" ? <input type="hidden" name="dir" value={query.dir} /> : null}
        <SearchBox value={query.q} placeholder="Name, id or city" />
        <FilterSelect label="Kind" name="kind" value={query.kind} options={KIND_OPTIONS} />
        <FilterSelect label="Shown to shoppers" name="shown" value={query.shown} options={SHOWN_OPTIONS} />
        <button type="submit" className="min-h-10 rounded bg-primary px-4 font-semibold text-white">
          Filter
        </button>
        <Link to="/admin/donations/causes" className="min-h-10 py-2 text-sm text-primary underline">
          Clear
        </Link>
      </Form>
      <p className="mt-4 text-sm" data-testid="causes-total" aria-live="polite">
        {loading ? "Loading…" : `${total} cause${total === 1 ? "" : "s"}`}
      </p>
      <div className="overflow-x-auto">
        <table className="mt-2 w-full border-collapse bg-white text-left text-sm">
          <caption className="sr-only">
            Causes, sorted by {query.sort} ({query.dir === "asc" ? "ascending" : "descending"})
          </caption>
          <thead>
            <tr className="border-b border-gray-300">
              <Sort query={query} column="name" label="Name" />
              <Sort query={query} column="id" label="Id" />
              <Sort query={query} column="kind" label="Kind" />
              <Sort query={query} column="place" label="Place" />
              <th scope="col" className="p-2">
                Category
              </th>
              <Sort query={query} column="multiplier" label="Multiplier" className="text-right" />
              <Sort query={query} column="active" label="Shown" />
            </tr>
          </thead>
          <tbody data-testid="causes-rows">
            {rows.map((c) => (
              <tr key={c.id} className="border-b border-gray-200 align-top">
                <td className="p-2">
                  <Link to={`/admin/donations/causes/${encodeURIComponent(c.id)}`} className="font-semibold text-primary underline">
                    {c.name}
                  </Link>
                  {c.isDefault ? <span className="ml-1 text-xs">(default)</span> : null}
                </td>
                <td className="p-2 font-mono text-xs">{c.id}</td>
                <td className="p-2">{c.kind === "portfolio" ? `Portfolio (${c.charities})` : "Charity"}</td>
                <td className="p-2">{c.city ? `${c.city}, ${c.state}` : "—"}</td>
                <td className="p-2">{c.categoryName}</td>
                <td className="p-2 text-right">×{hundredthsText(c.multiplierHundredths)}</td>
                <td className="p-2">{c.active ? "Shown" : <span className="font-semibold text-error">Hidden</span>}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {rows.length === 0 ? <p className="mt-4">No cause matches.</p> : null}
      <Pager page={query.page} pages={pages} href={(p) => causeListHref(query, { page: p })} />
    </ConsolePage>
  );
}
