import { addDays } from "../shared/calendar-days";
import { GRAMS_PER_POUND, toPounds } from "../shared/weight";

// The feeding calculator: a product's feeding table (grams per day by weight band and life stage,
// kcal per kg and per cup), the pet (species, weight, life stage, activity) → the daily portion, how
// many days a pack lasts, the nearest Autoship interval and the day the food runs out. Pure, shared
// by the product page's calculator (loaded on demand) and My Autoships (loader).

export type PetSpecies = "dog" | "cat";
export const PET_SPECIES: readonly PetSpecies[] = ["dog", "cat"];

export const LIFE_STAGES: Record<PetSpecies, readonly { value: string; label: string }[]> = {
  dog: [
    { value: "puppy", label: "Puppy" },
    { value: "adult", label: "Adult" },
    { value: "senior", label: "Senior" },
  ],
  cat: [
    { value: "kitten", label: "Kitten" },
    { value: "adult", label: "Adult" },
    { value: "senior", label: "Senior" },
  ],
};

/** Activity scales the table's portion (the table is for a normally active pet). */
export const ACTIVITY_LEVELS = [
  { value: "low", label: "Low (mostly resting)", factor: 0.8 },
  { value: "normal", label: "Normal", factor: 1 },
  { value: "active", label: "Active (daily long walks, play)", factor: 1.2 },
  { value: "very_active", label: "Very active (working, sport)", factor: 1.4 },
] as const;
export type ActivityLevel = (typeof ACTIVITY_LEVELS)[number]["value"];

/** Units a pet's weight may be given in. */
export const PET_WEIGHT_UNITS = ["lb", "kg", "oz"] as const;
export type PetWeightUnit = (typeof PET_WEIGHT_UNITS)[number];

/** Heaviest pet the calculator accepts, in pounds (a giant breed with room to spare). */
export const MAX_PET_POUNDS = 250;

export type PetProfile = { species: PetSpecies; weight: number; weightUnit: PetWeightUnit; lifeStage: string; activity: ActivityLevel };

/** One life stage's row of the table: [pet weight in lb, grams of food per day] by weight band, ascending. */
export type FeedingRow = { lifeStage: string; points: readonly (readonly [number, number])[] };
export type FeedingGuide = { species: PetSpecies; kcalPerKg: number; kcalPerCup: number; rows: readonly FeedingRow[] };

// ---- the feeding table of a product (the seed's: invented but plausible, deterministic) ----

const DOG_BANDS_LB = [5, 10, 20, 30, 40, 50, 60, 80, 100];
const CAT_BANDS_LB = [4, 6, 8, 10, 12, 15, 18];
/** Daily energy as a multiple of the resting need (70 × kg^0.75 kcal) for each life stage. */
const STAGE_FACTOR: Record<PetSpecies, Record<string, number>> = {
  dog: { puppy: 2.0, adult: 1.6, senior: 1.4 },
  cat: { kitten: 2.5, adult: 1.2, senior: 1.0 },
};

function hash(s: string): number {
  let h = 2166136261;
  for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 16777619);
  return h >>> 0;
}

/**
 * The feeding table of a product: dry food 3,500–4,000 kcal/kg (a cup ≈ 100 g), wet food
 * 850–1,050 kcal/kg (a cup ≈ 240 g). Treats are no meal: no table.
 */
export function feedingGuideFor(p: { handle: string; species: PetSpecies; foodForm: string }): FeedingGuide | null {
  const form = p.foodForm.split(",")[0];
  if (form === "treat" || !form) return null;
  const dry = form === "dry";
  const h = hash(p.handle);
  const kcalPerKg = dry ? 3500 + (h % 6) * 100 : 850 + (h % 5) * 50;
  const kcalPerCup = Math.round((kcalPerKg * (dry ? (p.species === "dog" ? 0.105 : 0.095) : 0.24)) / 5) * 5;
  const bands = p.species === "dog" ? DOG_BANDS_LB : CAT_BANDS_LB;
  const rows = Object.entries(STAGE_FACTOR[p.species]).map(([lifeStage, factor]) => ({
    lifeStage,
    points: bands.map((lb) => [lb, Math.round((((70 * (lb / 2.20462) ** 0.75 * factor) / kcalPerKg) * 1000) / 5) * 5] as const),
  }));
  return { species: p.species, kcalPerKg, kcalPerCup, rows };
}

// ---- units ----

/** A pet's weight in pounds (SPEC §9 factors of rules/shared/weight.ts). */
export function petPounds(weight: number, unit: PetWeightUnit): number {
  return toPounds(weight, unit);
}

/** Grams in one cup of this food. */
export function gramsPerCup(guide: Pick<FeedingGuide, "kcalPerKg" | "kcalPerCup">): number {
  return (guide.kcalPerCup / guide.kcalPerKg) * 1000;
}

/** An amount of food in grams: lb, kg, oz, g (SPEC §9) or cups (by the food's density). */
export function foodGrams(amount: number, unit: string, guide?: Pick<FeedingGuide, "kcalPerKg" | "kcalPerCup">): number {
  const u = unit.toLowerCase();
  if (u === "cup" || u === "cups") return guide ? amount * gramsPerCup(guide) : 0;
  if (u === "g" || u === "grams" || u === "gram") return amount;
  return toPounds(amount, u) * GRAMS_PER_POUND;
}

// ---- the pet's portion ----

export type PetError = Partial<Record<"species" | "weight" | "weightUnit" | "lifeStage" | "activity", string>>;

/** What is wrong with a pet as entered, by field (the page shows each message beside its field). */
export function checkPet(p: { species?: unknown; weight?: unknown; weightUnit?: unknown; lifeStage?: unknown; activity?: unknown }): PetError {
  const errors: PetError = {};
  const species = PET_SPECIES.find((s) => s === p.species);
  if (!species) errors.species = "Choose dog or cat";
  if (!PET_WEIGHT_UNITS.includes(p.weightUnit as PetWeightUnit)) errors.weightUnit = "Choose lb, kg or oz";
  const weight = typeof p.weight === "number" ? p.weight : typeof p.weight === "string" && p.weight.trim() !== "" ? Number(p.weight) : NaN;
  if (!Number.isFinite(weight) || weight <= 0) errors.weight = "Enter your pet's weight";
  else if (!errors.weightUnit && petPounds(weight, p.weightUnit as PetWeightUnit) > MAX_PET_POUNDS) errors.weight = `Enter a weight up to ${MAX_PET_POUNDS} lb`;
  else if (!errors.weightUnit && petPounds(weight, p.weightUnit as PetWeightUnit) < 1) errors.weight = "Enter a weight of at least 1 lb";
  if (species && !LIFE_STAGES[species].some((s) => s.value === p.lifeStage)) errors.lifeStage = "Choose a life stage";
  if (!ACTIVITY_LEVELS.some((a) => a.value === p.activity)) errors.activity = "Choose an activity level";
  return errors;
}

/** Grams per day from one row at a weight: linear between bands; outside them, scaled by metabolic weight (lb^0.75). */
function rowGrams(points: FeedingRow["points"], lb: number): number {
  const first = points[0];
  const last = points[points.length - 1];
  if (lb <= first[0]) return first[1] * (lb / first[0]) ** 0.75;
  if (lb >= last[0]) return last[1] * (lb / last[0]) ** 0.75;
  const i = points.findIndex(([w]) => w >= lb);
  const [w0, g0] = points[i - 1];
  const [w1, g1] = points[i];
  return g0 + ((g1 - g0) * (lb - w0)) / (w1 - w0);
}

export type DailyPortion = { grams: number; cups: number; kcal: number };

/** The pet's daily portion of this food; null when the food has no table or is for the other species. */
export function dailyPortion(guide: FeedingGuide | null, pet: PetProfile): DailyPortion | null {
  if (!guide || guide.species !== pet.species) return null;
  const row = guide.rows.find((r) => r.lifeStage === pet.lifeStage);
  if (!row) return null;
  const factor = ACTIVITY_LEVELS.find((a) => a.value === pet.activity)?.factor ?? 1;
  const grams = rowGrams(row.points, petPounds(pet.weight, pet.weightUnit)) * factor;
  return { grams: Math.round(grams), cups: Math.round((grams / gramsPerCup(guide)) * 100) / 100, kcal: Math.round((grams / 1000) * guide.kcalPerKg) };
}

/** Whole days `packs` packs of `packWeight` `packUnit` last at `gramsPerDay` (at least 1). */
export function daysSupply(packWeight: number, packUnit: string, packs: number, gramsPerDay: number): number {
  if (!(gramsPerDay > 0)) return 0;
  return Math.max(1, Math.floor((foodGrams(packWeight, packUnit) * packs) / gramsPerDay));
}

/**
 * The offered Autoship interval (weeks, rules/autoship/offer-and-frequency.ts AUTOSHIP_FREQUENCY_WEEKS) closest to
 * `days`; on a tie the shorter one, so the bowl never runs empty.
 */
export function nearestFrequencyWeeks(days: number, offered: readonly number[]): number {
  let best = offered[0];
  for (const w of offered) if (Math.abs(w * 7 - days) < Math.abs(best * 7 - days)) best = w;
  return best;
}

/** Days a delivery takes after the order date (standard shipping), for the run-out warning. */
export const DELIVERY_DAYS = 3;

export type RunOut = {
  /** Day the food of the last delivery is eaten up. */
  runOutDate: string;
  /** Day the next order arrives (its order date + DELIVERY_DAYS). */
  nextDeliveryDate: string;
  /** The next delivery comes after the bowl is empty. */
  late: boolean;
  /** An order date whose delivery comes on the run-out day (never before tomorrow). */
  suggestedOrderDate: string;
};

/** From the last order's day and how long it lasts: when it runs out and whether the next delivery comes in time. */
export function runOut(p: { lastOrderDate: string; daysSupply: number; nextOrderDate: string; today: string }): RunOut {
  const runOutDate = addDays(p.lastOrderDate, DELIVERY_DAYS + p.daysSupply);
  const nextDeliveryDate = addDays(p.nextOrderDate, DELIVERY_DAYS);
  const suggested = addDays(runOutDate, -DELIVERY_DAYS);
  const tomorrow = addDays(p.today, 1);
  return { runOutDate, nextDeliveryDate, late: nextDeliveryDate > runOutDate, suggestedOrderDate: suggested < tomorrow ? tomorrow : suggested };
}

const fmt = (n: number) => String(Math.round(n * 10) / 10);

/** "a 24 lb bag lasts your 30 lb dog about 41 days" */
/** "a 15 lb bag lasts your 30 lb dog about 40 days" — or "lasts Biscuit …" for a kept pet, by its name. */
export function lastsSentence(p: {
  packLabel: string;
  pet: Pick<PetProfile, "species" | "weight" | "weightUnit">;
  days: number;
  packs?: number;
  name?: string;
}): string {
  const what = (p.packs ?? 1) > 1 ? `${p.packs} × ${p.packLabel}` : `a ${p.packLabel}`;
  const whom = p.name ?? `your ${fmt(p.pet.weight)} ${p.pet.weightUnit} ${p.pet.species}`;
  return `${what} ${(p.packs ?? 1) > 1 ? "last" : "lasts"} ${whom} about ${p.days} day${p.days === 1 ? "" : "s"}`;
}

// ---- the calculator's pet, carried from the product page into the subscription ----

/**
 * The cart line attribute holding the pet the product page's calculator was given, so the Autoship
 * made from that line starts with it (its run-out date shows at once). Hidden, like every "_" key.
 */
export const PET_ATTRIBUTE = "_autoship_pet";

/** The attribute's value: "dog|15|lb|adult|normal" (short, and no JSON to parse from a form). */
export function petAttributeValue(pet: PetProfile): string {
  return [pet.species, String(pet.weight), pet.weightUnit, pet.lifeStage, pet.activity].join("|");
}

/** The pet an attribute value names, or null when it is not a valid pet (a tampered form gives none). */
export function petFromAttribute(value: string | null | undefined): PetProfile | null {
  if (typeof value !== "string" || value.length > 60) return null;
  const parts = value.split("|");
  if (parts.length !== 5) return null;
  const [species, weight, weightUnit, lifeStage, activity] = parts;
  if (!/^\d{1,4}(\.\d{1,2})?$/.test(weight)) return null;
  const raw = { species, weight: Number(weight), weightUnit, lifeStage, activity };
  return Object.keys(checkPet(raw)).length ? null : (raw as PetProfile);
}
