import { csvRow } from "../../rules/shared/csv";
import { centsToAmount } from "../../rules/shared/money";
import { requireOperator } from "../features/admin/operator.server";
import { orderListFilters, ORDERS_CSV_MAX } from "../features/admin/order-list.server";
import { csvDownload } from "../features/admin/csv-download.server";
import type { Route } from "./+types/admin.orders.csv";

// The order list as CSV, with the list's own search and filters and order (up to ORDERS_CSV_MAX rows).

export async function loader({ context, request }: Route.LoaderArgs) {
  await requireOperator(context, request, "orders.view");
  const f = orderListFilters(new URL(request.url).searchParams);
  const { rows } = await context.services.orders.consoleList({
    ...f,
    autoship: f.autoship === null ? null : f.autoship === "yes",
    page: 1,
    pageSize: ORDERS_CSV_MAX,
  });
  const lines = [
    csvRow(["number", "placed_at_utc", "email", "site", "status", "total_usd"]),
    ...rows.map((o) => csvRow([o.number, o.createdAt.toISOString(), o.email, o.site, o.status, centsToAmount(o.totalCents)])),
  ];
  return csvDownload(lines, "orders");
}
