import { useEffect, useRef, useState } from "react";
import { Link, useFetcher } from "react-router";
import { AUTOSHIP_FREQUENCY_WEEKS, frequencyLabel, sellingPlanIdFor } from "../../../rules/autoship/offer-and-frequency";
import { quantityBounds } from "../../../rules/cart/quantity-input";
import { useHydrated } from "../../lib/use-hydrated";
import { QuantityControl } from "../../components/quantity-control";
import { lineHref, lineOption, type CartActionData, type CartLineView } from "../../components/cart/cart-types";
import { trackRemoveFromCart } from "../../components/cart/data-layer";
import { LineImage } from "../../components/cart/line-image";
import { amountToCents, formatMoney } from "../../../rules/shared/money";

/** Steps of minus and plus settle for this long before the cart is updated: one request per burst. */
const STEP_SETTLE_MS = 350;

/**
 * One cart line (SPEC §2/§3): picture, title linking to the product, size and flavour, prices,
 * savings, quantity (capped at 10, autoship at 5), Autoship frequency, Remove. Changes go through
 * a fetcher to the /cart action; without JavaScript the same forms post, with an Update button.
 */
export function CartLine({
  line,
  isStaff,
  pageResult,
}: {
  line: CartLineView;
  isStaff: boolean;
  /** The action's answer after a plain (no-JS) post, when it was about this line. */
  pageResult?: CartActionData;
}) {
  const fetcher = useFetcher<CartActionData>({ key: `cart-line-${line.id}` });
  const hydrated = useHydrated();
  const plan = line.sellingPlanAllocation?.sellingPlan ?? null;
  const autoship = plan !== null;
  const bounds = quantityBounds(autoship);

  // The field follows the cart whenever the cart's quantity changes.
  const [value, setValue] = useState(String(line.quantity));
  const [cartQuantity, setCartQuantity] = useState(line.quantity);
  if (line.quantity !== cartQuantity) {
    setCartQuantity(line.quantity);
    setValue(String(line.quantity));
  }

  const timer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(timer.current), []);

  const submitUpdate = (quantity: number, sellingPlanId: string | null) =>
    fetcher.submit(
      { intent: "update", lineId: line.id, quantity: String(quantity), ...(sellingPlanId ? { sellingPlanId } : {}) },
      { method: "post", action: "/cart" },
    );

  const commitQuantity = (requested: number, settleMs: number) => {
    window.clearTimeout(timer.current);
    timer.current = window.setTimeout(() => {
      if (requested !== line.quantity) submitUpdate(requested, plan?.id ?? null);
    }, settleMs);
  };

  // SPEC §4: a remove records a remove-from-cart event.
  const result = fetcher.data;
  useEffect(() => {
    if (result?.removed && result.lineId === line.id) trackRemoveFromCart(result.removed, isStaff);
  }, [result, line.id, isStaff]);

  const shown = fetcher.state === "idle" && result ? result : pageResult;
  const messages = [...(shown?.warnings ?? []).filter((w) => !w.lineId || w.lineId === line.id).map((w) => w.message), ...Object.values(shown?.errors ?? {})];
  const busy = fetcher.state !== "idle";
  const pendingIntent = fetcher.formData?.get("intent");
  const pendingPlan = fetcher.formData?.get("sellingPlanId");
  const shownPlanId = typeof pendingPlan === "string" ? pendingPlan : (plan?.id ?? "");
  const size = lineOption(line, "Size");
  const flavor = lineOption(line, "Flavor");
  const unitBefore = amountToCents(line.cost.compareAtAmountPerQuantity.amount);
  const unit = amountToCents(line.cost.amountPerQuantity.amount);
  const savings = amountToCents(line.cost.savingsAmount.amount);
  const statusId = `line-${line.id}-status`;

  return (
    <li
      className={`grid grid-cols-[80px_1fr] gap-x-4 gap-y-3 py-5 sm:grid-cols-[112px_1fr_auto] ${pendingIntent === "remove" ? "opacity-50" : ""}`}
      aria-busy={busy || undefined}
      data-testid="cart-line"
      data-sku={line.variant.sku}
      data-line-id={line.id}
    >
      <div className="sm:row-span-2">
        <LineImage line={line} size={112} className="h-20 w-20 sm:h-28 sm:w-28" />
      </div>

      <div className="col-start-2 min-w-0">
        <Link to={lineHref(line)} className="font-semibold text-secondary hover:underline" data-testid="line-title">
          {line.product.title}
        </Link>
        <p className="text-sm text-gray-600">{line.product.brand}</p>
        <dl className="mt-1 flex flex-wrap gap-x-4 text-sm">
          {size && (
            <div className="flex gap-1">
              <dt className="text-gray-600">Size:</dt>
              <dd>{size}</dd>
            </div>
          )}
          {flavor && (
            <div className="flex gap-1">
              <dt className="text-gray-600">Flavor:</dt>
              <dd>{flavor}</dd>
            </div>
          )}
        </dl>
        {plan && (
          <p className="mt-1 text-sm font-semibold text-success-dark" data-testid="line-autoship">
            {plan.name}
          </p>
        )}
      </div>

      <div className="col-start-2 sm:col-start-3 sm:row-start-1 sm:text-right" data-testid="line-price">
        <p className="text-lg font-bold text-secondary" data-testid="line-subtotal">
          {formatMoney(line.cost.subtotalAmount)}
        </p>
        <p className="text-sm">
          {formatMoney(line.cost.amountPerQuantity)} each
          {unitBefore > unit && (
            <>
              {" "}
              <s className="text-gray-600" data-testid="line-compare-at">
                <span className="sr-only">was </span>
                {formatMoney(line.cost.compareAtAmountPerQuantity)}
              </s>
            </>
          )}
        </p>
        {savings > 0 && (
          <p className="text-sm font-semibold text-success-dark" data-testid="line-savings">
            You save {formatMoney(line.cost.savingsAmount)}
          </p>
        )}
      </div>

      <div className="col-span-2 space-y-2 sm:col-span-2 sm:col-start-2">
        <fetcher.Form method="post" action="/cart" className="flex flex-wrap items-start gap-3" aria-describedby={statusId}>
          <input type="hidden" name="intent" value="update" />
          <input type="hidden" name="lineId" value={line.id} />
          <QuantityControl
            value={value}
            onChange={setValue}
            bounds={bounds}
            inStock
            label={
              <>
                Quantity<span className="sr-only"> of {line.product.title}</span>
              </>
            }
            onCommit={(n) => commitQuantity(n, STEP_SETTLE_MS)}
          />
          {autoship && !isStaff && (
            <div>
              <label htmlFor={`line-${line.id}-frequency`} className="mb-1 block text-sm font-semibold">
                Deliver<span className="sr-only"> {line.product.title}</span>
              </label>
              <select
                id={`line-${line.id}-frequency`}
                name="sellingPlanId"
                value={shownPlanId}
                onChange={(e) => {
                  window.clearTimeout(timer.current);
                  submitUpdate(Number(value) || line.quantity, e.target.value);
                }}
                className="h-11 rounded border border-gray-400 bg-white px-2"
                data-testid="line-frequency"
              >
                {AUTOSHIP_FREQUENCY_WEEKS.map((w) => (
                  <option key={w} value={sellingPlanIdFor(w)}>
                    {frequencyLabel(w)}
                  </option>
                ))}
              </select>
            </div>
          )}
          {!hydrated && (
            <button type="submit" className="mt-6 h-11 rounded border border-primary px-4 font-semibold text-primary hover:bg-mist">
              Update
            </button>
          )}
        </fetcher.Form>

        <fetcher.Form method="post" action="/cart">
          <input type="hidden" name="intent" value="remove" />
          <input type="hidden" name="lineId" value={line.id} />
          <button type="submit" className="text-sm font-semibold text-error underline-offset-2 hover:underline" data-testid="remove-line">
            Remove<span className="sr-only"> {line.product.title}</span>
          </button>
        </fetcher.Form>

        <div id={statusId} role="status" aria-live="polite" className="text-sm" data-testid="line-messages">
          {line.isOverAutoshipLimit && <p className="font-semibold text-error">Autoship items are limited to 5 per item.</p>}
          {messages.map((m) => (
            <p key={m} className="font-semibold text-error">
              {m}
            </p>
          ))}
        </div>
      </div>
    </li>
  );
}
