import { describe, expect, it } from "vitest";
import {
  histogramRows,
  listStatusText,
  missingFields,
  orderLineLabel,
  pageCountOf,
  petText,
  reviewDateText,
  reviewFormErrors,
  reviewListUrl,
  reviewSubmitBody,
  type ReviewFormValues,
} from "./widget";

const values = (over: Partial<ReviewFormValues> = {}): ReviewFormValues => ({
  orderLineId: "0b6c2f4e-8d7a-4c1b-9e3f-5a6b7c8d9e0f",
  rating: "4",
  title: "Picky eater approved",
  body: "Our terrier finishes the bowl.",
  nickname: "Juniper",
  species: "",
  lifeStage: "",
  breedSize: "",
  ...over,
});

describe("the review widget's list", () => {
  it("asks for the shopper's page, sort and rating filter", () => {
    expect(reviewListUrl("7", { page: 1, sort: "newest", rating: null })).toBe("/api/reviews/products/7?page=1&pageSize=5&sort=newest");
    expect(reviewListUrl("7", { page: 3, sort: "rating-low", rating: 2 })).toBe("/api/reviews/products/7?page=3&pageSize=5&sort=rating-low&rating=2");
  });

  it("says which reviews show, or why none do", () => {
    expect(listStatusText(12, 2, 5, null)).toBe("Showing 6–10 of 12 reviews");
    expect(listStatusText(12, 3, 5, null)).toBe("Showing 11–12 of 12 reviews");
    expect(listStatusText(1, 1, 5, 5)).toBe("Showing 1–1 of 1 5-star review");
    expect(listStatusText(0, 1, 5, null)).toBe("No reviews yet.");
    expect(listStatusText(0, 1, 5, 3)).toBe("No 3-star reviews yet.");
    expect(pageCountOf(12, 5)).toBe(3);
    expect(pageCountOf(0, 5)).toBe(1);
  });

  it("draws the histogram 5 stars first, each bar its share of all reviews", () => {
    const rows = histogramRows({ 1: 1, 2: 0, 3: 1, 4: 3, 5: 5 });
    expect(rows.map((r) => r.stars)).toEqual([5, 4, 3, 2, 1]);
    expect(rows.map((r) => r.percent)).toEqual([50, 30, 10, 0, 10]);
    expect(rows.map((r) => r.count)).toEqual([5, 3, 1, 0, 1]);
    expect(histogramRows({ 1: 0, 2: 0, 3: 0, 4: 0, 5: 0 }).every((r) => r.percent === 0)).toBe(true);
  });

  it("names the pet context in words, and nothing when none was given", () => {
    expect(petText({ species: "dog", lifeStage: "senior", breedSize: "large" })).toBe("Dog · Senior · Large breed");
    expect(petText({ species: "cat", lifeStage: null, breedSize: null })).toBe("Cat");
    expect(petText({ species: null, lifeStage: null, breedSize: null })).toBeNull();
    expect(petText(null)).toBeNull();
  });

  it("dates reviews in UTC and names order lines by order, variant and delivery", () => {
    expect(reviewDateText("2026-11-03T23:30:00Z")).toBe("November 3, 2026");
    expect(reviewDateText("not a date")).toBe("");
    expect(orderLineLabel({ orderName: "KC-100001", variantTitle: "Chicken / 4 lb Bag", deliveredAt: "2026-11-03T10:00:00Z" })).toBe(
      "Order KC-100001 — Chicken / 4 lb Bag, delivered November 3, 2026",
    );
    expect(orderLineLabel({ orderName: "KC-100002", variantTitle: null, deliveredAt: null })).toBe("Order KC-100002");
  });
});

describe("the write-a-review form", () => {
  it("sends the rating as a number and the pet context only when given", () => {
    expect(reviewSubmitBody(values())).toEqual({
      orderLineId: "0b6c2f4e-8d7a-4c1b-9e3f-5a6b7c8d9e0f",
      rating: 4,
      title: "Picky eater approved",
      body: "Our terrier finishes the bowl.",
      nickname: "Juniper",
      pet: null,
    });
    expect(reviewSubmitBody(values({ species: "dog", breedSize: "small" })).pet).toEqual({ species: "dog", lifeStage: null, breedSize: "small" });
    expect(reviewSubmitBody(values({ rating: "" })).rating).toBeNull();
  });

  it("asks for what is missing before sending", () => {
    expect(missingFields(values())).toEqual({});
    expect(missingFields(values({ rating: "", title: "  ", body: "", nickname: "" }))).toEqual({
      rating: "Choose a rating from 1 to 5",
      title: "A title is required",
      body: "Your review is required",
      nickname: "A nickname is required",
    });
  });

  it("shows a 400's field messages beside their fields (the pet's too) and the rest above the button", () => {
    const errors = reviewFormErrors(400, {
      error: {
        code: "bad_request",
        message: "Invalid title: …",
        fields: { title: "A title is at most 120 characters", "pet.species": "must be dog or cat", body: "Your review is required" },
      },
    });
    expect(errors).toEqual({
      fields: { title: "A title is at most 120 characters", species: "must be dog or cat", body: "Your review is required" },
      message: null,
    });
    expect(reviewFormErrors(400, { error: { message: "Bad", fields: { "body.x": "odd" } } })).toEqual({ fields: {}, message: "odd" });
  });

  it("shows refusals that are no field's as one message", () => {
    expect(reviewFormErrors(409, { error: { code: "ALREADY_REVIEWED", message: "You have already reviewed this order line." } })).toEqual({
      fields: {},
      message: "You have already reviewed this order line.",
    });
    expect(reviewFormErrors(401, null).message).toMatch(/sign in/);
    expect(reviewFormErrors(429, {}).message).toMatch(/Too many/);
    expect(reviewFormErrors(500, "oops").message).toBe("Your review could not be sent. Please try again.");
  });
});
