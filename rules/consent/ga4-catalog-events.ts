// The GA4 ecommerce events of the shop's data layer, with Google's names and shapes: one pure builder
// per event. This file has the storefront's (lists, product, cart) — the pages load it only once they
// send their first event (app/lib/analytics-events.ts), so it costs no first-load JavaScript; the
// checkout's and the purchase are in ga4-checkout-events.ts, the lists' names in ga4-lists.ts.
// Prices are numbers in dollars, the currency is always USD, item_id is the SKU.
//
// `value` is what the items bring in: the sum of price × quantity less the order's discount codes,
// never shipping, the Alaska/Hawaii service charge or tax (those travel as `shipping` and `tax` on
// the purchase). Whether an event is sent at all (consent, the staff site) is the caller's business.

import { amountToCents, centsToDollars } from "../shared/money";
import type { Ga4List } from "./ga4-list-names";

export type Ga4Item = {
  item_id: string;
  item_name: string;
  item_brand?: string;
  item_variant?: string;
  price: number;
  quantity?: number;
  index?: number;
  item_list_id?: string;
  item_list_name?: string;
};

type Money = { currency: "USD"; value: number };

/** A product as a list shows it: a card (its variant's SKU and price). */
export type ListedProduct = { sku: string; title: string; brand: string; priceCents: number };

/** A line of a cart, a checkout or an order. */
export type BasketLine = { sku: string; title: string; brand?: string; variantTitle: string; unitPriceCents: number; quantity: number };

/** What a cart or a checkout is about to buy: lines, the discount of its codes, and the codes. */
export type Basket = { lines: BasketLine[]; discountCents: number; coupons: string[] };

function listedItem(list: Ga4List, product: ListedProduct, index: number): Ga4Item {
  return {
    item_id: product.sku,
    item_name: product.title,
    item_brand: product.brand,
    price: centsToDollars(product.priceCents),
    index,
    item_list_id: list.id,
    item_list_name: list.name,
  };
}

/** view_item_list: the products a list shows; `offset` is the position of the first (later pages of a listing). */
export function viewItemListEvent(list: Ga4List, products: readonly ListedProduct[], offset = 0) {
  return {
    event: "view_item_list" as const,
    ecommerce: { item_list_id: list.id, item_list_name: list.name, items: products.map((p, i) => listedItem(list, p, offset + i)) },
  };
}

/** select_item: a product chosen from a list, at its position in that list. */
export function selectItemEvent(list: Ga4List, product: ListedProduct, index: number) {
  return {
    event: "select_item" as const,
    ecommerce: { item_list_id: list.id, item_list_name: list.name, items: [listedItem(list, product, index)] },
  };
}

/** view_item: the product page, for the variant it shows (a new variant is a new item: a new view_item). */
export function viewItemEvent(v: { sku: string; title: string; brand: string; variantTitle: string; priceCents: number }) {
  return {
    event: "view_item" as const,
    ecommerce: {
      currency: "USD" as const,
      value: centsToDollars(v.priceCents),
      items: [{ item_id: v.sku, item_name: v.title, item_brand: v.brand, item_variant: v.variantTitle, price: centsToDollars(v.priceCents), quantity: 1 }],
    },
  };
}

function basketItems(lines: readonly BasketLine[]): Ga4Item[] {
  return lines.map((l) => ({
    item_id: l.sku,
    item_name: l.title,
    ...(l.brand ? { item_brand: l.brand } : {}),
    item_variant: l.variantTitle,
    price: centsToDollars(l.unitPriceCents),
    quantity: l.quantity,
  }));
}

/** The goods' value: price × quantity of every line, less the discount codes' amount. */
export function basketValueCents(basket: Basket): number {
  const items = basket.lines.reduce((sum, l) => sum + l.unitPriceCents * l.quantity, 0);
  return Math.max(0, items - basket.discountCents);
}

/** The parameters every basket event shares: currency, value, coupon (when a code took money off), items. */
export function basketEcommerce(basket: Basket): Money & { coupon?: string; items: Ga4Item[] } {
  const coupon = basket.coupons.join(",");
  return { currency: "USD", value: centsToDollars(basketValueCents(basket)), ...(coupon ? { coupon } : {}), items: basketItems(basket.lines) };
}

/** view_cart: the cart page with what is in it (nothing is sent for an empty cart: GA4 wants items). */
export function viewCartEvent(basket: Basket) {
  if (!basket.lines.length) return null;
  const { coupon: _coupon, ...ecommerce } = basketEcommerce(basket);
  return { event: "view_cart" as const, ecommerce };
}

// ---------------------------------------------------------------------------------------------------
// Baskets from the shapes the pages already have (structural: rules import nothing of the server).

type CartLike = {
  lineItems: readonly {
    quantity: number;
    product: { title: string; brand: string };
    variant: { sku: string; title: string };
    cost: { amountPerQuantity: { amount: string } };
  }[];
  discountCodes: readonly { code: string; applicable: boolean; amount: { amount: string } }[];
  cost: { discountAmount: { amount: string } };
};

/** A cart (page or checkout): its lines at the price each unit is charged, and the codes that take money off. */
export function basketOfCart(cart: CartLike): Basket {
  return {
    lines: cart.lineItems.map((l) => ({
      sku: l.variant.sku,
      title: l.product.title,
      brand: l.product.brand,
      variantTitle: l.variant.title,
      unitPriceCents: amountToCents(l.cost.amountPerQuantity.amount),
      quantity: l.quantity,
    })),
    discountCents: amountToCents(cart.cost.discountAmount.amount),
    coupons: cart.discountCodes.filter((c) => c.applicable && amountToCents(c.amount.amount) > 0).map((c) => c.code),
  };
}
