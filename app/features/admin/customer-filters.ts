import { z } from "zod";

// The console's customer list query (search, filters, sort, page) as the URL carries it, shared by
// the page, its links and the CSV export. Anything unreadable falls back to the default instead of
// failing the page.

export const CUSTOMER_LIST_SORTS = ["created", "email", "name", "orders"] as const;
export type CustomerListSort = (typeof CUSTOMER_LIST_SORTS)[number];

const yesNo = z.enum(["yes", "no"]).nullable().catch(null);
const query = z.object({
  q: z.string().trim().max(100).catch(""),
  site: z.enum(["d2c", "hpsf"]).nullable().catch(null),
  staff: yesNo,
  autoship: yesNo,
  sort: z.enum(CUSTOMER_LIST_SORTS).catch("created"),
  dir: z.enum(["asc", "desc"]).catch("desc"),
  page: z.coerce.number().int().min(1).max(10_000).catch(1),
});
export type CustomerFilters = z.infer<typeof query>;

export const customerListFilters = (params: URLSearchParams): CustomerFilters =>
  query.parse({
    q: params.get("q") ?? "",
    site: params.get("site"),
    staff: params.get("staff"),
    autoship: params.get("autoship"),
    sort: params.get("sort"),
    dir: params.get("dir"),
    page: params.get("page") ?? 1,
  });

/** The list's URL with these filters, some changed (page, sort), empty ones and the defaults left out. */
export function customerListUrl(path: string, f: CustomerFilters, change: Partial<CustomerFilters> = {}): string {
  const all = { ...f, ...change };
  const p = new URLSearchParams();
  for (const [k, v] of Object.entries(all)) {
    if (v === null || v === "" || (k === "page" && v === 1)) continue;
    p.set(k, String(v));
  }
  const s = p.toString();
  return s ? `${path}?${s}` : path;
}
