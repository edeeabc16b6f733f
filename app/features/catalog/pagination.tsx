import { Link } from "react-router";
import { listingHref, pageWindow, withPage, type ListingState } from "../../../rules/catalog/listing-url";

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
  // Looks: catalog.css .page-link (current and disabled by their aria attributes).
  const item = "page-link";
  return (
    <nav aria-label="Pagination" className="mt-8" data-testid="pagination">
      <ul className="flex flex-wrap items-center justify-center gap-2">
        <li>
          {page > 1 ? (
            <Link to={href(page - 1)} rel="prev" className={item}>
              <span aria-hidden="true">‹</span> Previous
            </Link>
          ) : (
            <span aria-disabled="true" className={item}>
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
                <span aria-current="page" className={item}>
                  <span className="sr-only">Page </span>
                  {p}
                </span>
              ) : (
                <Link to={href(p)} className={item} aria-label={`Page ${p}`}>
                  {p}
                </Link>
              )}
            </li>
          ),
        )}
        <li>
          {page < pageCount ? (
            <Link to={href(page + 1)} rel="next" className={item}>
              Next <span aria-hidden="true">›</span>
            </Link>
          ) : (
            <span aria-disabled="true" className={item}>
              Next <span aria-hidden="true">›</span>
            </span>
          )}
        </li>
      </ul>
    </nav>
  );
}
