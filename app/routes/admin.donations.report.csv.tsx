import { parseReportMonth, reportCsvLines } from "../../rules/donations/monthly-report";
import { donationStoreOf } from "../features/admin/donations.server";
import { requireOperator } from "../features/admin/operator.server";
import { csvDownload } from "../features/admin/csv-download.server";
import { invalid } from "../features/admin/console-action.server";
import type { Route } from "./+types/admin.donations.report.csv";

// The donation report of one month as CSV: the page's table, a row per cause (rules/donations/monthly-report.ts).

export async function loader({ context, request }: Route.LoaderArgs) {
  await requireOperator(context, request, "donations.manage");
  const { current } = await donationStoreOf(context, request);
  const month = parseReportMonth(new URL(request.url).searchParams.get("month"));
  if (!month) throw invalid({ message: "Choose a month as YYYY-MM." });
  const rows = await context.services.consoleDonations.report(current.id, month);
  return csvDownload(reportCsvLines(month.month, rows), "donations", month.month);
}
