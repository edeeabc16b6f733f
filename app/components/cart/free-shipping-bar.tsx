import { FREE_SHIPPING_BAR_HEIGHT, type FreeShippingProgress } from "../../../rules/cart/free-shipping";
import { CheckCircleIcon } from "../status-icons";

/**
 * The free-shipping progress bar of SPEC §9: "$X.XX until free shipping" while short of the
 * threshold, then "You get free shipping!" with a check icon. Full (8 px) on the cart page,
 * compact (6 px) in the add-to-cart modal. The figures come from the cart (rules/cart/free-shipping.ts).
 */
export function FreeShippingBar({ progress, compact = false }: { progress: FreeShippingProgress; compact?: boolean }) {
  const height = compact ? FREE_SHIPPING_BAR_HEIGHT.compact : FREE_SHIPPING_BAR_HEIGHT.full;
  const percent = Math.round(progress.percent);
  return (
    <div className={compact ? "space-y-1.5" : "space-y-2"} data-testid="free-shipping-bar">
      <p className={`flex items-center gap-1.5 font-semibold ${compact ? "text-sm" : ""} ${progress.reached ? "text-success-dark" : "text-secondary"}`}>
        {progress.reached && <CheckCircleIcon className="h-5 w-5 shrink-0 text-success-dark" />}
        <span data-testid="free-shipping-text">{progress.text}</span>
      </p>
      <div
        role="progressbar"
        aria-label="Progress toward free shipping"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        aria-valuetext={progress.text}
        className="w-full overflow-hidden rounded-full bg-gray-200"
        style={{ height }}
      >
        <div
          className={`h-full rounded-full transition-[width] duration-300 ${progress.reached ? "bg-success" : "bg-primary"}`}
          style={{ width: `${percent}%` }}
        />
      </div>
    </div>
  );
}
