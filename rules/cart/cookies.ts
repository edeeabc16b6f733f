// Cart cookies of SPEC §9: col_cart_id holds the cart id; guests also keep guest_col_cart_id.
// Removing the last item clears them (SPEC §4).

import { clearCookie, readCookie, setCookie } from "../shared/cookies";
import { isUuid } from "../shared/ids";

export const CART_COOKIE = "col_cart_id";
export const GUEST_CART_COOKIE = "guest_col_cart_id";
export const CART_COOKIE_MAX_AGE_S = 60 * 60 * 24 * 30;

/** Set-Cookie values after a cart response: keep the id while the cart holds items, else clear it. */
export function cartCookies(cart: { id: string; totalQuantity: number } | null, opts: { guest: boolean }): string[] {
  if (!cart || cart.totalQuantity < 1) {
    return [CART_COOKIE, GUEST_CART_COOKIE].map((name) => clearCookie(name, { httpOnly: true }));
  }
  const set = [setCookie(CART_COOKIE, cart.id, { maxAgeSeconds: CART_COOKIE_MAX_AGE_S, httpOnly: true })];
  if (opts.guest) set.push(setCookie(GUEST_CART_COOKIE, cart.id, { maxAgeSeconds: CART_COOKIE_MAX_AGE_S, httpOnly: true }));
  return set;
}

/** The cart id from a Cookie header, if it looks like one. */
export function cartIdFromCookieHeader(header: string | null | undefined): string | null {
  const value = readCookie(header, CART_COOKIE);
  return value !== null && isUuid(value) ? value : null;
}
