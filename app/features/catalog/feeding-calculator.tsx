import { useState } from "react";
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
import { PetFields, petValues } from "../../components/pet-fields";

// The feeding calculator of the product page, loaded only when the shopper opens it (it is not part
// of the page's first-load JavaScript). The pet → the daily portion from the product's feeding
// table → how long the selected pack lasts → the nearest Autoship interval, which it selects.

export type FeedingCalculatorProps = {
  product: Pick<Product, "handle" | "productSpecies">;
  /** The pack chosen on the page: how long it lasts. */
  variant: Pick<Variant, "foodForm" | "weight" | "weightUnit" | "size">;
  /** The nearest offered interval, and the pet it was worked out for (rules/autoship/feeding-calculator.ts petAttributeValue). */
  onChooseFrequency: (weeks: number, pet: string) => void;
};

type Result = { portion: string; sentence: string; weeks: number } | { error: string };

export function FeedingCalculator({ product, variant, onChooseFrequency }: FeedingCalculatorProps) {
  const species: PetSpecies = product.productSpecies;
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [result, setResult] = useState<Result | null>(null);
  const guide = feedingGuideFor({ handle: product.handle, species, foodForm: variant.foodForm });

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
      sentence: lastsSentence({ packLabel: variant.size.toLowerCase(), pet, days }),
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
      <PetFields species={species} errors={errors} />
      <button type="submit" className="mt-4 rounded bg-primary px-4 py-2 font-semibold text-white hover:bg-secondary">
        Calculate
      </button>
      <div aria-live="polite" className="mt-3" data-testid="feeding-result">
        {result && "error" in result ? <p className="text-error">{result.error}</p> : null}
        {result && "sentence" in result ? (
          <>
            <p>Daily portion: {result.portion}.</p>
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
