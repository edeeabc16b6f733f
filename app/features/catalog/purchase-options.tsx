import { useId } from "react";
import { AUTOSHIP_PROMOTION } from "../../../rules/catalog/product-card";
import { autoshipPriceCents, frequencyOfSellingPlan, sellingPlanIdFor } from "../../../rules/autoship/offer-and-frequency";
import { formatUsd } from "../../../rules/shared/money";
import { AutoshipFrequencySelect } from "../../components/cart/autoship-frequency-select";

export type Purchase = "one-time" | "autoship";

/**
 * One-time purchase or autoship with a delivery frequency (shop only; the staff site has no
 * autoship, SPEC §6). Lives inside the add-to-cart form, which submits `purchase` (one-time or
 * autoship) and `sellingPlanId` (the frequency's plan). Without JavaScript both are always sent; the
 * cart applies the plan only when purchase is autoship.
 */
export function PurchaseOptions({
  priceCents,
  purchase,
  onPurchaseChange,
  frequencyWeeks,
  onFrequencyChange,
  disabled,
  isStaff,
}: {
  priceCents: number;
  purchase: Purchase;
  onPurchaseChange: (p: Purchase) => void;
  frequencyWeeks: number;
  onFrequencyChange: (weeks: number) => void;
  disabled: boolean;
  /** Staff site: Autoship at the program price, with no promotion (SPEC §6). */
  isStaff: boolean;
}) {
  const id = useId();
  const option = (checked: boolean) =>
    `flex cursor-pointer items-start gap-3 rounded border-2 p-3 ${checked ? "border-primary bg-primary/5" : "border-gray-300"}`;
  return (
    <fieldset disabled={disabled} className="space-y-2">
      <legend className="mb-2 text-sm font-semibold">Purchase option</legend>
      <label className={option(purchase === "one-time")}>
        <PurchaseRadio value="one-time" chosen={purchase} onChoose={onPurchaseChange} />
        <span className="flex-1">
          <span className="block font-semibold">One-time purchase</span>
          <span className="text-sm">{formatUsd(priceCents)}</span>
        </span>
      </label>
      <div className={option(purchase === "autoship")}>
        <PurchaseRadio id={`${id}-autoship`} value="autoship" chosen={purchase} onChoose={onPurchaseChange} />
        <div className="flex-1">
          <label htmlFor={`${id}-autoship`} className="block cursor-pointer">
            <span className="block font-semibold">Autoship</span>
            <span className="text-sm">
              {isStaff ? (
                <>{formatUsd(priceCents)} · delivered on your schedule</>
              ) : (
                <>
                  {formatUsd(autoshipPriceCents(priceCents))} <span className="font-semibold text-success-dark">{AUTOSHIP_PROMOTION}</span>
                </>
              )}
            </span>
          </label>
          <label htmlFor={`${id}-frequency`} className="mt-2 block text-sm font-semibold">
            Deliver
          </label>
          <AutoshipFrequencySelect
            id={`${id}-frequency`}
            value={sellingPlanIdFor(frequencyWeeks)}
            onChoose={(sellingPlanId) => onFrequencyChange(frequencyOfSellingPlan(sellingPlanId) ?? frequencyWeeks)}
            className="mt-1 min-h-10 rounded border border-gray-400 bg-white px-2 py-1.5"
            testId="autoship-frequency"
          />
        </div>
      </div>
    </fieldset>
  );
}

function PurchaseRadio({ id, value, chosen, onChoose }: { id?: string; value: Purchase; chosen: Purchase; onChoose: (p: Purchase) => void }) {
  return (
    <input
      id={id}
      type="radio"
      name="purchase"
      value={value}
      checked={chosen === value}
      onChange={() => onChoose(value)}
      className="mt-1 h-4 w-4 accent-primary"
    />
  );
}
