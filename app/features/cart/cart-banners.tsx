import { MAX_ITEMS_PER_ORDER } from "../../../rules/cart/quantity-limits";
import { MAX_AUTOSHIP_QUANTITY } from "../../../rules/cart/quantity-input";
import type { CartView } from "../../components/cart/cart-types";
import { WarningIcon } from "../../components/status-icons";

export const OVER_LIMIT_TEXT = `Your cart has more than ${MAX_ITEMS_PER_ORDER} items. Orders are limited to ${MAX_ITEMS_PER_ORDER} items.`;
export const AUTOSHIP_LIMIT_TEXT = `Autoship items are limited to ${MAX_AUTOSHIP_QUANTITY} per item. You have reached the limit for an Autoship item.`;

/** The limit banners of SPEC §5: over the order limit (above 10 in all), and the autoship warning at 5. */
export function CartBanners({ cart, isStaff }: { cart: CartView; isStaff: boolean }) {
  return (
    <div role="status" aria-live="polite" className="space-y-3">
      {cart.isOverLimit && (
        <p className="flex gap-2 rounded border-l-4 border-error bg-error/10 px-4 py-3 font-semibold text-error" data-testid="over-limit-banner">
          <WarningIcon className="mt-0.5 h-5 w-5 shrink-0" />
          {OVER_LIMIT_TEXT}
        </p>
      )}
      {cart.showAutoshipWarning && !isStaff && (
        <p className="flex gap-2 rounded border-l-4 border-warning bg-warning/15 px-4 py-3 font-semibold text-ink" data-testid="autoship-limit-banner">
          <WarningIcon className="mt-0.5 h-5 w-5 shrink-0" />
          {AUTOSHIP_LIMIT_TEXT}
        </p>
      )}
    </div>
  );
}
