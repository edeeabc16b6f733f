import { z } from "zod";
import { isServerOwnedMetafield } from "../checkout/order-attributes";
import { PREFERRED_ADDRESS_KEY, PREFERRED_ADDRESS_NAMESPACE } from "../staff/delivery";
import { addressSchema, contactSchema, profileSchema } from "./forms";
import { safeSameSitePath } from "./sign-in-redirect";
import { DONATION_SEGMENT_NAMESPACE } from "../donations/provider";

// One schema per customer-API input (STYLE habit 1), SPEC §7 names. The account pages' forms parse
// the same profile, address and contact schemas (rules/account/forms.ts); the API handlers parse
// these, and the OpenAPI document (server/http/openapi.ts) lists them.

/** A session token in the body (API clients); the shop's own pages send the httpOnly cookie instead. */
const sessionToken = z.string().max(200).optional();
const id = (what: string) =>
  z
    .string({ error: `Give the ${what}` })
    .trim()
    .min(1, `Give the ${what}`)
    .max(200);
const email = z.string().trim().toLowerCase().pipe(z.email("Enter a valid email address"));

/** SPEC §3 metafield: namespace, key, type, value. */
export const metafieldSchema = z
  .object({
    namespace: z.string().regex(/^[a-z0-9_]{1,64}$/, "Use lower-case letters, digits and _"),
    key: z.string().regex(/^[a-z0-9_]{1,64}$/, "Use lower-case letters, digits and _"),
    type: z.string().max(64).optional(),
    value: z.string().max(2000, "At most 2000 characters"),
  })
  // The staff checkout's ship-to, sold-to and clinic ZIP come from the server's records only.
  .refine((m) => !isServerOwnedMetafield(m.namespace, m.key), { path: ["key"], message: "This metafield is set by the checkout and cannot be written" })
  // A donation segment's back-end property proves what the shop gives: the shop sets it, never the customer.
  .refine((m) => m.namespace !== DONATION_SEGMENT_NAMESPACE, { path: ["namespace"], message: "This namespace is set by the shop and cannot be written" })
  .refine((m) => !(m.namespace === PREFERRED_ADDRESS_NAMESPACE && m.key === PREFERRED_ADDRESS_KEY) || m.value === "home" || m.value === "clinic", {
    path: ["value"],
    message: "The preferred address is home or clinic",
  });

export const sessionOnlyInput = z.object({ sessionToken });

export const getOrdersInput = z.object({
  sessionToken,
  id: id("customer id"),
  quantity: z.coerce.number().int().min(1, "At least 1").max(50, "At most 50").optional().default(10),
  cursor: z.string().max(200).nullable().optional(),
  query: z.string().max(200).optional().default(""),
});

export const getLastOrderInput = z.object({ sessionToken, id: id("customer id") });
export const getOrderInput = z.object({ sessionToken, id: id("order id") });

export const updateCustomerInput = z.object({
  sessionToken,
  customerId: id("customer id"),
  updateInput: profileSchema.partial().extend({ metafields: z.array(metafieldSchema).max(20).optional() }),
});

export const deleteMetafieldInput = z.object({ sessionToken, metafieldId: id("metafield id") });
export const defaultAddressInput = z.object({ sessionToken, addressId: id("address id") });
export const addressCreateInput = z.object({ sessionToken, address: addressSchema });
export const addressUpdateInput = z.object({ sessionToken, id: id("address id"), address: addressSchema });
export const addressDeleteInput = z.object({ sessionToken, id: id("address id") });

export const refreshSessionInput = z.object({ sessionToken, forceRefreshToken: z.boolean().optional().default(false) });

export const createCustomerTokenInput = z.object({
  email,
  first_name: z.string().max(60).optional(),
  last_name: z.string().max(60).optional(),
  key: z.string({ error: "Give the key" }).min(1, "Give the key").max(200),
});

export const getSubscriptionsInput = z.object({ sessionToken, customer: id("customer id") });
export const sendContactInput = z.object({ data: contactSchema });

export const multipassInput = z.object({
  sessionToken,
  getURL: z.union([z.boolean(), z.string().max(2000)]).optional(),
  email: z.email("Enter a valid email").max(320),
  checkoutUrl: z
    .string()
    .max(500)
    .transform((p, ctx) => safeSameSitePath(p) ?? (ctx.addIssue({ code: "custom", message: "Give a path on this site, like /checkout" }), z.NEVER))
    .optional()
    .default("/checkout"),
  cartId: z.string().max(100).optional(),
});

export const deleteCacheItemInput = z.object({ cacheKey: z.string({ error: "Give the cacheKey" }).min(1, "Give the cacheKey").max(200) });
