import { redirect, type AppLoadContext } from "react-router";
import { cartIdFromCookieHeader } from "../../../rules/cart/cookies";
import { AUTOSHIP_LOGIN_PATH, DISCOUNT_COOKIE } from "../../../rules/checkout/steps-and-handoff";
import type { Customer } from "../../../server/modules/checkout";
import type { AddressView } from "../../../server/modules/identity";
import { sign, verifySignature } from "../../../server/crypto/sign";
import { readCookie, setCookie } from "../../../rules/shared/cookies";

// Server helpers shared by the checkout routes.

export const RECEIPT_COOKIE = "order_receipt";
const RECEIPT_MAX_AGE_S = 60 * 60;

/** The signed-in customer as the checkout needs them (e-mail, marketing consent, saved addresses), or null for a guest. */
export async function checkoutCustomer(context: AppLoadContext): Promise<(Customer & { addresses: AddressView[] }) | null> {
  if (!context.customer) return null;
  const view = await context.services.identity.customer(context.customer.id);
  return view ? { id: view.id, email: view.email, acceptsMarketing: view.acceptsMarketing, addresses: view.addresses } : null;
}

export const cartIdOf = (request: Request) => cartIdFromCookieHeader(request.headers.get("cookie"));

/** "Proceed to Checkout": the hand-off of SPEC §4, answered with a redirect. */
export async function startCheckout(request: Request, context: AppLoadContext, acknowledgeAutoshipTerms: boolean): Promise<never> {
  const result = await context.services.checkout.handoff({
    site: context.site.id,
    cartId: cartIdOf(request),
    customer: await checkoutCustomer(context),
    cookieDiscountCode: readCookie(request.headers.get("cookie"), DISCOUNT_COOKIE),
    acknowledgeAutoshipTerms,
    secret: context.sessionSecret,
    now: new Date(),
  });
  if (result.go === "login") throw redirect(AUTOSHIP_LOGIN_PATH);
  if (result.go === "cart") throw redirect(`/cart?checkout=${result.reason}`);
  throw redirect(result.url ?? "/checkout");
}

// The confirmation page is the buyer's: a customer's order by ownership, a guest's by this signed,
// httpOnly cookie set when the order was placed (one hour).

export function receiptCookie(secret: string, orderId: string, secure: boolean): string {
  return setCookie(RECEIPT_COOKIE, `${orderId}.${sign(secret, "receipt", orderId)}`, {
    maxAgeSeconds: RECEIPT_MAX_AGE_S,
    path: "/checkout",
    httpOnly: true,
    secure,
  });
}

export function hasReceipt(request: Request, secret: string, orderId: string): boolean {
  const value = readCookie(request.headers.get("cookie"), RECEIPT_COOKIE);
  const dot = value?.lastIndexOf(".") ?? -1;
  if (!value || dot < 0 || value.slice(0, dot) !== orderId) return false;
  return verifySignature(secret, "receipt", orderId, value.slice(dot + 1));
}
