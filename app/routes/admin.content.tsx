import { formatUtcDateTime } from "../../rules/dates";
import { Form, Link, useLoaderData, useNavigation } from "react-router";
import { ConsolePage } from "../features/admin/console-frame";
import { SortableTh } from "../features/admin/sort-header";
import { CONTENT_PAGE_SIZE, entryListHref, nextSort, STATUS_LABELS, typeLabel, type EntryQuery } from "../features/admin/content-list";
import { CONTENT_STATUSES, CONTENT_TYPES, entryListQuery } from "../features/admin/content-list.server";
import { requireOperator } from "../features/admin/operator.server";
import type { Route } from "./+types/admin.content";
import { Pager } from "../features/admin/list-controls";

export const meta = () => [{ title: "Content · Console" }];

// Content entries by type and status, searched (key or any text), sorted and paged on the server.

export async function loader({ context, request }: Route.LoaderArgs) {
  await requireOperator(context, request, "content.edit");
  const query = entryListQuery(new URL(request.url).searchParams);
  const { rows, total } = await context.services.content.editor.list({ ...query, pageSize: CONTENT_PAGE_SIZE });
  return { types: CONTENT_TYPES, statuses: CONTENT_STATUSES, query, total, pages: Math.max(1, Math.ceil(total / CONTENT_PAGE_SIZE)), rows: rows.map((r) => ({ ...r, updatedAt: r.updatedAt.toISOString() })) };
}

const SITE_LABELS = { both: "Both sites", d2c: "Shop", hpsf: "Staff" } as const;

function Header({ query, column, label }: { query: EntryQuery; column: EntryQuery["sort"]; label: string }) {
  return <SortableTh label={label} active={query.sort === column} dir={query.dir} href={entryListHref(query, { ...nextSort(query, column), page: 1 })} />;
}

export default function AdminContent() {
  const { types, statuses, query, rows, total, pages } = useLoaderData<typeof loader>();
  const loading = useNavigation().state === "loading";
  const field = "mt-1 block min-h-10 rounded border border-gray-400 bg-white px-2 font-normal";
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
      <Form method="get" className="mt-4 flex flex-wrap items-end gap-3" role="search" aria-label="Content entries">
        <label className="text-sm font-semibold">
          Type
          <select name="type" defaultValue={query.type ?? ""} className={field}>
            <option value="">All types</option>
            {types.map((t) => (
              <option key={t} value={t}>
                {typeLabel(t)}
              </option>
            ))}
          </select>
        </label>
        <label className="text-sm font-semibold">
          Status
          <select name="status" defaultValue={query.status ?? ""} className={field}>
            <option value="">Any</option>
            {statuses.map((s) => (
              <option key={s} value={s}>
                {STATUS_LABELS[s]}
              </option>
            ))}
          </select>
        </label>
        <label className="text-sm font-semibold">
          Search
          <input name="q" defaultValue={query.q} placeholder="Key or text" className={`${field} w-56`} />
        </label>
        {query.sort !== "key" ? <input type="hidden" name="sort" value={query.sort} /> : null}
        {query.dir !== "asc" ? <input type="hidden" name="dir" value={query.dir} /> : null}
        <button type="submit" className="min-h-10 rounded bg-primary px-4 font-semibold text-white">
          Filter
        </button>
      </Form>
      <p className="mt-4 text-sm" data-testid="content-total" aria-live="polite">
        {loading ? "Loading…" : `${total} entr${total === 1 ? "y" : "ies"}`}
      </p>
      <div className="overflow-x-auto">
        <table className="mt-2 w-full border-collapse bg-white text-left text-sm">
          <caption className="sr-only">Content entries</caption>
          <thead>
            <tr className="border-b border-gray-300">
              <Header query={query} column="key" label="Key" />
              <Header query={query} column="type" label="Type" />
              <th scope="col" className="p-2">Title</th>
              <th scope="col" className="p-2">Site</th>
              <Header query={query} column="status" label="Status" />
              <Header query={query} column="updated" label="Updated" />
            </tr>
          </thead>
          <tbody data-testid="content-rows">
            {rows.map((e) => (
              <tr key={e.id} className="border-b border-gray-200">
                <td className="p-2">
                  <Link to={`/admin/content/${e.id}`} className="font-semibold text-primary underline">
                    {e.key}
                  </Link>
                </td>
                <td className="p-2">{typeLabel(e.type)}</td>
                <td className="p-2">{e.title ?? "—"}</td>
                <td className="p-2">{SITE_LABELS[e.site]}</td>
                <td className="p-2">
                  {STATUS_LABELS[e.status]}
                  {e.hasDraft ? <span className="ml-1 rounded bg-mist px-1 text-xs">unpublished changes</span> : null}
                </td>
                <td className="p-2">{formatUtcDateTime(e.updatedAt)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <Pager page={query.page} pages={pages} href={(p) => entryListHref(query, { page: p })} />
    </ConsolePage>
  );
}
