import { csvCell, csvRow } from "../shared/csv";

// The donation report: what the ledger says was given to each cause in one calendar month (UTC),
// as the console shows it, its CSV export and `npm run donations:report` print it. The figures are
// summed by one grouped query (server/modules/donations/console.ts); this file owns the month, the
// row's meaning and the two printed forms.
//
// A row counts in the month its ledger row was written: an order given in November and refunded in
// December is +given in November and −reversed in December, as the append-only ledger records it,
// so a month's report never changes once the month is over.

/** "2026-11": one calendar month, from its first midnight UTC to the next month's. */
export type ReportMonth = { month: string; start: Date; end: Date; label: string };

const MONTH = /^(\d{4})-(0[1-9]|1[0-2])$/;
const MONTH_NAMES = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"];

/** A "YYYY-MM" month (years 2000–2999), or null for anything else. */
export function parseReportMonth(text: string | null | undefined): ReportMonth | null {
  const m = MONTH.exec((text ?? "").trim());
  if (!m) return null;
  const year = Number(m[1]);
  const index = Number(m[2]) - 1;
  if (year < 2000 || year > 2999) return null;
  return {
    month: `${m[1]}-${m[2]}`,
    start: new Date(Date.UTC(year, index, 1)),
    end: new Date(Date.UTC(year, index + 1, 1)),
    label: `${MONTH_NAMES[index]} ${year}`,
  };
}

/** The UTC month a moment falls in, "YYYY-MM". */
export const monthOf = (at: Date) => at.toISOString().slice(0, 7);

/** The month `delta` months after (or before) `month`. */
export function shiftMonth(month: string, delta: number): string {
  const m = parseReportMonth(month);
  if (!m) throw new Error(`not a month: ${month}`);
  return monthOf(new Date(Date.UTC(m.start.getUTCFullYear(), m.start.getUTCMonth() + delta, 1)));
}

/** One cause's month. Amounts in cents; reversals are negative. */
export type DonationReportRow = {
  causeId: string;
  causeName: string;
  /** Given and paid by the store: its promise on each order line. */
  storeFundedCents: number;
  /** Given and paid by the customer: add-on and round-up lines. */
  customerFundedCents: number;
  /** Orders with a donation to the cause recorded this month. */
  orders: number;
  /** Reversals recorded this month (cancelled or refunded lines): zero or negative. */
  reversedCents: number;
  /** Orders with a reversal to the cause recorded this month. */
  reversedOrders: number;
  /** Everything the month's rows add up to. */
  netCents: number;
};

export type DonationReportTotals = Omit<DonationReportRow, "causeId" | "causeName">;

/** The month's totals over every cause (orders counted per cause, so an order split over two causes counts twice). */
export function reportTotals(rows: readonly DonationReportRow[]): DonationReportTotals {
  const sum = (k: keyof DonationReportTotals) => rows.reduce((n, r) => n + r[k], 0);
  return {
    storeFundedCents: sum("storeFundedCents"),
    customerFundedCents: sum("customerFundedCents"),
    orders: sum("orders"),
    reversedCents: sum("reversedCents"),
    reversedOrders: sum("reversedOrders"),
    netCents: sum("netCents"),
  };
}

const dollars = (cents: number) => (cents / 100).toFixed(2);

export const REPORT_CSV_HEADER = [
  "month",
  "cause_id",
  "cause_name",
  "store_funded_usd",
  "customer_funded_usd",
  "orders",
  "reversed_usd",
  "reversed_orders",
  "net_usd",
] as const;

/**
 * The report as CSV lines (header first, then a row per cause). Text cells go through rules/shared/csv.ts
 * (quoted, formulas defused); the figures are written as they are — made here from integers, never
 * from anyone's text — so a reversal stays a negative number in a spreadsheet rather than text.
 */
export function reportCsvLines(month: string, rows: readonly DonationReportRow[]): string[] {
  return [
    csvRow(REPORT_CSV_HEADER),
    ...rows.map((r) =>
      [
        csvCell(month),
        csvCell(r.causeId),
        csvCell(r.causeName),
        dollars(r.storeFundedCents),
        dollars(r.customerFundedCents),
        r.orders,
        dollars(r.reversedCents),
        r.reversedOrders,
        dollars(r.netCents),
      ].join(","),
    ),
  ];
}

/** The report as a plain-text table for a terminal: a row per cause and a total line. */
export function reportText(month: ReportMonth, rows: readonly DonationReportRow[]): string {
  if (!rows.length) return `Donations, ${month.label} (UTC): nothing recorded.`;
  const head = ["Cause", "Id", "Store-funded", "Customer-funded", "Orders", "Reversed", "Net"];
  const t = reportTotals(rows);
  const body = [
    ...rows.map((r) => [
      r.causeName,
      r.causeId,
      dollars(r.storeFundedCents),
      dollars(r.customerFundedCents),
      String(r.orders),
      dollars(r.reversedCents),
      dollars(r.netCents),
    ]),
    ["Total", "", dollars(t.storeFundedCents), dollars(t.customerFundedCents), String(t.orders), dollars(t.reversedCents), dollars(t.netCents)],
  ];
  const widths = head.map((h, i) => Math.max(h.length, ...body.map((r) => r[i].length)));
  // Names and ids left-aligned, figures right-aligned.
  const line = (cells: string[]) =>
    cells
      .map((c, i) => (i < 2 ? c.padEnd(widths[i]) : c.padStart(widths[i])))
      .join("  ")
      .trimEnd();
  const rule = widths.map((w) => "-".repeat(w)).join("  ");
  return [`Donations, ${month.label} (UTC), in USD`, line(head), rule, ...body.slice(0, -1).map(line), rule, line(body[body.length - 1])].join("\n");
}

export type ReportArgs = { ok: true; month: ReportMonth; csv: boolean; storeId: string | null } | { ok: false; message: string };

export const REPORT_USAGE = "usage: npm run donations:report -- [--month YYYY-MM] [--csv] [--store STORE_ID]";

/** `donations:report`'s arguments: --month (default: this UTC month), --csv, --store; anything else is refused with the reason. */
export function parseReportArgs(argv: readonly string[], now: Date): ReportArgs {
  // By hand rather than node:util's parseArgs: rules/ also runs in the browser.
  const values: { month?: string; csv?: boolean; store?: string } = {};
  const refuse = (why: string): ReportArgs => ({ ok: false, message: `${why}\n${REPORT_USAGE}` });
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    const m = /^--(month|store|csv)(?:=(.*))?$/s.exec(arg);
    if (!m) return refuse(`Unknown argument "${arg}".`);
    const [, name, inline] = m;
    if (name === "csv") {
      if (inline !== undefined) return refuse("--csv takes no value.");
      values.csv = true;
      continue;
    }
    const value = inline ?? argv[++i];
    if (value === undefined || (inline === undefined && value.startsWith("--"))) return refuse(`--${name} needs a value.`);
    if (values[name as "month" | "store"] !== undefined) return refuse(`--${name} was given twice.`);
    values[name as "month" | "store"] = value;
  }
  const text = values.month ?? monthOf(now);
  const month = parseReportMonth(text);
  if (!month) return refuse(`--month must be a month as YYYY-MM (e.g. 2026-11), not "${text}".`);
  const storeId = values.store?.trim() || null;
  return { ok: true, month, csv: values.csv ?? false, storeId };
}
