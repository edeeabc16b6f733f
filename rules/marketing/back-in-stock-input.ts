import { z } from "zod";
import { email } from "../account/forms";

// "Notify me when it's back" (the product page's form, read by its action only): the variant, and a
// guest's address (a signed-in customer's is their account's, so the form has no field for it).

export const backInStockSchema = z.object({
  variantId: z.coerce.number("Choose a size and flavour").int("Choose a size and flavour").positive("Choose a size and flavour"),
  email: email.optional(),
});
export type BackInStockInput = z.infer<typeof backInStockSchema>;
