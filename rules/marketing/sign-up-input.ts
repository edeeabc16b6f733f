import { z } from "zod";
import { email } from "../account/forms";
import { TOPICS } from "./subscriber";
import { EMAIL_MARKETING_PARAMS } from "./url-params";

// The marketing list's sign-up: one schema for the footer form (checked in the browser on
// /email/signup and again in the action) and POST /api/marketing/subscribe.

const marketingParam = z.string().trim().max(500, "Keep it under 500 characters").optional();

/** Topics from a form (one value or several) or JSON (an array). */
export const topicList = z
  .union([z.array(z.enum(TOPICS)).max(TOPICS.length), z.enum(TOPICS)], "Choose among our topics")
  .optional()
  .transform((t) => (t === undefined ? undefined : Array.isArray(t) ? t : [t]));

/** The footer form and POST /api/marketing/subscribe: an address, topics (none: all) and SPEC §4's e-mail-marketing URL parameters. */
export const signUpSchema = z.object({
  email,
  topics: topicList,
  _kx: marketingParam,
  variation: marketingParam,
  utm_content: marketingParam,
  utm_campaign: marketingParam,
});
export type SignUpInput = z.infer<typeof signUpSchema>;

/** The e-mail-marketing parameters present, kept with the subscriber (SPEC §4 keeps them as integration info). */
export function marketingParamsOf(input: Partial<Record<(typeof EMAIL_MARKETING_PARAMS)[number], string | undefined>>): Record<string, string> {
  const kept: Record<string, string> = {};
  for (const name of EMAIL_MARKETING_PARAMS) {
    const v = input[name];
    if (v) kept[name] = v;
  }
  return kept;
}
