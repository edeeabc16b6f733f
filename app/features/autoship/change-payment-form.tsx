import { NEW_CHOICE } from "../../../rules/autoship/subscription-states";
import { SelectField, TextField } from "../../components/form-field";
import { ActionForm, ChangeSection, secondaryButton } from "./action-form";
import { brandName } from "./format";

// How the subscription pays: one of the wallet's saved cards, or a new card entered here (saved to
// the wallet; the checkout's card-testing limit applies to new cards).

export type SavedCard = { id: string; brand: string; last4: string; expMonth: number; expYear: number };

export function ChangePaymentForm(p: { id: string; current: SavedCard | null; methods: SavedCard[]; errors: Record<string, string>; open: boolean }) {
  const { errors } = p;
  return (
    <ChangeSection title="Change payment method" testId="change-payment" open={p.open}>
      <ActionForm id={p.id} intent="change_payment" label="Change payment method">
        <SelectField
          name="paymentMethodId"
          label="Pay with"
          errors={errors}
          defaultValue={p.current?.id ?? p.methods[0]?.id ?? NEW_CHOICE}
          options={[
            ...p.methods.map((m) => ({
              value: m.id,
              label: `${brandName(m.brand)} ending in ${m.last4} (expires ${String(m.expMonth).padStart(2, "0")}/${m.expYear})`,
            })),
            { value: NEW_CHOICE, label: "A new card (enter it below)" },
          ]}
        />
        <fieldset className="mt-2">
          <legend className="text-sm text-gray-700">A new card</legend>
          <div className="grid gap-x-4 sm:grid-cols-2">
            <TextField name="cardNumber" label="Card number" autoComplete="cc-number" inputMode="numeric" errors={errors} />
            <TextField name="cvc" label="Security code" autoComplete="cc-csc" inputMode="numeric" maxLength={4} errors={errors} />
            <TextField name="expMonth" label="Expiry month (MM)" autoComplete="cc-exp-month" inputMode="numeric" maxLength={2} errors={errors} />
            <TextField name="expYear" label="Expiry year (YYYY)" autoComplete="cc-exp-year" inputMode="numeric" maxLength={4} errors={errors} />
          </div>
        </fieldset>
        <button type="submit" className={`${secondaryButton} mt-4`}>
          Save payment method
        </button>
      </ActionForm>
    </ChangeSection>
  );
}
