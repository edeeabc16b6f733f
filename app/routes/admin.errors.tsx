import { Form, useLoaderData } from "react-router";
import { ConsolePage } from "../features/admin/console-frame";
import { FilterSelect, Pager } from "../features/admin/list-controls";
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
    rows: list.rows.map((r) => ({ ...r, firstSeen: r.firstSeen.toISOString(), lastSeen: r.lastSeen.toISOString() })),
  };
}

const when = (iso: string) => iso.replace("T", " ").slice(0, 19);

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
      <Form method="get" className="mt-4 flex flex-wrap items-end gap-3" role="search" aria-label="Errors">
        <FilterSelect label="Order" name="sort" value={filters.sort} options={[["recent", "Last seen first"], ["frequent", "Most frequent first"]]} />
        <FilterSelect label="Source" name="source" value={filters.source} options={[["", "Server and browser"], ["server", "Server"], ["browser", "Browser"]]} />
        <button type="submit" className="min-h-10 rounded bg-primary px-4 font-semibold text-white">
          Show
        </button>
      </Form>
      <p className="mt-4 text-sm" data-testid="errors-total">
        {total} distinct error{total === 1 ? "" : "s"}
      </p>
      <table className="mt-2 w-full border-collapse bg-white text-left text-sm">
        <caption className="sr-only">Recorded errors, {filters.sort === "frequent" ? "most frequent" : "last seen"} first</caption>
        <thead>
          <tr className="border-b border-gray-300">
            <th scope="col" className="p-2">Count</th>
            <th scope="col" className="p-2">Error</th>
            <th scope="col" className="p-2">Source</th>
            <th scope="col" className="p-2">Route</th>
            <th scope="col" className="p-2">Release</th>
            <th scope="col" className="p-2">Last seen (UTC)</th>
            <th scope="col" className="p-2">First seen (UTC)</th>
          </tr>
        </thead>
        <tbody data-testid="error-rows">
          {rows.map((r) => (
            <tr key={r.id} className="border-b border-gray-200 align-top">
              <td className="p-2 font-semibold tabular-nums">{r.count}</td>
              <td className="max-w-xl p-2">
                <span className="font-mono">{r.type}</span>: {r.message}
                {r.stack ? (
                  <details className="mt-1">
                    <summary className="cursor-pointer text-primary underline focus-visible:outline focus-visible:outline-2">Stack</summary>
                    <pre className="mt-1 overflow-x-auto text-xs whitespace-pre-wrap">{r.stack}</pre>
                  </details>
                ) : null}
              </td>
              <td className="p-2">{r.source}</td>
              <td className="p-2 font-mono break-all">{r.route ?? "—"}</td>
              <td className="p-2 font-mono">{r.release === r.firstRelease ? r.release : `${r.firstRelease} → ${r.release}`}</td>
              <td className="p-2">{when(r.lastSeen)}</td>
              <td className="p-2">{when(r.firstSeen)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {rows.length === 0 ? <p className="mt-4">No errors recorded.</p> : null}
      {pages > 1 ? <Pager page={page} pages={pages} href={pageLink} /> : null}
    </ConsolePage>
  );
}
