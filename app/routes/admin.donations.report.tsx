import { Form, Link, useLoaderData } from "react-router";
import { formatUsd } from "../../rules/shared/money";
import { monthOf, parseReportMonth, reportTotals, shiftMonth } from "../../rules/donations/monthly-report";
import { ConsolePage } from "../features/admin/console-frame";
import { donationsHref } from "../features/admin/donations";
import { DonationsTabs, Field, buttonClass, inputClass } from "../features/admin/donations-parts";
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
  const num = "p-2 text-right tabular-nums";
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
        <div className="overflow-x-auto">
          <table className="mt-2 w-full border-collapse bg-white text-left text-sm" data-testid="donation-report">
            <caption className="sr-only">Donations per cause in {label}</caption>
            <thead>
              <tr className="border-b border-gray-300">
                <th scope="col" className="p-2">
                  Cause
                </th>
                <th scope="col" className="p-2 text-right">
                  Store-funded
                </th>
                <th scope="col" className="p-2 text-right">
                  Customer-funded
                </th>
                <th scope="col" className="p-2 text-right">
                  Orders
                </th>
                <th scope="col" className="p-2 text-right">
                  Reversed
                </th>
                <th scope="col" className="p-2 text-right">
                  Net
                </th>
              </tr>
            </thead>
            <tbody>
              {rows.map((r) => (
                <tr key={r.causeId} className="border-b border-gray-200">
                  <th scope="row" className="p-2 text-left font-normal">
                    <Link to={`/admin/donations/causes/${encodeURIComponent(r.causeId)}`} className="text-primary underline">
                      {r.causeName}
                    </Link>
                    <span className="block font-mono text-xs">{r.causeId}</span>
                  </th>
                  <td className={num}>{usd(r.storeFundedCents)}</td>
                  <td className={num}>{usd(r.customerFundedCents)}</td>
                  <td className={num}>{r.orders}</td>
                  <td className={num}>
                    {usd(r.reversedCents)}
                    {r.reversedOrders ? (
                      <span className="block text-xs">
                        {r.reversedOrders} order{r.reversedOrders === 1 ? "" : "s"}
                      </span>
                    ) : null}
                  </td>
                  <td className={`${num} font-semibold`}>{usd(r.netCents)}</td>
                </tr>
              ))}
            </tbody>
            <tfoot>
              <tr className="border-t-2 border-gray-400 font-semibold">
                <th scope="row" className="p-2 text-left">
                  Total
                </th>
                <td className={num}>{usd(totals.storeFundedCents)}</td>
                <td className={num}>{usd(totals.customerFundedCents)}</td>
                <td className={num}>{totals.orders}</td>
                <td className={num}>{usd(totals.reversedCents)}</td>
                <td className={num}>{usd(totals.netCents)}</td>
              </tr>
            </tfoot>
          </table>
        </div>
      ) : (
        <p className="mt-4" data-testid="donation-report-empty">
          No donation was recorded in {label}.
        </p>
      )}
    </ConsolePage>
  );
}
