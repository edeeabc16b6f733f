import { csvRow } from "../../rules/csv";
import { requireOperator } from "../features/admin/operator.server";
import { orderListFilters, ORDERS_CSV_MAX } from "../features/admin/order-list.server";
import type { Route } from "./+types/admin.orders.csv";

// The order list as CSV, with the list's own search and filters and order (up to ORDERS_CSV_MAX rows).

export async function loader({ context, request }: Route.LoaderArgs) {
  await requireOperator(context, request, "orders.view");
  const f = orderListFilters(new URL(request.url).searchParams);
  const { rows } = await context.services.orders.consoleList({ ...f, autoship: f.autoship === null ? null : f.autoship === "yes", page: 1, pageSize: ORDERS_CSV_MAX });
  const lines = [
    csvRow(["number", "placed_at_utc", "email", "site", "status", "total_usd"]),
    ...rows.map((o) => csvRow([o.number, o.createdAt.toISOString(), o.email, o.site, o.status, (o.totalCents / 100).toFixed(2)])),
  ];
  return new Response(`${lines.join("\r\n")}\r\n`, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="orders-${new Date().toISOString().slice(0, 10)}.csv"`,
      "Cache-Control": "no-store",
      "X-Robots-Tag": "noindex, nofollow",
    },
  });
}
