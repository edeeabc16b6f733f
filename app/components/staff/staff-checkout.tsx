import { Form } from "react-router";
import { cartWeightLb, checkQuota, formatLb, quotaMeterText, type QuotaState } from "../../../rules/staff/monthly-allowance";
import type { PreferredAddress } from "../../../rules/staff/delivery";
import { SHOP_PRICES_CART_NOTE } from "../../../rules/staff/program-prices";

// The staff program's pieces of the cart and the checkout: the monthly quota meter, the clinic or
// home delivery choice, and the attestation.

export type StaffClinic = {
  name: string;
  address: { address1: string; address2: string; city: string; provinceCode: string; zip: string };
  homeDeliveryOnly: boolean;
};

/** "62 of 120 lb used in November; resets December 1", a meter, and what this cart adds. */
export function QuotaMeter({ quota, cartLb, overLb }: { quota: QuotaState; cartLb: number; overLb: number | null }) {
  return (
    <section aria-labelledby="quota-heading" className="rounded border border-gray-300 bg-white p-3 text-sm" data-testid="quota-meter">
      <h2 id="quota-heading" className="font-semibold">
        Monthly allowance
      </h2>
      <p className="mt-1" data-testid="quota-text">
        {quotaMeterText(quota)}
      </p>
      <meter
        className="mt-2 h-2 w-full"
        min={0}
        max={quota.allowanceLb}
        low={quota.allowanceLb * 0.8}
        high={quota.allowanceLb * 0.95}
        optimum={0}
        value={Math.min(quota.usedLb, quota.allowanceLb)}
        aria-label="Pounds used this month"
      />
      <p className="mt-1" data-testid="quota-cart">
        This cart: {formatLb(cartLb)} lb · {formatLb(quota.remainingLb)} lb left this month
      </p>
      {overLb !== null ? (
        <p role="alert" className="mt-1 font-semibold text-error" data-testid="quota-over">
          This cart is {formatLb(overLb)} lb over your monthly allowance. Remove {formatLb(overLb)} lb to check out, or order again after {quota.resetsOn}.
        </p>
      ) : null}
    </section>
  );
}

const addressLine = (a: StaffClinic["address"]) => [a.address1, a.address2, `${a.city}, ${a.provinceCode} ${a.zip}`].filter(Boolean).join(", ");

/** Clinic or home delivery (radio buttons of a form the caller owns); a home-delivery-only clinic leaves home only. */
export function DeliveryChoice({ clinic, current, error }: { clinic: StaffClinic; current: PreferredAddress; error?: string }) {
  return (
    <fieldset className="mt-4" aria-describedby={error ? "delivery-error" : undefined} data-testid="delivery-choice">
      <legend className="font-semibold">Deliver to</legend>
      <label className="mt-2 flex items-start gap-3 rounded border border-gray-300 p-3">
        <input type="radio" name="delivery" value="clinic" defaultChecked={current === "clinic"} disabled={clinic.homeDeliveryOnly} className="mt-1 h-4 w-4" />
        <span>
          My clinic: {clinic.name}
          <span className="block text-sm text-gray-700">{addressLine(clinic.address)}</span>
          {clinic.homeDeliveryOnly ? <span className="block text-sm text-gray-700">This clinic takes no deliveries: orders go to your home.</span> : null}
        </span>
      </label>
      <label className="mt-2 flex items-center gap-3 rounded border border-gray-300 p-3">
        <input type="radio" name="delivery" value="home" defaultChecked={current === "home"} className="h-4 w-4" />
        My home
      </label>
      {error ? (
        <p id="delivery-error" className="mt-1 text-sm font-medium text-error">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}

export type StaffCartSummary = {
  clinic: StaffClinic;
  preferredAddress: PreferredAddress;
  quota: QuotaState;
  /** False for a registered member outside the program's groups: they buy at shop prices. */
  programPricing: boolean;
};

/** The cart's staff panel: the quota meter for this cart, and the delivery choice (saved at once as the preferred address). */
export function StaffCartPanel({
  staff,
  lines,
  error,
}: {
  staff: StaffCartSummary;
  lines: readonly { quantity: number; variant: { weight: number; weightUnit: string } }[];
  error?: string;
}) {
  const cartLb = cartWeightLb(lines);
  const fits = checkQuota(staff.quota, cartLb);
  return (
    <div className="space-y-4" data-testid="staff-cart-panel">
      {staff.programPricing ? null : (
        <p role="note" className="rounded border border-gray-300 bg-white p-3 text-sm" data-testid="shop-prices-note">
          {SHOP_PRICES_CART_NOTE}
        </p>
      )}
      <QuotaMeter quota={staff.quota} cartLb={cartLb} overLb={fits.ok ? null : fits.overLb} />
      <Form method="post" className="rounded border border-gray-300 bg-white p-3 text-sm" data-testid="delivery-form">
        <input type="hidden" name="intent" value="delivery" />
        <DeliveryChoice clinic={staff.clinic} current={staff.preferredAddress} error={error} />
        <button type="submit" className="mt-3 rounded border-2 border-primary px-4 py-2 font-semibold text-primary hover:bg-mist">
          Save delivery choice
        </button>
      </Form>
    </div>
  );
}
