import { Link, useLoaderData } from "react-router";
import { formatUsd } from "../../rules/shared/money";
import { may } from "../../rules/console/operator-roles";
import { TREND_RANGES, trendRangeOf, type TrendRange } from "../../rules/console/trend-ranges";
import { LOW_STOCK_UNITS } from "../../rules/catalog/stock-levels";
import { dayOf } from "../../rules/shared/calendar-days";
import { ConsolePage, ConsoleSection } from "../features/admin/console-frame";
import { ConsoleTable } from "../features/admin/console-table";
import { trendCharts, type TrendChart } from "../features/admin/dashboard-trends.server";
import { requireOperator } from "../features/admin/operator.server";
import { TrendCanvas } from "../features/admin/trend-canvas";
import type { Route } from "./+types/admin.dashboard";

export const meta = () => [{ title: "Dashboard · Console" }];

// The figures of today and this month, the lowest stock, and the trends (sales over `?range=` 30 or
// 90 days, Autoships per week, renewals ahead, donations and the staff program per month). A trend
// chart's table is also its CSV (admin.dashboard.csv.tsx).

export async function loader({ context, request }: Route.LoaderArgs) {
  const operator = await requireOperator(context, request, "dashboard.view");
  const now = new Date();
  const range = trendRangeOf(new URL(request.url).searchParams.get("range"));
  const [figures, trends] = await Promise.all([context.services.dashboard(now), context.services.dashboardTrends(dayOf(now), range)]);
  // The charts are built here, so their formatting and rules stay out of the browser's bundle.
  return { ...figures, range, charts: trendCharts(trends), canEditCatalog: may(operator.role, "catalog.manage") };
}

function Figure({ label, value, testId, to }: { label: string; value: string; testId: string; to?: string }) {
  return (
    <div className="rounded border border-gray-300 bg-white p-4">
      <dt className="text-sm text-gray-700">{label}</dt>
      <dd className="mt-1 text-2xl font-bold" data-testid={testId}>
        {to ? (
          <Link to={to} className="text-primary underline">
            {value}
          </Link>
        ) : (
          value
        )}
      </dd>
    </div>
  );
}

function RangeSwitch({ range }: { range: TrendRange }) {
  return (
    <nav aria-label="Sales range" className="mt-2 flex gap-2 text-sm">
      {TREND_RANGES.map((r) => (
        <Link
          key={r}
          to={`?range=${r}`}
          preventScrollReset
          aria-current={r === range ? "page" : undefined}
          className={`inline-flex min-h-10 items-center rounded border px-3 ${r === range ? "border-secondary bg-secondary font-semibold text-white" : "border-gray-400 bg-white text-primary underline"}`}
        >
          Last {r} days
        </Link>
      ))}
    </nav>
  );
}

function TrendCard({ chart, range }: { chart: TrendChart; range: TrendRange }) {
  const headingId = `trend-${chart.id}-heading`;
  return (
    <section aria-labelledby={headingId} className="min-w-0 rounded border border-gray-300 bg-white p-4">
      <div className="mb-2 flex flex-wrap items-baseline justify-between gap-x-4">
        <h3 id={headingId} className="font-semibold">
          {chart.title}
        </h3>
        <a
          href={`/admin/dashboard/export.csv?chart=${chart.id}&range=${range}`}
          download
          className="inline-flex min-h-10 items-center text-sm font-semibold text-primary underline"
        >
          Download CSV<span className="sr-only"> of {chart.title}</span>
        </a>
      </div>
      {chart.empty ? <p className="py-8 text-center text-sm text-gray-700">{chart.empty}</p> : <TrendCanvas chart={chart} />}
      <details className="mt-2 text-sm" data-testid={`trend-${chart.id}-details`}>
        <summary className="inline-flex min-h-10 cursor-pointer items-center font-semibold text-primary underline">Show table</summary>
        {/* A long table scrolls in its own box, reachable from the keyboard. */}
        <div className="max-h-[80vh] overflow-y-auto" tabIndex={0} role="region" aria-label={`${chart.title}, table`}>
          <ConsoleTable
            caption={chart.summary}
            testId={`trend-${chart.id}-table`}
            rows={chart.table.rows}
            rowKey={(r) => r.key}
            columns={chart.table.columns.map((c, i) => ({
              label: c.head,
              cell: (r: (typeof chart.table.rows)[number]) => r.cells[i].text,
              rowHeader: i === 0,
              // Rows stay one line high on a phone: the table scrolls sideways instead.
              className: i === 0 ? "whitespace-nowrap font-normal" : c.words ? "whitespace-nowrap" : "text-right tabular-nums",
            }))}
          />
        </div>
      </details>
    </section>
  );
}

export default function Dashboard() {
  const d = useLoaderData<typeof loader>();
  const { canEditCatalog } = d;
  return (
    <ConsolePage title="Dashboard">
      <dl className="mt-4 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        <Figure label="Orders today" value={String(d.sales.todayCount)} testId="orders-today" />
        <Figure label="Revenue today" value={formatUsd(d.sales.todayCents)} testId="revenue-today" />
        <Figure label="Orders this month" value={String(d.sales.monthCount)} testId="orders-month" />
        <Figure label="Revenue this month" value={formatUsd(d.sales.monthCents)} testId="revenue-month" />
        <Figure label="Autoship renewals due today" value={String(d.renewals.due)} testId="renewals-due" />
        <Figure label="Autoship renewals on hold" value={String(d.renewals.held)} testId="renewals-held" />
        <Figure label="Clinic memberships waiting" value={String(d.pendingMemberships)} testId="memberships-waiting" />
        <Figure label={`Low on stock (${LOW_STOCK_UNITS} or fewer free to sell)`} value={String(d.lowStock.total)} testId="low-stock" />
      </dl>
      <p className="mt-6 text-sm text-gray-700">
        Figures count paid orders (cancelled and refunded left out, partial refunds taken off), by the shop's UTC calendar.
      </p>
      <ConsoleSection id="trends-heading" title="Trends">
        <p className="text-sm text-gray-700">Days, weeks (from Monday) and months by the shop's UTC calendar; each chart's table shows its figures.</p>
        <RangeSwitch range={d.range} />
        <div className="mt-4 grid items-start gap-4 lg:grid-cols-2">
          {d.charts.map((c) => (
            <TrendCard key={c.id} chart={c} range={d.range} />
          ))}
        </div>
      </ConsoleSection>
      {d.lowStock.rows.length ? (
        <ConsoleSection id="low-stock-heading" title="Lowest stock">
          <ConsoleTable
            testId="low-stock-rows"
            rows={d.lowStock.rows}
            rowKey={(r) => `${r.sku}-${r.warehouse}`}
            columns={[
              {
                label: "Product",
                cell: (r) =>
                  canEditCatalog ? (
                    <Link to={`/admin/products/${r.productId}`} className="text-primary underline">
                      {r.productTitle}
                    </Link>
                  ) : (
                    r.productTitle
                  ),
              },
              { label: "SKU", cell: (r) => r.sku, cellClassName: "font-mono" },
              { label: "Warehouse", cell: (r) => r.warehouse },
              { label: "Free to sell", cell: (r) => r.available, className: "text-right" },
            ]}
          />
        </ConsoleSection>
      ) : null}
    </ConsolePage>
  );
}
