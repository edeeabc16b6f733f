import { z } from "zod";
import {
  PET_BREED_SIZES,
  PET_LIFE_STAGES,
  PET_SPECIES,
  REVIEW_LIMITS,
  REVIEW_REJECTION_REASONS,
  REVIEW_SORTS,
  sanitizeReviewText,
  type ReviewRejectionReason,
} from "./states-and-sorts";

// The review API's inputs (server/http/reviews.ts and the reviews service). Imported by server code
// only: zod stays out of the storefront's bundle.

const cleanText = (label: string, max: number, multiline = false) =>
  z
    .string(`${label} is required`)
    .transform((s) => sanitizeReviewText(s, { multiline }))
    .pipe(z.string().min(1, `${label} is required`).max(max, `${label} is at most ${max} characters`));

export const petContextInput = z.strictObject({
  species: z.enum(PET_SPECIES, "must be dog or cat").nullish(),
  lifeStage: z.enum(PET_LIFE_STAGES, "must be puppy-kitten, adult or senior").nullish(),
  breedSize: z.enum(PET_BREED_SIZES, "must be small, medium or large").nullish(),
});

export const reviewSubmitInput = z.strictObject({
  orderLineId: z.uuid("Choose the order the review is about"),
  rating: z
    .number("Choose a rating from 1 to 5")
    .int("Choose a rating from 1 to 5")
    .min(1, "Choose a rating from 1 to 5")
    .max(5, "Choose a rating from 1 to 5"),
  title: cleanText("A title", REVIEW_LIMITS.title),
  body: cleanText("Your review", REVIEW_LIMITS.body, true),
  nickname: cleanText("A nickname", REVIEW_LIMITS.nickname),
  pet: petContextInput.nullish(),
});
export type ReviewSubmitInput = z.infer<typeof reviewSubmitInput>;

const intParam = (label: string, min: number, max: number) =>
  z.coerce
    .number(`${label} must be a number`)
    .int(`${label} must be a whole number`)
    .min(min, `${label} must be at least ${min}`)
    .max(max, `${label} must be at most ${max}`);

/** GET /api/reviews/products/{id} query: page ≥ 1, pageSize ≤ 20 (default 5), sort, filters. */
export const reviewListQuery = z.object({
  page: intParam("page", 1, 10_000).default(1),
  pageSize: intParam("pageSize", 1, 20).default(5),
  sort: z.enum(REVIEW_SORTS, "must be newest, helpful, rating-high or rating-low").default("newest"),
  rating: intParam("rating", 1, 5).optional(),
  species: z.enum(PET_SPECIES, "must be dog or cat").optional(),
  lifeStage: z.enum(PET_LIFE_STAGES, "must be puppy-kitten, adult or senior").optional(),
  breedSize: z.enum(PET_BREED_SIZES, "must be small, medium or large").optional(),
});
export type ReviewListQuery = z.infer<typeof reviewListQuery>;

const reasonCodes = Object.keys(REVIEW_REJECTION_REASONS) as [ReviewRejectionReason, ...ReviewRejectionReason[]];

/** The operator's moderation: approve, or reject with a reason of the published policy (never "negative"). */
export const reviewModerateInput = z.discriminatedUnion(
  "action",
  [
    z.strictObject({ action: z.literal("approve") }),
    z.strictObject({ action: z.literal("reject"), reason: z.enum(reasonCodes, `Choose a reason of the review policy: ${reasonCodes.join(", ")}`) }),
  ],
  "must be approve or reject",
);
export type ReviewModerateInput = z.infer<typeof reviewModerateInput>;

export const reviewRespondInput = z.strictObject({ body: cleanText("A response", REVIEW_LIMITS.response, true) });
