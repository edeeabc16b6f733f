import { data } from "react-router";
import { Screen } from "../components/screen";
import { AccountNav } from "../features/account/account-nav";
import { OrderReceipt } from "../features/checkout/order-receipt";
import { receiptOrder } from "../features/checkout/order-receipt.server";
import { titleMeta } from "../lib/meta";
import { usePublicConfig } from "../lib/use-public-config";
import { usePageTitle } from "../lib/use-site";
import type { Route } from "./+types/account.orders.$id";
import { BackLink } from "../components/back-link";

export const meta = titleMeta("order");

/** One of the signed-in customer's orders, by number or id; anyone else's is a 404 (never leak existence). */
export async function loader({ context, params }: Route.LoaderArgs) {
  // Signed out, the /account layout shows the sign-in notice.
  if (!context.customer) return { signedIn: false as const };
  const order = await context.services.orders.getForCustomer(context.customer.id, params.id);
  if (!order) throw data("Order not found", { status: 404 });
  return { signedIn: true as const, order: receiptOrder(order), donations: await context.services.donationLedger.breakdownForOrder(order.id) };
}

export default function Page({ loaderData }: Route.ComponentProps) {
  const { site } = usePublicConfig();
  const title = usePageTitle("order");
  if (!loaderData.signedIn) return null;
  const { order } = loaderData;
  return (
    <Screen title={title}>
      <AccountNav site={site} />
      <p className="mt-4 text-lg" data-testid="order-number">
        Order <strong>{order.number}</strong> · <span className="capitalize">{order.status}</span>
      </p>
      {order.trackingNumber ? (
        <p className="mt-1" data-testid="order-tracking">
          Tracking number: <strong>{order.trackingNumber}</strong>
        </p>
      ) : null}
      <OrderReceipt order={order} donations={loaderData.donations} />
      <BackLink to="/account/orders">Back to My Orders</BackLink>
    </Screen>
  );
}
