import { BADGE_ORDER, type BadgeName as ShownBadgeName } from "../../../rules/catalog/product-card";
import type { BrandKind, FoodForm, PackType, Species, WeightUnit } from "./schema";
import { hashString, seededRandom } from "../../db/seeded-random";

// The invented seed catalogue (ARCHITECTURE §5: it ships with the code and loads into an empty database).
// Every brand, product and warehouse name here is made up. Everything is derived deterministically from
// the tables below and a seeded PRNG keyed by stable strings (SKU, handle), so every run — and every
// process — builds exactly the same catalogue.

// ---------------------------------------------------------------------------------------------------
// Vocabulary (SPEC §3 filter values)

export const LIFESTAGES = ["puppy", "adult-dog", "senior-dog", "kitten", "adult-cat", "senior-cat"] as const;
export type Lifestage = (typeof LIFESTAGES)[number];

export const BREED_SIZES = ["small", "medium", "large"] as const;
export type BreedSize = (typeof BREED_SIZES)[number];

export const HEALTH_CONDITIONS = [
  "weight-management",
  "sensitive-stomach",
  "skin-and-coat",
  "urinary-care",
  "kidney-care",
  "joint-care",
  "digestive-care",
  "dental-care",
  "food-sensitivities",
  "hairball-control",
] as const;
export type HealthCondition = (typeof HEALTH_CONDITIONS)[number];

export const SITES = ["d2c", "hpsf"] as const;
export type Site = (typeof SITES)[number];

/** SPEC §3 productType values. */
export const PRODUCT_TYPES = { dry: "Dry Food", wet: "Wet Food", treats: "Treats" } as const;

/**
 * Badge names as stored in variants.badgeTags ("badge::{name}"): the SPEC §3 set in display order
 * (rules/catalog/product-card.ts), the shown "brand-new" being stored as "new" (SPEC §3).
 */
export type BadgeName = Exclude<ShownBadgeName, "brand-new"> | "new";
export const BADGE_NAMES: readonly BadgeName[] = BADGE_ORDER.map((n) => (n === "brand-new" ? "new" : n));
export const badgeTag = (name: BadgeName) => `badge::${name}`;

// ---------------------------------------------------------------------------------------------------
// Brands and flavours (also read by the packshot generator)

export type SeedBrand = {
  slug: string;
  name: string;
  kind: BrandKind;
  /** Hex colour of the brand band on packshots. */
  color: string;
  /** Prefix of the brand's SKUs. */
  skuCode: string;
  description: string;
};

export const SEED_BRANDS = [
  {
    slug: "kindred-crest",
    name: "Kindred Crest",
    kind: "house",
    color: "#1e5aa8",
    skuCode: "KC",
    description: "Our own everyday nutrition for dogs and cats, made with real meat and no artificial colours.",
  },
  {
    slug: "vetrova",
    name: "Vetrova Clinical",
    kind: "prescription",
    color: "#5b2c83",
    skuCode: "VC",
    description: "Therapeutic diets formulated with veterinarians, for pets with specific medical needs.",
  },
  {
    slug: "tail-tokens",
    name: "Tail Tokens",
    kind: "treats",
    color: "#d9691c",
    skuCode: "TT",
    description: "Small rewards with big flavour: biscuits, jerky, dental chews and soft morsels.",
  },
  {
    slug: "northfield-kitchen",
    name: "Northfield Kitchen",
    kind: "partner",
    color: "#2e7d4f",
    skuCode: "NK",
    description: "Farmhouse-style recipes slow-cooked in small batches from a family kitchen in the Midwest.",
  },
  {
    slug: "copper-meadow",
    name: "Copper Meadow",
    kind: "partner",
    color: "#a4502a",
    skuCode: "CM",
    description: "High-protein and limited-ingredient recipes inspired by what pets ate in the wild.",
  },
] as const satisfies readonly SeedBrand[];
export type BrandSlug = (typeof SEED_BRANDS)[number]["slug"];

export type SeedFlavor = {
  slug: string;
  /** Stored as variants.flavor (SPEC §2: a flavor slug matches a variant whose flavor label contains it). */
  label: string;
  /** Three-letter SKU code. */
  code: string;
  /** Accent colour on packshots. */
  color: string;
};

export const SEED_FLAVORS = [
  { slug: "chicken", label: "Chicken", code: "CHK", color: "#e8a33d" },
  { slug: "chicken-rice", label: "Chicken & Rice", code: "CHR", color: "#f0c060" },
  { slug: "beef", label: "Beef", code: "BEF", color: "#a83232" },
  { slug: "salmon", label: "Salmon", code: "SAL", color: "#f08a6c" },
  { slug: "lamb", label: "Lamb", code: "LMB", color: "#8c6d5a" },
  { slug: "lamb-rice", label: "Lamb & Rice", code: "LMR", color: "#b39479" },
  { slug: "turkey", label: "Turkey", code: "TUR", color: "#c0703a" },
  { slug: "duck", label: "Duck", code: "DCK", color: "#3f7f6b" },
  { slug: "whitefish", label: "Whitefish", code: "WHF", color: "#7fa7c9" },
  { slug: "ocean-fish", label: "Ocean Fish", code: "OCF", color: "#2f77b5" },
  { slug: "tuna", label: "Tuna", code: "TUN", color: "#4a6fa5" },
  { slug: "venison", label: "Venison", code: "VEN", color: "#6b4226" },
  { slug: "peanut-butter", label: "Peanut Butter", code: "PNB", color: "#c98b4b" },
  { slug: "mint", label: "Fresh Mint", code: "MNT", color: "#4cb28a" },
] as const satisfies readonly SeedFlavor[];
export type FlavorSlug = (typeof SEED_FLAVORS)[number]["slug"];

export const brandBySlug = new Map<string, SeedBrand>(SEED_BRANDS.map((b) => [b.slug, b]));
export const flavorBySlug = new Map<string, SeedFlavor>(SEED_FLAVORS.map((f) => [f.slug, f]));

export const PACK_TYPES = ["bag", "can", "tray", "pouch"] as const satisfies readonly PackType[];

/** `${packType}_${brandSlug}_${flavorSlug}_${species}` — the packshot served at /_img/packshots/{key}.webp */
export function packshotKey(packType: PackType, brandSlug: string, flavorSlug: string, species: Species): string {
  return `${packType}_${brandSlug}_${flavorSlug}_${species}`;
}

// Deterministic randomness (server/db/seeded-random.ts), also used by the packshots.
export { hashString, seededRandom };

// ---------------------------------------------------------------------------------------------------
// Product lines

type Line = {
  brand: BrandSlug;
  species: Species;
  sub: string;
  form: FoodForm;
  /** Middle of the title, between the sub-brand and the form noun. */
  name: string;
  life: Lifestage[];
  flavors: FlavorSlug[];
  breeds?: BreedSize[];
  health?: HealthCondition[];
  sizes?: number[];
  sites?: Site[];
  /** Featured sort position; lines without one get a stable rank from 100 up. */
  rank?: number;
};

const DOG_ALL: Lifestage[] = ["puppy", "adult-dog", "senior-dog"];
const CAT_ALL: Lifestage[] = ["kitten", "adult-cat", "senior-cat"];
const ANY_BREED: BreedSize[] = ["small", "medium", "large"];
const D2C: Site[] = ["d2c"];

const dog = (l: Omit<Line, "species">): Line => ({ breeds: ANY_BREED, ...l, species: "dog" });
const cat = (l: Omit<Line, "species">): Line => ({ ...l, species: "cat" });

const LINES: Line[] = [
  // Kindred Crest — house brand, dogs
  dog({
    brand: "kindred-crest",
    sub: "Everyday Essentials",
    form: "dry",
    name: "Puppy",
    life: ["puppy"],
    flavors: ["chicken-rice", "lamb-rice"],
    health: ["digestive-care"],
    rank: 4,
    sizes: [4, 8.5, 15.5, 30],
  }),
  dog({
    brand: "kindred-crest",
    sub: "Everyday Essentials",
    form: "dry",
    name: "Puppy Large Breed",
    life: ["puppy"],
    breeds: ["large"],
    flavors: ["chicken-rice"],
    health: ["joint-care"],
    rank: 12,
  }),
  dog({
    brand: "kindred-crest",
    sub: "Everyday Essentials",
    form: "dry",
    name: "Adult",
    life: ["adult-dog"],
    flavors: ["chicken-rice", "beef", "lamb-rice"],
    rank: 1,
    sizes: [4, 8.5, 15.5, 30],
  }),
  dog({
    brand: "kindred-crest",
    sub: "Everyday Essentials",
    form: "dry",
    name: "Adult Large Breed",
    life: ["adult-dog"],
    breeds: ["large"],
    flavors: ["chicken-rice", "lamb-rice"],
    health: ["joint-care"],
    rank: 2,
  }),
  dog({
    brand: "kindred-crest",
    sub: "Everyday Essentials",
    form: "dry",
    name: "Adult Small Bites",
    life: ["adult-dog"],
    breeds: ["small", "medium"],
    flavors: ["chicken", "turkey"],
    health: ["dental-care"],
    rank: 15,
  }),
  dog({
    brand: "kindred-crest",
    sub: "Everyday Essentials",
    form: "dry",
    name: "Senior 7+",
    life: ["senior-dog"],
    flavors: ["chicken-rice", "lamb-rice"],
    health: ["joint-care"],
    rank: 9,
  }),
  dog({
    brand: "kindred-crest",
    sub: "Everyday Essentials",
    form: "canned",
    name: "Adult Savory Stew",
    life: ["adult-dog"],
    flavors: ["chicken", "beef", "turkey"],
    rank: 7,
  }),
  dog({ brand: "kindred-crest", sub: "Everyday Essentials", form: "canned", name: "Puppy Tender Loaf", life: ["puppy"], flavors: ["chicken", "lamb"] }),
  dog({ brand: "kindred-crest", sub: "Everyday Essentials", form: "canned", name: "Senior Tender Loaf", life: ["senior-dog"], flavors: ["chicken", "beef"] }),
  dog({
    brand: "kindred-crest",
    sub: "Sensitive Systems",
    form: "dry",
    name: "Adult Sensitive Stomach & Skin",
    life: ["adult-dog"],
    flavors: ["salmon", "lamb"],
    health: ["sensitive-stomach", "skin-and-coat"],
    rank: 3,
    sizes: [4, 8.5, 15.5, 30],
  }),
  dog({
    brand: "kindred-crest",
    sub: "Sensitive Systems",
    form: "dry",
    name: "Puppy Sensitive Stomach",
    life: ["puppy"],
    flavors: ["salmon"],
    health: ["sensitive-stomach", "digestive-care"],
  }),
  dog({
    brand: "kindred-crest",
    sub: "Sensitive Systems",
    form: "canned",
    name: "Adult Sensitive Stomach Stew",
    life: ["adult-dog"],
    flavors: ["salmon", "turkey"],
    health: ["sensitive-stomach"],
  }),
  dog({
    brand: "kindred-crest",
    sub: "Sensitive Systems",
    form: "dry",
    name: "Adult Small Breed Sensitive Skin",
    life: ["adult-dog"],
    breeds: ["small"],
    flavors: ["salmon", "duck"],
    health: ["skin-and-coat"],
  }),
  dog({
    brand: "kindred-crest",
    sub: "Active Mobility",
    form: "dry",
    name: "Adult Healthy Weight",
    life: ["adult-dog"],
    flavors: ["chicken", "turkey"],
    health: ["weight-management", "joint-care"],
    rank: 8,
  }),
  dog({
    brand: "kindred-crest",
    sub: "Active Mobility",
    form: "dry",
    name: "Senior Healthy Weight",
    life: ["senior-dog"],
    flavors: ["chicken"],
    health: ["weight-management", "joint-care"],
  }),
  dog({
    brand: "kindred-crest",
    sub: "Active Mobility",
    form: "dry",
    name: "Adult Large Breed Healthy Weight",
    life: ["adult-dog"],
    breeds: ["large"],
    flavors: ["chicken", "lamb"],
    health: ["weight-management", "joint-care"],
  }),
  dog({
    brand: "kindred-crest",
    sub: "Active Mobility",
    form: "tray",
    name: "Adult Healthy Weight Cuts",
    life: ["adult-dog"],
    breeds: ["small", "medium"],
    flavors: ["chicken", "beef"],
    health: ["weight-management"],
  }),
  dog({
    brand: "kindred-crest",
    sub: "Small Paws",
    form: "dry",
    name: "Adult Small & Mini",
    life: ["adult-dog"],
    breeds: ["small"],
    flavors: ["chicken", "lamb", "turkey"],
    rank: 10,
  }),
  dog({
    brand: "kindred-crest",
    sub: "Small Paws",
    form: "tray",
    name: "Adult Savory Cuts in Gravy",
    life: ["adult-dog"],
    breeds: ["small"],
    flavors: ["chicken", "beef", "lamb", "duck"],
    rank: 18,
  }),
  dog({ brand: "kindred-crest", sub: "Small Paws", form: "dry", name: "Puppy Small & Mini", life: ["puppy"], breeds: ["small"], flavors: ["chicken"] }),
  dog({
    brand: "kindred-crest",
    sub: "Small Paws",
    form: "pouch",
    name: "Senior Tender Stew",
    life: ["senior-dog"],
    breeds: ["small"],
    flavors: ["chicken", "turkey"],
  }),

  // Kindred Crest — house brand, cats
  cat({ brand: "kindred-crest", sub: "Everyday Essentials", form: "dry", name: "Kitten", life: ["kitten"], flavors: ["chicken", "ocean-fish"], rank: 5 }),
  cat({
    brand: "kindred-crest",
    sub: "Everyday Essentials",
    form: "dry",
    name: "Adult",
    life: ["adult-cat"],
    flavors: ["chicken", "salmon", "ocean-fish"],
    rank: 1,
  }),
  cat({
    brand: "kindred-crest",
    sub: "Everyday Essentials",
    form: "dry",
    name: "Senior 11+",
    life: ["senior-cat"],
    flavors: ["chicken"],
    health: ["kidney-care"],
    rank: 11,
  }),
  cat({
    brand: "kindred-crest",
    sub: "Everyday Essentials",
    form: "canned",
    name: "Adult Classic Loaf",
    life: ["adult-cat"],
    flavors: ["chicken", "salmon", "turkey", "whitefish"],
    rank: 6,
  }),
  cat({ brand: "kindred-crest", sub: "Everyday Essentials", form: "canned", name: "Kitten Minced", life: ["kitten"], flavors: ["chicken", "ocean-fish"] }),
  cat({
    brand: "kindred-crest",
    sub: "Everyday Essentials",
    form: "pouch",
    name: "Adult Flaked in Broth",
    life: ["adult-cat"],
    flavors: ["salmon", "tuna", "chicken"],
  }),
  cat({
    brand: "kindred-crest",
    sub: "Indoor Balance",
    form: "dry",
    name: "Adult Indoor",
    life: ["adult-cat"],
    flavors: ["chicken", "salmon"],
    health: ["weight-management", "hairball-control"],
    rank: 3,
  }),
  cat({
    brand: "kindred-crest",
    sub: "Indoor Balance",
    form: "dry",
    name: "Senior Indoor",
    life: ["senior-cat"],
    flavors: ["chicken"],
    health: ["weight-management", "hairball-control"],
  }),
  cat({
    brand: "kindred-crest",
    sub: "Indoor Balance",
    form: "tray",
    name: "Adult Indoor Tender Cuts",
    life: ["adult-cat"],
    flavors: ["chicken", "turkey", "salmon"],
    health: ["weight-management"],
  }),
  cat({
    brand: "kindred-crest",
    sub: "Indoor Balance",
    form: "pouch",
    name: "Adult Indoor Morsels in Gravy",
    life: ["adult-cat"],
    flavors: ["chicken", "whitefish"],
    health: ["hairball-control"],
  }),
  cat({
    brand: "kindred-crest",
    sub: "Sensitive Systems",
    form: "dry",
    name: "Adult Sensitive Stomach & Skin",
    life: ["adult-cat"],
    flavors: ["chicken", "salmon"],
    health: ["sensitive-stomach", "skin-and-coat"],
    rank: 7,
  }),
  cat({
    brand: "kindred-crest",
    sub: "Sensitive Systems",
    form: "canned",
    name: "Adult Sensitive Stomach Minced",
    life: ["adult-cat"],
    flavors: ["salmon", "turkey"],
    health: ["sensitive-stomach"],
  }),
  cat({
    brand: "kindred-crest",
    sub: "Urinary Harmony",
    form: "dry",
    name: "Adult Urinary Care",
    life: ["adult-cat"],
    flavors: ["chicken", "ocean-fish"],
    health: ["urinary-care"],
    rank: 9,
  }),
  cat({
    brand: "kindred-crest",
    sub: "Urinary Harmony",
    form: "canned",
    name: "Adult Urinary Care Minced",
    life: ["adult-cat"],
    flavors: ["chicken", "salmon"],
    health: ["urinary-care"],
  }),
  cat({
    brand: "kindred-crest",
    sub: "Urinary Harmony",
    form: "dry",
    name: "Senior Urinary & Kidney",
    life: ["senior-cat"],
    flavors: ["chicken"],
    health: ["urinary-care", "kidney-care"],
  }),

  // Vetrova Clinical — prescription diets, dogs
  dog({
    brand: "vetrova",
    sub: "Renal Support",
    form: "dry",
    name: "Kidney Care",
    life: ["adult-dog", "senior-dog"],
    flavors: ["chicken"],
    health: ["kidney-care"],
    rank: 20,
  }),
  dog({
    brand: "vetrova",
    sub: "Renal Support",
    form: "canned",
    name: "Kidney Care Stew",
    life: ["adult-dog", "senior-dog"],
    flavors: ["chicken", "beef"],
    health: ["kidney-care"],
  }),
  dog({
    brand: "vetrova",
    sub: "Renal Support",
    form: "dry",
    name: "Kidney + Mobility",
    life: ["senior-dog"],
    flavors: ["chicken"],
    health: ["kidney-care", "joint-care"],
  }),
  dog({
    brand: "vetrova",
    sub: "GI Restore",
    form: "dry",
    name: "Digestive Care",
    life: DOG_ALL,
    flavors: ["chicken"],
    health: ["digestive-care", "sensitive-stomach"],
    rank: 14,
  }),
  dog({
    brand: "vetrova",
    sub: "GI Restore",
    form: "canned",
    name: "Digestive Care Loaf",
    life: DOG_ALL,
    flavors: ["chicken", "turkey"],
    health: ["digestive-care", "sensitive-stomach"],
  }),
  dog({
    brand: "vetrova",
    sub: "GI Restore",
    form: "dry",
    name: "Low Fat Digestive Care",
    life: ["adult-dog"],
    flavors: ["chicken"],
    health: ["digestive-care"],
  }),
  dog({
    brand: "vetrova",
    sub: "Metabolic Lean",
    form: "dry",
    name: "Weight Management",
    life: ["adult-dog", "senior-dog"],
    flavors: ["chicken"],
    health: ["weight-management"],
    rank: 16,
  }),
  dog({
    brand: "vetrova",
    sub: "Metabolic Lean",
    form: "canned",
    name: "Weight Management Stew",
    life: ["adult-dog", "senior-dog"],
    flavors: ["chicken", "beef"],
    health: ["weight-management"],
  }),
  dog({
    brand: "vetrova",
    sub: "Metabolic Lean",
    form: "dry",
    name: "Weight + Mobility",
    life: ["adult-dog"],
    breeds: ["medium", "large"],
    flavors: ["chicken"],
    health: ["weight-management", "joint-care"],
  }),
  dog({
    brand: "vetrova",
    sub: "Derm Relief",
    form: "dry",
    name: "Skin Support",
    life: ["adult-dog"],
    flavors: ["salmon", "whitefish"],
    health: ["skin-and-coat", "food-sensitivities"],
  }),
  dog({
    brand: "vetrova",
    sub: "Joint Mobility",
    form: "dry",
    name: "Joint Care",
    life: ["adult-dog", "senior-dog"],
    flavors: ["chicken", "lamb"],
    health: ["joint-care"],
  }),
  dog({
    brand: "vetrova",
    sub: "Joint Mobility",
    form: "dry",
    name: "Joint Care Large Breed",
    life: ["adult-dog", "senior-dog"],
    breeds: ["large"],
    flavors: ["chicken"],
    health: ["joint-care"],
  }),
  dog({ brand: "vetrova", sub: "Dental Shield", form: "dry", name: "Dental Care", life: ["adult-dog"], flavors: ["chicken"], health: ["dental-care"] }),
  dog({
    brand: "vetrova",
    sub: "Hydrolyzed Select",
    form: "dry",
    name: "Food Sensitivities",
    life: ["puppy", "adult-dog"],
    flavors: ["duck", "venison"],
    health: ["food-sensitivities", "skin-and-coat"],
  }),
  dog({
    brand: "vetrova",
    sub: "Hydrolyzed Select",
    form: "canned",
    name: "Food Sensitivities Loaf",
    life: ["puppy", "adult-dog"],
    flavors: ["duck", "venison"],
    health: ["food-sensitivities"],
  }),
  dog({ brand: "vetrova", sub: "Urinary Balance", form: "dry", name: "Urinary Care", life: ["adult-dog"], flavors: ["chicken"], health: ["urinary-care"] }),

  // Vetrova Clinical — prescription diets, cats
  cat({
    brand: "vetrova",
    sub: "Renal Support",
    form: "dry",
    name: "Kidney Care",
    life: ["adult-cat", "senior-cat"],
    flavors: ["chicken", "ocean-fish"],
    health: ["kidney-care"],
    rank: 19,
  }),
  cat({
    brand: "vetrova",
    sub: "Renal Support",
    form: "canned",
    name: "Kidney Care Minced",
    life: ["adult-cat", "senior-cat"],
    flavors: ["chicken", "tuna"],
    health: ["kidney-care"],
  }),
  cat({
    brand: "vetrova",
    sub: "Urinary Balance",
    form: "dry",
    name: "Urinary Care",
    life: ["adult-cat"],
    flavors: ["chicken", "ocean-fish"],
    health: ["urinary-care"],
    rank: 13,
  }),
  cat({
    brand: "vetrova",
    sub: "Urinary Balance",
    form: "canned",
    name: "Urinary Care Minced",
    life: ["adult-cat"],
    flavors: ["chicken", "salmon"],
    health: ["urinary-care"],
  }),
  cat({ brand: "vetrova", sub: "Urinary Balance", form: "dry", name: "Urinary + Calm", life: ["adult-cat"], flavors: ["chicken"], health: ["urinary-care"] }),
  cat({
    brand: "vetrova",
    sub: "Urinary Balance",
    form: "pouch",
    name: "Urinary Care Cuts",
    life: ["adult-cat"],
    flavors: ["salmon", "chicken"],
    health: ["urinary-care"],
  }),
  cat({ brand: "vetrova", sub: "GI Restore", form: "dry", name: "Digestive Care", life: CAT_ALL, flavors: ["chicken"], health: ["digestive-care"] }),
  cat({
    brand: "vetrova",
    sub: "GI Restore",
    form: "canned",
    name: "Digestive Care Loaf",
    life: CAT_ALL,
    flavors: ["chicken", "turkey"],
    health: ["digestive-care"],
  }),
  cat({
    brand: "vetrova",
    sub: "Metabolic Lean",
    form: "dry",
    name: "Weight Management",
    life: ["adult-cat", "senior-cat"],
    flavors: ["chicken"],
    health: ["weight-management"],
  }),
  cat({
    brand: "vetrova",
    sub: "Metabolic Lean",
    form: "canned",
    name: "Weight Management Loaf",
    life: ["adult-cat", "senior-cat"],
    flavors: ["chicken"],
    health: ["weight-management"],
  }),
  cat({
    brand: "vetrova",
    sub: "Hydrolyzed Select",
    form: "dry",
    name: "Food Sensitivities",
    life: ["kitten", "adult-cat"],
    flavors: ["duck", "venison"],
    health: ["food-sensitivities", "skin-and-coat"],
  }),
  cat({ brand: "vetrova", sub: "Dental Shield", form: "dry", name: "Dental Care", life: ["adult-cat"], flavors: ["chicken"], health: ["dental-care"] }),

  // Tail Tokens — treats, dogs (bags)
  dog({
    brand: "tail-tokens",
    sub: "Crunch Bites",
    form: "treat",
    name: "Oven-Baked Biscuits",
    life: ["adult-dog", "senior-dog"],
    flavors: ["chicken", "beef", "peanut-butter"],
    rank: 6,
  }),
  dog({
    brand: "tail-tokens",
    sub: "Crunch Bites",
    form: "treat",
    name: "Mini Biscuits",
    life: ["adult-dog", "senior-dog"],
    breeds: ["small"],
    flavors: ["chicken", "lamb"],
  }),
  dog({
    brand: "tail-tokens",
    sub: "Jerky Strips",
    form: "treat",
    name: "Grain-Free Jerky Strips",
    life: ["adult-dog"],
    flavors: ["beef", "chicken", "duck"],
    rank: 17,
  }),
  dog({
    brand: "tail-tokens",
    sub: "Jerky Strips",
    form: "treat",
    name: "Soft Jerky Tenders",
    life: ["adult-dog", "senior-dog"],
    flavors: ["turkey", "chicken"],
    sites: D2C,
  }),
  dog({
    brand: "tail-tokens",
    sub: "Jerky Strips",
    form: "treat",
    name: "Hip & Joint Chews",
    life: ["adult-dog", "senior-dog"],
    flavors: ["chicken", "duck"],
    health: ["joint-care"],
  }),
  dog({
    brand: "tail-tokens",
    sub: "Dental Twists",
    form: "treat",
    name: "Daily Dental Twists",
    life: ["adult-dog", "senior-dog"],
    flavors: ["chicken", "mint"],
    health: ["dental-care"],
    rank: 11,
  }),
  dog({
    brand: "tail-tokens",
    sub: "Dental Twists",
    form: "treat",
    name: "Large Dog Dental Twists",
    life: ["adult-dog"],
    breeds: ["large"],
    flavors: ["mint"],
    health: ["dental-care"],
  }),
  dog({ brand: "tail-tokens", sub: "Training Minis", form: "treat", name: "Puppy Training Treats", life: ["puppy"], flavors: ["chicken", "salmon"] }),
  dog({
    brand: "tail-tokens",
    sub: "Training Minis",
    form: "treat",
    name: "Soft Training Treats",
    life: ["adult-dog"],
    flavors: ["beef", "chicken", "peanut-butter"],
    sites: D2C,
  }),

  // Tail Tokens — treats, cats (pouches)
  cat({
    brand: "tail-tokens",
    sub: "Crispy Nibbles",
    form: "treat",
    name: "Crunchy Filled Treats",
    life: ["adult-cat", "senior-cat"],
    flavors: ["chicken", "salmon", "tuna"],
    rank: 8,
  }),
  cat({
    brand: "tail-tokens",
    sub: "Crispy Nibbles",
    form: "treat",
    name: "Hairball Care Crunchies",
    life: ["adult-cat"],
    flavors: ["chicken", "salmon"],
    health: ["hairball-control"],
  }),
  cat({
    brand: "tail-tokens",
    sub: "Crispy Nibbles",
    form: "treat",
    name: "Dental Crunchies",
    life: ["adult-cat"],
    flavors: ["chicken", "whitefish"],
    health: ["dental-care"],
  }),
  cat({ brand: "tail-tokens", sub: "Soft Morsels", form: "treat", name: "Savory Soft Morsels", life: CAT_ALL, flavors: ["chicken", "tuna", "turkey"] }),
  cat({ brand: "tail-tokens", sub: "Soft Morsels", form: "treat", name: "Kitten Soft Treats", life: ["kitten"], flavors: ["chicken", "salmon"] }),
  cat({
    brand: "tail-tokens",
    sub: "Creamy Licks",
    form: "treat",
    name: "Lickable Puree Treats",
    life: ["adult-cat", "senior-cat"],
    flavors: ["tuna", "chicken"],
    sites: D2C,
  }),

  // Northfield Kitchen — partner brand
  dog({
    brand: "northfield-kitchen",
    sub: "Farmhouse Recipes",
    form: "dry",
    name: "Adult Farmhouse Recipe",
    life: ["adult-dog"],
    flavors: ["chicken", "beef", "turkey"],
    rank: 5,
  }),
  dog({ brand: "northfield-kitchen", sub: "Farmhouse Recipes", form: "dry", name: "Puppy Farmhouse Recipe", life: ["puppy"], flavors: ["chicken"] }),
  dog({
    brand: "northfield-kitchen",
    sub: "Farmhouse Recipes",
    form: "canned",
    name: "Adult Homestyle Stew",
    life: ["adult-dog"],
    flavors: ["chicken", "beef", "turkey"],
  }),
  dog({
    brand: "northfield-kitchen",
    sub: "Wild Grains",
    form: "dry",
    name: "Adult Ancient Grains",
    life: ["adult-dog"],
    flavors: ["salmon", "lamb", "duck"],
    health: ["skin-and-coat"],
  }),
  dog({
    brand: "northfield-kitchen",
    sub: "Wild Grains",
    form: "dry",
    name: "Senior Ancient Grains",
    life: ["senior-dog"],
    flavors: ["salmon"],
    health: ["joint-care"],
  }),
  cat({
    brand: "northfield-kitchen",
    sub: "Farmhouse Recipes",
    form: "dry",
    name: "Adult Farmhouse Recipe",
    life: ["adult-cat"],
    flavors: ["chicken", "turkey"],
  }),
  cat({ brand: "northfield-kitchen", sub: "Farmhouse Recipes", form: "tray", name: "Kitten Farmhouse Loaf", life: ["kitten"], flavors: ["chicken", "turkey"] }),
  cat({
    brand: "northfield-kitchen",
    sub: "Ocean Catch",
    form: "canned",
    name: "Adult Flaked Ocean Catch",
    life: ["adult-cat"],
    flavors: ["whitefish", "tuna", "salmon"],
    rank: 12,
  }),
  cat({
    brand: "northfield-kitchen",
    sub: "Ocean Catch",
    form: "pouch",
    name: "Adult Ocean Catch in Gravy",
    life: ["adult-cat", "senior-cat"],
    flavors: ["tuna", "salmon", "ocean-fish"],
  }),

  // Copper Meadow — partner brand (partly D2C-only)
  dog({
    brand: "copper-meadow",
    sub: "Ancestral Protein",
    form: "dry",
    name: "Adult High-Protein Grain-Free",
    life: ["adult-dog"],
    flavors: ["beef", "duck", "salmon"],
    rank: 13,
  }),
  dog({
    brand: "copper-meadow",
    sub: "Ancestral Protein",
    form: "dry",
    name: "Large Breed High-Protein Grain-Free",
    life: ["adult-dog"],
    breeds: ["large"],
    flavors: ["beef", "turkey"],
    health: ["joint-care"],
  }),
  dog({
    brand: "copper-meadow",
    sub: "Limited Ingredient",
    form: "dry",
    name: "Adult Limited Ingredient",
    life: ["adult-dog"],
    flavors: ["lamb", "duck", "salmon"],
    health: ["food-sensitivities", "sensitive-stomach"],
  }),
  dog({
    brand: "copper-meadow",
    sub: "Limited Ingredient",
    form: "canned",
    name: "Adult Limited Ingredient Loaf",
    life: ["adult-dog"],
    flavors: ["lamb", "duck"],
    health: ["food-sensitivities"],
  }),
  dog({
    brand: "copper-meadow",
    sub: "Limited Ingredient",
    form: "pouch",
    name: "Adult Limited Ingredient Toppers",
    life: ["adult-dog", "senior-dog"],
    flavors: ["lamb", "salmon"],
    health: ["food-sensitivities"],
    sites: D2C,
  }),
  cat({
    brand: "copper-meadow",
    sub: "Ancestral Protein",
    form: "dry",
    name: "Adult High-Protein Grain-Free",
    life: ["adult-cat"],
    flavors: ["chicken", "duck", "salmon"],
    sites: D2C,
  }),
  cat({
    brand: "copper-meadow",
    sub: "Ancestral Protein",
    form: "tray",
    name: "Adult Shredded Cuts",
    life: ["adult-cat"],
    flavors: ["chicken", "duck"],
    sites: D2C,
  }),
  cat({
    brand: "copper-meadow",
    sub: "Limited Ingredient",
    form: "dry",
    name: "Adult Limited Ingredient",
    life: ["adult-cat", "senior-cat"],
    flavors: ["duck", "turkey"],
    health: ["food-sensitivities"],
  }),
];

// ---------------------------------------------------------------------------------------------------
// Forms, sizes and prices

function packTypeOf(form: FoodForm, species: Species): PackType {
  switch (form) {
    case "dry":
      return "bag";
    case "canned":
      return "can";
    case "tray":
      return "tray";
    case "pouch":
      return "pouch";
    case "treat":
      return species === "dog" ? "bag" : "pouch";
  }
}

function productTypeOf(form: FoodForm): string {
  if (form === "dry") return PRODUCT_TYPES.dry;
  if (form === "treat") return PRODUCT_TYPES.treats;
  return PRODUCT_TYPES.wet;
}

function formNoun(form: FoodForm, species: Species): string {
  const s = species === "dog" ? "Dog" : "Cat";
  switch (form) {
    case "dry":
      return `Dry ${s} Food`;
    case "canned":
      return `Canned ${s} Food`;
    case "tray":
      return `Wet ${s} Food Trays`;
    case "pouch":
      return `Wet ${s} Food Pouches`;
    case "treat":
      return `${s} Treats`;
  }
}

/** Unit weights: dry food in lb (1–45), wet food in oz (2.5–13), treats in oz. */
function defaultSizes(l: Line, kind: BrandKind): number[] {
  const rx = kind === "prescription";
  switch (l.form) {
    case "dry":
      if (l.species === "cat") return rx ? [4, 8.5] : [3.5, 7, 15.5];
      if (rx) return [8.5, 17.6, 27.5];
      if (l.breeds?.length === 1 && l.breeds[0] === "large") return [15.5, 30, 40];
      if (l.breeds?.every((b) => b !== "large")) return [4, 8.5, 15.5];
      return [4, 15.5, 30];
    case "canned":
      return l.species === "dog" ? [5.5, 13] : [2.9, 5.5];
    case "tray":
      return l.species === "dog" ? [3.5] : [2.6, 3.5];
    case "pouch":
      return l.species === "dog" ? [3.5, 6] : [2.8];
    case "treat":
      return l.species === "dog" ? [4, 8, 12] : [3, 6];
  }
}

function sizeLabelOf(weight: number, unit: WeightUnit, packType: PackType): string {
  const noun = { bag: "Bag", can: "Can", tray: "Tray", pouch: "Pouch" }[packType];
  return `${weight} ${unit === "lbs" ? "lb" : "oz"} ${noun}`;
}

const PRICE_TIER: Record<BrandKind, number> = { house: 1, partner: 1.18, prescription: 2, treats: 1 };
const PREMIUM_FLAVORS = new Set<string>(["salmon", "lamb", "lamb-rice", "duck", "venison", "whitefish"]);

/** Shelf prices in cents: x.99 above $10, x.x9 below, always between $2 and $110. */
function roundPrice(dollars: number): number {
  const d = Math.min(109.99, Math.max(2.09, dollars));
  const cents = d >= 10 ? Math.round(d) * 100 - 1 : Math.round(d * 10) * 10 - 1;
  return Math.min(10999, Math.max(209, cents));
}

function priceDollars(form: FoodForm, species: Species, kind: BrandKind, flavor: string, w: number): number {
  let d: number;
  switch (form) {
    case "dry":
      d = species === "dog" ? 6 + 2.4 * w ** 0.85 : 5 + 3 * w ** 0.85;
      break;
    case "canned":
      d = 1.2 + 0.3 * w;
      break;
    case "tray":
    case "pouch":
      d = 1.3 + 0.3 * w;
      break;
    case "treat":
      d = 2.5 + 0.75 * w;
      break;
  }
  // Therapeutic wet food carries a smaller premium than therapeutic kibble.
  const tier = kind === "prescription" && form !== "dry" ? 1.4 : PRICE_TIER[kind];
  return d * tier * (PREMIUM_FLAVORS.has(flavor) ? 1.06 : 1);
}

// ---------------------------------------------------------------------------------------------------
// Descriptions: 1–3 sentences picked by the product's attributes, varied by a PRNG keyed on the handle

const HEALTH_SENTENCES: Record<HealthCondition, string[]> = {
  "weight-management": [
    "L-carnitine and a lean protein-to-calorie balance help maintain a healthy weight.",
    "Fewer calories per cup and high-quality protein help keep a lean, fit body condition.",
  ],
  "sensitive-stomach": [
    "Gentle prebiotic fibre and easy-to-digest ingredients are kind to sensitive stomachs.",
    "A highly digestible recipe with no corn, wheat or soy for tummies that need a little extra care.",
  ],
  "skin-and-coat": [
    "Omega-3 and omega-6 fatty acids plus vitamin E nourish skin and leave the coat glossy.",
    "Fish oil and zinc support a healthy skin barrier and a soft, shiny coat.",
  ],
  "urinary-care": [
    "Controlled minerals and a balanced urine pH support the whole urinary tract.",
    "Reduced magnesium and added moisture help support healthy urinary function.",
  ],
  "kidney-care": [
    "Reduced phosphorus and controlled sodium help support kidney function.",
    "Controlled levels of high-quality protein and phosphorus ease the work of ageing kidneys.",
  ],
  "joint-care": [
    "Glucosamine and chondroitin help keep joints moving comfortably.",
    "Added glucosamine and EPA from fish oil support healthy joints and cartilage.",
  ],
  "digestive-care": [
    "A blend of prebiotic fibres supports regular digestion and a balanced gut.",
    "Prebiotics and a clinically balanced fibre blend promote healthy, regular digestion.",
  ],
  "dental-care": [
    "A specially textured bite helps scrub away plaque and tartar as your pet chews.",
    "The crunchy texture works like a toothbrush to freshen breath and clean teeth.",
  ],
  "food-sensitivities": [
    "A single novel protein and no common allergens help manage food sensitivities.",
    "Made with one animal protein and a short ingredient list for pets with food sensitivities.",
  ],
  "hairball-control": [
    "A natural fibre blend helps move swallowed hair through the digestive tract.",
    "Natural fibre reduces hairballs by helping hair pass naturally.",
  ],
};

const LIFESTAGE_SENTENCES: Record<string, string[]> = {
  puppy: [
    "DHA from fish oil supports brain and vision development in growing puppies.",
    "Calcium and phosphorus in the right ratio support strong bones while your puppy grows.",
  ],
  kitten: [
    "DHA and extra protein support healthy growth through the first year.",
    "Tiny, easy-to-crunch pieces are made for kitten mouths and growing appetites.",
  ],
  adult: [
    "Balanced protein and fat fuel an active everyday life.",
    "Complete and balanced nutrition with vitamins and minerals for everyday health.",
    "Antioxidants from fruits and vegetables support a healthy immune system.",
  ],
  senior: [
    "Antioxidants and highly digestible protein support vitality in the later years.",
    "Tailored calories and added vitamin E help older pets stay active and alert.",
  ],
};

const NON_MEAT_FLAVORS = new Set<string>(["peanut-butter", "mint"]);

function describe(l: Line, brand: SeedBrand, handle: string): string {
  const rnd = seededRandom(`desc:${handle}`);
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rnd() * xs.length)];
  const flavorWords = l.flavors.map((f) => flavorBySlug.get(f)!.label.toLowerCase());
  const flavorList = flavorWords.length === 1 ? flavorWords[0] : `${flavorWords.slice(0, -1).join(", ")} and ${flavorWords.at(-1)}`;
  const recipes = flavorWords.length === 1 ? `a ${flavorList} recipe` : `${flavorList} recipes`;
  const pet = l.species === "dog" ? "dogs" : "cats";
  const meat = l.flavors.find((f) => !NON_MEAT_FLAVORS.has(f));
  const protein = meat
    ? flavorBySlug
        .get(meat)!
        .label.toLowerCase()
        .replace(/ & .*$/, "")
    : undefined;

  const intros: (string | false)[] =
    l.form === "treat"
      ? [
          `Bite-sized rewards in ${flavorList} that ${pet} come running for.`,
          !!protein && `${brand.name} ${l.sub} treats are made with real ${protein} and nothing artificial.`,
        ]
      : l.form === "dry"
        ? [
            `Crunchy kibble made with real ${protein} as the first ingredient.`,
            `${brand.name} ${l.sub} dry food comes in ${recipes} your ${l.species} will look forward to.`,
            `A complete and balanced dry recipe built around real ${protein}.`,
          ]
        : [
            `Tender, moist ${l.form === "canned" ? "recipes" : "meals"} in ${flavorList} with the real meat ${pet} love.`,
            `${brand.name} ${l.sub} wet food adds flavour and moisture to every bowl.`,
            `Slow-cooked ${protein} in a rich, savoury texture that works as a meal or a topper.`,
          ];

  const sentences = [pick(intros.filter((x): x is string => !!x))];
  const health = l.health ?? [];
  if (health.length > 0) sentences.push(pick(HEALTH_SENTENCES[health[Math.floor(rnd() * health.length)]]));
  else if (l.form !== "treat") {
    const stage = l.life[0].replace(/-(dog|cat)$/, "");
    sentences.push(pick(LIFESTAGE_SENTENCES[stage] ?? LIFESTAGE_SENTENCES.adult));
  }

  if (brand.kind === "prescription") sentences.push("Feed under the supervision of your veterinarian.");
  else if (l.form === "treat") {
    if (rnd() < 0.6) sentences.push("Treats should make up no more than 10% of your pet's daily calories.");
  } else if (l.form === "dry" && l.breeds?.length === 1 && l.breeds[0] === "large") {
    sentences.push("Larger kibble is sized for big jaws and encourages chewing.");
  } else if (l.form === "dry" && l.breeds?.every((b) => b === "small")) {
    sentences.push("Small kibble is sized for small mouths.");
  } else if (rnd() < 0.4) {
    sentences.push(pick(["Made in the USA with globally sourced ingredients.", "No artificial colours, flavours or preservatives."]));
  }
  return sentences.join(" ");
}

// ---------------------------------------------------------------------------------------------------
// Warehouses and the zip ranges they serve (SPEC §3 stock object)

export type SeedWarehouse = { code: string; name: string; city: string; state: string };
export type SeedZipRange = { warehouseCode: string; groupName: string; transitDays: number; zipStart: number; zipEnd: number };

export const SEED_WAREHOUSES: readonly SeedWarehouse[] = [
  { code: "BTH1", name: "Keystone Ridge Fulfillment Center", city: "Bethlehem", state: "PA" },
  { code: "ATL1", name: "Peachtree Crossing Distribution Center", city: "McDonough", state: "GA" },
  { code: "CMH1", name: "Buckeye Gateway Fulfillment Center", city: "Groveport", state: "OH" },
  { code: "DFW1", name: "Trinity Plains Distribution Center", city: "Fort Worth", state: "TX" },
  { code: "DEN1", name: "Front Range Fulfillment Center", city: "Aurora", state: "CO" },
  { code: "RNO1", name: "High Desert Distribution Center", city: "Sparks", state: "NV" },
  { code: "KNT1", name: "Cascade Valley Fulfillment Center", city: "Kent", state: "WA" },
];

const range = (warehouseCode: string, groupName: string, transitDays: number, zipStart: number, zipEnd: number): SeedZipRange => ({
  warehouseCode,
  groupName,
  transitDays,
  zipStart,
  zipEnd,
});

/** Served ranges: each served zip belongs to exactly one warehouse group. */
export const SEED_ZIP_RANGES: readonly SeedZipRange[] = [
  // Northeast
  range("BTH1", "ground-1", 1, 7000, 8999), // NJ
  range("BTH1", "ground-1", 1, 15000, 19999), // PA, DE
  range("BTH1", "ground-2", 2, 500, 599), // Holtsville NY
  range("BTH1", "ground-2", 2, 6000, 6999), // CT
  range("BTH1", "ground-2", 2, 10000, 14999), // NY
  range("BTH1", "ground-3", 3, 1000, 5999), // New England
  // Southeast
  range("ATL1", "ground-1", 1, 30000, 31999), // GA
  range("ATL1", "ground-1", 1, 39800, 39999), // GA
  range("ATL1", "ground-2", 2, 27000, 29999), // NC, SC
  range("ATL1", "ground-2", 2, 32000, 33999), // FL
  range("ATL1", "ground-2", 2, 34100, 34999), // FL
  range("ATL1", "ground-2", 2, 35000, 38599), // AL, TN
  range("ATL1", "ground-3", 3, 38600, 39799), // MS
  // Midwest and mid-Atlantic
  range("CMH1", "ground-1", 1, 43000, 45999), // OH
  range("CMH1", "ground-2", 2, 20000, 26999), // DC, MD, VA, WV
  range("CMH1", "ground-2", 2, 40000, 42999), // KY
  range("CMH1", "ground-2", 2, 46000, 49999), // IN, MI
  range("CMH1", "ground-3", 3, 50000, 56999), // IA, WI, MN
  range("CMH1", "ground-3", 3, 60000, 62999), // IL
  // South central
  range("DFW1", "ground-1", 1, 75000, 76999), // north TX
  range("DFW1", "ground-2", 2, 70000, 74999), // LA, AR, OK
  range("DFW1", "ground-2", 2, 77000, 79999), // TX
  range("DFW1", "ground-3", 3, 63000, 69999), // MO, KS, NE
  range("DFW1", "ground-3", 3, 87000, 88999), // NM, El Paso
  // Mountain
  range("DEN1", "ground-1", 1, 80000, 81999), // CO
  range("DEN1", "ground-2", 2, 57000, 59999), // SD, ND, MT
  range("DEN1", "ground-2", 2, 82000, 84999), // WY, ID, UT
  range("DEN1", "ground-3", 3, 85000, 86999), // AZ
  // West coast and Hawaii
  range("RNO1", "ground-1", 1, 89000, 89999), // NV
  range("RNO1", "ground-1", 1, 94000, 96199), // northern CA
  range("RNO1", "ground-2", 2, 90000, 93999), // southern CA
  range("RNO1", "remote-6", 6, 96700, 96899), // HI
  // Northwest and Alaska
  range("KNT1", "ground-1", 1, 98000, 99499), // WA
  range("KNT1", "ground-2", 2, 97000, 97999), // OR
  range("KNT1", "remote-7", 7, 99500, 99999), // AK
];

/** Zips no warehouse serves: invalid prefixes, Puerto Rico and territories, military APO/FPO, Pacific islands. */
export const UNSERVED_ZIP_RANGES: readonly [number, number][] = [
  [0, 499],
  [600, 999],
  [9000, 9999],
  [34000, 34099],
  [96200, 96699],
  [96900, 96999],
];

// ---------------------------------------------------------------------------------------------------
// The catalogue

export type SeedVariant = {
  sku: string;
  position: number;
  flavor: string;
  sizeLabel: string;
  weight: number;
  weightUnit: WeightUnit;
  foodForm: FoodForm;
  packType: PackType;
  priceCents: number;
  compareAtCents: number | null;
  programPriceCents: number;
  badgeTags: string[];
  imageKey: string;
};

export type SeedProduct = {
  handle: string;
  title: string;
  description: string;
  brandSlug: string;
  subBrand: string;
  species: Species;
  productType: string;
  lifestages: Lifestage[];
  breedSizes: BreedSize[];
  healthConditions: HealthCondition[];
  sites: Site[];
  featuredRank: number;
  createdAt: Date;
  variants: SeedVariant[];
};

export type SeedInventory = { sku: string; warehouseCode: string; onHand: number };

export type SeedCatalog = {
  brands: readonly SeedBrand[];
  products: SeedProduct[];
  dealSkus: { sku: string; label: string }[];
  warehouses: readonly SeedWarehouse[];
  zipRanges: readonly SeedZipRange[];
  inventory: SeedInventory[];
};

export function kebab(s: string): string {
  return s
    .toLowerCase()
    .replace(/&/g, " and ")
    .replace(/\+/g, " plus ")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
}

function sizeCode(weight: number, unit: WeightUnit): string {
  return `${String(weight).replace(".", "")}${unit === "lbs" ? "LB" : "OZ"}`;
}

/** How many variants get each single badge; the rest of the catalogue carries none. */
const BADGE_QUOTAS: [BadgeName, number][] = [
  ["out-of-stock", 14],
  ["limited-stock", 14],
  ["best-seller", 24],
  ["featured", 12],
  ["back-in-stock", 8],
  ["new", 10],
  ["new-innovation", 5],
  ["new-formula", 6],
  ["new-flavor", 5],
  ["new-look", 5],
  ["discontinued-soon", 5],
];
/** A few variants carry two badges, so the "2 badges max" card rule has something to cut. */
const BADGE_PAIRS: [BadgeName, BadgeName][] = [
  ["best-seller", "new-formula"],
  ["featured", "new-look"],
  ["limited-stock", "discontinued-soon"],
  ["best-seller", "back-in-stock"],
  ["new", "featured"],
  ["best-seller", "new-flavor"],
];
const DEAL_LABELS: [string, number][] = [
  ["Save 20%", 0.2],
  ["Save 15%", 0.15],
  ["Save 25%", 0.25],
  ["Save 10%", 0.1],
  ["Save 20%", 0.2],
  ["Save 30%", 0.3],
  ["Save 15%", 0.15],
  ["Save 20%", 0.2],
];
/** Variants in stock everywhere except one warehouse. */
const SINGLE_WAREHOUSE_GAPS = 8;

const SEED_EPOCH = Date.UTC(2024, 2, 1);
const DAY_MS = 86_400_000;

export function buildSeedCatalog(): SeedCatalog {
  const products: SeedProduct[] = [];
  const seqByBrandSpecies = new Map<string, number>();

  LINES.forEach((l, index) => {
    const brand = brandBySlug.get(l.brand)!;
    const title = `${brand.name} ${l.sub} ${l.name} ${formNoun(l.form, l.species)}`;
    const handle = kebab(title);
    const packType = packTypeOf(l.form, l.species);
    const weightUnit: WeightUnit = l.form === "dry" ? "lbs" : "oz";
    const sizes = l.sizes ?? defaultSizes(l, brand.kind);
    const seqKey = `${brand.skuCode}-${l.species}`;
    const seq = (seqByBrandSpecies.get(seqKey) ?? 0) + 1;
    seqByBrandSpecies.set(seqKey, seq);
    const skuStem = `${brand.skuCode}-${l.species === "dog" ? "D" : "C"}${String(seq).padStart(2, "0")}`;

    const variants: SeedVariant[] = [];
    for (const flavorSlug of l.flavors) {
      const flavor = flavorBySlug.get(flavorSlug)!;
      for (const weight of sizes) {
        const sku = `${skuStem}-${flavor.code}-${sizeCode(weight, weightUnit)}`;
        const rnd = seededRandom(`price:${sku}`);
        const priceCents = roundPrice(priceDollars(l.form, l.species, brand.kind, flavorSlug, weight));
        const compareAtCents = rnd() < 0.3 ? roundPrice((priceCents / 100) * (1.1 + rnd() * 0.2)) : null;
        variants.push({
          sku,
          position: variants.length + 1,
          flavor: flavor.label,
          sizeLabel: sizeLabelOf(weight, weightUnit, packType),
          weight,
          weightUnit,
          foodForm: l.form,
          packType,
          priceCents,
          compareAtCents: compareAtCents !== null && compareAtCents > priceCents ? compareAtCents : null,
          programPriceCents: Math.round(priceCents * 0.7),
          badgeTags: [],
          imageKey: packshotKey(packType, brand.slug, flavor.slug, l.species),
        });
      }
    }

    products.push({
      handle,
      title,
      description: describe(l, brand, handle),
      brandSlug: brand.slug,
      subBrand: l.sub,
      species: l.species,
      productType: productTypeOf(l.form),
      lifestages: l.life,
      breedSizes: l.species === "dog" ? (l.breeds ?? ANY_BREED) : [],
      healthConditions: l.health ?? [],
      sites: l.sites ?? ["d2c", "hpsf"],
      featuredRank: l.rank ?? 100 + (hashString(`rank:${handle}`) % 900),
      createdAt: new Date(SEED_EPOCH + ((index * 37) % 540) * DAY_MS),
      variants,
    });
  });

  const all = products.flatMap((p) => p.variants);
  assertUnique(
    products.map((p) => p.handle),
    "product handle",
  );
  assertUnique(
    all.map((v) => v.sku),
    "variant sku",
  );

  // Badges, deals and stock gaps go to variants in a stable pseudo-random order (by SKU hash).
  const shuffled = [...all].sort((a, b) => hashString(`badge:${a.sku}`) - hashString(`badge:${b.sku}`) || (a.sku < b.sku ? -1 : 1));
  let next = 0;
  const take = (fits: (v: SeedVariant) => boolean = () => true) => {
    const i = shuffled.findIndex((v, j) => j >= next && fits(v));
    if (i < 0) throw new Error("The seed catalogue has too few variants for its badges");
    [shuffled[next], shuffled[i]] = [shuffled[i], shuffled[next]];
    return shuffled[next++];
  };
  for (const [name, quota] of BADGE_QUOTAS) for (let i = 0; i < quota; i++) take().badgeTags.push(badgeTag(name));
  for (const pair of BADGE_PAIRS) take().badgeTags.push(...pair.map(badgeTag));

  const dealSkus: { sku: string; label: string }[] = [];
  for (const [label, off] of DEAL_LABELS) {
    const v = take((c) => c.priceCents >= 800);
    v.badgeTags.push(badgeTag("deal"));
    v.compareAtCents = v.priceCents;
    v.priceCents = roundPrice((v.compareAtCents / 100) * (1 - off));
    v.programPriceCents = Math.round(v.priceCents * 0.7);
    dealSkus.push({ sku: v.sku, label });
  }
  const gaps = new Map<string, string>();
  for (let i = 0; i < SINGLE_WAREHOUSE_GAPS; i++) gaps.set(take().sku, SEED_WAREHOUSES[i % SEED_WAREHOUSES.length].code);

  const inventory: SeedInventory[] = [];
  for (const v of all) {
    const outOfStock = v.badgeTags.includes(badgeTag("out-of-stock"));
    const limited = v.badgeTags.includes(badgeTag("limited-stock"));
    for (const w of SEED_WAREHOUSES) {
      const rnd = seededRandom(`stock:${v.sku}:${w.code}`);
      let onHand = 8 + Math.floor(rnd() * 113); // 8–120
      if (outOfStock || gaps.get(v.sku) === w.code) onHand = 0;
      else if (limited) onHand = 1 + Math.floor(rnd() * 5); // 1–5
      inventory.push({ sku: v.sku, warehouseCode: w.code, onHand });
    }
  }

  return { brands: SEED_BRANDS, products, dealSkus, warehouses: SEED_WAREHOUSES, zipRanges: SEED_ZIP_RANGES, inventory };
}

function assertUnique(values: string[], what: string) {
  const seen = new Set<string>();
  for (const v of values) {
    if (seen.has(v)) throw new Error(`Duplicate ${what} in the seed catalogue: ${v}`);
    seen.add(v);
  }
}
