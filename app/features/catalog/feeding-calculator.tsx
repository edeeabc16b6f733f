import { useEffect, useState } from "react";
import { useFetcher } from "react-router";
import { AUTOSHIP_FREQUENCY_WEEKS, frequencyLabel } from "../../../rules/autoship/offer-and-frequency";
import type { Product, Variant } from "../../../server/modules/catalog";
import {
  checkPet,
  dailyPortion,
  daysSupply,
  feedingGuideFor,
  lastsSentence,
  nearestFrequencyWeeks,
  petAttributeValue,
  type PetProfile,
  type PetSpecies,
} from "../../../rules/autoship/feeding-calculator";
import { feedingPetOf, type BreedSize, type Species } from "../../../rules/pets/profile-and-life-stage";
import { PetFields, petValues } from "../../components/pet-fields";
import { SelectField } from "../../components/form-field";

// The feeding calculator of the product page, loaded only when the shopper opens it (it is not part
// of the page's first-load JavaScript). The pet → the daily portion from the product's feeding
// table → how long the selected pack lasts → the nearest Autoship interval, which it selects.
// A signed-in shopper's kept pets (My Pets) are asked for then, from My Pets' own loader (a
// private answer: the product page itself stays the same for everyone); choosing one fills in
// its weight and today's life stage, and the answer is "for Biscuit".

export type FeedingCalculatorProps = {
  product: Pick<Product, "handle" | "productSpecies">;
  /** The pack chosen on the page: how long it lasts. */
  variant: Pick<Variant, "foodForm" | "weight" | "weightUnit" | "size">;
  /** The nearest offered interval, and the pet it was worked out for (rules/autoship/feeding-calculator.ts petAttributeValue). */
  onChooseFrequency: (weeks: number, pet: string) => void;
};

type Result = { portion: string; sentence: string; weeks: number } | { error: string };

/** A kept pet as My Pets' loader answers (app/routes/account.pets.tsx). */
type KeptPet = { id: string; name: string; species: Species; breedSize: BreedSize | null; birthday: string | null; weightLb: number | null };

/** The signed-in shopper's kept pets of this species with a weight (the calculator needs one); none for a guest. */
function useKeptPets(species: PetSpecies): KeptPet[] {
  const fetcher = useFetcher<{ signedIn: boolean; pets: KeptPet[] }>();
  useEffect(() => {
    if (fetcher.state === "idle" && !fetcher.data) fetcher.load("/account/pets");
  }, [fetcher]);
  return (fetcher.data?.pets ?? []).filter((p) => p.species === species && p.weightLb !== null);
}

export function FeedingCalculator({ product, variant, onChooseFrequency }: FeedingCalculatorProps) {
  const species: PetSpecies = product.productSpecies;
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [result, setResult] = useState<Result | null>(null);
  const guide = feedingGuideFor({ handle: product.handle, species, foodForm: variant.foodForm });
  const kept = useKeptPets(species);
  const [chosen, setChosen] = useState<KeptPet | null>(null);

  const calculate = (form: FormData) => {
    const raw = petValues(form);
    const found = checkPet(raw);
    setErrors(found);
    if (Object.keys(found).length) return setResult(null);
    const pet: PetProfile = { ...raw, weight: Number(raw.weight) } as PetProfile;
    const portion = dailyPortion(guide, pet);
    if (!portion) return setResult({ error: `This food is made for ${species}s: choose ${species} to see a portion.` });
    const days = daysSupply(variant.weight, variant.weightUnit, 1, portion.grams);
    const weeks = nearestFrequencyWeeks(days, AUTOSHIP_FREQUENCY_WEEKS);
    onChooseFrequency(weeks, petAttributeValue(pet));
    setResult({
      portion: `${portion.grams} g (about ${portion.cups} cup${portion.cups === 1 ? "" : "s"}) a day, ${portion.kcal} kcal`,
      sentence: lastsSentence({ packLabel: variant.size.toLowerCase(), pet, days, name: chosen?.name }),
      weeks,
    });
  };

  if (!guide) return <p className="text-sm">This product has no feeding table.</p>;
  return (
    <form
      aria-label="Feeding calculator"
      className="text-sm"
      data-testid="feeding-calculator"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        calculate(new FormData(e.currentTarget));
      }}
    >
      {kept.length ? (
        <div
          onChange={(e) => {
            setChosen(kept.find((p) => p.id === (e.target as unknown as HTMLSelectElement).value) ?? null);
            setResult(null);
          }}
        >
          <SelectField
            name="keptPet"
            label="Your pet"
            options={[{ value: "", label: "Another pet" }, ...kept.map((p) => ({ value: p.id, label: p.name }))]}
            defaultValue=""
            errors={{}}
          />
        </div>
      ) : null}
      {/* A kept pet's weight and today's life stage fill the fields (still editable). */}
      <PetFields key={chosen?.id ?? "another"} species={species} defaults={chosen ? feedingPetOf(chosen, new Date()) : null} errors={errors} />
      <button type="submit" className="mt-4 rounded bg-primary px-4 py-2 font-semibold text-white hover:bg-secondary">
        Calculate
      </button>
      <div aria-live="polite" className="mt-3" data-testid="feeding-result">
        {result && "error" in result ? <p className="text-error">{result.error}</p> : null}
        {result && "sentence" in result ? (
          <>
            <p>
              Daily portion{chosen ? ` for ${chosen.name}` : ""}: {result.portion}.
            </p>
            <p className="font-semibold">{result.sentence.charAt(0).toUpperCase() + result.sentence.slice(1)}.</p>
            <p>
              Autoship set to <strong data-testid="feeding-frequency">{frequencyLabel(result.weeks).toLowerCase()}</strong>.
            </p>
          </>
        ) : null}
      </div>
      <p className="mt-2 text-xs text-gray-600">
        {guide.kcalPerKg} kcal/kg, {guide.kcalPerCup} kcal per cup. A guide only: adjust to keep your pet at a healthy weight.
      </p>
    </form>
  );
}

export default FeedingCalculator;
