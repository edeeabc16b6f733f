import { Form } from "react-router";

// The cart's donation add-on (campaign 4) and round-up (campaign 3): a plain form with the intent
// "donation" whose buttons carry only the offered choices, so it works without JavaScript and a
// client cannot name an amount of its own (the server checks the choice against its offer). Every
// text comes from the loader (app/features/cart/cart-route.server.ts), keeping the cart's bundle small.

/** The cart loader's offer, its texts formatted on the server. */
export type CartDonationOffer = {
  heading: string;
  /** One per offered choice (and "Remove donation" once one is chosen): `value` is the form's `donation`. */
  buttons: { value: string; label: string; name: string; pressed?: boolean }[];
  /** The chosen donation as the Order Summary shows it, and the estimate with it; null when none. */
  row: { label: string; value: string; total: string } | null;
};

export function DonationAddon({ offer, error }: { offer: CartDonationOffer; error?: string }) {
  return (
    <Form
      method="post"
      action="/cart"
      preventScrollReset
      className="mt-4 rounded-lg border border-gray-200 p-4"
      aria-labelledby="donation-addon-heading"
      data-testid="donation-addon"
    >
      <h2 id="donation-addon-heading" className="mb-3 font-semibold text-secondary">
        {offer.heading}
      </h2>
      <input type="hidden" name="intent" value="donation" />
      {offer.buttons.map((b) => (
        <button
          key={b.value}
          name="donation"
          value={b.value}
          aria-label={b.name}
          aria-pressed={b.pressed}
          className="mb-2 mr-2 min-h-11 rounded border-2 border-primary px-3 font-semibold aria-pressed:bg-primary aria-pressed:text-white"
        >
          {b.label}
        </button>
      ))}
      {error ? (
        <p role="alert" className="font-semibold text-error">
          {error}
        </p>
      ) : null}
    </Form>
  );
}
