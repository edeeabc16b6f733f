import { useLoaderData } from "react-router";
import { formatUtcTimestamp } from "../../rules/shared/dates";
import { ConsolePage } from "../features/admin/console-frame";
import { FilterForm, FilterSelect, ListTotal, Pager } from "../features/admin/list-controls";
import { ConsoleTable } from "../features/admin/console-table";
import { requireOperator } from "../features/admin/operator.server";
import type { Route } from "./+types/admin.errors";

export const meta = () => [{ title: "Errors · Console" }];

// The errors table (server/modules/errors): server and browser errors the shop recorded when no
// SENTRY_DSN is set, one row per distinct error with its count. Read only.

const PAGE_SIZE = 50;

export async function loader({ context, request }: Route.LoaderArgs) {
  await requireOperator(context, request, "errors.view");
  const params = new URL(request.url).searchParams;
  const sort = params.get("sort") === "frequent" ? "frequent" : "recent";
  const source = params.get("source") === "server" || params.get("source") === "browser" ? (params.get("source") as "server" | "browser") : null;
  const page = Number(params.get("page")) || 1;
  const list = await context.services.errorReports.list({ sort, source, page, perPage: PAGE_SIZE });
  return {
    filters: { sort, source },
    sentry: context.services.errors.sink === "sentry",
    total: list.total,
    page: list.page,
    pages: list.pages,
    // Formatted here, not in the page: the page then loads no date formatter.
    rows: list.rows.map((r) => ({ ...r, firstSeen: formatUtcTimestamp(r.firstSeen), lastSeen: formatUtcTimestamp(r.lastSeen) })),
  };
}

export default function AdminErrors() {
  const { filters, sentry, total, page, pages, rows } = useLoaderData<typeof loader>();
  const pageLink = (n: number) => {
    const p = new URLSearchParams();
    if (filters.sort !== "recent") p.set("sort", filters.sort);
    if (filters.source) p.set("source", filters.source);
    p.set("page", String(n));
    return `/admin/errors?${p}`;
  };
  return (
    <ConsolePage title="Errors">
      {sentry ? <p className="mt-2 text-sm">SENTRY_DSN is set: new errors go to Sentry; this table keeps what was recorded before.</p> : null}
      <FilterForm label="Errors" button="Show">
        <FilterSelect label="Order" name="sort" value={filters.sort} options={{ recent: "Last seen first", frequent: "Most frequent first" }} />
        <FilterSelect label="Source" name="source" value={filters.source} options={{ "": "Server and browser", server: "Server", browser: "Browser" }} />
      </FilterForm>
      <ListTotal total={total} one="distinct error" many="distinct errors" testId="errors-total" />
      <ConsoleTable
        caption={`Recorded errors, ${filters.sort === "frequent" ? "most frequent" : "last seen"} first`}
        bodyTestId="error-rows"
        rowClassName="align-top"
        rows={rows}
        columns={[
          { label: "Count", cell: (r) => r.count, cellClassName: "font-semibold tabular-nums" },
          {
            label: "Error",
            cellClassName: "max-w-xl",
            cell: (r) => (
              <>
                <span className="font-mono">{r.type}</span>: {r.message}
                {r.stack ? (
                  <details className="mt-1">
                    <summary className="cursor-pointer text-primary underline focus-visible:outline focus-visible:outline-2">Stack</summary>
                    <pre className="mt-1 overflow-x-auto text-xs whitespace-pre-wrap">{r.stack}</pre>
                  </details>
                ) : null}
              </>
            ),
          },
          { label: "Source", cell: (r) => r.source },
          { label: "Route", cell: (r) => r.route ?? "—", cellClassName: "font-mono break-all" },
          { label: "Release", cell: (r) => (r.release === r.firstRelease ? r.release : `${r.firstRelease} → ${r.release}`), cellClassName: "font-mono" },
          { label: "Last seen (UTC)", cell: (r) => r.lastSeen },
          { label: "First seen (UTC)", cell: (r) => r.firstSeen },
        ]}
      />
      {rows.length === 0 ? <p className="mt-4">No errors recorded.</p> : null}
      {pages > 1 ? <Pager page={page} pages={pages} href={pageLink} /> : null}
    </ConsolePage>
  );
}
