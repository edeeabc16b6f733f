import { describe, expect, it } from "vitest";
import { ratingText, reviewCountText, shownRating, starsOf } from "./rating-display";

describe("how a rating reads on cards and the product page", () => {
  it("reads out the average to one decimal and the count", () => {
    expect(ratingText({ average: 4.3, count: 12 })).toBe("Rated 4.3 out of 5, 12 reviews");
    expect(ratingText({ average: 5, count: 1 })).toBe("Rated 5.0 out of 5, 1 review");
    expect(reviewCountText(0)).toBe("0 reviews");
  });

  it("shows five stars, the average rounded to whole stars", () => {
    expect(starsOf(4.3)).toBe("★★★★☆");
    expect(starsOf(4.5)).toBe("★★★★★");
    expect(starsOf(1)).toBe("★☆☆☆☆");
    expect(starsOf(9)).toBe("★★★★★");
  });

  it("shows a rating only on the shop and only with reviews (SPEC §6: the staff site hides ratings)", () => {
    const shop = { isStaff: false };
    expect(shownRating({ count: 12, average: 4.3 }, shop)).toEqual({ average: 4.3, count: 12 });
    expect(shownRating({ count: 12, average: 4.3 }, { isStaff: true })).toBeNull();
    expect(shownRating({ count: 0, average: null }, shop)).toBeNull();
    expect(shownRating(null, shop)).toBeNull();
    expect(shownRating(undefined, shop)).toBeNull();
  });
});
