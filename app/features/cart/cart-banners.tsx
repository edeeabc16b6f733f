import { MAX_ITEMS_PER_ORDER } from "../../../rules/cart/quantity-limits";
import { MAX_AUTOSHIP_QUANTITY } from "../../../rules/cart/quantity-input";
import type { CartView } from "../../components/cart/cart-types";

export const OVER_LIMIT_TEXT = `Your cart has more than ${MAX_ITEMS_PER_ORDER} items. Orders are limited to ${MAX_ITEMS_PER_ORDER} items.`;
export const AUTOSHIP_LIMIT_TEXT = `Autoship items are limited to ${MAX_AUTOSHIP_QUANTITY} per item. You have reached the limit for an Autoship item.`;

function WarningIcon() {
  return (
    <svg aria-hidden="true" viewBox="0 0 20 20" className="mt-0.5 h-5 w-5 shrink-0" fill="currentColor">
      <path
        fillRule="evenodd"
        d="M8.3 2.9a2 2 0 0 1 3.4 0l6.1 10.8A2 2 0 0 1 16.1 16.7H3.9a2 2 0 0 1-1.7-3L8.3 2.9ZM10 7a1 1 0 0 0-1 1v3a1 1 0 1 0 2 0V8a1 1 0 0 0-1-1Zm0 8a1 1 0 1 0 0-2 1 1 0 0 0 0 2Z"
        clipRule="evenodd"
      />
    </svg>
  );
}

/** The limit banners of SPEC §5: over the order limit (above 10 in all), and the autoship warning at 5. */
export function CartBanners({ cart, isStaff }: { cart: CartView; isStaff: boolean }) {
  return (
    <div role="status" aria-live="polite" className="space-y-3">
      {cart.isOverLimit && (
        <p className="flex gap-2 rounded border-l-4 border-error bg-error/10 px-4 py-3 font-semibold text-error" data-testid="over-limit-banner">
          <WarningIcon />
          {OVER_LIMIT_TEXT}
        </p>
      )}
      {cart.showAutoshipWarning && !isStaff && (
        <p className="flex gap-2 rounded border-l-4 border-warning bg-warning/15 px-4 py-3 font-semibold text-ink" data-testid="autoship-limit-banner">
          <WarningIcon />
          {AUTOSHIP_LIMIT_TEXT}
        </p>
      )}
    </div>
  );
}
