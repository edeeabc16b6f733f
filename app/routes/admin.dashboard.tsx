import { Link, useLoaderData } from "react-router";
import { formatUsd } from "../../rules/shared/money";
import { may } from "../../rules/console/operator-roles";
import { LOW_STOCK_UNITS } from "../../rules/catalog/stock-levels";
import { ConsolePage, ConsoleSection } from "../features/admin/console-frame";
import { ConsoleTable } from "../features/admin/console-table";
import { requireOperator } from "../features/admin/operator.server";
import type { Route } from "./+types/admin.dashboard";

export const meta = () => [{ title: "Dashboard · Console" }];

export async function loader({ context, request }: Route.LoaderArgs) {
  const operator = await requireOperator(context, request, "dashboard.view");
  return { ...(await context.services.dashboard(new Date())), canEditCatalog: may(operator.role, "catalog.manage") };
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
