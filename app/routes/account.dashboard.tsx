import { Link } from "react-router";
import { Screen } from "../components/screen";
import { AddressLines } from "../components/address-lines";
import { AccountNav } from "../features/account/account-nav";
import { useAccountPagesSettings } from "../features/account/account-pages-settings";
import { RichText } from "../features/content/content-parts";
import { longDate } from "../features/autoship/format";
import { titleMeta } from "../lib/meta";
import { usePublicConfig } from "../lib/use-public-config";
import { usePageTitle } from "../lib/use-site";
import type { Route } from "./+types/account.dashboard";
import { formatMoney } from "../../rules/shared/money";

export const meta = titleMeta("dashboard");

export async function loader({ context }: Route.LoaderArgs) {
  // Signed out: the /account layout shows the sign-in notice instead of this page.
  if (!context.customer) return { customer: null, lastOrder: null, autoship: null };
  // Only what the page shows: the signed-in customer's name comes with the session.
  const { id, firstName, email } = context.customer;
  const [defaultAddress, lastOrder, autoship] = await Promise.all([
    context.services.identity.defaultAddress(id),
    context.services.orders.latestSummaryForCustomer(id),
    context.services.autoship.summary(id),
  ]);
  // The next order's day written here ("Mar 4, 2031"): the page then loads no date formatter.
  const nextOrder = autoship.nextOrderDate ? longDate(autoship.nextOrderDate) : null;
  return { customer: { firstName, email, defaultAddress }, lastOrder, autoship: { active: autoship.active, total: autoship.total, nextOrder } };
}

export default function Page({ loaderData }: Route.ComponentProps) {
  const { site } = usePublicConfig();
  const title = usePageTitle("dashboard");
  const settings = useAccountPagesSettings();
  const customer = loaderData.customer;
  if (!customer) return null;
  return (
    <Screen title={title}>
      <AccountNav site={site} />
      <p className="mt-6 text-lg">Hello {customer.firstName || customer.email}!</p>
      {settings.dashboardHtml ? (
        <div data-testid="dashboard-intro">
          <RichText html={settings.dashboardHtml} className="mt-3" />
        </div>
      ) : null}
      <div className="mt-6 grid gap-6 md:grid-cols-3">
        <section aria-labelledby="dash-order" className="rounded border border-gray-200 p-4">
          <h2 id="dash-order" className="font-bold text-secondary">
            Latest order
          </h2>
          <p className="mt-2" data-testid="latest-order">
            {loaderData.lastOrder ? (
              <>
                <Link to={`/account/orders/${loaderData.lastOrder.number}`} className="font-semibold text-primary underline">
                  {loaderData.lastOrder.number}
                </Link>{" "}
                · <span className="capitalize">{loaderData.lastOrder.status}</span> · {formatMoney(loaderData.lastOrder.totalPrice)}
              </>
            ) : (
              settings.ordersEmptyText
            )}
          </p>
          <Link to="/account/orders" className="mt-2 inline-block text-primary underline">
            View my orders
          </Link>
        </section>
        <section aria-labelledby="dash-address" className="rounded border border-gray-200 p-4">
          <h2 id="dash-address" className="font-bold text-secondary">
            Default address
          </h2>
          <div className="mt-2" data-testid="default-address">
            {customer.defaultAddress ? <AddressLines address={customer.defaultAddress} /> : <p>No address saved yet.</p>}
          </div>
          <Link to="/account/address-book" className="mt-2 inline-block text-primary underline">
            Manage addresses
          </Link>
        </section>
        {site.isStaff ? null : (
          <section aria-labelledby="dash-autoship" className="rounded border border-gray-200 p-4">
            <h2 id="dash-autoship" className="font-bold text-secondary">
              Autoship
            </h2>
            <p className="mt-2" data-testid="autoship-summary">
              {!loaderData.autoship?.total
                ? settings.autoshipsEmptyText
                : loaderData.autoship.active === 0
                  ? `You have ${loaderData.autoship.total} Autoship ${loaderData.autoship.total === 1 ? "subscription" : "subscriptions"}, none active.`
                  : `${loaderData.autoship.active} active Autoship ${loaderData.autoship.active === 1 ? "subscription" : "subscriptions"}` +
                    (loaderData.autoship.nextOrder ? ` · next order ${loaderData.autoship.nextOrder}` : "")}
            </p>
            <Link to="/account/autoships" className="mt-2 inline-block text-primary underline">
              My subscriptions
            </Link>
          </section>
        )}
      </div>
      <p className="mt-6">
        <Link to="/account/my-profile" className="text-primary underline">
          Edit my profile
        </Link>{" "}
        · {customer.email}
      </p>
    </Screen>
  );
}
