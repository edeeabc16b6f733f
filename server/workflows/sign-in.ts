import type { SiteId } from "../../rules/shared/site";
import type { CartWarning } from "../modules/cart";
import type { CartService } from "../modules/cart";
import type { IdentityService } from "../modules/identity";

/** The modules signing in touches. */
export type SignInPorts = { cart: CartService; identity: IdentityService };

// Sign-in, SPEC §4 "After login": the guest cart is merged into the customer's persisted cart
// (metafield profeeding.persisted_cart_id) within the caps of SPEC §5, the cart id the customer
// keeps is saved on the metafield, and the default address's ZIP becomes the home location.
// Guarantees: a cart that belongs to another customer is never read, merged or claimed.

export type SignInOutcome = { cartId: string | null; cartQuantity: number; homeZip: string | null; warnings: CartWarning[] };

export async function settleCustomerCart(
  services: SignInPorts,
  input: { customerId: string; site: SiteId; guestCartId: string | null },
): Promise<SignInOutcome> {
  const { cart, identity } = services;
  const { customerId, site } = input;
  const customer = await identity.customer(customerId);
  if (!customer) return { cartId: null, cartQuantity: 0, homeZip: null, warnings: [] };

  const persistedId = customer.persistedCartMetafield?.value ?? null;
  const [persistedOwner, guestOwner] = await Promise.all([
    persistedId ? cart.ownerOf(persistedId, site) : undefined,
    input.guestCartId && input.guestCartId !== persistedId ? cart.ownerOf(input.guestCartId, site) : undefined,
  ]);
  const persisted = persistedId && (persistedOwner === null || persistedOwner === customerId) ? persistedId : null;
  const guest = input.guestCartId && (guestOwner === null || guestOwner === customerId) ? input.guestCartId : null;

  let cartId: string | null = null;
  let cartQuantity = 0;
  let warnings: CartWarning[] = [];
  if (persisted && guest) {
    const merged = await cart.mergeGuestCart(guest, persisted, site, customerId);
    if (merged.ok) {
      cartId = merged.cart.id;
      cartQuantity = merged.cart.totalQuantity;
      warnings = merged.warnings;
    }
  }
  if (!cartId) {
    // One of the two (or the merge target went away meanwhile): keep whichever cart exists.
    for (const candidate of [persisted, guest]) {
      if (!candidate) continue;
      const claimed = await cart.claimCart(candidate, site, customerId);
      if (claimed) {
        cartId = claimed.id;
        cartQuantity = claimed.totalQuantity;
        break;
      }
    }
  }

  // The saved-cart pointer is the cart module's to write.
  if (cartId && cartId !== persistedId) {
    await cart.rememberCart(customerId, cartId);
  } else if (!cartId && persistedId && persistedOwner === undefined) {
    // SPEC §4: a saved cart that cannot be loaded is forgotten.
    await cart.forgetCart(customerId, persistedId);
  }
  return { cartId, cartQuantity, homeZip: customer.defaultAddress?.zip ?? null, warnings };
}
