// Cart cookies of SPEC §9: col_cart_id holds the cart id; guests also keep guest_col_cart_id.
// Removing the last item clears them (SPEC §4).

export const CART_COOKIE = "col_cart_id";
export const GUEST_CART_COOKIE = "guest_col_cart_id";
export const CART_COOKIE_MAX_AGE_S = 60 * 60 * 24 * 30;

const ATTRS = "Path=/; HttpOnly; SameSite=Lax";

/** Set-Cookie values after a cart response: keep the id while the cart holds items, else clear it. */
export function cartCookies(cart: { id: string; totalQuantity: number } | null, opts: { guest: boolean }): string[] {
  if (!cart || cart.totalQuantity < 1) {
    return [CART_COOKIE, GUEST_CART_COOKIE].map((name) => `${name}=; ${ATTRS}; Max-Age=0`);
  }
  const set = [`${CART_COOKIE}=${cart.id}; ${ATTRS}; Max-Age=${CART_COOKIE_MAX_AGE_S}`];
  if (opts.guest) set.push(`${GUEST_CART_COOKIE}=${cart.id}; ${ATTRS}; Max-Age=${CART_COOKIE_MAX_AGE_S}`);
  return set;
}

/** The cart id from a Cookie header, if it looks like one. */
export function cartIdFromCookieHeader(header: string | null | undefined): string | null {
  for (const part of (header ?? "").split(";")) {
    const [name, ...rest] = part.trim().split("=");
    if (name === CART_COOKIE) {
      // A cart id is hex and dashes: nothing to decode, and a malformed escape is simply no cart.
      const value = rest.join("=");
      return /^[0-9a-f-]{36}$/i.test(value) ? value : null;
    }
  }
  return null;
}
