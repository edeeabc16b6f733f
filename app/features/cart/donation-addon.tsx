import { Form } from "react-router";
import { formatUsd } from "../../../rules/money";

// The cart's donation add-on (campaign 4) and round-up (campaign 3): a plain form with the intent
// "donation" whose buttons carry only the offered choices, so it works without JavaScript and a
// client cannot name an amount of its own (the server checks the choice against its offer).

/** The cart loader's offer (server/modules/donations/ledger.ts cartOffer, priced by rules/checkout-totals.ts). */
export type CartDonationOffer = {
  causeName: string;
  /** Add-on amounts offered (cents); empty when the add-on campaign is off. */
  choices: number[];
  /** "Round up to" this total (cents); null when the round-up campaign is off or the total is whole. */
  roundUpToCents: number | null;
  chosen: { kind: "add-on"; cents: number } | { kind: "round-up" } | null;
  /** The chosen donation on this cart's estimate, and the estimate with it. */
  addonCents: number;
  totalCents: number;
};

export function DonationAddon({ offer, error }: { offer: CartDonationOffer; error?: string }) {
  const { chosen, causeName } = offer;
  const button = "min-h-11 rounded border-2 border-primary px-3 font-semibold aria-pressed:bg-primary aria-pressed:text-white";
  return (
    <section aria-labelledby="donation-addon-heading" className="mt-4 rounded-lg border border-gray-200 p-4" data-testid="donation-addon">
      <h2 id="donation-addon-heading" className="font-semibold text-secondary">
        {offer.choices.length ? `Add ${offer.choices.map((c) => formatUsd(c, { compact: true })).join(" / ")} to ${causeName}` : `Give to ${causeName}`}
      </h2>
      <Form method="post" action="/cart" className="mt-3 flex flex-wrap gap-2" preventScrollReset>
        <input type="hidden" name="intent" value="donation" />
        {offer.choices.map((c) => (
          <button key={c} type="submit" name="donation" value={c} className={button} aria-pressed={chosen?.kind === "add-on" && chosen.cents === c} aria-label={`Add ${formatUsd(c, { compact: true })} to ${causeName}`}>
            {formatUsd(c, { compact: true })}
          </button>
        ))}
        {offer.roundUpToCents !== null ? (
          <button type="submit" name="donation" value="round-up" className={button} aria-pressed={chosen?.kind === "round-up"}>
            Round up to {formatUsd(offer.roundUpToCents)}
          </button>
        ) : null}
        {chosen ? (
          <button type="submit" name="donation" value="none" className="min-h-11 px-2 text-primary underline">
            Remove donation
          </button>
        ) : null}
      </Form>
      {error ? (
        <p role="alert" className="mt-2 font-semibold text-error">
          {error}
        </p>
      ) : null}
    </section>
  );
}
