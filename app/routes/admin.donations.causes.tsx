import { useLoaderData, useNavigation } from "react-router";
import { causeListQuery, type CauseSort } from "../../rules/console/donation-settings-input";
import { ConsolePage } from "../features/admin/console-frame";
import { causeListHref, hundredthsText, DonationsTabs } from "../features/admin/donations";
import { ClearLink, FilterForm, FilterSelect, ListTotal, Pager, SearchBox } from "../features/admin/list-controls";
import { ConsoleTable, RowLink } from "../features/admin/console-table";
import { requireOperator } from "../features/admin/operator.server";
import { pagedList } from "../features/admin/paged-list";
import { queryColumns } from "../features/admin/sort-header";
import type { Route } from "./+types/admin.donations.causes";

export const meta = () => [{ title: "Causes · Donations · Console" }];

// The causes shoppers can give to: charities and portfolios, searched (name, id, city), filtered
// (kind, shown or hidden), sorted and paged on the server, one query per page.

export async function loader({ context, request }: Route.LoaderArgs) {
  await requireOperator(context, request, "donations.manage");
  return pagedList(causeListQuery(new URL(request.url).searchParams), (query) => context.services.consoleDonations.causeList(query));
}

const KIND_OPTIONS = { "": "Any", charity: "Charities", portfolio: "Portfolios" };
const SHOWN_OPTIONS = { "": "Any", active: "Shown", hidden: "Hidden" };

export default function AdminDonationCauses() {
  const { query, rows, total, pages } = useLoaderData<typeof loader>();
  const loading = useNavigation().state === "loading";
  const sortable = queryColumns<CauseSort, (typeof rows)[number]>(query, (next) => causeListHref(query, { ...next, page: 1 }));
  return (
    <ConsolePage title="Donations · Causes">
      <DonationsTabs storeParam={null} />
      <FilterForm label="Causes" after={<ClearLink to="/admin/donations/causes" />}>
        {query.sort !== "name" ? <input type="hidden" name="sort" value={query.sort} /> : null}
        {query.dir !== "asc" ? <input type="hidden" name="dir" value={query.dir} /> : null}
        <SearchBox value={query.q} placeholder="Name, id or city" />
        <FilterSelect label="Kind" name="kind" value={query.kind} options={KIND_OPTIONS} />
        <FilterSelect label="Shown to shoppers" name="shown" value={query.shown} options={SHOWN_OPTIONS} />
      </FilterForm>
      <ListTotal total={total} one="cause" many="causes" loading={loading} testId="causes-total" />
      <ConsoleTable
        caption={`Causes, sorted by ${query.sort} (${query.dir === "asc" ? "ascending" : "descending"})`}
        bodyTestId="causes-rows"
        rowClassName="align-top"
        rows={rows}
        columns={[
          sortable("Name", "name", (c) => (
            <>
              <RowLink to={`/admin/donations/causes/${encodeURIComponent(c.id)}`}>{c.name}</RowLink>
              {c.isDefault ? <span className="ml-1 text-xs">(default)</span> : null}
            </>
          )),
          { ...sortable("Id", "id", (c) => c.id), cellClassName: "font-mono text-xs" },
          sortable("Kind", "kind", (c) => (c.kind === "portfolio" ? `Portfolio (${c.charities})` : "Charity")),
          sortable("Place", "place", (c) => (c.city ? `${c.city}, ${c.state}` : "—")),
          { label: "Category", cell: (c) => c.categoryName },
          sortable("Multiplier", "multiplier", (c) => `×${hundredthsText(c.multiplierHundredths)}`, "text-right"),
          sortable("Shown", "active", (c) => (c.active ? "Shown" : <span className="font-semibold text-error">Hidden</span>)),
        ]}
      />
      {rows.length === 0 ? <p className="mt-4">No cause matches.</p> : null}
      <Pager page={query.page} pages={pages} href={(p) => causeListHref(query, { page: p })} />
    </ConsolePage>
  );
}
