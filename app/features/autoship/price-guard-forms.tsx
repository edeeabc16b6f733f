import { Form } from "react-router";
import { formatUsd } from "../../../rules/shared/money";
import type { SubscriptionView } from "../../../server/modules/autoship";
import { BoundedField, buttonClass, ChangeSection, secondaryButton } from "./action-form";
import { longDate } from "./format";

// The price guard in My Autoships: the renewal it holds (the price rose beyond the customer's
// threshold) with its two answers, and the threshold itself.

export function PriceHoldNotice({ s }: { s: SubscriptionView }) {
  const h = s.priceHold;
  if (!h) return null;
  return (
    <Form method="post" className="mt-3 rounded border border-error bg-error/5 px-3 py-2 text-sm" aria-label="Price change" data-testid="price-hold">
      <input type="hidden" name="subscriptionId" value={s.id} />
      <input type="hidden" name="holdId" value={h.id} />
      <p>
        The price went up from <strong>{formatUsd(h.oldUnitCents)}</strong> to <strong>{formatUsd(h.newUnitCents)}</strong> per item, more than your{" "}
        {s.priceGuardPercent}% price guard. Your order due {longDate(h.cycleDate)} was not placed. Answer by {longDate(h.answerBy)}; otherwise this delivery is
        skipped.
      </p>
      <div className="mt-2 flex flex-wrap gap-3">
        <button type="submit" name="intent" value="accept_price" className={buttonClass}>
          Renew at the new price
        </button>
        <button type="submit" name="intent" value="skip_price" className={secondaryButton}>
          Skip this delivery
        </button>
      </div>
    </Form>
  );
}

export function PriceGuardForm({ s, errors, open }: { s: SubscriptionView; errors: Record<string, string>; open: boolean }) {
  return (
    <ChangeSection title={`Price guard: ${s.priceGuardPercent}%`} testId="price-guard" open={open}>
      <Form method="post" aria-label="Price guard" className="mt-2">
        <input type="hidden" name="subscriptionId" value={s.id} />
        <input type="hidden" name="intent" value="set_price_guard" />
        <p className="text-sm">If the price rises by more than this since your last order, we hold the renewal and ask you before charging.</p>
        <BoundedField
          name="priceGuardPercent"
          label="Largest price rise renewed without asking (%)"
          type="number"
          min="1"
          max="100"
          defaultValue={String(s.priceGuardPercent)}
          error={errors.priceGuardPercent}
          required
        />
        <button type="submit" className={`${secondaryButton} mt-2`}>
          Save price guard
        </button>
      </Form>
    </ChangeSection>
  );
}
