import { z } from "zod";
import { ACTIVITY_LEVELS, checkPet, PET_SPECIES, PET_WEIGHT_UNITS, type PetProfile } from "./feeding-calculator";
import { MAX_PRICE_GUARD_PERCENT, MIN_PRICE_GUARD_PERCENT } from "./price-guard";
import { fieldErrors } from "../shared/zod-errors";

// The My Autoships forms beyond the lifecycle's actions (rules/autoship/subscription-states.ts): the pet a
// subscription feeds (for its run-out date), the price guard's threshold, and the answer to a
// renewal the guard holds. Parsed by the page's action only (zod stays out of the
// page's browser bundle); errors are keyed by field name.

export const EXTRA_INTENTS = [
  "set_pet",
  "link_pet",
  "clear_pet",
  "set_price_guard",
  "accept_price",
  "skip_price",
  "set_substitute",
  "clear_substitute",
] as const;
export type ExtraIntent = (typeof EXTRA_INTENTS)[number];

const DONE: Record<ExtraIntent, string> = {
  set_pet: "Your pet's details were saved.",
  link_pet: "Your pet was linked: its details fill in the run-out date.",
  clear_pet: "Your pet's details were removed.",
  set_price_guard: "Your price guard was saved.",
  accept_price: "Renewed at the new price.",
  skip_price: "This delivery was skipped; nothing was charged.",
  set_substitute: "Your substitute was saved.",
  clear_substitute: "Your substitute was removed.",
};

/** The confirmation after the redirect (`?done=intent`); null for anything else. */
export function extraNotice(done: string | null): string | null {
  return isExtraIntent(done) ? DONE[done] : null;
}

export function isExtraIntent(intent: unknown): intent is ExtraIntent {
  return typeof intent === "string" && (EXTRA_INTENTS as readonly string[]).includes(intent);
}

const petSchema = z
  .object({
    intent: z.literal("set_pet"),
    species: z.enum(PET_SPECIES as [string, ...string[]], "Choose dog or cat"),
    weight: z.coerce.number({ error: "Enter your pet's weight" }),
    weightUnit: z.enum(PET_WEIGHT_UNITS, "Choose lb, kg or oz"),
    lifeStage: z.string({ error: "Choose a life stage" }).trim().max(20),
    activity: z.enum(ACTIVITY_LEVELS.map((a) => a.value) as [string, ...string[]], "Choose an activity level"),
  })
  // The ranges and the species' life stages are the calculator's own check (one rule for both).
  .superRefine((p, ctx) => {
    for (const [path, message] of Object.entries(checkPet(p))) ctx.addIssue({ code: "custom", path: [path], message });
  })
  .transform(({ intent, ...pet }) => ({ intent, pet: pet as PetProfile }));

const clearPetSchema = z.object({ intent: z.literal("clear_pet") });
// One of the customer's kept pets (My Pets).
const linkPetSchema = z.object({ intent: z.literal("link_pet"), petId: z.string({ error: "Choose a pet" }).trim().uuid("Choose a pet") });

const priceGuardSchema = z.object({
  intent: z.literal("set_price_guard"),
  priceGuardPercent: z.coerce
    .number({ error: "Enter a percentage" })
    .int("Enter a whole percentage")
    .min(MIN_PRICE_GUARD_PERCENT, `Enter ${MIN_PRICE_GUARD_PERCENT}% or more`)
    .max(MAX_PRICE_GUARD_PERCENT, `Enter ${MAX_PRICE_GUARD_PERCENT}% or less`),
});

const priceAnswerSchema = z.object({
  intent: z.enum(["accept_price", "skip_price"]),
  holdId: z.string({ error: "This renewal is no longer waiting for an answer." }).trim().uuid("This renewal is no longer waiting for an answer."),
});

// Another size of the same product (select) or another product by its SKU (text): one of the two.
const substituteSchema = z
  .object({
    intent: z.literal("set_substitute"),
    substituteVariantId: z.preprocess((v) => (v === "" || v == null ? undefined : v), z.coerce.number().int().positive("Choose a size").optional()),
    substituteSku: z.preprocess(
      (v) => (typeof v === "string" && v.trim() === "" ? undefined : v),
      z
        .string()
        .trim()
        .toUpperCase()
        .max(40, "Enter a SKU like KC-D01-CHR-155LB")
        .regex(/^[A-Z0-9-]+$/, "Enter a SKU like KC-D01-CHR-155LB")
        .optional(),
    ),
  })
  .superRefine((v, ctx) => {
    if (v.substituteVariantId === undefined && v.substituteSku === undefined)
      ctx.addIssue({ code: "custom", path: ["substituteVariantId"], message: "Choose another size or enter the SKU of another product" });
    if (v.substituteVariantId !== undefined && v.substituteSku !== undefined)
      ctx.addIssue({ code: "custom", path: ["substituteSku"], message: "Choose a size or enter a SKU, not both" });
  });
const clearSubstituteSchema = z.object({ intent: z.literal("clear_substitute") });

export type ExtraInput =
  | z.infer<typeof substituteSchema>
  | z.infer<typeof clearSubstituteSchema>
  | z.infer<typeof petSchema>
  | z.infer<typeof clearPetSchema>
  | z.infer<typeof linkPetSchema>
  | z.infer<typeof priceGuardSchema>
  | z.infer<typeof priceAnswerSchema>;

export function parseExtraAction(raw: Record<string, unknown>): { ok: true; input: ExtraInput } | { ok: false; errors: Record<string, string> } {
  const schema =
    raw.intent === "set_pet"
      ? petSchema
      : raw.intent === "clear_pet"
        ? clearPetSchema
        : raw.intent === "link_pet"
          ? linkPetSchema
          : raw.intent === "set_price_guard"
            ? priceGuardSchema
            : raw.intent === "accept_price" || raw.intent === "skip_price"
              ? priceAnswerSchema
              : raw.intent === "set_substitute"
                ? substituteSchema
                : raw.intent === "clear_substitute"
                  ? clearSubstituteSchema
                  : null;
  if (!schema) return { ok: false, errors: { intent: "Unknown action." } };
  const parsed = (schema as z.ZodType<ExtraInput, unknown>).safeParse(raw);
  return parsed.success ? { ok: true, input: parsed.data } : { ok: false, errors: fieldErrors(parsed.error) };
}
