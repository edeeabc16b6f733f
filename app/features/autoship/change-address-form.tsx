import { NEW_CHOICE } from "../../../rules/autoship/subscription-states";
import { US_STATES } from "../../../rules/shared/us-states";
import { SelectField, TextField } from "../../components/form-field";
import { ActionForm, ChangeSection, secondaryButton } from "./action-form";

// Where the subscription ships: one of the address book's addresses, or a new one entered here
// (checked like the address book, and refused when no warehouse serves its ZIP).

export type SavedAddress = {
  id: string;
  firstName: string;
  lastName: string;
  address1: string;
  address2: string;
  city: string;
  provinceCode: string;
  zip: string;
  phone: string | null;
};

const STATE_OPTIONS = US_STATES.map((s) => ({ value: s.code, label: s.name }));

export function ChangeAddressForm({ id, addresses, errors, open }: { id: string; addresses: SavedAddress[]; errors: Record<string, string>; open: boolean }) {
  return (
    <ChangeSection title="Change shipping address" testId="change-address" open={open}>
      <ActionForm id={id} intent="change_address" label="Change shipping address">
        <SelectField
          name="addressId"
          label="Ship to"
          errors={errors}
          defaultValue={addresses[0]?.id ?? NEW_CHOICE}
          options={[
            ...addresses.map((a) => ({ value: a.id, label: `${a.address1}, ${a.city} ${a.provinceCode} ${a.zip}` })),
            { value: NEW_CHOICE, label: "A new address (enter it below)" },
          ]}
        />
        <fieldset className="mt-2">
          <legend className="text-sm text-gray-700">A new address</legend>
          <div className="grid gap-x-4 sm:grid-cols-2">
            <TextField name="firstName" label="First name" autoComplete="given-name" errors={errors} />
            <TextField name="lastName" label="Last name" autoComplete="family-name" errors={errors} />
            <TextField name="address1" label="Street address" autoComplete="address-line1" errors={errors} />
            <TextField name="address2" label="Apartment, suite (optional)" autoComplete="address-line2" errors={errors} />
            <TextField name="city" label="City" autoComplete="address-level2" errors={errors} />
            <SelectField name="provinceCode" label="State" placeholder="Choose a state" options={STATE_OPTIONS} errors={errors} />
            <TextField name="zip" label="ZIP code" autoComplete="postal-code" inputMode="numeric" maxLength={5} errors={errors} />
            <TextField name="phone" label="Phone (optional)" type="tel" autoComplete="tel" errors={errors} />
          </div>
        </fieldset>
        <button type="submit" className={`${secondaryButton} mt-4`}>
          Save address
        </button>
      </ActionForm>
    </ChangeSection>
  );
}
