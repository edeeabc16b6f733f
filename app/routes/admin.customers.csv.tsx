import { csvRow } from "../../rules/shared/csv";
import { customerListFilters, customerListQuery, CUSTOMERS_CSV_MAX } from "../features/admin/customer-list.server";
import { requireOperator } from "../features/admin/operator.server";
import { csvDownload } from "../features/admin/csv-download.server";
import type { Route } from "./+types/admin.customers.csv";

// The customer list as CSV, with the list's own search, filters and sort (up to CUSTOMERS_CSV_MAX rows).

export async function loader({ context, request }: Route.LoaderArgs) {
  await requireOperator(context, request, "customers.view");
  const f = customerListFilters(new URL(request.url).searchParams);
  const { rows } = await context.services.customerReads.list(customerListQuery(f, 1, CUSTOMERS_CSV_MAX));
  const lines = [
    csvRow(["id", "email", "first_name", "last_name", "phone", "site", "orders", "joined_at_utc"]),
    ...rows.map((c) => csvRow([c.id, c.email, c.firstName, c.lastName, c.phone ?? "", c.site, c.orders, c.createdAt.toISOString()])),
  ];
  return csvDownload(lines, "customers");
}
