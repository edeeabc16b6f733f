import { data } from "react-router";
import { trendRangeOf } from "../../rules/console/trend-ranges";
import { dayOf } from "../../rules/shared/calendar-days";
import { csvRow } from "../../rules/shared/csv";
import { csvDownload } from "../features/admin/csv-download.server";
import { isTrendChartId, trendChart } from "../features/admin/dashboard-trends.server";
import { requireOperator } from "../features/admin/operator.server";
import type { Route } from "./+types/admin.dashboard.csv";

// A dashboard trend chart's table as CSV (`?chart=sales&range=90`): the figures raw (days as
// YYYY-MM-DD, money as a decimal USD amount), for whoever may see the dashboard.

export async function loader({ context, request }: Route.LoaderArgs) {
  await requireOperator(context, request, "dashboard.view");
  const params = new URL(request.url).searchParams;
  const id = params.get("chart") ?? "";
  if (!isTrendChartId(id)) throw data({ message: "chart: choose one of the dashboard's charts" }, { status: 400 });
  const range = trendRangeOf(params.get("range"));
  const { table } = trendChart(id, await context.services.dashboardTrends(dayOf(new Date()), range));
  const lines = [csvRow(table.columns.map((c) => c.csvHead)), ...table.rows.map((r) => csvRow(r.cells.map((c) => c.csv)))];
  const download = csvDownload(lines, id === "sales" ? `dashboard-sales-${range}-days` : `dashboard-${id}`);
  // Shop figures for this operator's eyes only: no cache on the way keeps a copy.
  download.headers.set("Cache-Control", "private, no-store");
  return download;
}
