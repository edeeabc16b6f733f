import { describe, expect, it } from "vitest";
import { reviewListQuery, reviewModerateInput, reviewSubmitInput } from "./api-input";
import { averageOf, isRejectionReason, moderationMove, reviewRequestDueBefore, sanitizeReviewText, summaryDelta, summaryOf } from "./states-and-sorts";

describe("summaryOf", () => {
  it("no reviews: count 0, no average, an empty histogram", () => {
    expect(summaryOf(null)).toEqual({ count: 0, average: null, histogram: { 1: 0, 2: 0, 3: 0, 4: 0, 5: 0 } });
  });
  it("average to one decimal, half up", () => {
    expect(summaryOf({ count: 4, ratingSum: 17, count1: 0, count2: 0, count3: 0, count4: 3, count5: 1 })).toEqual({
      count: 4,
      average: 4.3,
      histogram: { 1: 0, 2: 0, 3: 0, 4: 3, 5: 1 },
    });
    expect(averageOf(3, 13)).toBe(4.3);
    expect(averageOf(3, 14)).toBe(4.7);
    expect(averageOf(1, 5)).toBe(5);
    expect(averageOf(0, 0)).toBeNull();
  });
});

describe("moderation", () => {
  it("only approved reviews count: the summary moves on entering or leaving approved", () => {
    expect(summaryDelta("new", "approved")).toBe(1);
    expect(summaryDelta("rejected", "approved")).toBe(1);
    expect(summaryDelta("approved", "rejected")).toBe(-1);
    expect(summaryDelta("new", "rejected")).toBe(0);
    expect(summaryDelta("approved", "approved")).toBe(0);
  });
  it("approve and reject once each way", () => {
    expect(moderationMove("new", "approve")).toEqual({ ok: true, to: "approved" });
    expect(moderationMove("approved", "approve").ok).toBe(false);
    expect(moderationMove("approved", "reject")).toEqual({ ok: true, to: "rejected" });
    expect(moderationMove("rejected", "reject").ok).toBe(false);
  });
  it("rejection reasons are the published policy's, never 'negative'", () => {
    expect(["profanity", "personal-data", "off-topic", "not-about-product"].every(isRejectionReason)).toBe(true);
    expect(isRejectionReason("negative")).toBe(false);
    expect(isRejectionReason("toString")).toBe(false);
    const r = reviewModerateInput.safeParse({ action: "reject", reason: "negative" });
    expect(r.success).toBe(false);
    expect(r.error?.issues[0].path).toEqual(["reason"]);
    expect(reviewModerateInput.safeParse({ action: "reject" }).error?.issues[0].path).toEqual(["reason"]);
    expect(reviewModerateInput.parse({ action: "approve" })).toEqual({ action: "approve" });
  });
});

describe("sanitizeReviewText", () => {
  it("keeps no HTML", () => {
    expect(sanitizeReviewText('<b>Great</b> food <script>alert(1)</script><img src=x onerror="y">!')).toBe("Great food alert(1)!");
    expect(sanitizeReviewText("<scr<b>ipt>alert(1)</scr</b>ipt>")).toBe("alert(1)");
    expect(sanitizeReviewText("Nice <!-- hidden --> food <a href='x'")).toBe("Nice food");
  });
  it("keeps plain comparisons, drops control characters, normalises space", () => {
    expect(sanitizeReviewText("  5 < 6 and 7 > 3 \u0000\u202e ok  ")).toBe("5 < 6 and 7 > 3 ok");
    expect(sanitizeReviewText("line one\r\n\r\n\r\n\r\nline two\tend", { multiline: true })).toBe("line one\n\nline two end");
    expect(sanitizeReviewText("one\ntwo")).toBe("one two");
  });
});

describe("review input", () => {
  const good = { orderLineId: "0b7c2a9e-8f3d-4c5e-9a1b-2c3d4e5f6a7b", rating: 4, title: " Good <i>food</i> ", body: "Our dog likes it.", nickname: "Sam" };
  it("accepts a review and sanitises its text", () => {
    expect(reviewSubmitInput.parse(good)).toEqual({ ...good, title: "Good food" });
  });
  it("names the field at fault", () => {
    const field = (input: unknown) => reviewSubmitInput.safeParse(input).error?.issues[0].path.join(".");
    expect(field({ ...good, rating: 6 })).toBe("rating");
    expect(field({ ...good, rating: 3.5 })).toBe("rating");
    expect(field({ ...good, title: "<b></b>" })).toBe("title");
    expect(field({ ...good, body: "x".repeat(4001) })).toBe("body");
    expect(field({ ...good, nickname: "n".repeat(41) })).toBe("nickname");
    expect(field({ ...good, orderLineId: "KC-1" })).toBe("orderLineId");
    expect(field({ ...good, pet: { species: "parrot" } })).toBe("pet.species");
    expect(field({ ...good, extra: 1 })).toBe("");
  });
  it("list query: defaults, page size at most 20", () => {
    expect(reviewListQuery.parse({})).toEqual({ page: 1, pageSize: 5, sort: "newest" });
    expect(reviewListQuery.safeParse({ pageSize: "21" }).error?.issues[0].path).toEqual(["pageSize"]);
    expect(reviewListQuery.safeParse({ page: "0" }).error?.issues[0].path).toEqual(["page"]);
    expect(reviewListQuery.safeParse({ sort: "price" }).error?.issues[0].path).toEqual(["sort"]);
    expect(reviewListQuery.parse({ rating: "3", species: "cat", lifeStage: "senior", breedSize: "large" })).toMatchObject({
      rating: 3,
      species: "cat",
      lifeStage: "senior",
      breedSize: "large",
    });
  });
});

describe("review requests", () => {
  it("are due 10 days after delivery", () => {
    expect(reviewRequestDueBefore(new Date("2030-01-11T12:00:00Z")).toISOString()).toBe("2030-01-01T12:00:00.000Z");
  });
});
