import type { OrderView } from "../../../server/modules/orders";
import { amountToCents, formatMoney, formatUsd } from "../../../rules/shared/money";
import { staffOrderDetails } from "../../../rules/checkout/order-attributes";
import { TableHead } from "../../components/table-head";
import { OrderAddress, type Address } from "./order-address";

// An order's lines, totals and addresses, as the confirmation page and My Order Details show them.

/** What the order gave, per cause, net of reversals (the donation ledger). */
/** What the order gives a cause, net of refunds; `reversedCents`: what refunds took back from it. */
export type OrderDonation = { causeId: string; causeName: string; cents: number; reversedCents?: number };

export function OrderReceipt({ order, donations = [] }: { order: OrderView; donations?: readonly OrderDonation[] }) {
  const staff = staffOrderDetails(order.attributes);
  const rows: [string, string, string][] = [
    ["Subtotal", order.subtotal.amount, "order-subtotal"],
    ["Discounts", order.totalDiscounts.amount, "order-discounts"],
    ["Shipping", order.totalShipping.amount, "order-shipping"],
    ["Alaska/Hawaii service charge", order.serviceCharge.amount, "order-service-charge"],
    ["Tax", order.totalTax.amount, "order-tax"],
    // Older order views (a stored API answer) have no add-on.
    ["Donation", order.donationAddon?.amount ?? "0", "order-donation-addon"],
  ];
  return (
    <>
      <table className="mt-4 w-full text-left text-sm">
        <caption className="sr-only">Items in order {order.number}</caption>
        <TableHead labels={["Item", "Quantity", "Price"]} />
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
                {l.substitutedFor ? (
                  <span className="block text-gray-700" data-testid="substituted-for">
                    Substitute for {l.substitutedFor}
                  </span>
                ) : null}
              </td>
              <td className="py-2 pr-3">
                {l.quantity}
                {l.refundedQuantity > 0 ? (
                  <span className="block text-gray-600">{l.refundedQuantity === l.quantity ? "refunded" : `${l.refundedQuantity} refunded`}</span>
                ) : null}
              </td>
              <td className="py-2 text-right">{formatMoney(l.subtotal)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <dl className="ml-auto mt-4 max-w-sm space-y-1 text-sm">
        {rows
          .filter(([label, amount]) => Number(amount) !== 0 || label === "Subtotal" || label === "Shipping")
          .map(([label, amount, testId]) => (
            <div key={label} className="flex justify-between" data-testid={testId}>
              <dt>{label}</dt>
              <dd>
                {label === "Discounts"
                  ? `−${formatUsd(amountToCents(amount))}`
                  : Number(amount) === 0 && label === "Shipping"
                    ? "Free"
                    : formatUsd(amountToCents(amount))}
              </dd>
            </div>
          ))}
        <div className="flex justify-between border-t border-gray-300 pt-1 text-base font-bold">
          <dt>Total</dt>
          <dd data-testid="order-total">{formatMoney(order.totalPrice)}</dd>
        </div>
        {Number(order.totalRefunded.amount) > 0 ? (
          <div className="flex justify-between" data-testid="order-refunded">
            <dt>Refunded to your card</dt>
            <dd>−{formatMoney(order.totalRefunded)}</dd>
          </div>
        ) : null}
      </dl>
      {donations.some((d) => d.cents > 0) ? (
        <ul className="mt-4 space-y-1 rounded border border-success bg-success/10 px-4 py-3" data-testid="order-donations">
          {donations
            .filter((d) => d.cents > 0)
            .map((d) => (
              <li key={d.causeId}>{`${formatUsd(d.cents)} to ${d.causeName} with this order`}</li>
            ))}
        </ul>
      ) : null}
      {donations.some((d) => (d.reversedCents ?? 0) > 0) ? (
        <ul className="mt-2 space-y-1 text-sm text-gray-700" data-testid="order-donation-reversals">
          {donations
            .filter((d) => (d.reversedCents ?? 0) > 0)
            .map((d) => (
              <li key={d.causeId}>{`${formatUsd(d.reversedCents!)} to ${d.causeName} taken back with the refund`}</li>
            ))}
        </ul>
      ) : null}
      {staff ? (
        <section className="mt-6 rounded border border-gray-300 p-3 text-sm" data-testid="staff-order-details">
          <h2 className="font-bold text-secondary">Staff program</h2>
          <dl className="mt-1 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1">
            <dt>Delivery</dt>
            <dd data-testid="staff-delivery">{staff.delivery === "Clinic" ? "To my clinic" : "To my home"}</dd>
            <dt>Program Discount</dt>
            <dd data-testid="staff-program-discount">−{formatMoney(order.programDiscount)} (included in the prices above)</dd>
            <dt>Order type</dt>
            <dd data-testid="staff-order-type">{staff.orderType}</dd>
            <dt>Sold-to</dt>
            <dd data-testid="staff-sold-to">{staff.soldTo}</dd>
            <dt>Ship-to</dt>
            <dd data-testid="staff-ship-to">{staff.shipTo}</dd>
            {order.attestedAt ? (
              <>
                <dt>Household use</dt>
                {/* As read: the loader formats it (order-receipt.server.ts receiptOrder). */}
                <dd>Confirmed {order.attestedAt}</dd>
              </>
            ) : null}
          </dl>
        </section>
      ) : null}
      <div className="mt-6 grid gap-6 sm:grid-cols-2">
        <section>
          <h2 className="font-bold text-secondary">Shipping address</h2>
          <OrderAddress address={order.shippingAddress as Address | null} />
        </section>
        <section>
          <h2 className="font-bold text-secondary">Billing address</h2>
          <OrderAddress address={order.billingAddress as Address | null} />
        </section>
      </div>
    </>
  );
}
