import { AUTOSHIP_FREQUENCY_WEEKS, frequencyLabel, sellingPlanIdFor } from "../../../rules/autoship/offer-and-frequency";

/**
 * The Autoship frequencies as a <select> named `sellingPlanId`, each option a frequency's selling
 * plan: the product page's purchase options and a cart line's "Deliver" choice. `onChoose` hears the
 * plan chosen.
 */
export function AutoshipFrequencySelect({
  id,
  value,
  onChoose,
  className,
  testId,
}: {
  id: string;
  value: string;
  onChoose: (sellingPlanId: string) => void;
  className: string;
  testId: string;
}) {
  return (
    <select id={id} name="sellingPlanId" value={value} onChange={(e) => onChoose(e.target.value)} className={className} data-testid={testId}>
      {AUTOSHIP_FREQUENCY_WEEKS.map((w) => (
        <option key={w} value={sellingPlanIdFor(w)}>
          {frequencyLabel(w)}
        </option>
      ))}
    </select>
  );
}
