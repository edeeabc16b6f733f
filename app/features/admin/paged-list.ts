// A console list is read one page at a time on the server: the page size every list shares unless
// it says otherwise, and how many pages a total makes (at least one, so an empty list has a page 1).

export const CONSOLE_PAGE_SIZE = 25;

export const pageCount = (total: number, pageSize = CONSOLE_PAGE_SIZE) => Math.max(1, Math.ceil(total / pageSize));

/** A list's URL with these filters, some changed (page, sort), empty ones and page 1 left out. */
export function listUrl<F extends object>(path: string, f: F, change: Partial<F> = {}): string {
  const p = new URLSearchParams();
  for (const [k, v] of Object.entries({ ...f, ...change })) {
    if (v === null || v === undefined || v === "" || (k === "page" && v === 1)) continue;
    p.set(k, String(v));
  }
  const s = p.toString();
  return s ? `${path}?${s}` : path;
}

/** A list loader's answer: the parsed query, the page's rows, the total matched and the page count. */
export async function pagedList<Query, Row>(query: Query, readPage: (query: Query & { pageSize: number }) => Promise<{ rows: Row[]; total: number }>) {
  const { rows, total } = await readPage({ ...query, pageSize: CONSOLE_PAGE_SIZE });
  return { query, rows, total, pages: pageCount(total) };
}
