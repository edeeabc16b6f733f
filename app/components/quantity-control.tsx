import { useId, type ReactNode } from "react";
import { canDecrease, canIncrease, isAllowedQuantityKey, quantityOnBlur, sanitizeQuantityInput, type QuantityBounds } from "../../rules/cart/quantity-input";

/**
 * The quantity control of SPEC §4/§5 (rules/cart/quantity-input.ts): minus, a digits-only field, plus. The
 * field is a real form input named `name`, so the surrounding form submits it without JavaScript.
 * `onCommit` (the cart) hears each settled choice: a step of minus or plus, and on blur the number
 * typed — before it is clamped, so the cart can say why a quantity above the cap was lowered.
 */
export function QuantityControl({
  value,
  onChange,
  bounds,
  inStock,
  name = "quantity",
  label = "Quantity",
  onCommit,
}: {
  /** The field's text: "" while the shopper is retyping. */
  value: string;
  onChange: (value: string) => void;
  bounds: QuantityBounds;
  inStock: boolean;
  name?: string;
  label?: ReactNode;
  onCommit?: (requested: number) => void;
}) {
  const id = useId();
  const current = quantityOnBlur(value, bounds);
  const step = (by: -1 | 1) => {
    const next = quantityOnBlur(current + by, bounds);
    onChange(String(next));
    onCommit?.(next);
  };
  return (
    <div>
      <label htmlFor={id} className="mb-1 block text-sm font-semibold">
        {label}
      </label>
      <div className={`inline-flex items-center rounded border ${inStock ? "border-gray-400" : "border-disabled"}`}>
        <StepButton by={-1} controls={id} enabled={canDecrease(current, bounds, inStock)} onStep={step} />
        <input
          id={id}
          name={name}
          type="text"
          inputMode="numeric"
          pattern="[0-9]*"
          autoComplete="off"
          className="h-11 w-14 border-x border-gray-300 text-center text-lg disabled:bg-gray-50 disabled:text-gray-400"
          value={value}
          disabled={!inStock}
          data-testid="quantity-input"
          onKeyDown={(e) => {
            if (!isAllowedQuantityKey(e.key, e.ctrlKey || e.metaKey || e.altKey)) e.preventDefault();
          }}
          onChange={(e) => onChange(sanitizeQuantityInput(e.target.value))}
          onBlur={() => {
            onChange(String(quantityOnBlur(value, bounds)));
            onCommit?.(/^\d+$/.test(value) ? Math.max(bounds.min, Number(value)) : bounds.min);
          }}
        />
        <StepButton by={1} controls={id} enabled={canIncrease(current, bounds, inStock)} onStep={step} />
      </div>
      <p className="mt-1 text-xs text-gray-600">Up to {bounds.max} per order</p>
    </div>
  );
}

const stepButton =
  "flex h-11 w-11 items-center justify-center text-xl font-bold text-secondary hover:bg-mist disabled:cursor-not-allowed disabled:text-disabled disabled:hover:bg-transparent";

/** Minus (`by` -1, on the left) or plus (+1, on the right) of the field `controls`. */
function StepButton({ by, controls, enabled, onStep }: { by: -1 | 1; controls: string; enabled: boolean; onStep: (by: -1 | 1) => void }) {
  const minus = by < 0;
  return (
    <button
      type="button"
      className={`${stepButton} ${minus ? "rounded-l" : "rounded-r"}`}
      aria-label={minus ? "Decrease quantity" : "Increase quantity"}
      aria-controls={controls}
      disabled={!enabled}
      onClick={() => onStep(by)}
    >
      {minus ? "−" : "+"}
    </button>
  );
}
