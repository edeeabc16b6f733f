import { useEffect, useId } from "react";
import { Link, useFetcher, useLocation } from "react-router";
import { usePublicConfig } from "../../lib/use-public-config";
import { CartBanners } from "./cart-banners";
import { CartLine } from "./cart-line";
import type { CartActionData, CartView } from "../../components/cart/cart-types";
import { FreeShippingBar } from "../../components/cart/free-shipping-bar";
import { OrderSummary } from "./order-summary";
import { DonationAddon, type CartDonationOffer } from "./donation-addon";
import { DonationSlot } from "../../components/donations/donation-slot";
import { track } from "../../lib/analytics-events";
import type { StaffCartSummary } from "../../components/staff/staff-checkout";

function EmptyCart() {
  return (
    <div className="mt-8 rounded-lg border border-gray-200 bg-mist/60 px-6 py-12 text-center" data-testid="empty-cart">
      <h2 className="text-2xl font-bold text-secondary">Your cart is empty</h2>
      <p className="mt-2 text-gray-700">Find food your pet will love and add it here.</p>
      <Link to="/products" className="mt-6 inline-flex min-h-12 items-center rounded bg-primary px-6 py-3 text-lg font-bold text-white hover:bg-secondary">
        Continue Shopping
      </Link>
    </div>
  );
}

function OrderNote({ cart, pageResult }: { cart: CartView; pageResult?: CartActionData }) {
  const id = useId();
  const fetcher = useFetcher<CartActionData>({ key: "cart-note" });
  const shown = fetcher.state === "idle" && fetcher.data ? fetcher.data : pageResult?.intent === "note" ? pageResult : undefined;
  const saved = fetcher.state === "idle" && fetcher.data?.intent === "note" && fetcher.data.cart !== null;
  return (
    <details className="rounded border border-gray-200 px-4 py-3" open={cart.note !== "" || undefined}>
      <summary className="cursor-pointer font-semibold text-secondary">Add a note to your order</summary>
      <fetcher.Form method="post" action="/cart" className="mt-3 space-y-2">
        <input type="hidden" name="intent" value="note" />
        <label htmlFor={id} className="block text-sm font-semibold">
          Note
        </label>
        <textarea id={id} name="note" defaultValue={cart.note} maxLength={1000} rows={3} className="w-full rounded border border-gray-400 px-3 py-2" />
        <div className="flex items-center gap-3">
          <button type="submit" className="min-h-11 rounded border border-primary px-4 font-semibold text-primary hover:bg-mist">
            Save note
          </button>
          <p role="status" className="text-sm">
            {shown?.errors.note ? <span className="font-semibold text-error">{shown.errors.note}</span> : saved ? "Note saved." : null}
          </p>
        </div>
      </fetcher.Form>
    </details>
  );
}

/**
 * The cart screen of SPEC §2: lines, limit banners, the free-shipping bar (not on the staff site,
 * which hides shipping promotions, SPEC §6) and the Order Summary; or the empty state.
 * `pageResult` is the action's answer after a plain form post (no JavaScript).
 */
export function CartPage({
  cart,
  pageResult,
  staff,
  donation,
}: {
  cart: CartView | null;
  pageResult?: CartActionData;
  staff?: StaffCartSummary | null;
  donation?: CartDonationOffer | null;
}) {
  const { site } = usePublicConfig();
  // view_cart once per visit of the page, with the cart as it arrived (changes made here send their
  // own add/remove events).
  const { key: visit } = useLocation();
  useEffect(() => {
    if (cart) void track((b) => b.viewCartEvent(b.basketOfCart(cart)), site.isStaff);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [visit, site.isStaff]);
  // Messages of a plain post that no line, code or note form shows (an add from the product page).
  const pageMessages =
    pageResult &&
    !pageResult.lineId &&
    pageResult.intent !== "discount" &&
    pageResult.intent !== "note" &&
    pageResult.intent !== "delivery" &&
    pageResult.intent !== "donation"
      ? Object.values(pageResult.errors)
      : [];

  return (
    <>
      <div role="alert" className="mt-4 empty:hidden">
        {pageMessages.map((m) => (
          <p key={m} className="rounded border-l-4 border-error bg-error/10 px-4 py-3 font-semibold text-error">
            {m}
          </p>
        ))}
      </div>
      {!cart ? (
        <EmptyCart />
      ) : (
        <div className="mt-6 grid gap-8 lg:grid-cols-[minmax(0,1fr)_360px]">
          <div className="space-y-5">
            <CartBanners cart={cart} isStaff={site.isStaff} />
            {!site.isStaff && (
              <div className="rounded-lg border border-gray-200 p-4">
                <FreeShippingBar progress={cart.freeShipping} />
              </div>
            )}
            <section aria-labelledby="cart-items-heading">
              <h2 id="cart-items-heading" className="text-lg font-semibold">
                {cart.totalQuantity === 1 ? "1 item" : `${cart.totalQuantity} items`}
              </h2>
              <ul className="divide-y divide-gray-200 border-y border-gray-200" data-testid="cart-lines">
                {cart.lineItems.map((line) => (
                  <CartLine key={line.id} line={line} isStaff={site.isStaff} pageResult={pageResult?.lineId === line.id ? pageResult : undefined} />
                ))}
              </ul>
            </section>
            <OrderNote cart={cart} pageResult={pageResult} />
          </div>
          <div className="lg:sticky lg:top-4 lg:self-start">
            <OrderSummary cart={cart} pageResult={pageResult} staff={staff} donation={donation} />
            {donation ? <DonationAddon offer={donation} error={pageResult?.intent === "donation" ? pageResult.errors.donation : undefined} /> : null}
            <DonationSlot request={{ place: "cart", cart }} className="mt-4" />
          </div>
        </div>
      )}
    </>
  );
}
