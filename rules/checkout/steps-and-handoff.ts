// The hand-off from the cart to the checkout and the checkout's steps (SPEC §4 Checkout).

import type { ShippingMethod } from "./shipping-rates";

export const AUTOSHIP_FIRST_ORDER_CODE = "AUTO35";
export const DISCOUNT_COOKIE = "discount_code";
export const AUTOSHIP_LOGIN_PATH = "/shelter/autoship-required-login";

export type CheckoutStep = "information" | "shipping" | "payment";
export const CHECKOUT_STEPS: readonly CheckoutStep[] = ["information", "shipping", "payment"];
export const STEP_LABELS: Record<CheckoutStep, string> = { information: "Information", shipping: "Shipping", payment: "Payment" };

export type HandoffCart = { totalQuantity: number; hasAutoship: boolean; isOverLimit: boolean };

export type HandoffDecision =
  { go: "checkout" } | { go: "login" } | { go: "cart"; reason: "empty" | "over_limit" | "autoship_terms" | "autoship_account" | "staff_not_registered" };

/**
 * Whether a cart may go to the checkout. A guest with an autoship line signs in first (the
 * checkout-flow flag sends them to the autoship login page; without the flag they are told on the
 * cart). Autoship needs the terms acknowledged; an over-limit cart is fixed on the cart first.
 */
export function handoffDecision(p: {
  cart: HandoffCart | null;
  signedIn: boolean;
  checkoutFlowFlag: boolean;
  autoshipTermsAcknowledged: boolean;
}): HandoffDecision {
  const { cart } = p;
  if (!cart || cart.totalQuantity < 1) return { go: "cart", reason: "empty" };
  if (cart.isOverLimit) return { go: "cart", reason: "over_limit" };
  if (cart.hasAutoship && !p.signedIn) return p.checkoutFlowFlag ? { go: "login" } : { go: "cart", reason: "autoship_account" };
  if (cart.hasAutoship && !p.autoshipTermsAcknowledged) return { go: "cart", reason: "autoship_terms" };
  return { go: "checkout" };
}

export const HANDOFF_MESSAGES: Record<Exclude<HandoffDecision, { go: "checkout" } | { go: "login" }>["reason"], string> = {
  empty: "Your cart is empty.",
  over_limit: "Your cart holds more items than one order may. Lower a quantity to continue.",
  autoship_terms: "Please confirm that you understand how Autoship works before you continue.",
  autoship_account: "Autoship orders need an account. Please sign in to continue.",
  staff_not_registered: "Join your clinic to buy through the staff program: your membership is not active.",
};

/**
 * The discount codes a cart carries into the checkout: its own, plus AUTO35 when it holds an
 * autoship line and the customer has no subscription yet, plus a code saved in the discount cookie.
 * AUTO35 is removed again when it no longer fits (a second autoship order, or no autoship line).
 */
export function handoffDiscountCodes(p: {
  current: readonly string[];
  hasAutoship: boolean;
  customerHasSubscription: boolean;
  cookieCode: string | null;
}): string[] {
  const codes = p.current.map((c) => c.toUpperCase()).filter((c) => c !== AUTOSHIP_FIRST_ORDER_CODE);
  if (p.hasAutoship && !p.customerHasSubscription) codes.push(AUTOSHIP_FIRST_ORDER_CODE);
  const fromCookie = normalizeDiscountCode(p.cookieCode);
  if (fromCookie && !codes.includes(fromCookie)) codes.push(fromCookie);
  return codes;
}

/** A code as typed or saved in the cookie: letters, digits, dashes and underscores; else null. */
export function normalizeDiscountCode(raw: string | null | undefined): string | null {
  const code = (raw ?? "").trim().toUpperCase();
  return /^[A-Z0-9_-]{2,40}$/.test(code) ? code : null;
}

export type CheckoutProgress = { email: string | null; hasShipping: boolean; shippingMethod: string | null };

/** The furthest step the shopper may open: a later step needs the earlier ones filled in. */
export function furthestStep(p: CheckoutProgress): CheckoutStep {
  if (!p.email || !p.hasShipping) return "information";
  if (!p.shippingMethod) return "shipping";
  return "payment";
}

/** The step to show: the one asked for when it is reachable, else the furthest reachable one. */
export function stepToShow(requested: string | null, progress: CheckoutProgress): CheckoutStep {
  const furthest = furthestStep(progress);
  const asked = CHECKOUT_STEPS.find((s) => s === requested);
  if (!asked) return furthest;
  return CHECKOUT_STEPS.indexOf(asked) <= CHECKOUT_STEPS.indexOf(furthest) ? asked : furthest;
}

/**
 * Where a cart's checkout stands (SPEC §4 Checkout). The hand-off starts it; each step moves it on;
 * placing the order ends it (the checkout's record is dropped once the order is placed):
 *   started → addressed (contact and a served address with a known state) → ready (shipping method chosen)
 * A step may be done again (a new address keeps the method: still ready).
 */
export type CheckoutStateOf<Shipping> =
  | { status: "started" }
  | { status: "addressed"; email: string; shipping: Shipping }
  | { status: "ready"; email: string; shipping: Shipping; shippingMethod: ShippingMethod };

export function checkoutStateOf<Shipping>(session: {
  email: string | null;
  shipping: Shipping | null;
  shippingMethod: ShippingMethod | null;
}): CheckoutStateOf<Shipping> {
  if (!session.email || !session.shipping) return { status: "started" };
  if (!session.shippingMethod) return { status: "addressed", email: session.email, shipping: session.shipping };
  return { status: "ready", email: session.email, shipping: session.shipping, shippingMethod: session.shippingMethod };
}
