import type { PublicReview, ReviewList, ReviewSummary } from "../../rules/reviews/states-and-sorts";

// The review API (/api/reviews, server/http/reviews.ts) as the widget calls it. Relative URLs: they
// resolve against the page, so the widget talks to the shop that shows it even when its script is
// served from elsewhere (REVIEWS_SCRIPT_URL).

export type { PublicReview };
export type ReviewPage = ReviewList;

export type EligibleLine = { orderLineId: string; orderName: string; variantTitle: string | null; deliveredAt: string | null };
export type Eligibility = { eligible: boolean; signedIn?: boolean; orderLines: EligibleLine[] };

export type Answer<T> = { status: number; body: T | null; raw: unknown };

async function call<T>(url: string, init?: RequestInit): Promise<Answer<T>> {
  const res = await fetch(url, {
    credentials: "same-origin",
    headers: { accept: "application/json", ...(init?.body ? { "content-type": "application/json" } : {}) },
    ...init,
  });
  const raw: unknown = await res.json().catch(() => null);
  return { status: res.status, body: res.ok ? (raw as T) : null, raw };
}

const productPath = (productId: string) => `/api/reviews/products/${encodeURIComponent(productId)}`;

export const getSummary = (productId: string) => call<ReviewSummary>(`${productPath(productId)}/summary`);
export const getList = (url: string) => call<ReviewPage>(url);
export const getEligibility = (productId: string) => call<Eligibility>(`${productPath(productId)}/eligibility`);
export const postReview = (productId: string, body: unknown) =>
  call<{ id: string; state: string }>(productPath(productId), { method: "POST", body: JSON.stringify(body) });
export const postHelpful = (reviewId: string) =>
  call<{ helpfulCount: number; counted: boolean }>(`/api/reviews/${encodeURIComponent(reviewId)}/helpful`, { method: "POST", body: "{}" });
