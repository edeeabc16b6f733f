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
  const button =
    "flex h-11 w-11 items-center justify-center text-xl font-bold text-secondary hover:bg-mist disabled:cursor-not-allowed disabled:text-disabled disabled:hover:bg-transparent";
  // Minus (-1) left of the field, plus (+1) right of it.
  const stepButton = (by: -1 | 1) => (
    <button
      type="button"
      className={`${button} ${by < 0 ? "rounded-l" : "rounded-r"}`}
      aria-label={by < 0 ? "Decrease quantity" : "Increase quantity"}
      aria-controls={id}
      disabled={!(by < 0 ? canDecrease : canIncrease)(current, bounds, inStock)}
      onClick={() => {
        const next = quantityOnBlur(current + by, bounds);
        onChange(String(next));
        onCommit?.(next);
      }}
    >
      {by < 0 ? "−" : "+"}
    </button>
  );
  return (
    <div>
      <label htmlFor={id} className="mb-1 block text-sm font-semibold">
        {label}
      </label>
      <div className={`inline-flex items-center rounded border ${inStock ? "border-gray-400" : "border-disabled"}`}>
        {stepButton(-1)}
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
            onChange(String(current));
            onCommit?.(/^\d+$/.test(value) ? Math.max(bounds.min, Number(value)) : bounds.min);
          }}
        />
        {stepButton(1)}
      </div>
      <p className="mt-1 text-xs text-gray-600">Up to {bounds.max} per order</p>
    </div>
  );
}
