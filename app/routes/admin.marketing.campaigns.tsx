import { Link, useLoaderData } from "react-router";
import { CAMPAIGN_STATE_LABELS } from "../../rules/marketing/campaign";
import { describeSegment } from "../../rules/marketing/segment";
import { formatUtcDateTime } from "../../rules/shared/dates";
import { ConsolePage } from "../features/admin/console-frame";
import { ConsoleTable, RowLink, type Column } from "../features/admin/console-table";
import { Pager } from "../features/admin/list-controls";
import { requireOperator } from "../features/admin/operator.server";
import { CONSOLE_PAGE_SIZE, listUrl, pageCount } from "../features/admin/paged-list";
import type { Route } from "./+types/admin.marketing.campaigns";

export const meta = () => [{ title: "Campaigns · Console" }];

// The marketing campaigns, newest first: each with its state, segment, when it was scheduled and
// how many of its mails went out. Owner, manager and marketing (marketing.campaigns).

export async function loader({ context, request }: Route.LoaderArgs) {
  await requireOperator(context, request, "marketing.campaigns");
  const page = Math.max(1, Number(new URL(request.url).searchParams.get("page")) || 1);
  const { rows, total } = await context.services.consoleCampaigns.list({ page, pageSize: CONSOLE_PAGE_SIZE });
  return {
    page,
    pages: pageCount(total),
    rows: rows.map((c) => ({
      id: c.id,
      name: c.name,
      subject: c.subject,
      state: CAMPAIGN_STATE_LABELS[c.state],
      segment: describeSegment(c.segment),
      scheduledAt: c.scheduledAt ? formatUtcDateTime(c.scheduledAt) : "",
    })),
  };
}

type Row = Awaited<ReturnType<typeof loader>>["rows"][number];

const COLUMNS: readonly Column<Row>[] = [
  { label: "Campaign", cell: (c) => <RowLink to={`/admin/marketing/campaigns/${c.id}`}>{c.name}</RowLink> },
  { label: "Subject", cell: (c) => c.subject },
  { label: "State", cell: (c) => c.state },
  { label: "Segment", cell: (c) => c.segment },
  { label: "Scheduled (UTC)", cell: (c) => c.scheduledAt },
];

export default function AdminCampaigns() {
  const { rows, page, pages } = useLoaderData<typeof loader>();
  return (
    <ConsolePage title="Campaigns">
      <p className="mt-2">
        <Link to="/admin/marketing/campaigns/new" className="inline-flex min-h-10 items-center rounded bg-primary px-4 font-semibold text-white">
          New campaign
        </Link>
      </p>
      <ConsoleTable caption="Campaigns" bodyTestId="campaign-rows" rows={rows} columns={COLUMNS} />
      {rows.length === 0 ? <p className="mt-4 text-sm">No campaigns yet.</p> : null}
      <Pager page={page} pages={pages} href={(p) => listUrl("/admin/marketing/campaigns", {}, { page: p } as { page?: number })} />
    </ConsolePage>
  );
}
