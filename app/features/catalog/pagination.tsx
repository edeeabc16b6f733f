import { Link } from "react-router";
import { listingHref, pageWindow, withPage, type ListingState } from "../../../rules/listing-url";

/** Page links; every page is a URL (?page=n), so a page can be shared and reloaded. */
export function Pagination({
  basePath,
  state,
  page,
  pageCount,
  search,
}: {
  basePath: string;
  state: ListingState;
  page: number;
  pageCount: number;
  search: string | null;
}) {
  if (pageCount <= 1) return null;
  const href = (p: number) => listingHref(basePath, withPage(state, p), { search });
  const item = "inline-flex min-w-10 items-center justify-center rounded border px-3 py-2 text-sm font-medium";
  return (
    <nav aria-label="Pagination" className="mt-8" data-testid="pagination">
      <ul className="flex flex-wrap items-center justify-center gap-2">
        <li>
          {page > 1 ? (
            <Link to={href(page - 1)} rel="prev" className={`${item} border-gray-300 text-primary hover:bg-mist`}>
              <span aria-hidden="true">‹</span> Previous
            </Link>
          ) : (
            <span aria-disabled="true" className={`${item} border-gray-200 text-gray-400`}>
              <span aria-hidden="true">‹</span> Previous
            </span>
          )}
        </li>
        {pageWindow(page, pageCount).map((p, i) =>
          p === null ? (
            <li key={`gap-${i}`} aria-hidden="true" className="px-1 text-gray-500">
              …
            </li>
          ) : (
            <li key={p}>
              {p === page ? (
                <span aria-current="page" className={`${item} border-primary bg-primary text-white`}>
                  <span className="sr-only">Page </span>
                  {p}
                </span>
              ) : (
                <Link to={href(p)} className={`${item} border-gray-300 text-primary hover:bg-mist`} aria-label={`Page ${p}`}>
                  {p}
                </Link>
              )}
            </li>
          ),
        )}
        <li>
          {page < pageCount ? (
            <Link to={href(page + 1)} rel="next" className={`${item} border-gray-300 text-primary hover:bg-mist`}>
              Next <span aria-hidden="true">›</span>
            </Link>
          ) : (
            <span aria-disabled="true" className={`${item} border-gray-200 text-gray-400`}>
              Next <span aria-hidden="true">›</span>
            </span>
          )}
        </li>
      </ul>
    </nav>
  );
}
