import { Form, Link, useLoaderData } from "react-router";
import { formatUsd } from "../../rules/shared/money";
import { monthOf, parseReportMonth, reportTotals, shiftMonth } from "../../rules/donations/monthly-report";
import { ConsolePage } from "../features/admin/console-frame";
import { ConsoleTable } from "../features/admin/console-table";
import { donationsHref, DonationsTabs } from "../features/admin/donations";
import { Field, buttonClass, inputClass } from "../features/admin/donations-parts";
import { donationStoreOf } from "../features/admin/donations.server";
import { requireOperator } from "../features/admin/operator.server";
import type { Route } from "./+types/admin.donations.report";

export const meta = () => [{ title: "Report · Donations · Console" }];

// What the donation ledger says was given to each cause in one month (UTC): store-funded and
// customer-funded apart, orders, reversals (cancelled or refunded lines, counted in the month they
// were recorded) and the net — one grouped query — with the same table as CSV and the month picker.

export async function loader({ context, request }: Route.LoaderArgs) {
  await requireOperator(context, request, "donations.manage");
  const { current, storeParam } = await donationStoreOf(context, request);
  const asked = new URL(request.url).searchParams.get("month");
  const month = parseReportMonth(asked) ?? parseReportMonth(monthOf(new Date()))!;
  const rows = await context.services.consoleDonations.report(current.id, month);
  return {
    storeParam,
    storeName: current.name,
    month: month.month,
    label: month.label,
    badMonth: asked !== null && asked !== "" && asked !== month.month,
    rows,
    totals: reportTotals(rows),
  };
}

const usd = (cents: number) => (cents < 0 ? `−${formatUsd(-cents)}` : formatUsd(cents));

export default function AdminDonationReport() {
  const { storeParam, storeName, month, label, badMonth, rows, totals } = useLoaderData<typeof loader>();
  const num = { className: "text-right tabular-nums" };
  return (
    <ConsolePage title="Donations · Report">
      <DonationsTabs storeParam={storeParam} />
      <div className="mt-4 flex flex-wrap items-end gap-3">
        <Form method="get" className="flex items-end gap-2" aria-label="Report month">
          {storeParam ? <input type="hidden" name="store" value={storeParam} /> : null}
          <Field label="Month (UTC)" error={badMonth ? "Choose a month as YYYY-MM; this month is shown." : undefined}>
            {(a11y) => <input {...a11y} type="month" name="month" defaultValue={month} className={inputClass} />}
          </Field>
          <button type="submit" className={buttonClass}>
            Show
          </button>
        </Form>
        <Link to={donationsHref("/admin/donations/report", storeParam, { month: shiftMonth(month, -1) })} className="min-h-10 py-2 text-primary underline">
          Previous month
        </Link>
        <Link to={donationsHref("/admin/donations/report", storeParam, { month: shiftMonth(month, 1) })} className="min-h-10 py-2 text-primary underline">
          Next month
        </Link>
        <a
          href={donationsHref("/admin/donations/report/export.csv", storeParam, { month })}
          className="min-h-10 py-2 font-semibold text-primary underline"
          download
        >
          Download CSV
        </a>
      </div>
      <h2 className="mt-4 text-lg font-semibold" data-testid="report-heading">
        {storeName}, {label}
      </h2>
      <p className="text-sm">A reversal counts in the month it was recorded; orders are counted per cause.</p>
      {rows.length ? (
        <ConsoleTable
          caption={`Donations per cause in ${label}`}
          testId="donation-report"
          rows={rows}
          rowKey={(r) => r.causeId}
          footClassName="border-t-2 border-gray-400 font-semibold"
          columns={[
            {
              label: "Cause",
              rowHeader: true,
              className: "text-left",
              cellClassName: "font-normal",
              cell: (r) => (
                <>
                  <Link to={`/admin/donations/causes/${encodeURIComponent(r.causeId)}`} className="text-primary underline">
                    {r.causeName}
                  </Link>
                  <span className="block font-mono text-xs">{r.causeId}</span>
                </>
              ),
              foot: "Total",
            },
            { label: "Store-funded", ...num, cell: (r) => usd(r.storeFundedCents), foot: usd(totals.storeFundedCents) },
            { label: "Customer-funded", ...num, cell: (r) => usd(r.customerFundedCents), foot: usd(totals.customerFundedCents) },
            { label: "Orders", ...num, cell: (r) => r.orders, foot: totals.orders },
            {
              label: "Reversed",
              ...num,
              cell: (r) => (
                <>
                  {usd(r.reversedCents)}
                  {r.reversedOrders ? (
                    <span className="block text-xs">
                      {r.reversedOrders} order{r.reversedOrders === 1 ? "" : "s"}
                    </span>
                  ) : null}
                </>
              ),
              foot: usd(totals.reversedCents),
            },
            { label: "Net", ...num, cellClassName: "font-semibold", cell: (r) => usd(r.netCents), foot: usd(totals.netCents) },
          ]}
        />
      ) : (
        <p className="mt-4" data-testid="donation-report-empty">
          No donation was recorded in {label}.
        </p>
      )}
    </ConsolePage>
  );
}
