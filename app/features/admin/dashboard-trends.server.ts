import { cancelReasonLabel } from "../../../rules/autoship/subscription-states";
import { parseReportMonth } from "../../../rules/donations/monthly-report";
import { formatUtcDay } from "../../../rules/shared/dates";
import { centsToAmount, formatUsd } from "../../../rules/shared/money";
import type { DashboardTrends } from "../../../server/read-models/dashboard-trends";

// The dashboard's trend charts as the page and its CSV links give them: per chart its title, the
// series the canvas draws and the table that says the same in words (the screen reader's view of
// the chart, and its CSV with raw figures instead of formatted ones). One definition for all three.

export const TREND_CHART_IDS = ["sales", "autoships", "renewals", "donations", "staff"] as const;
export type TrendChartId = (typeof TREND_CHART_IDS)[number];
export const isTrendChartId = (v: string): v is TrendChartId => (TREND_CHART_IDS as readonly string[]).includes(v);

/** What a series counts: money (cents), pounds or things; each unit drawn has an axis of its own. */
export type TrendUnit = "usd" | "lb" | "count";
/** One drawn series: bars or a line. */
export type TrendSeries = { label: string; kind: "bar" | "line"; unit: TrendUnit; values: number[] };

/** A column of figures (right-aligned) or of words. */
type Column = { head: string; csvHead: string; words?: boolean };
type Cell = { text: string; csv: string | number };
export type TrendTable = { columns: Column[]; rows: { key: string; cells: Cell[] }[] };

export type TrendChart = {
  id: TrendChartId;
  title: string;
  /** What the canvas shows, for its accessible name and the table's caption. */
  summary: string;
  labels: string[];
  series: TrendSeries[];
  /** Bars of a series stack on each other (donations per cause). */
  stacked: boolean;
  /** Said instead of the drawing when there is nothing to draw. */
  empty?: string;
  table: TrendTable;
};

const col = (head: string, csvHead: string, words = false): Column => ({ head, csvHead, words });
const count = (n: number): Cell => ({ text: String(n), csv: n });
const money = (cents: number): Cell => ({ text: cents < 0 ? `−${formatUsd(-cents)}` : formatUsd(cents), csv: centsToAmount(cents) });
const dayCell = (day: string): Cell => ({ text: formatUtcDay(day), csv: day });
const monthLabel = (month: string) => parseReportMonth(month)?.label ?? month;
const monthCell = (month: string): Cell => ({ text: monthLabel(month), csv: month });
const pounds = (lb: number) => Math.round(lb * 10) / 10;
const percent = (part: number, whole: number) => (whole > 0 ? Math.round((part / whole) * 100) : 0);

/** A day per row: a count drawn as a line over money drawn as bars (sales, renewals ahead). */
function countAndMoneyPerDay(
  head: Pick<TrendChart, "id" | "title" | "summary">,
  days: readonly { day: string; count: number; cents: number }[],
  names: { count: Column; money: Column },
): TrendChart {
  return {
    ...head,
    labels: days.map((d) => formatUtcDay(d.day)),
    series: [
      { label: names.money.head, kind: "bar", unit: "usd", values: days.map((d) => d.cents) },
      { label: names.count.head, kind: "line", unit: "count", values: days.map((d) => d.count) },
    ],
    stacked: false,
    table: {
      columns: [col("Day", "day_utc"), names.count, names.money],
      rows: days.map((d) => ({ key: d.day, cells: [dayCell(d.day), count(d.count), money(d.cents)] })),
    },
  };
}

const salesChart = (t: DashboardTrends): TrendChart =>
  countAndMoneyPerDay(
    {
      id: "sales",
      title: `Orders and revenue, last ${t.range} days`,
      summary: `Orders and revenue net of refunds per day, the last ${t.range} days (UTC)`,
    },
    t.sales.map((d) => ({ day: d.day, count: d.orders, cents: d.netCents })),
    { count: col("Orders", "orders"), money: col("Revenue", "revenue_usd") },
  );

function autoshipsChart(t: DashboardTrends): TrendChart {
  const reasons = (r: Record<string, number>) =>
    Object.entries(r)
      .sort(([a, x], [b, y]) => y - x || a.localeCompare(b))
      .map(([reason, n]) => `${cancelReasonLabel(reason) ?? reason} (${n})`)
      .join("; ");
  return {
    id: "autoships",
    title: "Autoships per week",
    summary: `New and cancelled Autoships per week and the active ones at each week's end, the last ${t.autoships.length} weeks`,
    labels: t.autoships.map((w) => formatUtcDay(w.week)),
    series: [
      { label: "New", kind: "bar", unit: "count", values: t.autoships.map((w) => w.created) },
      { label: "Cancelled", kind: "bar", unit: "count", values: t.autoships.map((w) => w.cancelled) },
      { label: "Active", kind: "line", unit: "count", values: t.autoships.map((w) => w.active) },
    ],
    stacked: false,
    table: {
      columns: [
        col("Week of", "week_starting"),
        col("New", "new"),
        col("Cancelled", "cancelled"),
        col("Active at week's end", "active"),
        col("Cancel reasons", "cancel_reasons", true),
      ],
      rows: t.autoships.map((w) => {
        const why = reasons(w.reasons);
        return { key: w.week, cells: [dayCell(w.week), count(w.created), count(w.cancelled), count(w.active), { text: why || "—", csv: why }] };
      }),
    },
  };
}

const renewalsChart = (t: DashboardTrends): TrendChart =>
  countAndMoneyPerDay(
    {
      id: "renewals",
      title: "Renewals ahead, next 30 days",
      summary: "Autoship renewals due per day in the next 30 days and what they come to at today's prices",
    },
    t.renewals.map((d) => ({ day: d.day, count: d.renewals, cents: d.cents })),
    { count: col("Renewals", "renewals"), money: col("Expected revenue", "expected_revenue_usd") },
  );

function donationsChart(t: DashboardTrends): TrendChart {
  const months = [...new Set(t.donations.map((r) => r.month))];
  const causes = [...new Map(t.donations.map((r) => [r.causeId, r.causeName])).entries()];
  const cents = new Map(t.donations.map((r) => [`${r.month} ${r.causeId}`, r.cents]));
  return {
    id: "donations",
    title: "Donations per cause",
    summary: "Donations per cause and month (refunds' reversals taken off), the last six months",
    labels: months.map(monthLabel),
    series: causes.map(([id, name]) => ({ label: name, kind: "bar", unit: "usd", values: months.map((m) => cents.get(`${m} ${id}`) ?? 0) })),
    stacked: true,
    empty: causes.length ? undefined : "Nothing was given to a cause in these six months.",
    table: {
      columns: [col("Month", "month"), col("Cause", "cause", true), col("Donated", "donated_usd")],
      rows: t.donations.map((r) => ({ key: `${r.month} ${r.causeId}`, cells: [monthCell(r.month), { text: r.causeName, csv: r.causeName }, money(r.cents)] })),
    },
  };
}

function staffChart(t: DashboardTrends): TrendChart {
  return {
    id: "staff",
    title: "Staff program per month",
    summary: "Staff-program orders per month and the pounds they used against the allowance of the members who ordered, the last six months",
    labels: t.staff.map((m) => monthLabel(m.month)),
    series: [
      { label: "Pounds used", kind: "bar", unit: "lb", values: t.staff.map((m) => pounds(m.usedLb)) },
      { label: "Allowance of members who ordered (lb)", kind: "bar", unit: "lb", values: t.staff.map((m) => pounds(m.allowanceLb)) },
      { label: "Orders", kind: "line", unit: "count", values: t.staff.map((m) => m.orders) },
    ],
    stacked: false,
    table: {
      columns: [
        col("Month", "month"),
        col("Orders", "orders"),
        col("Members who ordered", "members"),
        col("Pounds used", "pounds_used"),
        col("Their allowance (lb)", "allowance_lb"),
        col("Allowance used", "allowance_used_percent"),
      ],
      rows: t.staff.map((m) => {
        const used = percent(m.usedLb, m.allowanceLb);
        return {
          key: m.month,
          cells: [
            monthCell(m.month),
            count(m.orders),
            count(m.members),
            count(pounds(m.usedLb)),
            count(pounds(m.allowanceLb)),
            { text: `${used}%`, csv: used },
          ],
        };
      }),
    },
  };
}

const BUILD: Record<TrendChartId, (t: DashboardTrends) => TrendChart> = {
  sales: salesChart,
  autoships: autoshipsChart,
  renewals: renewalsChart,
  donations: donationsChart,
  staff: staffChart,
};

export const trendChart = (id: TrendChartId, t: DashboardTrends): TrendChart => BUILD[id](t);
export const trendCharts = (t: DashboardTrends): TrendChart[] => TREND_CHART_IDS.map((id) => BUILD[id](t));
