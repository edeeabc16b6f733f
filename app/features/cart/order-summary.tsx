import { Link } from "react-router";
import { usePublicConfig } from "../../lib/use-public-config";
import { type CartActionData, type CartView } from "../../components/cart/cart-types";
import { CheckoutButton } from "./checkout-button";
import { DiscountForm } from "./discount-form";
import { StaffCartPanel, type StaffCartSummary } from "../../components/staff/staff-checkout";
import { amountToCents, formatMoney } from "../../../rules/shared/money";
import type { CartDonationOffer } from "./donation-addon";

export const CHECKOUT_NOTE = "* Tax & shipping will be calculated at checkout. Shipments to Alaska and Hawaii will also include a $4 service charge.";

function Row({ label, value, strong = false, testId }: { label: string; value: string; strong?: boolean; testId: string }) {
  return (
    <div className={`flex justify-between gap-4 py-1.5 ${strong ? "border-t border-gray-300 pt-3 text-lg font-bold" : ""}`} data-testid={testId}>
      <dt>{label}</dt>
      <dd>{value}</dd>
    </div>
  );
}

/**
 * The Order Summary of SPEC §2 with its exact texts. The staff site adds Subtotal Before Savings
 * and Program Discount. "Proceed to Checkout" posts to the hand-off (/checkout/start).
 */
export function OrderSummary({
  cart,
  pageResult,
  staff,
  donation,
}: {
  cart: CartView;
  pageResult?: CartActionData;
  staff?: StaffCartSummary | null;
  /** The shopper's donation add-on or round-up: a line of its own, in the estimate (no tax, shipping or discount on it). */
  donation?: CartDonationOffer | null;
}) {
  const { site } = usePublicConfig();
  const { cost } = cart;
  const hasAutoship = cart.lineItems.some((l) => l.sellingPlanAllocation !== null);
  const button = "flex min-h-12 w-full items-center justify-center rounded px-6 py-3 text-center text-lg font-bold";

  return (
    <section
      aria-labelledby="order-summary-heading"
      id="checkout"
      className="space-y-4 rounded-lg border border-gray-200 bg-mist/60 p-5"
      data-testid="order-summary"
    >
      <h2 id="order-summary-heading" className="text-xl font-bold text-secondary">
        Order Summary
      </h2>
      <dl>
        {site.isStaff && (
          <>
            <Row label="Subtotal Before Savings" value={formatMoney(cost.subtotalBeforeSavingsAmount)} testId="summary-before-savings" />
            <Row label="Program Discount" value={`−${formatMoney(cost.programDiscountAmount)}`} testId="summary-program-discount" />
          </>
        )}
        <Row label="Cart Subtotal" value={formatMoney(cost.subtotalAmount)} testId="summary-subtotal" />
        {cart.discountCodes
          .filter((c) => c.applicable && amountToCents(c.amount.amount) > 0)
          .map((c) => (
            <Row key={c.code} label={`Discount (${c.code})`} value={`−${formatMoney(c.amount)}`} testId="summary-discount" />
          ))}
        {donation?.row ? <Row label={donation.row.label} value={donation.row.value} testId="summary-donation" /> : null}
        <Row label="Estimated Total*" value={donation?.row?.total ?? formatMoney(cost.totalAmount)} strong testId="summary-total" />
      </dl>
      <p className="flex justify-between gap-4 font-semibold text-success-dark" data-testid="summary-savings">
        <span>Total Savings:</span>
        <span>{formatMoney(cost.totalSavingsAmount)}</span>
      </p>
      <p className="text-sm text-gray-700">{CHECKOUT_NOTE}</p>

      {staff ? (
        <StaffCartPanel staff={staff} lines={cart.lineItems} error={pageResult?.intent === "delivery" ? pageResult.errors.delivery : undefined} />
      ) : null}

      <DiscountForm cart={cart} pageResult={pageResult} />

      <div className="space-y-3 pt-2">
        <CheckoutButton hasAutoship={hasAutoship} className={`${button} bg-primary text-white hover:bg-secondary`} />
        <Link to="/products" className={`${button} border-2 border-primary bg-white text-primary hover:bg-mist`}>
          Continue Shopping
        </Link>
      </div>
    </section>
  );
}
