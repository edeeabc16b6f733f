import type { SubscriptionView } from "../../../server/modules/autoship";
import { AddressLines } from "../../components/address-lines";
import { brandName, longDate } from "./format";
import { formatUsd } from "../../../rules/shared/money";

// What a subscription is: the item, its status (and why a renewal is held), and the facts of the
// next delivery — when, how often, how many, the price, where to and paid how.

const STATUS_LABEL = { active: "Active", paused: "Paused", cancelled: "Cancelled" } as const;
const STATUS_TONE = { active: "bg-success/15 text-success-dark", paused: "bg-gray-200", cancelled: "bg-error/10 text-error" } as const;
const HOLD_NOTICE = {
  out_of_stock: "On hold: the item is out of stock; we will retry.",
  payment_failed: "On hold: the last payment failed; update your payment method.",
  quota_reached: "On hold: this month's program allowance is used up; it renews on the 1st of next month.",
  not_eligible: "On hold: your staff program membership is not active; it renews once you rejoin your clinic.",
  price_rise: "On hold: the price rose beyond your price guard; renew at the new price or skip (see below).",
} as const;

export function SubscriptionHeading({ s, headingId }: { s: SubscriptionView; headingId: string }) {
  return (
    <div className="flex flex-wrap gap-4">
      <img src={s.image.url} alt={s.image.alt} width={96} height={96} className="h-24 w-24 object-contain" loading="lazy" />
      <div className="min-w-0 flex-1">
        <h2 id={headingId} className="text-lg font-bold text-secondary">
          {s.productTitle}
        </h2>
        <p className="text-sm text-gray-700">
          {s.variantTitle} · SKU {s.sku} · {s.contractId}
        </p>
        <p className="mt-1">
          <span data-testid="subscription-status" className={`inline-block rounded px-2 py-0.5 text-sm font-semibold ${STATUS_TONE[s.status]}`}>
            {STATUS_LABEL[s.status]}
          </span>
          {s.hold ? <span className="ml-2 text-sm text-error">{HOLD_NOTICE[s.hold]}</span> : null}
        </p>
      </div>
    </div>
  );
}

export function DeliveryFacts({ s }: { s: SubscriptionView }) {
  return (
    <dl className="mt-3 grid gap-x-6 gap-y-2 text-sm sm:grid-cols-2">
      <div>
        <dt className="font-semibold">Next order</dt>
        <dd data-testid="next-order-date">{s.status === "active" ? longDate(s.nextOrderDate) : "None planned"}</dd>
      </div>
      <div>
        <dt className="font-semibold">Frequency</dt>
        <dd data-testid="frequency">{s.frequencyLabel}</dd>
      </div>
      <div>
        <dt className="font-semibold">Quantity</dt>
        <dd data-testid="quantity">{s.quantity}</dd>
      </div>
      <div>
        <dt className="font-semibold">Price per delivery</dt>
        <dd data-testid="price">
          {formatUsd(s.totalCents)}{" "}
          <span className="text-gray-600">
            (<s>{formatUsd(s.unitPriceCents * s.quantity)}</s>, you save 5% with Autoship)
          </span>
        </dd>
      </div>
      <div>
        <dt className="font-semibold">Ships to</dt>
        <dd data-testid="ship-to">
          <AddressLines address={s.shippingAddress} />
        </dd>
      </div>
      <div>
        <dt className="font-semibold">Payment</dt>
        <dd data-testid="payment-method">
          {s.paymentMethod ? `${brandName(s.paymentMethod.brand)} ending in ${s.paymentMethod.last4}` : "No payment method; add one below"}
        </dd>
      </div>
      {s.status === "cancelled" && s.cancelReasonLabel ? (
        <div>
          <dt className="font-semibold">Cancelled because</dt>
          <dd>{s.cancelReasonLabel}</dd>
        </div>
      ) : null}
    </dl>
  );
}

/** The latest changes and renewals, newest first. */
export function SubscriptionHistory({ history }: { history: SubscriptionView["history"] }) {
  if (!history.length) return null;
  return (
    <details className="text-sm">
      <summary className="cursor-pointer text-primary">History</summary>
      <ul className="mt-2 list-disc pl-5">
        {history.map((h, i) => (
          <li key={i}>
            {longDate(h.at.slice(0, 10))}: {h.kind.replace(/_/g, " ")}
          </li>
        ))}
      </ul>
    </details>
  );
}
