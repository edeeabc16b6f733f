import { useId } from "react";
import { Form } from "react-router";
import { ACCEPT_SAVE_DISCOUNT, saveOfferText, type SaveOffer } from "../../../rules/autoship/save-offers";
import { CANCEL_REASONS, type CancelReason } from "../../../rules/autoship/subscription-states";
import { addDays } from "../../../rules/shared/calendar-days";
import type { SubscriptionView } from "../../../server/modules/autoship";
import { SelectField } from "../../components/form-field";
import { ActionForm, buttonClass, ChangeSection, OrderDateField, secondaryButton } from "./action-form";

// Ending a subscription (with the reason asked) and bringing a paused or cancelled one back, on a
// date the customer may choose. Cancelling answers the reason with at most one offer
// (rules/autoship/save-offers.ts), shown beside the cancel button once the reason is picked
// (save-offers.css, no script needed); the cancel button is always there and always cancels.

type Dates = { min: string; max: string };
type OfferSubject = Pick<SubscriptionView, "id" | "saveOffers" | "nextOrderDate" | "variantId" | "variantChoices" | "otherRecipes">;
type ChoiceGroup = { label: string; options: { value: string; label: string }[] };

/** One way to take an offer: the change it posts (with the reason it answers) and its button. */
type OfferAction = {
  key: string;
  fields: Record<string, string>;
  button: string;
  primary: boolean;
  choose?: { label: string; groups: ChoiceGroup[] };
};

function offerActions(s: OfferSubject, reason: CancelReason, offer: SaveOffer, dateBounds: Dates): OfferAction[] {
  const base = { subscriptionId: s.id, saveReason: reason };
  switch (offer.kind) {
    case "frequency":
      return [
        {
          key: "frequency",
          fields: { ...base, intent: "change_frequency", frequencyWeeks: String(offer.weeks) },
          button: `Deliver every ${offer.weeks} weeks`,
          primary: true,
        },
      ];
    case "discount":
      return [
        {
          key: "discount",
          fields: { subscriptionId: s.id, intent: ACCEPT_SAVE_DISCOUNT },
          button: `Take ${offer.percent}% off my next delivery`,
          primary: true,
        },
      ];
    case "skip_or_delay": {
      const delayed = addDays(s.nextOrderDate, 7);
      return [
        { key: "skip", fields: { ...base, intent: "skip" }, button: "Skip the next delivery", primary: true },
        ...(delayed <= dateBounds.max
          ? [{ key: "delay", fields: { ...base, intent: "change_date", nextOrderDate: delayed }, button: "Delay it one week", primary: false }]
          : []),
      ];
    }
    case "swap": {
      // Another size or flavour of this food, or another recipe of its line.
      const sizes = s.variantChoices.filter((v) => v.id !== s.variantId).map((v) => ({ value: String(v.id), label: v.title }));
      const recipes = [...new Set(s.otherRecipes.map((v) => v.productTitle))].map((title) => ({
        label: title,
        options: s.otherRecipes.filter((v) => v.productTitle === title).map((v) => ({ value: String(v.id), label: v.title })),
      }));
      const groups = [...(sizes.length ? [{ label: "This food", options: sizes }] : []), ...recipes];
      if (!groups.length) return [];
      return [
        {
          key: "swap",
          fields: { ...base, intent: "swap_variant" },
          button: "Switch instead",
          primary: true,
          choose: { label: "Another size, flavour or recipe", groups },
        },
      ];
    }
    case "none":
      return [];
  }
}

export function CancelSubscriptionForm({ s, errors, open, dateBounds }: { s: OfferSubject; errors: Record<string, string>; open: boolean; dateBounds: Dates }) {
  const uid = useId();
  const offers = s.saveOffers
    ? CANCEL_REASONS.flatMap(({ value }) => {
        const offer = s.saveOffers![value];
        const text = saveOfferText(offer);
        const actions = offerActions(s, value, offer, dateBounds);
        return text && actions.length ? [{ reason: value, text, actions }] : [];
      })
    : [];
  const formId = (reason: string, key: string) => `${uid}-${reason}-${key}`;
  return (
    <ChangeSection title="Cancel subscription" testId="cancel" open={open}>
      <div className="save-flow">
        <ActionForm id={s.id} intent="cancel" label="Cancel subscription">
          <SelectField name="reason" label="Why are you cancelling?" placeholder="Select a reason" required errors={errors} options={CANCEL_REASONS} />
          {/* The offer fitted to the picked reason; its controls post their own form (below: forms cannot nest). */}
          <div aria-live="polite">
            {offers.map((o) => (
              <div
                key={o.reason}
                className="save-offer mt-3 rounded border border-primary bg-primary/5 px-3 py-2"
                data-offer={o.reason}
                data-testid={`save-offer-${o.reason}`}
              >
                <p>{o.text}</p>
                <div className="mt-2 flex flex-wrap items-end gap-2">
                  {o.actions.map((a) => (
                    <div key={a.key}>
                      {a.choose ? <OfferChoice form={formId(o.reason, a.key)} {...a.choose} /> : null}
                      <button type="submit" form={formId(o.reason, a.key)} className={a.primary ? buttonClass : secondaryButton}>
                        {a.button}
                      </button>
                    </div>
                  ))}
                </div>
              </div>
            ))}
          </div>
          <button type="submit" className="mt-4 rounded border border-error px-4 py-2 font-semibold text-error hover:bg-error/10">
            Cancel subscription
          </button>
        </ActionForm>
        {offers.flatMap((o) =>
          o.actions.map((a) => (
            <Form key={`${o.reason}-${a.key}`} method="post" id={formId(o.reason, a.key)}>
              {Object.entries(a.fields).map(([name, value]) => (
                <input key={name} type="hidden" name={name} value={value} />
              ))}
            </Form>
          )),
        )}
      </div>
    </ChangeSection>
  );
}

/** The swap offer's choice of item, belonging to the offer's form. */
function OfferChoice({ form, label, groups }: { form: string; label: string; groups: ChoiceGroup[] }) {
  const id = useId();
  return (
    <div className="mb-2">
      <label htmlFor={id} className="mb-1 block text-sm font-semibold">
        {label}
      </label>
      <select id={id} name="variantId" form={form} required className="min-h-10 max-w-full rounded border border-gray-400 bg-white px-2">
        {groups.map((g) => (
          <optgroup key={g.label} label={g.label}>
            {g.options.map((o) => (
              <option key={o.value} value={o.value}>
                {o.label}
              </option>
            ))}
          </optgroup>
        ))}
      </select>
    </div>
  );
}

export function ReactivateForm({ id, error, dateBounds }: { id: string; error: string | undefined; dateBounds: { min: string; max: string } }) {
  return (
    <ActionForm id={id} intent="reactivate" label="Reactivate subscription">
      <OrderDateField label="First order on (optional)" dateBounds={dateBounds} defaultValue="" error={error} />
      <button type="submit" className={`${buttonClass} mt-2`}>
        Reactivate
      </button>
    </ActionForm>
  );
}
