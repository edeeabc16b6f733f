import { csvRow } from "../../rules/shared/csv";
import { csvDownload } from "../features/admin/csv-download.server";
import { subscriberListFilters, SUBSCRIBERS_CSV_MAX } from "../features/admin/marketing-list.server";
import { requireOperator } from "../features/admin/operator.server";
import type { Route } from "./+types/admin.marketing.csv";

// The confirmed subscribers as CSV (an outside mail service's import, a consent audit): address,
// site, topics, when and how they consented, under which policy, and a pause. Only `subscribed`
// rows: pending, unsubscribed and suppressed addresses are never exported for mailing.

export async function loader({ context, request }: Route.LoaderArgs) {
  await requireOperator(context, request, "marketing.manage");
  const { site } = subscriberListFilters(new URL(request.url).searchParams);
  const rows = await context.services.marketing.confirmed({ site: site ?? undefined, limit: SUBSCRIBERS_CSV_MAX });
  const lines = [
    csvRow(["email", "site", "topics", "confirmed_at_utc", "source", "policy_version", "paused_until_utc"]),
    ...rows.map((r) =>
      csvRow([r.email, r.site, r.topics.join(" "), r.confirmedAt?.toISOString() ?? "", r.source, r.policyVersion, r.pausedUntil?.toISOString() ?? ""]),
    ),
  ];
  return csvDownload(lines, "subscribers");
}
