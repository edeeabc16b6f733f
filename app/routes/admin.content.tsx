import { formatUtcDateTime } from "../../rules/shared/dates";
import { Link, useLoaderData, useNavigation } from "react-router";
import { ConsolePage } from "../features/admin/console-frame";
import { queryColumns } from "../features/admin/sort-header";
import { ConsoleTable, RowLink } from "../features/admin/console-table";
import { CONTENT_PAGE_SIZE, entryListHref, STATUS_LABELS, typeLabel, type EntryQuery } from "../features/admin/content-list";
import { CONTENT_STATUSES, CONTENT_TYPES, entryListQuery } from "../features/admin/content-list.server";
import { requireOperator } from "../features/admin/operator.server";
import { pageCount } from "../features/admin/paged-list";
import type { Route } from "./+types/admin.content";
import { FilterForm, ListTotal, Pager } from "../features/admin/list-controls";
import { Options } from "../features/admin/options";

export const meta = () => [{ title: "Content · Console" }];

// Content entries by type and status, searched (key or any text), sorted and paged on the server.

export async function loader({ context, request }: Route.LoaderArgs) {
  await requireOperator(context, request, "content.edit");
  const query = entryListQuery(new URL(request.url).searchParams);
  const { rows, total } = await context.services.content.editor.list({ ...query, pageSize: CONTENT_PAGE_SIZE });
  return {
    types: CONTENT_TYPES,
    statuses: CONTENT_STATUSES,
    query,
    total,
    pages: pageCount(total, CONTENT_PAGE_SIZE),
    // Formatted here, not in the page: the page then loads no date formatter.
    rows: rows.map((r) => ({ ...r, updatedAt: formatUtcDateTime(r.updatedAt) })),
  };
}

const SITE_LABELS = { both: "Both sites", d2c: "Shop", hpsf: "Staff" } as const;

export default function AdminContent() {
  const { types, statuses, query, rows, total, pages } = useLoaderData<typeof loader>();
  const loading = useNavigation().state === "loading";
  const field = "mt-1 block min-h-10 rounded border border-gray-400 bg-white px-2 font-normal";
  const sortable = queryColumns<EntryQuery["sort"], (typeof rows)[number]>(query, (next) => entryListHref(query, { ...next, page: 1 }));
  return (
    <ConsolePage title="Content">
      <nav aria-label="Content views" className="mt-3 flex gap-4 text-sm">
        <Link to="/admin/content" aria-current="page" className="font-semibold">
          Entries
        </Link>
        <Link to="/admin/redirects" className="text-primary underline">
          Redirects
        </Link>
      </nav>
      <FilterForm label="Content entries">
        <label className="text-sm font-semibold">
          Type
          <select name="type" defaultValue={query.type ?? ""} className={field}>
            <option value="">All types</option>
            <Options options={types.map((t) => ({ value: t, label: typeLabel(t) }))} />
          </select>
        </label>
        <label className="text-sm font-semibold">
          Status
          <select name="status" defaultValue={query.status ?? ""} className={field}>
            <option value="">Any</option>
            <Options options={statuses.map((s) => ({ value: s, label: STATUS_LABELS[s] }))} />
          </select>
        </label>
        <label className="text-sm font-semibold">
          Search
          <input name="q" defaultValue={query.q} placeholder="Key or text" className={`${field} w-56`} />
        </label>
        {query.sort !== "key" ? <input type="hidden" name="sort" value={query.sort} /> : null}
        {query.dir !== "asc" ? <input type="hidden" name="dir" value={query.dir} /> : null}
      </FilterForm>
      <ListTotal total={total} one="entry" many="entries" loading={loading} testId="content-total" />
      <ConsoleTable
        caption="Content entries"
        bodyTestId="content-rows"
        rows={rows}
        columns={[
          sortable("Key", "key", (e) => <RowLink to={`/admin/content/${e.id}`}>{e.key}</RowLink>),
          sortable("Type", "type", (e) => typeLabel(e.type)),
          { label: "Title", cell: (e) => e.title ?? "—" },
          { label: "Site", cell: (e) => SITE_LABELS[e.site] },
          sortable("Status", "status", (e) => (
            <>
              {STATUS_LABELS[e.status]}
              {e.hasDraft ? <span className="ml-1 rounded bg-mist px-1 text-xs">unpublished changes</span> : null}
            </>
          )),
          sortable("Updated", "updated", (e) => e.updatedAt),
        ]}
      />
      <Pager page={query.page} pages={pages} href={(p) => entryListHref(query, { page: p })} />
    </ConsolePage>
  );
}
