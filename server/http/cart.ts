import { Hono, type Context } from "hono";
import type { z } from "zod";
import { cartCookies } from "../../rules/cart/cookies";
import { failureStatus } from "../../rules/shared/failure-status";
import {
  addLinesInput,
  createCartInput,
  getCartInput,
  removeLinesInput,
  updateAttributesInput,
  updateBuyerIdentityInput,
  updateDiscountCodesInput,
  updateLinesInput,
  updateNoteInput,
} from "../../rules/cart/api-input";
import type { SiteId } from "../../rules/shared/site";
import type { CartResult } from "../modules/cart";
import { clientIp } from "./client-ip";
import { identityOf } from "./identity";
import type { AppEnv } from "./env";
import { apiError, jsonBody } from "./errors";

// The nine cart calls of SPEC §7. Each answers the full cart (SPEC §3 shape) with any warnings,
// and keeps the cart cookie in step (SPEC §4, §9).

const NOT_FOUND: CartResult = { ok: false, code: "CART_NOT_FOUND", message: "No cart with this id.", field: "cartId" };

/** The signed-in customer behind the request's session cookie, or null for a guest. */
async function customerIdOf(c: Context<AppEnv>): Promise<string | null> {
  return (await identityOf(c)).customer?.id ?? null;
}

function answer(c: Context<AppEnv>, result: CartResult, customerId: string | null) {
  if (!result.ok) {
    return apiError(c, failureStatus(result.code), result.code.toLowerCase(), result.message, result.field ? { [result.field]: result.message } : undefined);
  }
  for (const cookie of cartCookies(result.cart, { guest: customerId === null })) c.header("Set-Cookie", cookie, { append: true });
  return c.json({ cart: result.cart, warnings: result.warnings });
}

export function cartRoutes() {
  const app = new Hono<AppEnv>();
  /** The shopper's door of the cart service: the owner check, pricing and saved cart of the /cart page too. */
  const cartFor = (c: Context<AppEnv>, customerId: string | null) =>
    c.get("deps").services.cart.shopper(customerId, clientIp(c, c.get("deps").config.trustProxy));
  type Shopper = ReturnType<typeof cartFor>;

  /** A call on an existing cart: parse, run as this shopper (someone else's cart answers like an unknown one). */
  function post<S extends z.ZodType<{ cartId: string }>>(
    path: string,
    schema: S,
    run: (cart: Shopper, site: SiteId, input: z.infer<S>) => Promise<CartResult>,
  ) {
    app.post(path, jsonBody(schema), async (c) => {
      const parsed = await c.req.valid("json")();
      if (!parsed.ok) return parsed.response;
      const customerId = await customerIdOf(c);
      return answer(c, await run(cartFor(c, customerId), c.get("site").id, parsed.data), customerId);
    });
  }

  app.post("/get-cart", jsonBody(getCartInput), async (c) => {
    const parsed = await c.req.valid("json")();
    if (!parsed.ok) return parsed.response;
    const customerId = await customerIdOf(c);
    const found = await cartFor(c, customerId).getCart(parsed.data.cartId, c.get("site").id);
    if (!found) return answer(c, NOT_FOUND, customerId);
    return c.json({ cart: found, warnings: [] });
  });

  // A cart created by a signed-in customer is theirs from the start (SPEC §4).
  app.post("/create-cart", jsonBody(createCartInput), async (c) => {
    const parsed = await c.req.valid("json")();
    if (!parsed.ok) return parsed.response;
    const customerId = await customerIdOf(c);
    return answer(c, await cartFor(c, customerId).createCart(c.get("site").id, parsed.data.buyerIdentity, parsed.data.lineItems), customerId);
  });
  post("/add-cart-line-items", addLinesInput, (cart, site, i) => cart.addLines(i.cartId, site, i.lineItems));
  post("/remove-cart-line-items", removeLinesInput, (cart, site, i) => cart.removeLines(i.cartId, site, i.lineItemIds));
  post("/update-cart-line-items", updateLinesInput, (cart, site, i) => cart.updateLines(i.cartId, site, i.lineItems));
  post("/update-cart-attributes", updateAttributesInput, (cart, site, i) => cart.updateAttributes(i.cartId, site, i.attributes));
  post("/update-cart-buyer-identity", updateBuyerIdentityInput, (cart, site, i) => cart.updateBuyerIdentity(i.cartId, site, i.buyerIdentity));
  post("/update-cart-discount-codes", updateDiscountCodesInput, (cart, site, i) => cart.updateDiscountCodes(i.cartId, site, i.codes));
  post("/update-cart-note", updateNoteInput, (cart, site, i) => cart.updateNote(i.cartId, site, i.note));

  return app;
}
