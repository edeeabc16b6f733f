// Product reviews: the published moderation policy, the summary shown on cards and product pages,
// the text clean-up every submitted text goes through, and the timing of the review-request mail.
// Pure: imported by the server and by the storefront alike.

/**
 * The only reasons a review may be rejected (the published policy). A review is never rejected for
 * being negative: suppressing negative reviews is unlawful (FTC rule on consumer reviews), so the
 * console offers these codes only and the service refuses any other.
 */
export const REVIEW_REJECTION_REASONS = {
  profanity: "Profanity or abuse",
  "personal-data": "Personal data",
  "off-topic": "Off-topic",
  "not-about-product": "Not about the product",
} as const;
export type ReviewRejectionReason = keyof typeof REVIEW_REJECTION_REASONS;
export const isRejectionReason = (v: unknown): v is ReviewRejectionReason => typeof v === "string" && Object.hasOwn(REVIEW_REJECTION_REASONS, v);

export const REVIEW_STATES = ["new", "approved", "rejected"] as const;
export type ReviewStateName = (typeof REVIEW_STATES)[number];

export const REVIEW_SORTS = ["newest", "helpful", "rating-high", "rating-low"] as const;
export type ReviewSort = (typeof REVIEW_SORTS)[number];

export const PET_SPECIES = ["dog", "cat"] as const;
export const PET_LIFE_STAGES = ["puppy-kitten", "adult", "senior"] as const;
export const PET_BREED_SIZES = ["small", "medium", "large"] as const;
export type PetSpecies = (typeof PET_SPECIES)[number];
export type PetLifeStage = (typeof PET_LIFE_STAGES)[number];
export type PetBreedSize = (typeof PET_BREED_SIZES)[number];

export const REVIEW_LIMITS = { title: 120, body: 4000, nickname: 40, response: 4000 } as const;

export type Histogram = { 1: number; 2: number; 3: number; 4: number; 5: number };
export type ReviewSummary = { count: number; average: number | null; histogram: Histogram };
/** An approved review as the API shows it (server/http/reviews.ts) and the widget reads it: never the customer. */
export type PublicReview = {
  id: string;
  rating: number;
  title: string;
  body: string;
  nickname: string;
  verifiedPurchase: boolean;
  pet: { species: PetSpecies | null; lifeStage: PetLifeStage | null; breedSize: PetBreedSize | null } | null;
  helpfulCount: number;
  response: { body: string; at: string } | null;
  createdAt: string;
  variantTitle?: string;
};
export type ReviewList = { reviews: PublicReview[]; page: number; pageSize: number; total: number };

export type SummaryRow = { count: number; ratingSum: number; count1: number; count2: number; count3: number; count4: number; count5: number };

export const EMPTY_SUMMARY_ROW: SummaryRow = { count: 0, ratingSum: 0, count1: 0, count2: 0, count3: 0, count4: 0, count5: 0 };

/** The average to one decimal (null without reviews), rounded half up as shoppers expect (4.25 → 4.3). */
export function averageOf(count: number, ratingSum: number): number | null {
  if (count <= 0) return null;
  return Math.round((ratingSum * 10) / count + 1e-9) / 10;
}

export function summaryOf(row: SummaryRow | null | undefined): ReviewSummary {
  const r = row ?? EMPTY_SUMMARY_ROW;
  return {
    count: r.count,
    average: averageOf(r.count, r.ratingSum),
    histogram: { 1: r.count1, 2: r.count2, 3: r.count3, 4: r.count4, 5: r.count5 },
  };
}

/**
 * What a state change does to the summaries: +1 at the rating when a review becomes approved, -1
 * when an approved review leaves that state, nothing otherwise (only approved reviews count).
 */
export function summaryDelta(from: ReviewStateName, to: ReviewStateName): -1 | 0 | 1 {
  if (from === to) return 0;
  if (to === "approved") return 1;
  if (from === "approved") return -1;
  return 0;
}

/** The moves a moderator may make: approve a new or rejected review, reject a new or approved one. */
export function moderationMove(from: ReviewStateName, action: "approve" | "reject"): { ok: true; to: ReviewStateName } | { ok: false; message: string } {
  if (action === "approve") return from === "approved" ? { ok: false, message: "This review is already approved." } : { ok: true, to: "approved" };
  return from === "rejected" ? { ok: false, message: "This review is already rejected." } : { ok: true, to: "rejected" };
}

/**
 * Submitted text with no HTML kept: tags (and a trailing unclosed one) removed, control characters
 * dropped, line ends normalised, runs of blank lines and spaces cut, trimmed. Renderers escape the
 * rest; this keeps markup out of the stored text, the mails and the console.
 */
export function sanitizeReviewText(input: string, options: { multiline?: boolean } = {}): string {
  let s = input.normalize("NFC").replace(/\r\n?/g, "\n");
  // Comments and tags, repeated so that "<scr<b>ipt>" does not leave a tag behind.
  for (let i = 0; i < 5; i++) {
    const next = s.replace(/<!--[\s\S]*?(-->|$)/g, "").replace(/<\/?[a-zA-Z!?][^<>]*(>|$)/g, "");
    if (next === s) break;
    s = next;
  }
  s = s.replace(/[\p{Cc}\u200b\u202a-\u202e\u2066-\u2069\ufeff]/gu, (c) => (c === "\n" && options.multiline ? "\n" : c === "\t" || c === "\n" ? " " : ""));
  s = s.replace(/[ \u00a0]+/g, " ");
  s = options.multiline ? s.replace(/ *\n */g, "\n").replace(/\n{3,}/g, "\n\n") : s;
  return s.trim();
}

/** The review-request mail goes this many days after an order's delivery. */
export const REVIEW_REQUEST_DAYS = 10;
/** Orders delivered before this instant are due a review-request mail. */
export const reviewRequestDueBefore = (now: Date): Date => new Date(now.getTime() - REVIEW_REQUEST_DAYS * 24 * 60 * 60_000);
/** Orders delivered long before the mail job first ran are never mailed (no flood of old requests). */
export const REVIEW_REQUEST_MAX_AGE_DAYS = 60;
export const reviewRequestNotBefore = (now: Date): Date => new Date(now.getTime() - REVIEW_REQUEST_MAX_AGE_DAYS * 24 * 60 * 60_000);
