import { describe, expect, it, vi } from "vitest";
import type { AppLoadContext } from "react-router";
import { cardRatings, withRating } from "./card-ratings";

function contextWith(summaries: (ids: number[]) => Promise<Map<number, { count: number; average: number | null }>>, isStaff = false) {
  const spy = vi.fn(summaries);
  const error = vi.fn();
  const context = { site: { isStaff }, services: { reviews: { summaries: spy } }, log: { error } } as unknown as AppLoadContext;
  return { context, spy, error };
}

describe("product cards' ratings", () => {
  it("reads every product of the page in one call and keeps products with reviews only", async () => {
    const { context, spy } = contextWith(
      async () =>
        new Map([
          [7, { count: 12, average: 4.3 }],
          [9, { count: 0, average: null }],
        ]),
    );
    const ratings = await cardRatings(context, ["7", "8", "9", "7"]);
    expect(spy).toHaveBeenCalledTimes(1);
    expect(spy).toHaveBeenCalledWith([7, 8, 9]);
    expect([...ratings]).toEqual([["7", { average: 4.3, count: 12 }]]);
  });

  it("asks nothing on the staff site, which shows no ratings (SPEC §6)", async () => {
    const { context, spy } = contextWith(async () => new Map([[7, { count: 12, average: 4.3 }]]), true);
    expect((await cardRatings(context, ["7"])).size).toBe(0);
    expect(spy).not.toHaveBeenCalled();
  });

  it("shows the cards without ratings when the read fails", async () => {
    const { context, error } = contextWith(async () => {
      throw new Error("database gone");
    });
    expect((await cardRatings(context, ["7"])).size).toBe(0);
    expect(error).toHaveBeenCalledTimes(1);
  });

  it("adds the rating key to a card only when it has one (loader data stays small)", () => {
    expect(withRating({ key: "a" }, undefined)).toEqual({ key: "a" });
    expect(withRating({ key: "a" }, { average: 4, count: 2 })).toEqual({ key: "a", rating: { average: 4, count: 2 } });
  });
});
