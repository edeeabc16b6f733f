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
import type { AppEnv } from "./env";
import { apiError, parseJson } from "./errors";

// The nine cart calls of SPEC §7. Each answers the full cart (SPEC §3 shape) with any warnings,
// and keeps the cart cookie in step (SPEC §4, §9).

function answer(c: Context<AppEnv>, result: CartResult) {
  if (!result.ok) {
    const status = result.code === "CART_NOT_FOUND" || result.code === "LINE_NOT_FOUND" ? 404 : 400;
    return apiError(c, status, result.code.toLowerCase(), result.message, result.field ? { [result.field]: result.message } : undefined);
  }
  // Customer sessions arrive with the sign-in issue; until then every cart is a guest cart.
  for (const cookie of cartCookies(result.cart, { guest: true })) c.header("Set-Cookie", cookie, { append: true });
  return c.json({ cart: result.cart, warnings: result.warnings });
}

export function cartRoutes() {
  const app = new Hono<AppEnv>();
  const cart = (c: Context<AppEnv>) => c.get("deps").services.cart;

  function post<S extends z.ZodType>(path: string, schema: S, run: (c: Context<AppEnv>, input: z.infer<S>) => Promise<CartResult>) {
    app.post(path, async (c) => {
      const parsed = await parseJson(c, schema);
      if (!parsed.ok) return parsed.response;
      return answer(c, await run(c, parsed.data));
    });
  }

  app.post("/get-cart", async (c) => {
    const parsed = await parseJson(c, getCartInput);
    if (!parsed.ok) return parsed.response;
    const found = await cart(c).getCart(parsed.data.cartId, c.get("site").id);
    if (!found) return apiError(c, 404, "cart_not_found", "No cart with this id.", { cartId: "No cart with this id." });
    return c.json({ cart: found, warnings: [] });
  });

  post("/create-cart", createCartInput, (c, i) => cart(c).createCart(c.get("site").id, i.buyerIdentity, i.lineItems));
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
