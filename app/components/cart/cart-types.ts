import type { AnalyticsLine } from "../../../rules/consent/ga4-cart-events";
import type { CartFormErrors, CartIntent } from "../../../rules/cart/form";
import type { CartWarning } from "../../../server/modules/cart";
import type { CartLineView, CartView } from "../../../server/modules/cart";

export type { CartLineView, CartView, CartWarning };

/** What the /cart action answers a fetcher (STYLE habit 4: {cart, errors, warnings}). */
export type CartActionData = {
  intent: CartIntent | "delivery" | "donation" | null;
  /** The whole cart after the change; null when nothing changed. */
  cart: CartView | null;
  /** Field name → message; `form` for a message about the whole form. */
  errors: CartFormErrors;
  warnings: CartWarning[];
  /** The line the submission was about (update, remove), so its messages show on that line. */
  lineId: string | null;
  /** After an add: the line and how many were really added (a capped add adds fewer). */
  added: { lineId: string; autoship: boolean; analytics: AnalyticsLine } | null;
  /** After a remove: what left the cart. */
  removed: AnalyticsLine | null;
};

/** The analytics view of a cart line, for `quantity` of it. */
export function analyticsLine(line: CartLineView, quantity: number): AnalyticsLine {
  return {
    sku: line.variant.sku,
    productTitle: line.product.title,
    brand: line.product.brand,
    variantTitle: line.variant.title,
    unitPrice: line.cost.amountPerQuantity.amount,
    quantity,
  };
}

/** "Size" and "Flavor" of a line, as shown under its title. */
export function lineOption(line: CartLineView, name: "Size" | "Flavor" | "Product Form"): string | undefined {
  return line.variant.selectedOptions.find((o) => o.name === name)?.value;
}

export function lineHref(line: CartLineView): string {
  return `/products/${line.variant.variantURL}?sku=${encodeURIComponent(line.variant.sku)}`;
}
