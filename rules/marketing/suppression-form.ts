import { z } from "zod";
import { SUPPRESSION_REASONS } from "./subscriber";

// An operator's suppression (the console's e-mail list): an address that must never receive
// marketing again, on both sites — a bounce or a complaint reported outside the shop, or a person
// who asked by phone or letter. Final, like the mail adapter's own (rules/marketing/subscriber.ts).

export const suppressionForm = z.object({
  email: z.string("Enter an e-mail address").trim().toLowerCase().max(320, "This e-mail address is too long").pipe(z.email("Enter a valid e-mail address")),
  reason: z.enum(SUPPRESSION_REASONS, "Choose a reason"),
});
