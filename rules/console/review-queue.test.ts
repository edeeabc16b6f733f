import { describe, expect, it } from "vitest";
import { parseReviewAction, REJECTION_REASON_REQUIRED, reviewListQuery } from "./review-action-input";
import { reviewExcerpt, reviewHistoryText, reviewListHref } from "./review-queue";
import { REVIEW_REJECTION_REASONS } from "../reviews/states-and-sorts";

describe("the list's query and links", () => {
  it("defaults to waiting reviews, page 1; a malformed link falls back instead of failing", () => {
    expect(reviewListQuery(new URLSearchParams(""))).toEqual({ state: "new", q: "", page: 1 });
    expect(reviewListQuery(new URLSearchParams("state=rejected&q=%20salmon%20&page=3"))).toEqual({ state: "rejected", q: "salmon", page: 3 });
    expect(reviewListQuery(new URLSearchParams("state=deleted&page=-1"))).toEqual({ state: "new", q: "", page: 1 });
  });

  it("links keep what differs from the defaults only", () => {
    expect(reviewListHref({ state: "new", q: "", page: 1 })).toBe("/admin/reviews");
    expect(reviewListHref({ state: "new", q: "salmon & rice", page: 1 }, { page: 2 })).toBe("/admin/reviews?q=salmon+%26+rice&page=2");
    expect(reviewListHref({ state: "approved", q: "", page: 4 }, { state: "rejected", page: 1 })).toBe("/admin/reviews?state=rejected");
  });
});

describe("the action form", () => {
  it("a rejection needs a reason of the published policy — never 'negative' — named as the field", () => {
    for (const reason of [undefined, "", "negative", "low-rating", "toString"])
      expect(parseReviewAction({ intent: "reject", reason })).toEqual({ ok: false, errors: { reason: REJECTION_REASON_REQUIRED } });
    for (const reason of Object.keys(REVIEW_REJECTION_REASONS))
      expect(parseReviewAction({ intent: "reject", reason })).toEqual({ ok: true, input: { intent: "reject", reason } });
  });

  it("a response is text only and not empty; an unknown intent names the intent", () => {
    expect(parseReviewAction({ intent: "respond", body: " <p>Thanks</p> " })).toEqual({ ok: true, input: { intent: "respond", body: "Thanks" } });
    expect(parseReviewAction({ intent: "respond", body: "<br>" })).toEqual({ ok: false, errors: { body: "Write the response" } });
    expect(parseReviewAction({ intent: "respond", body: "x".repeat(4001) })).toMatchObject({
      ok: false,
      errors: { body: expect.stringContaining("at most 4000") },
    });
    expect(parseReviewAction({ intent: "hide" })).toEqual({ ok: false, errors: { intent: "Choose an action" } });
    expect(parseReviewAction({})).toEqual({ ok: false, errors: { intent: "Choose an action" } });
  });
});

describe("excerpts and history lines", () => {
  it("an excerpt ends at a word with an ellipsis; a short text is whole, on one line", () => {
    expect(reviewExcerpt("Good\n\nfood.")).toBe("Good food.");
    const long = "My dog loves this food and asks for it every single morning, ".repeat(5);
    const cut = reviewExcerpt(long, 60);
    expect(cut.endsWith("…")).toBe(true);
    expect(cut.length).toBeLessThanOrEqual(61);
    expect(long.startsWith(cut.slice(0, -1))).toBe(true);
    expect(cut.slice(0, -1)).not.toMatch(/[\s,]$/);
  });

  it("says what each audit entry did, with the rejection reason's published label", () => {
    const labels: Record<string, string> = REVIEW_REJECTION_REASONS;
    const line = (action: string, outcome: string, before: unknown, after: unknown) => reviewHistoryText({ action, outcome, before, after }, labels);
    expect(line("review.approve", "ok", { state: "new" }, { state: "approved" })).toBe("Approved (was waiting)");
    expect(line("review.approve", "ok", { state: "rejected" }, { state: "approved" })).toBe("Approved (was rejected)");
    expect(line("review.reject", "ok", { state: "new" }, { state: "rejected", rejectionReason: "personal-data" })).toBe("Rejected: Personal data");
    expect(line("review.respond", "ok", { response: null }, { response: "Thanks for the kind words" })).toBe("Responded: “Thanks for the kind words”");
    expect(line("review.respond", "ok", { response: "Thanks" }, { response: "Thank you" })).toBe("Response edited: “Thank you”");
    expect(line("review.approve", "failed", null, { error: "INVALID_TRANSITION" })).toBe("review.approve: failed (INVALID_TRANSITION)");
    expect(line("review.reject", "denied", null, null)).toBe("review.reject: refused (role)");
  });
});
