import { cartIdFromCookieHeader } from "../../rules/cart/cookies";
import type { SiteId } from "../../rules/shared/site";
import type { RequestIdentity } from "../request-context";
import type { Services } from "../wiring";

/**
 * What the header shows of one shopper: who is signed in and how many items the cart holds. A page
 * the cache shows to everyone carries none of it (server/http/page-cache.ts); the browser asks
 * `GET /api/shopper` after the page, and the root loader of a personal screen (cart, checkout,
 * account) reads it in the same way — one answer for both.
 */
export type ShopperHeader = {
  signedIn: boolean;
  /** The signed-in customer's first name; null for a guest. */
  firstName: string | null;
  /** Items in the shopper's cart (its owner checked as on the cart page); 0 without a cart. */
  cartCount: number;
};

export async function shopperHeader(
  services: Services,
  site: SiteId,
  identity: Pick<RequestIdentity, "customer" | "clientIp">,
  cookieHeader: string | null,
): Promise<ShopperHeader> {
  const cartId = cartIdFromCookieHeader(cookieHeader);
  // No query at all for a shopper without a cart cookie.
  const cartCount = cartId ? await services.cart.shopper(identity.customer?.id ?? null, identity.clientIp).countItems(cartId, site) : 0;
  return { signedIn: identity.customer !== null, firstName: identity.customer?.firstName ?? null, cartCount };
}
