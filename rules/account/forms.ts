import { z } from "zod";
import { COMMON_PASSWORD_MESSAGE, isCommonPassword } from "./common-passwords";
import { US_STATES } from "../shared/us-states";
import { isZipFormat, ZIP_FORMAT_MESSAGE } from "../shared/zip";

// One schema per account form (STYLE habit 1): the browser checks a form with it on blur and on
// submit, and the route action and the API check the same input again. Messages are written for
// the shopper; they show next to the field.

export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;

/** An e-mail address as every form takes it (trimmed, lower-cased); the marketing sign-up's too. */
export const email = z
  .string({ error: "Enter your email address" })
  .trim()
  .toLowerCase()
  .min(1, "Enter your email address")
  .max(254, "This email address is too long")
  .pipe(z.email("Enter a valid email address"));

/** Sign-in takes any non-empty password: the rules for a new one must not lock out an old one. */
const currentPassword = z.string({ error: "Enter your password" }).min(1, "Enter your password").max(PASSWORD_MAX, "This password is too long");

const newPassword = z
  .string({ error: "Choose a password" })
  .min(PASSWORD_MIN, `Use at least ${PASSWORD_MIN} characters`)
  .max(PASSWORD_MAX, `Use at most ${PASSWORD_MAX} characters`)
  .refine((p) => /[A-Za-z]/.test(p) && /\d/.test(p), "Use at least one letter and one number")
  .refine((p) => !isCommonPassword(p), COMMON_PASSWORD_MESSAGE);

const name = (label: string) =>
  z
    .string({ error: `Enter your ${label}` })
    .trim()
    .min(1, `Enter your ${label}`)
    .max(60, `Your ${label} is too long`);

const optionalPhone = z
  .string()
  .trim()
  .max(30, "This phone number is too long")
  .refine((p) => p === "" || /^\+?[\d\s().-]{7,}$/.test(p), "Enter a valid phone number")
  .optional()
  .transform((p) => (p ? p : null));

/** A checkbox: "on" (a form) or a boolean (JSON). */
const checkbox = z
  .union([z.boolean(), z.literal("on"), z.literal("true"), z.literal("false"), z.literal("")])
  .optional()
  .transform((v) => v === true || v === "on" || v === "true");

export const loginSchema = z.object({ email, password: currentPassword });
export type LoginInput = z.infer<typeof loginSchema>;

export const registerSchema = z
  .object({
    firstName: name("first name"),
    lastName: name("last name"),
    email,
    password: newPassword,
    confirmPassword: z.string({ error: "Repeat your password" }).min(1, "Repeat your password"),
    acceptsMarketing: checkbox,
  })
  .refine((v) => v.password === v.confirmPassword, { path: ["confirmPassword"], message: "The passwords do not match" });
export type RegisterInput = z.infer<typeof registerSchema>;

export const forgotPasswordSchema = z.object({ email });

export const resetPasswordSchema = z
  .object({
    token: z.string({ error: "This reset link is not valid" }).min(20, "This reset link is not valid").max(200, "This reset link is not valid"),
    password: newPassword,
    confirmPassword: z.string({ error: "Repeat your password" }).min(1, "Repeat your password"),
  })
  .refine((v) => v.password === v.confirmPassword, { path: ["confirmPassword"], message: "The passwords do not match" });

export const profileSchema = z.object({
  firstName: name("first name"),
  lastName: name("last name"),
  phone: optionalPhone,
  acceptsMarketing: checkbox,
});
export type ProfileInput = z.infer<typeof profileSchema>;

export const changePasswordSchema = z
  .object({
    currentPassword,
    password: newPassword,
    confirmPassword: z.string({ error: "Repeat your new password" }).min(1, "Repeat your new password"),
  })
  .refine((v) => v.password === v.confirmPassword, { path: ["confirmPassword"], message: "The passwords do not match" });

const STATE_CODES = new Set<string>(US_STATES.map((s) => s.code));

/**
 * SPEC §3 address; US only (51 states of rules/shared/us-states.ts), ZIP format of SPEC §5. The one schema
 * of a typed address: account pages, the customer API, the checkout page and place-order.
 */
export const addressSchema = z.object({
  firstName: z.string().trim().max(60, "Your first name is too long").optional().default(""),
  lastName: z.string().trim().max(60, "Your last name is too long").optional().default(""),
  address1: z.string({ error: "Enter the street address" }).trim().min(1, "Enter the street address").max(120, "This address is too long"),
  address2: z.string().trim().max(120, "This address is too long").optional().default(""),
  city: z.string({ error: "Enter the city" }).trim().min(1, "Enter the city").max(60, "This city name is too long"),
  provinceCode: z
    .string({ error: "Choose a state" })
    .trim()
    .toUpperCase()
    .refine((c) => STATE_CODES.has(c), "Choose a state"),
  zip: z.string({ error: ZIP_FORMAT_MESSAGE }).trim().refine(isZipFormat, ZIP_FORMAT_MESSAGE),
  countryCode: z.literal("US", "We ship within the United States only").optional().default("US"),
  // A JSON client may send null for "no phone", as the API answers it.
  phone: optionalPhone.nullable(),
});
export type AddressInput = z.infer<typeof addressSchema>;

export const CONTACT_SUBJECTS = ["Product question", "Order or delivery", "Autoship", "My account", "Something else"] as const;

export const contactSchema = z.object({
  firstName: name("first name"),
  lastName: name("last name"),
  email,
  phone: optionalPhone,
  subject: z.enum(CONTACT_SUBJECTS, "Choose a subject"),
  message: z.string({ error: "Write your message" }).trim().min(10, "Write at least 10 characters").max(5000, "Keep your message under 5000 characters"),
});
export type ContactInput = z.infer<typeof contactSchema>;

/** A FormData as a plain object (single values; a checkbox that is absent is simply missing). */
export function formValues(form: FormData): Record<string, string> {
  const values: Record<string, string> = {};
  for (const [k, v] of form.entries()) if (typeof v === "string") values[k] = v;
  return values;
}
