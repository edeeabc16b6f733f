import { CUSTOMER_SORTS, type CustomerListQuery } from "../../../server/workflows/console-customer-reads";
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
