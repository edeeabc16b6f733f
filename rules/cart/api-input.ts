import { z } from "zod";
import { isCheckoutOwnedAttribute } from "../checkout/order-attributes";

// One schema per cart input (STYLE habit 1): the API handlers and the cart page's action parse the
// same shapes. Field names follow SPEC §3/§7.

const attribute = z.object({ key: z.string().trim().min(1).max(100), value: z.string().max(500) });
export const attributesSchema = z.array(attribute).max(50);

export const cartIdSchema = z.string().uuid("must be a cart id");
const quantity = z.number().int("must be a whole number").min(0, "must be 0 or more").max(999, "is too large");

export const lineInputSchema = z.object({
  merchandiseId: z.string().trim().min(1, "is required").max(100),
  quantity: quantity.default(1),
  attributes: attributesSchema.optional(),
  sellingPlanId: z.string().max(50).nullable().optional(),
});

export const lineUpdateSchema = z.object({
  id: z.string().uuid("must be a line id"),
  quantity,
  sellingPlanId: z.string().max(50).nullable().optional(),
  attributes: attributesSchema.optional(),
});

export const buyerIdentitySchema = z.object({
  email: z.string().trim().email("must be an e-mail address").max(254).nullable().optional(),
  phone: z
    .string()
    .trim()
    .regex(/^\+?[0-9 ()-]{7,20}$/, "must be a phone number")
    .nullable()
    .optional(),
  countryCode: z
    .string()
    .regex(/^[A-Z]{2}$/, "must be a two-letter country code")
    .nullable()
    .optional(),
  // Accepted for compatibility with SPEC §3; the cart never stores or echoes it.
  customerAccessToken: z.string().max(500).nullable().optional(),
});

export const getCartInput = z.object({ cartId: cartIdSchema });
export const createCartInput = z.object({
  buyerIdentity: buyerIdentitySchema.default({}),
  lineItems: z.array(lineInputSchema).max(20).default([]),
});
export const addLinesInput = z.object({ cartId: cartIdSchema, lineItems: z.array(lineInputSchema).min(1).max(20) });
export const removeLinesInput = z.object({ cartId: cartIdSchema, lineItemIds: z.array(z.string()).min(1).max(50) });
export const updateLinesInput = z.object({ cartId: cartIdSchema, lineItems: z.array(lineUpdateSchema).min(1).max(50) });
/** Shoppers' cart attributes: the checkout-owned keys (SPEC §3) are set by the server's hand-off only. */
const shopperAttributes = attributesSchema.superRefine((attributes, ctx) => {
  attributes.forEach((a, i) => {
    if (isCheckoutOwnedAttribute(a.key)) ctx.addIssue({ code: "custom", path: [i, "key"], message: `${a.key} is set by the checkout only` });
  });
});
export const updateAttributesInput = z.object({ cartId: cartIdSchema, attributes: shopperAttributes });
export const updateBuyerIdentityInput = z.object({ cartId: cartIdSchema, buyerIdentity: buyerIdentitySchema });
export const updateDiscountCodesInput = z.object({
  cartId: cartIdSchema,
  codes: z
    .array(
      z
        .string()
        .trim()
        .min(1)
        .max(40)
        .regex(/^[A-Za-z0-9_-]+$/, "letters and digits only"),
    )
    .max(5),
});
export const updateNoteInput = z.object({ cartId: cartIdSchema, note: z.string().max(1000) });
