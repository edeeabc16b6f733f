import { useId } from "react";
import { AUTOSHIP_PROMOTION } from "../../../rules/catalog/product-card";
import {
  AUTOSHIP_FREQUENCY_WEEKS,
  autoshipPriceCents,
  frequencyLabel,
  frequencyOfSellingPlan,
  sellingPlanIdFor,
} from "../../../rules/autoship/offer-and-frequency";
import { formatUsd } from "../../../rules/shared/money";

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
  const radio = (value: Purchase, radioId?: string) => (
    <input
      id={radioId}
      type="radio"
      name="purchase"
      value={value}
      checked={purchase === value}
      onChange={() => onPurchaseChange(value)}
      className="mt-1 h-4 w-4 accent-primary"
    />
  );
  return (
    <fieldset disabled={disabled} className="space-y-2">
      <legend className="mb-2 text-sm font-semibold">Purchase option</legend>
      <label className={option(purchase === "one-time")}>
        {radio("one-time")}
        <span className="flex-1">
          <span className="block font-semibold">One-time purchase</span>
          <span className="text-sm">{formatUsd(priceCents)}</span>
        </span>
      </label>
      <div className={option(purchase === "autoship")}>
        {radio("autoship", `${id}-autoship`)}
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
          <select
            id={`${id}-frequency`}
            name="sellingPlanId"
            value={sellingPlanIdFor(frequencyWeeks)}
            onChange={(e) => onFrequencyChange(frequencyOfSellingPlan(e.target.value) ?? frequencyWeeks)}
            className="mt-1 min-h-10 rounded border border-gray-400 bg-white px-2 py-1.5"
            data-testid="autoship-frequency"
          >
            {AUTOSHIP_FREQUENCY_WEEKS.map((w) => (
              <option key={w} value={sellingPlanIdFor(w)}>
                {frequencyLabel(w)}
              </option>
            ))}
          </select>
        </div>
      </div>
    </fieldset>
  );
}
