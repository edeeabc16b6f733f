import { formatUtcDay } from "../../rules/shared/dates";
import { Link } from "react-router";
import { Screen } from "../components/screen";
import { AccountNav } from "../features/account/account-nav";
import { useAccountPagesSettings } from "../features/account/account-pages-settings";
import { titleMeta } from "../lib/meta";
import { usePublicConfig } from "../lib/use-public-config";
import { usePageTitle } from "../lib/use-site";
import type { Route } from "./+types/account.orders";
import { formatMoney } from "../../rules/shared/money";
import { TableHead } from "../components/table-head";

export const meta = titleMeta("orders");

const PAGE_SIZE = 10;

/** The signed-in customer's orders, newest first, a page at a time (the cursor of get-storefront-orders). */
export async function loader({ context, request }: Route.LoaderArgs) {
  if (!context.customer) return { signedIn: false as const };
  const cursor = new URL(request.url).searchParams.get("cursor");
  // A cursor that does not parse starts again from the newest order.
  const page =
    (await context.services.orders.listForCustomer(context.customer.id, { quantity: PAGE_SIZE, cursor })) ??
    (await context.services.orders.listForCustomer(context.customer.id, { quantity: PAGE_SIZE }))!;
  // Dates formatted here, not in the page: the page then loads no date formatter.
  const orders = page.nodes.map((o) => ({ ...o, processedAt: formatUtcDay(o.processedAt) }));
  return { signedIn: true as const, orders, pageInfo: page.pageInfo };
}

export default function Page({ loaderData }: Route.ComponentProps) {
  const { site } = usePublicConfig();
  const title = usePageTitle("orders");
  const settings = useAccountPagesSettings();
  if (!loaderData.signedIn) return null;
  const { orders, pageInfo } = loaderData;
  return (
    <Screen title={title}>
      <AccountNav site={site} />
      {orders.length === 0 ? (
        <div className="mt-6" data-testid="orders-empty">
          <p>{settings.ordersEmptyText}</p>
          <Link to="/products" className="mt-2 inline-block font-semibold text-primary underline">
            Start shopping
          </Link>
        </div>
      ) : (
        <table className="mt-6 w-full text-left text-sm" data-testid="orders-table">
          <caption className="sr-only">Your orders, newest first</caption>
          <TableHead labels={["Order", "Date", "Status", "Items", "Total"]} />
          <tbody>
            {orders.map((o) => (
              <tr key={o.id} className="border-b border-gray-200">
                <td className="py-2 pr-3">
                  <Link to={`/account/orders/${o.number}`} className="font-semibold text-primary underline">
                    {o.number}
                  </Link>
                </td>
                <td className="py-2 pr-3">{o.processedAt}</td>
                <td className="py-2 pr-3 capitalize">{o.status}</td>
                <td className="py-2 pr-3">{o.lineItems.reduce((n, l) => n + l.quantity, 0)}</td>
                <td className="py-2 text-right font-semibold">{formatMoney(o.totalPrice)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {(pageInfo.hasPreviousPage || pageInfo.hasNextPage) && (
        <nav aria-label="Order pages" className="mt-6 flex gap-3">
          {pageInfo.hasPreviousPage && (
            <Link to="/account/orders" className="rounded border px-3 py-1 font-semibold text-primary">
              Newest orders
            </Link>
          )}
          {pageInfo.hasNextPage && pageInfo.endCursor && (
            <Link to={`/account/orders?cursor=${encodeURIComponent(pageInfo.endCursor)}`} className="rounded border px-3 py-1 font-semibold text-primary">
              Older orders
            </Link>
          )}
        </nav>
      )}
    </Screen>
  );
}
