import { AUTOSHIP_FREQUENCY_WEEKS, frequencyLabel } from "../../../rules/autoship/offer-and-frequency";
import type { SubscriptionAction } from "../../../rules/autoship/subscription-states";
import { MAX_AUTOSHIP_QUANTITY } from "../../../rules/cart/quantity-input";
import type { SubscriptionView } from "../../../server/modules/autoship";
import { SelectField } from "../../components/form-field";
import { ActionForm, BoundedField, ChangeSection, OrderDateField, secondaryButton } from "./action-form";
import { formatUsd } from "../../../rules/shared/money";

// What is delivered and when: frequency, quantity, the next order's date, and another size or
// flavour of the same product. The date input's bounds are the ones the service checks.

type Errors = (intent: SubscriptionAction) => Record<string, string>;

export function ChangeDeliveryForms(p: {
  s: SubscriptionView;
  can: ReadonlySet<SubscriptionAction>;
  errs: Errors;
  open: boolean;
  dateBounds: { min: string; max: string };
}) {
  const { s, can, errs, dateBounds } = p;
  return (
    <ChangeSection title="Change delivery" testId="change-delivery" open={p.open}>
      <div className="grid gap-4 sm:grid-cols-2">
        <ActionForm id={s.id} intent="change_frequency" label="Change frequency">
          <SelectField
            name="frequencyWeeks"
            label="Deliver"
            errors={errs("change_frequency")}
            defaultValue={String(s.frequencyWeeks)}
            options={AUTOSHIP_FREQUENCY_WEEKS.map((w) => ({ value: String(w), label: frequencyLabel(w) }))}
          />
          <button type="submit" className={`${secondaryButton} mt-2`}>
            Save frequency
          </button>
        </ActionForm>
        <ActionForm id={s.id} intent="change_quantity" label="Change quantity">
          <BoundedField
            name="quantity"
            label="Quantity"
            type="number"
            min="1"
            max={String(MAX_AUTOSHIP_QUANTITY)}
            defaultValue={String(s.quantity)}
            error={errs("change_quantity").quantity}
          />
          <button type="submit" className={`${secondaryButton} mt-2`}>
            Save quantity
          </button>
        </ActionForm>
        {can.has("change_date") ? (
          <ActionForm id={s.id} intent="change_date" label="Change next order date">
            <OrderDateField label="Next order date" dateBounds={dateBounds} defaultValue={s.nextOrderDate} error={errs("change_date").nextOrderDate} required />
            <button type="submit" className={`${secondaryButton} mt-2`}>
              Save date
            </button>
          </ActionForm>
        ) : null}
        {s.variantChoices.length > 1 ? (
          <ActionForm id={s.id} intent="swap_variant" label="Change size or flavor">
            <SelectField
              name="variantId"
              label="Size or flavor"
              errors={errs("swap_variant")}
              defaultValue={String(s.variantId)}
              options={s.variantChoices.map((v) => ({ value: String(v.id), label: `${v.title} — ${formatUsd(v.autoshipUnitPriceCents)}` }))}
            />
            <button type="submit" className={`${secondaryButton} mt-2`}>
              Change item
            </button>
          </ActionForm>
        ) : null}
      </div>
    </ChangeSection>
  );
}
