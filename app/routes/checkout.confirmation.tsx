import { data, Link } from "react-router";
import { Screen } from "../components/screen";
import { DonationSlot } from "../components/donations/donation-slot";
import { hasReceipt } from "../features/checkout/checkout.server";
import { OrderReceipt } from "../features/checkout/order-receipt";
import { receiptOrder } from "../features/checkout/order-receipt.server";
import { usePurchaseEvent } from "../features/checkout/checkout-analytics";
import { purchasedOrderOf, purchaseEvent } from "../../rules/consent/ga4-checkout-events";
import { titleMeta } from "../lib/meta";
import { usePageTitle } from "../lib/use-site";
import type { Route } from "./+types/checkout.confirmation";

export const meta = titleMeta("orderConfirmation");

/**
 * The order confirmation the checkout hands back. A customer sees their own order; a
 * guest sees it through the signed receipt cookie set when it was placed. Anyone else: 404.
 */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { orders } = context.services;
  const order = context.customer
    ? ((await orders.getForCustomer(context.customer.id, params.id)) ??
      (hasReceipt(request, context.sessionSecret, params.id) ? await orders.getByIdUnchecked(params.id) : null))
    : hasReceipt(request, context.sessionSecret, params.id)
      ? await orders.getByIdUnchecked(params.id)
      : null;
  if (!order) throw data("Order not found", { status: 404 });
  // The analytics purchase event goes to the first view of the order only (claimed in the database,
  // so a reload or a later visit cannot repeat it); the staff site sends none (SPEC §2).
  const purchase = !context.site.isStaff && (await orders.claimPurchaseEvent(order.id)) ? purchaseEvent(purchasedOrderOf(order)) : null;
  const donations = await context.services.donationLedger.breakdownForOrder(order.id);
  return { order: receiptOrder(order), signedIn: Boolean(context.customer), purchase, donations };
}

export default function Page({ loaderData }: Route.ComponentProps) {
  const { order, signedIn, purchase, donations } = loaderData;
  usePurchaseEvent(purchase);
  const hasAutoship = order.lineItems.some((l) => l.sellingPlanId);
  return (
    <Screen title={usePageTitle("orderConfirmation")}>
      <div role="status" className="mt-4 rounded border border-success bg-success/10 px-4 py-3" data-testid="order-confirmation">
        <p className="text-lg">
          Your order <strong data-testid="order-number">{order.number}</strong> is confirmed.
        </p>
        <p>
          We sent a confirmation to <strong>{order.email}</strong>.
        </p>
      </div>
      {hasAutoship ? (
        <p className="mt-4">
          Your Autoship is set up. You can skip, change or cancel it any time under{" "}
          <Link to="/account/autoships" className="font-semibold text-primary underline">
            My Subscriptions
          </Link>
          .
        </p>
      ) : null}
      <OrderReceipt order={order} donations={donations} />
      <DonationSlot request={{ place: "confirmation", orderId: order.id }} />
      <p className="mt-6 flex flex-wrap gap-6">
        {signedIn ? (
          <Link to="/account/orders" className="font-semibold text-primary underline">
            View My Orders
          </Link>
        ) : null}
        <Link to="/products" className="font-semibold text-primary underline">
          Continue Shopping
        </Link>
      </p>
    </Screen>
  );
}
