import { useEffect, useState, type ReactNode } from "react";
import { useFetcher } from "react-router";
import { LoadedLater } from "../../lib/lazy-view";
import type { CartActionData } from "./cart-types";
import { trackAddToCart } from "./data-layer";

// Add to cart (SPEC §4, STYLE habit 4): the product form is a fetcher form posting intent=add to
// /cart. Before JavaScript loads it is a plain form and the post lands on the cart page; after, the
// fetcher answers here: the button shows loading, the modal opens and analytics are sent. The form,
// its button and the modal share one fetcher through its key.

const ADD_TO_CART_KEY = "add-to-cart";

const loadModal = () => import("./add-to-cart-modal").then((m) => m.AddToCartModal);

export function useAddToCartFetcher() {
  return useFetcher<CartActionData>({ key: ADD_TO_CART_KEY });
}

/** The submit button with its loading state; it stays focusable while adding so focus can return to it. */
export function AddToCartButton({ inStock, className }: { inStock: boolean; className: string }) {
  const fetcher = useAddToCartFetcher();
  const adding = fetcher.state !== "idle";
  return (
    <button
      type="submit"
      disabled={!inStock}
      aria-disabled={adding || undefined}
      onClick={(e) => {
        if (adding) e.preventDefault();
      }}
      className={className}
      data-testid="add-to-cart"
    >
      {!inStock ? "Out of Stock" : adding ? "Adding…" : "Add to Cart"}
    </button>
  );
}

/**
 * The one form around a list of cards, whose add buttons submit it ("add from cards"), so a card
 * carries no form of its own (nor a form=… attribute): the same intent=add post as the product page,
 * through the same fetcher, so the page's one <AddToCartFeedback /> opens the modal. The pressed
 * button sends its variant (name=variantId); without JavaScript it is a plain post.
 */
export function CardAddToCartForm({ children }: { children: ReactNode }) {
  const fetcher = useAddToCartFetcher();
  return (
    <fetcher.Form method="post" action="/cart">
      <input type="hidden" name="intent" value="add" />
      <input type="hidden" name="quantity" value="1" />
      <input type="hidden" name="purchase" value="one-time" />
      {children}
    </fetcher.Form>
  );
}

/** Ids of a card's title and add button: the button is named by both (CardAddToCart). */
export const cardTitleId = (variantId: string) => `t${variantId}`;
const cardAddId = (variantId: string) => `a${variantId}`;

/**
 * One-time add of a card's variant, a submit button (a button's default type) of the
 * <CardAddToCartForm> around its card. Only the card whose variant is being added shows "Adding…". The card's title carries the id
 * cardTitleId(variantId).
 */
export function CardAddToCart({ variantId, inStock }: { variantId: string; inStock: boolean }) {
  const fetcher = useAddToCartFetcher();
  const adding = fetcher.state !== "idle" && fetcher.formData?.get("variantId") === variantId;
  const label = !inStock ? "Out of Stock" : adding ? "Adding…" : "Add to Cart";
  return (
    <button
      id={cardAddId(variantId)}
      name="variantId"
      value={variantId}
      disabled={!inStock}
      aria-disabled={adding || undefined}
      // The accessible name starts with the visible label (WCAG 2.5.3), then names the product: the
      // button's own text and the card's title by reference, rather than the title spelled again in
      // an aria-label on each of a page's 24 cards.
      aria-labelledby={`${cardAddId(variantId)} ${cardTitleId(variantId)}`}
      onClick={(e) => {
        if (fetcher.state !== "idle") e.preventDefault();
      }}
    >
      {label}
    </button>
  );
}

/** Why an add failed, under the button (SPEC §8 logs only; a shopper-caused failure is said here). */
export function AddToCartErrors() {
  const fetcher = useAddToCartFetcher();
  const errors = fetcher.state === "idle" && fetcher.data ? Object.values(fetcher.data.errors) : [];
  return (
    <div role="alert" className="text-sm font-semibold text-error" data-testid="add-to-cart-errors">
      {errors.map((m) => (
        <p key={m}>{m}</p>
      ))}
    </div>
  );
}

/**
 * After a successful add: the add-to-cart analytics (not on the staff site) and the modal. Mounted
 * once per product page, so "750 ms after mount" counts from the page, not from a variant switch.
 * The modal's code is fetched when the first add starts (alongside the post), so pages with cards
 * do not carry it in their first-load JavaScript.
 */
export function AddToCartFeedback({ isStaff, autoCloseMs = 0 }: { isStaff: boolean; autoCloseMs?: number }) {
  const fetcher = useAddToCartFetcher();
  const result = fetcher.data;
  const [dismissed, setDismissed] = useState<CartActionData | undefined>(undefined);
  const [mountedAt] = useState(() => performance.now());

  useEffect(() => {
    if (result?.added) trackAddToCart(result.added.analytics, result.added.autoship, isStaff);
  }, [result, isStaff]);

  const added = result?.added ?? null;
  const line = added && result?.cart ? (result.cart.lineItems.find((l) => l.id === added.lineId) ?? null) : null;
  return (
    // Without its code the add still happens (the header count shows it); there is no modal.
    <LoadedLater
      load={loadModal}
      when={fetcher.state !== "idle" || result !== undefined}
      open={line !== null && result !== dismissed}
      line={line}
      cart={result?.cart ?? null}
      warnings={result?.warnings ?? []}
      isStaff={isStaff}
      onClose={() => setDismissed(result)}
      autoCloseMs={autoCloseMs}
      mountedAt={mountedAt}
    />
  );
}
