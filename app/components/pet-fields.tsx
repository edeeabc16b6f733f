import { useState } from "react";
import { ACTIVITY_LEVELS, LIFE_STAGES, PET_SPECIES, PET_WEIGHT_UNITS, type PetProfile, type PetSpecies } from "../../rules/autoship/feeding-calculator";
import { SelectField, TextField } from "./form-field";

// The pet of the feeding calculator: species, weight with its unit, life stage and activity. Used by
// the product page's calculator and by My Autoships' pet form; the life stages follow the species.

const SPECIES_OPTIONS = PET_SPECIES.map((s) => ({ value: s, label: s === "dog" ? "Dog" : "Cat" }));
const UNIT_OPTIONS = PET_WEIGHT_UNITS.map((u) => ({ value: u, label: u }));

export function PetFields({
  defaults,
  species: fixedSpecies,
  errors,
}: {
  defaults?: Partial<PetProfile> | null;
  species?: PetSpecies;
  errors: Record<string, string>;
}) {
  const [species, setSpecies] = useState<PetSpecies>(defaults?.species ?? fixedSpecies ?? "dog");
  return (
    <div className="grid gap-x-4 sm:grid-cols-2">
      <div onChange={(e) => setSpecies(((e.target as unknown as HTMLSelectElement).value as PetSpecies) || "dog")}>
        <SelectField name="species" label="Pet" options={SPECIES_OPTIONS} defaultValue={species} errors={errors} required />
      </div>
      <div className="flex gap-2">
        <div className="flex-1">
          <TextField
            name="weight"
            label="Weight"
            inputMode="text"
            defaultValue={defaults?.weight != null ? String(defaults.weight) : ""}
            errors={errors}
            required
          />
        </div>
        <div className="w-24">
          <SelectField name="weightUnit" label="Unit" options={UNIT_OPTIONS} defaultValue={defaults?.weightUnit ?? "lb"} errors={errors} required />
        </div>
      </div>
      <SelectField
        key={species}
        name="lifeStage"
        label="Life stage"
        options={LIFE_STAGES[species]}
        defaultValue={defaults?.species === species ? defaults.lifeStage : "adult"}
        errors={errors}
        required
      />
      <SelectField name="activity" label="Activity" options={ACTIVITY_LEVELS} defaultValue={defaults?.activity ?? "normal"} errors={errors} required />
    </div>
  );
}

/** The pet fields of a submitted form, as strings (checked by rules/autoship/feeding-calculator.ts checkPet or the server's schema). */
export function petValues(form: FormData) {
  const s = (k: string) => String(form.get(k) ?? "");
  return { species: s("species"), weight: s("weight"), weightUnit: s("weightUnit"), lifeStage: s("lifeStage"), activity: s("activity") };
}
