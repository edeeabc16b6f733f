// The console's customer list query (search, filters, sort, page) as the URL carries it (its links:
// paged-list.ts listUrl), shared by the page and the CSV export (read from the URL by
// customer-list.server.ts). No zod here: the console's browser code shares no module with the
// storefront's beyond what it must.

export const CUSTOMER_LIST_SORTS = ["created", "email", "name", "orders"] as const;
export type CustomerListSort = (typeof CUSTOMER_LIST_SORTS)[number];

export type CustomerFilters = {
  q: string;
  site: "d2c" | "hpsf" | null;
  staff: "yes" | "no" | null;
  autoship: "yes" | "no" | null;
  sort: CustomerListSort;
  dir: "asc" | "desc";
  page: number;
};
