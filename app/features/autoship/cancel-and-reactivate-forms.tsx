import { CANCEL_REASONS } from "../../../rules/autoship/subscription-states";
import { SelectField } from "../../components/form-field";
import { ActionForm, buttonClass, ChangeSection, OrderDateField } from "./action-form";

// Ending a subscription (with the reason asked) and bringing a paused or cancelled one back, on a
// date the customer may choose.

export function CancelSubscriptionForm({ id, errors, open }: { id: string; errors: Record<string, string>; open: boolean }) {
  return (
    <ChangeSection title="Cancel subscription" testId="cancel" open={open}>
      <ActionForm id={id} intent="cancel" label="Cancel subscription">
        <SelectField name="reason" label="Why are you cancelling?" placeholder="Select a reason" required errors={errors} options={CANCEL_REASONS} />
        <button type="submit" className="mt-4 rounded border border-error px-4 py-2 font-semibold text-error hover:bg-error/10">
          Cancel subscription
        </button>
      </ActionForm>
    </ChangeSection>
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
