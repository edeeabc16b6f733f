import { z } from "zod";

// A pet's profile as the shopper keeps it in My Account (both sites: staff members feed their own
// household pets), and the shop's life-stage table: when a puppy or kitten is an adult, and when an
// adult is a senior, by species and (for dogs) breed size. Pure: the account page, the pets service
// and the life-stage proposals read the same rule.

export const SPECIES = ["dog", "cat"] as const;
export type Species = (typeof SPECIES)[number];
export const BREED_SIZES = ["small", "medium", "large"] as const;
export type BreedSize = (typeof BREED_SIZES)[number];
/** Food sensitivities a shopper can note (what the catalogue's ingredient filters can avoid). */
export const SENSITIVITIES = ["chicken", "beef", "fish", "grain", "dairy", "egg"] as const;
export type Sensitivity = (typeof SENSITIVITIES)[number];

/** How many pets one account keeps at most (a household, not a shelter). */
export const MAX_PETS = 12;

export const SPECIES_LABELS: Record<Species, string> = { dog: "Dog", cat: "Cat" };
export const BREED_SIZE_LABELS: Record<BreedSize, string> = {
  small: "Small (up to 20 lb grown)",
  medium: "Medium (21–50 lb grown)",
  large: "Large (over 50 lb grown)",
};

/** A real day written YYYY-MM-DD (not February 30th). */
function isCalendarDate(d: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(d)) return false;
  const [y, m, day] = d.split("-").map(Number) as [number, number, number];
  const date = new Date(Date.UTC(y, m - 1, day));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === day;
}

/** The profile form and the service's input: a dog needs its breed size (it decides its life stages). */
export function petProfileSchema(today: Date) {
  return z
    .object({
      name: z.string({ error: "Enter your pet's name" }).trim().min(1, "Enter your pet's name").max(40, "At most 40 characters"),
      species: z.enum(SPECIES, { error: "Choose dog or cat" }),
      breedSize: z
        .enum(BREED_SIZES, { error: "Choose a breed size" })
        .optional()
        .or(z.literal("").transform(() => undefined)),
      birthday: z
        .string()
        .trim()
        .superRefine((d, ctx) => {
          if (d === "") return;
          const message = !isCalendarDate(d)
            ? "Enter the birthday as a date"
            : d > today.toISOString().slice(0, 10)
              ? "The birthday cannot be in the future"
              : d < "1990-01-01"
                ? "Enter a birthday after 1990"
                : null;
          if (message) ctx.addIssue({ code: "custom", message });
        })
        .optional()
        .or(z.literal("").transform(() => undefined)),
      weightLb: z.coerce
        .number({ error: "Enter the weight in pounds" })
        .min(0.5, "At least 0.5 lb")
        .max(250, "At most 250 lb")
        .optional()
        .or(z.literal("").transform(() => undefined)),
      sensitivities: z
        .array(z.enum(SENSITIVITIES, { error: "Choose from the list" }))
        .max(SENSITIVITIES.length)
        .default([]),
    })
    .superRefine((p, ctx) => {
      if (p.species === "dog" && !p.breedSize) ctx.addIssue({ code: "custom", path: ["breedSize"], message: "Choose a breed size" });
    })
    .transform((p) => ({ ...p, breedSize: p.species === "dog" ? (p.breedSize ?? null) : null, birthday: p.birthday || null, weightLb: p.weightLb ?? null }));
}
export type PetProfileInput = z.output<ReturnType<typeof petProfileSchema>>;

export type LifeStage = "young" | "adult" | "senior";

/** The shop's table: a puppy or kitten is an adult at this many months, an adult a senior at this many. */
const STAGES: Record<Species, Record<BreedSize | "any", { adultAt: number; seniorAt: number }>> = {
  dog: {
    small: { adultAt: 10, seniorAt: 10 * 12 },
    medium: { adultAt: 12, seniorAt: 8 * 12 },
    large: { adultAt: 15, seniorAt: 6 * 12 },
    any: { adultAt: 12, seniorAt: 8 * 12 },
  },
  cat: {
    small: { adultAt: 12, seniorAt: 11 * 12 },
    medium: { adultAt: 12, seniorAt: 11 * 12 },
    large: { adultAt: 12, seniorAt: 11 * 12 },
    any: { adultAt: 12, seniorAt: 11 * 12 },
  },
};

/** `birthday` (YYYY-MM-DD) plus `months`, as a date (the last day of a shorter month when it has no such day). */
function addMonths(birthday: string, months: number): string {
  const [y, m, d] = birthday.split("-").map(Number) as [number, number, number];
  const total = m - 1 + months;
  const year = y + Math.floor(total / 12);
  const month = (total % 12) + 1;
  const last = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return `${year}-${String(month).padStart(2, "0")}-${String(Math.min(d, last)).padStart(2, "0")}`;
}

/**
 * The pet's life stage on `today`, the day it began (`since`), and the date of its next one (null
 * when it is a senior); null without a birthday.
 */
export function lifeStage(
  pet: { species: Species; breedSize: BreedSize | null; birthday: string | null },
  today: Date,
): { stage: LifeStage; since: string; next: { stage: LifeStage; on: string } | null } | null {
  if (!pet.birthday) return null;
  const { adultAt, seniorAt } = STAGES[pet.species][pet.breedSize ?? "any"];
  const day = today.toISOString().slice(0, 10);
  const adultOn = addMonths(pet.birthday, adultAt);
  const seniorOn = addMonths(pet.birthday, seniorAt);
  if (day < adultOn) return { stage: "young", since: pet.birthday, next: { stage: "adult", on: adultOn } };
  if (day < seniorOn) return { stage: "adult", since: adultOn, next: { stage: "senior", on: seniorOn } };
  return { stage: "senior", since: seniorOn, next: null };
}

/** "Puppy", "Kitten", "Adult", "Senior". */
export function lifeStageLabel(species: Species, stage: LifeStage): string {
  if (stage === "young") return species === "dog" ? "Puppy" : "Kitten";
  return stage === "adult" ? "Adult" : "Senior";
}

/**
 * The feeding calculator's pet from a kept pet profile (its weight in pounds, its life stage today,
 * a normally active pet); null without a weight, which the calculator needs.
 */
export function feedingPetOf(
  pet: { species: Species; breedSize: BreedSize | null; birthday: string | null; weightLb: number | null },
  today: Date,
): { species: Species; weight: number; weightUnit: "lb"; lifeStage: string; activity: "normal" } | null {
  if (!pet.weightLb) return null;
  const stage = lifeStage(pet, today)?.stage ?? "adult";
  const feedingStage = stage === "young" ? (pet.species === "dog" ? "puppy" : "kitten") : stage;
  return { species: pet.species, weight: pet.weightLb, weightUnit: "lb", lifeStage: feedingStage, activity: "normal" };
}
