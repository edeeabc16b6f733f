import { CUSTOMER_SORTS, type CustomerListQuery } from "../../../server/read-models/console-customer-reads";
import { z } from "zod";
import { CUSTOMER_LIST_SORTS, type CustomerFilters } from "./customer-filters";

// The read model's query for the list's filters (server only: the page and the CSV export).

export const CUSTOMERS_PAGE_SIZE = 25;
export const CUSTOMERS_CSV_MAX = 10_000;

// The URL's sorts are the read model's.
CUSTOMER_LIST_SORTS satisfies typeof CUSTOMER_SORTS;

const flag = (v: "yes" | "no" | null) => (v === null ? null : v === "yes");

export const customerListQuery = (f: CustomerFilters, page = f.page, pageSize = CUSTOMERS_PAGE_SIZE): CustomerListQuery => ({
  q: f.q,
  site: f.site,
  staff: flag(f.staff),
  autoship: flag(f.autoship),
  sort: f.sort,
  dir: f.dir,
  page,
  pageSize,
});

/** The list's filters from the URL; anything unreadable falls back to its default instead of failing the page. */
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
query satisfies z.ZodType<CustomerFilters>;

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
