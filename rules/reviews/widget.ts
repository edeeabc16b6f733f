import { PET_BREED_SIZES, PET_LIFE_STAGES, PET_SPECIES, REVIEW_SORTS, type Histogram, type ReviewSort } from "./states-and-sorts";

// The review widget's decisions (widgets/reviews), pure so its tests need no browser: the list
// request a shopper's choices make, the histogram's rows, the words a review's details are shown
// with, what the write-a-review form sends, and where the API's refusals are shown.

export const REVIEWS_PAGE_SIZE = 5;

export const SORT_LABELS: Record<ReviewSort, string> = {
  newest: "Newest",
  helpful: "Most helpful",
  "rating-high": "Rating: high to low",
  "rating-low": "Rating: low to high",
};
export const SORTS: readonly ReviewSort[] = REVIEW_SORTS;

export const SPECIES_LABELS: Record<(typeof PET_SPECIES)[number], string> = { dog: "Dog", cat: "Cat" };
export const LIFE_STAGE_LABELS: Record<(typeof PET_LIFE_STAGES)[number], string> = { "puppy-kitten": "Puppy or kitten", adult: "Adult", senior: "Senior" };
export const BREED_SIZE_LABELS: Record<(typeof PET_BREED_SIZES)[number], string> = { small: "Small breed", medium: "Medium breed", large: "Large breed" };

export const THANK_YOU_TEXT = "Thank you — your review will appear once it has been checked.";

export type ListChoice = { page: number; sort: ReviewSort; rating: number | null };

/** GET /api/reviews/products/{id} for the shopper's page, sort and rating filter. */
export function reviewListUrl(productId: string, choice: ListChoice, pageSize = REVIEWS_PAGE_SIZE): string {
  const q = new URLSearchParams({ page: String(choice.page), pageSize: String(pageSize), sort: choice.sort });
  if (choice.rating) q.set("rating", String(choice.rating));
  return `/api/reviews/products/${encodeURIComponent(productId)}?${q}`;
}

export const pageCountOf = (total: number, pageSize: number) => Math.max(1, Math.ceil(total / pageSize));

/** "Showing 6–10 of 12 reviews" (or why nothing shows). */
export function listStatusText(total: number, page: number, pageSize: number, rating: number | null): string {
  if (total === 0) return rating ? `No ${rating}-star reviews yet.` : "No reviews yet.";
  const first = (page - 1) * pageSize + 1;
  const last = Math.min(total, page * pageSize);
  const what = rating ? `${rating}-star ${total === 1 ? "review" : "reviews"}` : total === 1 ? "review" : "reviews";
  return `Showing ${first}–${last} of ${total} ${what}`;
}

export type HistogramRow = { stars: number; count: number; percent: number };

/** Five rows, 5 stars first; each bar's width is its share of all reviews (its text says the count). */
export function histogramRows(histogram: Histogram): HistogramRow[] {
  const total = [1, 2, 3, 4, 5].reduce((sum, s) => sum + histogram[s as keyof Histogram], 0);
  return [5, 4, 3, 2, 1].map((stars) => {
    const count = histogram[stars as keyof Histogram];
    return {
      stars,
      count,
      percent: total ? Math.round((count * 100) / total) : 0,
    };
  });
}

/** "Dog · Adult · Large breed", or null when the reviewer said nothing of their pet. */
export function petText(pet: { species?: string | null; lifeStage?: string | null; breedSize?: string | null } | null | undefined): string | null {
  if (!pet) return null;
  const parts = [
    pet.species ? SPECIES_LABELS[pet.species as keyof typeof SPECIES_LABELS] : null,
    pet.lifeStage ? LIFE_STAGE_LABELS[pet.lifeStage as keyof typeof LIFE_STAGE_LABELS] : null,
    pet.breedSize ? BREED_SIZE_LABELS[pet.breedSize as keyof typeof BREED_SIZE_LABELS] : null,
  ].filter((p): p is string => Boolean(p));
  return parts.length ? parts.join(" · ") : null;
}

const DATE = new Intl.DateTimeFormat("en-US", { year: "numeric", month: "long", day: "numeric", timeZone: "UTC" });

/** "November 3, 2026" (UTC, so server and browser agree). */
export function reviewDateText(iso: string): string {
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? "" : DATE.format(d);
}

/** An order line the customer may review, as the form's order choice names it. */
export function orderLineLabel(line: { orderName: string; variantTitle: string | null; deliveredAt: string | null }): string {
  const delivered = line.deliveredAt ? `, delivered ${reviewDateText(line.deliveredAt)}` : "";
  return `Order ${line.orderName}${line.variantTitle ? ` — ${line.variantTitle}` : ""}${delivered}`;
}

export type ReviewFormValues = {
  orderLineId: string;
  rating: string;
  title: string;
  body: string;
  nickname: string;
  species: string;
  lifeStage: string;
  breedSize: string;
};

/** The POST body of the form's values: the rating a number, the pet context only when given. */
export function reviewSubmitBody(v: ReviewFormValues) {
  const pet = { species: v.species || null, lifeStage: v.lifeStage || null, breedSize: v.breedSize || null };
  const rating = /^[1-5]$/.test(v.rating) ? Number(v.rating) : null;
  return {
    orderLineId: v.orderLineId,
    rating,
    title: v.title,
    body: v.body,
    nickname: v.nickname,
    pet: pet.species || pet.lifeStage || pet.breedSize ? pet : null,
  };
}

/** The form's fields, in the order a shopper meets them (the first one in error takes the focus). */
export const REVIEW_FORM_FIELDS = ["orderLineId", "rating", "title", "body", "nickname", "species", "lifeStage", "breedSize"] as const;
export type ReviewFormField = (typeof REVIEW_FORM_FIELDS)[number];

export type FormErrors = { fields: Partial<Record<ReviewFormField, string>>; message: string | null };

/**
 * Where an API refusal is shown: a 400's field messages beside their fields ("pet.species" beside
 * the species choice), anything else once above the button. Messages for no field of the form
 * join the general one.
 */
export function reviewFormErrors(status: number, body: unknown): FormErrors {
  const error = (typeof body === "object" && body !== null ? (body as { error?: unknown }).error : null) as
    { message?: unknown; fields?: unknown } | null | undefined;
  const message = typeof error?.message === "string" ? error.message : null;
  if (status === 401) return { fields: {}, message: "Please sign in again to send your review." };
  if (status === 429) return { fields: {}, message: message ?? "Too many reviews at once. Please try again later." };
  const fields: FormErrors["fields"] = {};
  const loose: string[] = [];
  if (status === 400 && error?.fields && typeof error.fields === "object") {
    for (const [key, text] of Object.entries(error.fields as Record<string, unknown>)) {
      if (typeof text !== "string") continue;
      const name = key.replace(/^pet\./, "") as ReviewFormField;
      if ((REVIEW_FORM_FIELDS as readonly string[]).includes(name)) fields[name] ??= text;
      else loose.push(text);
    }
    if (Object.keys(fields).length) return { fields, message: loose.length ? loose.join(" ") : null };
  }
  return { fields, message: loose.length ? loose.join(" ") : (message ?? "Your review could not be sent. Please try again.") };
}

/** Checks the browser makes before sending (the API checks again): a rating, a title, a text, a nickname. */
export function missingFields(v: ReviewFormValues): FormErrors["fields"] {
  const fields: FormErrors["fields"] = {};
  if (!v.orderLineId) fields.orderLineId = "Choose the order the review is about";
  if (!/^[1-5]$/.test(v.rating)) fields.rating = "Choose a rating from 1 to 5";
  if (!v.title.trim()) fields.title = "A title is required";
  if (!v.body.trim()) fields.body = "Your review is required";
  if (!v.nickname.trim()) fields.nickname = "A nickname is required";
  return fields;
}
