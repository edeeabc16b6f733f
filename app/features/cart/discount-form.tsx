import { useEffect, useId, useRef } from "react";
import { useFetcher } from "react-router";
import { type CartActionData, type CartView } from "../../components/cart/cart-types";
import { amountToCents, formatMoney } from "../../../rules/shared/money";

/**
 * Discount codes (SPEC §9 AUTO35): apply one, see whether each applies and why not, remove it.
 * The cart prices them (rules/cart/pricing.ts); this only posts intent=discount.
 */
export function DiscountForm({ cart, pageResult }: { cart: CartView; pageResult?: CartActionData }) {
  const id = useId();
  const fetcher = useFetcher<CartActionData>({ key: "cart-discount" });
  const shown = fetcher.state === "idle" && fetcher.data ? fetcher.data : pageResult?.intent === "discount" ? pageResult : undefined;
  const error = shown?.errors.code ?? shown?.errors.form;
  const busy = fetcher.state !== "idle";
  const errorId = `${id}-error`;
  const form = useRef<HTMLFormElement>(null);

  // A code the cart took is listed below; the field is cleared for the next one.
  const answered = fetcher.state === "idle" ? fetcher.data : undefined;
  useEffect(() => {
    if (answered?.cart) form.current?.reset();
  }, [answered]);

  return (
    <div className="space-y-3" data-testid="discount-codes">
      <fetcher.Form ref={form} method="post" action="/cart" noValidate>
        <input type="hidden" name="intent" value="discount" />
        <label htmlFor={id} className="mb-1 block text-sm font-semibold">
          Discount code
        </label>
        <div className="flex gap-2">
          <input
            id={id}
            name="code"
            type="text"
            autoComplete="off"
            autoCapitalize="characters"
            maxLength={40}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? errorId : undefined}
            className={`min-h-11 min-w-0 flex-1 rounded border px-3 uppercase ${error ? "border-error" : "border-gray-400"}`}
            data-testid="discount-input"
          />
          <button
            type="submit"
            aria-disabled={busy || undefined}
            onClick={(e) => busy && e.preventDefault()}
            className="min-h-11 rounded bg-secondary px-4 font-semibold text-white hover:bg-primary"
          >
            Apply
          </button>
        </div>
      </fetcher.Form>
      <div role="status" aria-live="polite">
        {error && (
          <p id={errorId} className="text-sm font-semibold text-error">
            {error}
          </p>
        )}
      </div>
      {cart.discountCodes.length > 0 && (
        <ul className="space-y-2" aria-label="Discount codes">
          {cart.discountCodes.map((c) => (
            <li key={c.code} className="flex items-start justify-between gap-3 rounded bg-mist px-3 py-2 text-sm" data-testid="discount-code">
              <div>
                <p className="font-semibold">{c.code}</p>
                {c.applicable ? (
                  <p className="text-success-dark">Applied{amountToCents(c.amount.amount) > 0 ? `: −${formatMoney(c.amount)}` : ""}</p>
                ) : (
                  <p className="text-error">Does not apply: {c.reason}</p>
                )}
              </div>
              <fetcher.Form method="post" action="/cart">
                <input type="hidden" name="intent" value="discount" />
                <input type="hidden" name="removeCode" value={c.code} />
                <button type="submit" className="font-semibold text-primary underline-offset-2 hover:underline">
                  Remove<span className="sr-only"> code {c.code}</span>
                </button>
              </fetcher.Form>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
