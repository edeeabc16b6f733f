import { Form } from "react-router";
import type { SubscriptionView } from "../../../server/modules/autoship";
import { PetFields } from "../../components/pet-fields";
import { SelectField } from "../../components/form-field";
import { buttonClass, ChangeSection, SaveAndClearButtons, secondaryButton } from "./action-form";
import { longDate } from "./format";

// The run-out date of a subscription (from the pet saved with it and the last order) and the form
// that saves the pet. A next delivery that comes after the food runs out says so and offers to
// move the order date (the lifecycle's own change_date action).

export function RunOutNotice({ s }: { s: SubscriptionView }) {
  const f = s.feeding;
  if (!f) return null;
  return (
    <div className={`mt-3 rounded px-3 py-2 text-sm ${f.late ? "border border-error bg-error/5" : "bg-mist"}`} data-testid="run-out">
      <p>
        Runs out around <strong data-testid="run-out-date">{longDate(f.runOutDate)}</strong>; next delivery around{" "}
        <strong>{longDate(f.nextDeliveryDate)}</strong> ({f.gramsPerDay} g a day, about {f.daysSupply} days per delivery).
      </p>
      {f.late ? (
        <Form method="post" className="mt-2" aria-label="Move the next order date" data-testid="run-out-late">
          <p className="font-semibold text-error">Your next delivery comes after the food runs out.</p>
          <input type="hidden" name="subscriptionId" value={s.id} />
          <input type="hidden" name="intent" value="change_date" />
          <input type="hidden" name="nextOrderDate" value={f.suggestedOrderDate} />
          <button type="submit" className={`${buttonClass} mt-2`}>
            Order on {longDate(f.suggestedOrderDate)} instead
          </button>
        </Form>
      ) : null}
    </div>
  );
}

export type KeptPet = { id: string; name: string; hasWeight: boolean };

export function PetForm({ s, pets, errors, open }: { s: SubscriptionView; pets: readonly KeptPet[]; errors: Record<string, string>; open: boolean }) {
  const linked = pets.find((p) => p.id === s.petId);
  return (
    <ChangeSection
      title={linked ? `Feeds ${linked.name} (run-out date)` : s.petProfile ? "Your pet (run-out date)" : "Add your pet to see when the food runs out"}
      testId="pet-form"
      open={open}
    >
      {pets.length ? (
        // One of the pets kept in My Pets: its weight and age fill in the calculator.
        <Form method="post" aria-label="Which pet eats this" className="mt-2" data-testid="link-pet">
          <input type="hidden" name="subscriptionId" value={s.id} />
          <input type="hidden" name="intent" value="link_pet" />
          <SelectField
            name="petId"
            label="Which of your pets eats this?"
            placeholder="Choose a pet"
            required
            defaultValue={linked?.id}
            errors={errors}
            options={pets.map((p) => ({ value: p.id, label: p.hasWeight ? p.name : `${p.name} (add a weight in My Pets)` }))}
          />
          <button type="submit" className={`${secondaryButton} mt-3`}>
            Link pet
          </button>
        </Form>
      ) : null}
      <Form method="post" aria-label="Your pet" className="mt-2">
        <input type="hidden" name="subscriptionId" value={s.id} />
        <PetFields defaults={s.petProfile} errors={errors} />
        <SaveAndClearButtons save={{ intent: "set_pet", label: "Save pet" }} clear={s.petProfile ? { intent: "clear_pet", label: "Remove" } : null} />
      </Form>
    </ChangeSection>
  );
}
