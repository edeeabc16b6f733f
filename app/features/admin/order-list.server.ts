import { z } from "zod";
import { DEFAULT_ORDER_SORT, ORDER_SORTS, ORDER_STATUSES } from "./order-filters";
import { parseSort } from "./sort-header";

// The console's order list filters, shared by the page and its CSV export.

export const ORDERS_CSV_MAX = 10_000;

const query = z.object({
  q: z.string().trim().max(100).catch(""),
  status: z.enum(ORDER_STATUSES).nullable().catch(null),
  site: z.enum(["d2c", "hpsf"]).nullable().catch(null),
  autoship: z.enum(["yes", "no"]).nullable().catch(null),
  page: z.coerce.number().int().min(1).max(10_000).catch(1),
});

export const orderListFilters = (params: URLSearchParams) => ({
  ...query.parse({
    q: params.get("q") ?? "",
    status: params.get("status"),
    site: params.get("site"),
    autoship: params.get("autoship"),
    page: params.get("page") ?? 1,
  }),
  sort: parseSort(params.get("sort"), ORDER_SORTS, DEFAULT_ORDER_SORT),
});
