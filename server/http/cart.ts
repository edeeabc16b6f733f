import { Hono, type Context } from "hono";
import type { z } from "zod";
import { cartCookies } from "../../rules/cart-cookies";
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
} from "../../rules/cart-input";
import type { CartResult } from "../modules/cart/service";
import { resolveIdentity } from "../request-context";
import type { AppEnv } from "./env";
import { apiError, parseJson } from "./errors";

// The nine cart calls of SPEC §7. Each answers the full cart (SPEC §3 shape) with any warnings,
// and keeps the cart cookie in step (SPEC §4, §9).

const NOT_FOUND: CartResult = { ok: false, code: "CART_NOT_FOUND", message: "No cart with this id.", field: "cartId" };

/** The signed-in customer behind the request's session cookie, or null for a guest. */
async function customerIdOf(c: Context<AppEnv>): Promise<string | null> {
  const identity = await resolveIdentity(c.get("deps"), c.req.raw, null);
  return identity.customer?.id ?? null;
}

/**
 * A guest cart is used by whoever holds its id; a customer's cart only through that customer's own
 * session. Someone else's cart answers exactly like an unknown one (ARCHITECTURE §4).
 */
async function mayUse(c: Context<AppEnv>, cartId: string, customerId: string | null): Promise<boolean> {
  const owner = await c.get("deps").services.cart.ownerOf(cartId, c.get("site").id);
  return owner !== undefined && (owner === null || owner === customerId);
}

function answer(c: Context<AppEnv>, result: CartResult, customerId: string | null) {
  if (!result.ok) {
    const status = result.code === "CART_NOT_FOUND" || result.code === "LINE_NOT_FOUND" ? 404 : 400;
    return apiError(c, status, result.code.toLowerCase(), result.message, result.field ? { [result.field]: result.message } : undefined);
  }
  for (const cookie of cartCookies(result.cart, { guest: customerId === null })) c.header("Set-Cookie", cookie, { append: true });
  return c.json({ cart: result.cart, warnings: result.warnings });
}

export function cartRoutes() {
  const app = new Hono<AppEnv>();
  const cart = (c: Context<AppEnv>) => c.get("deps").services.cart;

  /** A call on an existing cart: parse, check the caller may use the cart, run. */
  function post<S extends z.ZodType<{ cartId: string }>>(
    path: string,
    schema: S,
    run: (c: Context<AppEnv>, input: z.infer<S>) => Promise<CartResult>,
  ) {
    app.post(path, async (c) => {
      const parsed = await parseJson(c, schema);
      if (!parsed.ok) return parsed.response;
      const customerId = await customerIdOf(c);
      if (!(await mayUse(c, parsed.data.cartId, customerId))) return answer(c, NOT_FOUND, customerId);
      return answer(c, await run(c, parsed.data), customerId);
    });
  }

  app.post("/get-cart", async (c) => {
    const parsed = await parseJson(c, getCartInput);
    if (!parsed.ok) return parsed.response;
    const customerId = await customerIdOf(c);
    const found = (await mayUse(c, parsed.data.cartId, customerId)) && (await cart(c).getCart(parsed.data.cartId, c.get("site").id));
    if (!found) return answer(c, NOT_FOUND, customerId);
    return c.json({ cart: found, warnings: [] });
  });

  // A cart created by a signed-in customer is theirs from the start (SPEC §4).
  app.post("/create-cart", async (c) => {
    const parsed = await parseJson(c, createCartInput);
    if (!parsed.ok) return parsed.response;
    const customerId = await customerIdOf(c);
    const site = c.get("site").id;
    const created = await cart(c).createCart(site, parsed.data.buyerIdentity, parsed.data.lineItems);
    if (created.ok && customerId) await cart(c).claimCart(created.cart.id, site, customerId);
    return answer(c, created, customerId);
  });
  post("/add-cart-line-items", addLinesInput, (c, i) => cart(c).addLines(i.cartId, c.get("site").id, i.lineItems));
  post("/remove-cart-line-items", removeLinesInput, (c, i) => cart(c).removeLines(i.cartId, c.get("site").id, i.lineItemIds));
  post("/update-cart-line-items", updateLinesInput, (c, i) => cart(c).updateLines(i.cartId, c.get("site").id, i.lineItems));
  post("/update-cart-attributes", updateAttributesInput, (c, i) => cart(c).updateAttributes(i.cartId, c.get("site").id, i.attributes));
  post("/update-cart-buyer-identity", updateBuyerIdentityInput, (c, i) =>
    cart(c).updateBuyerIdentity(i.cartId, c.get("site").id, i.buyerIdentity),
  );
  post("/update-cart-discount-codes", updateDiscountCodesInput, (c, i) => cart(c).updateDiscountCodes(i.cartId, c.get("site").id, i.codes));
  post("/update-cart-note", updateNoteInput, (c, i) => cart(c).updateNote(i.cartId, c.get("site").id, i.note));

  return app;
}
