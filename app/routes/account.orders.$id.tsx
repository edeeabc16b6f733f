import { data, Link } from "react-router";
import { Screen } from "../components/screen";
import { AccountNav } from "../features/account/account-nav";
import { titleMeta } from "../lib/meta";
import { usePublicConfig } from "../lib/use-public-config";
import { usePageTitle } from "../lib/use-site";
import type { Route } from "./+types/account.orders.$id";

export const meta = titleMeta("order");

/** One of the signed-in customer's orders, by number or id; anyone else's is a 404 (never leak existence). */
export async function loader({ context, params }: Route.LoaderArgs) {
  // Signed out, the /account layout shows the sign-in notice.
  if (!context.customer) return { signedIn: false as const };
  const order = await context.services.orders.getForCustomer(context.customer.id, params.id);
  if (!order) throw data("Order not found", { status: 404 });
  return { signedIn: true as const, order };
}

const usd = (amount: string) => new Intl.NumberFormat("en-US", { style: "currency", currency: "USD" }).format(Number(amount));

type Address = { firstName?: string; lastName?: string; address1: string; address2?: string; city: string; provinceCode: string; zip: string };

function AddressLines({ address }: { address: Address | null }) {
  if (!address) return <p>—</p>;
  return (
    <address className="not-italic">
      {[address.firstName, address.lastName].filter(Boolean).join(" ")}
      {(address.firstName || address.lastName) && <br />}
      {address.address1}
      {address.address2 && (
        <>
          <br />
          {address.address2}
        </>
      )}
      <br />
      {address.city}, {address.provinceCode} {address.zip}
    </address>
  );
}

export default function Page({ loaderData }: Route.ComponentProps) {
  const { site } = usePublicConfig();
  const title = usePageTitle("order");
  if (!loaderData.signedIn) return null;
  const { order } = loaderData;
  const rows: [string, string][] = [
    ["Subtotal", order.subtotal.amount],
    ["Discounts", order.totalDiscounts.amount],
    ["Shipping", order.totalShipping.amount],
    ["Alaska/Hawaii service charge", order.serviceCharge.amount],
    ["Tax", order.totalTax.amount],
  ];
  return (
    <Screen title={title}>
      <AccountNav site={site} />
      <p className="mt-4 text-lg" data-testid="order-number">
        Order <strong>{order.number}</strong> · <span className="capitalize">{order.status}</span>
      </p>
      <table className="mt-4 w-full text-left text-sm">
        <caption className="sr-only">Items in order {order.number}</caption>
        <thead className="border-b border-gray-300">
          <tr>
            <th scope="col" className="py-2 pr-3">Item</th>
            <th scope="col" className="py-2 pr-3">Quantity</th>
            <th scope="col" className="py-2 text-right">Price</th>
          </tr>
        </thead>
        <tbody>
          {order.lineItems.map((l) => (
            <tr key={l.id} className="border-b border-gray-200">
              <td className="py-2 pr-3">
                <span className="font-semibold">{l.title}</span>
                <br />
                <span className="text-gray-600">
                  {l.variantTitle} · SKU {l.sku}
                  {l.sellingPlanId ? " · Autoship" : ""}
                </span>
              </td>
              <td className="py-2 pr-3">{l.quantity}</td>
              <td className="py-2 text-right">{usd(l.subtotal.amount)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <dl className="ml-auto mt-4 max-w-sm space-y-1 text-sm">
        {rows
          .filter(([label, amount]) => Number(amount) !== 0 || label === "Subtotal")
          .map(([label, amount]) => (
            <div key={label} className="flex justify-between">
              <dt>{label}</dt>
              <dd>{label === "Discounts" ? `−${usd(amount)}` : usd(amount)}</dd>
            </div>
          ))}
        <div className="flex justify-between border-t border-gray-300 pt-1 text-base font-bold">
          <dt>Total</dt>
          <dd data-testid="order-total">{usd(order.totalPrice.amount)}</dd>
        </div>
      </dl>
      <div className="mt-6 grid gap-6 sm:grid-cols-2">
        <section>
          <h2 className="font-bold text-secondary">Shipping address</h2>
          <AddressLines address={order.shippingAddress as Address | null} />
        </section>
        <section>
          <h2 className="font-bold text-secondary">Billing address</h2>
          <AddressLines address={order.billingAddress as Address | null} />
        </section>
      </div>
      <p className="mt-6">
        <Link to="/account/orders" className="font-semibold text-primary underline">
          Back to My Orders
        </Link>
      </p>
    </Screen>
  );
}
