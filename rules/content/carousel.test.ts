import { describe, expect, it } from "vitest";
import { carouselLoops, slideBasis, slidesPerView } from "./carousel";

describe("content carousel (SPEC §9)", () => {
  it("shows 1 / 2 / 2.5 / 3 slides from 0 / 780 / 960 / 1200 px", () => {
    expect([0, 779, 780, 959, 960, 1199, 1200, 1600].map(slidesPerView)).toEqual([1, 1, 2, 2, 2.5, 2.5, 3, 3]);
  });

  it("loops only on wide screens with at least 3 items (and more than fit)", () => {
    expect(carouselLoops(1280, 5)).toBe(true);
    expect(carouselLoops(1280, 3)).toBe(false);
    expect(carouselLoops(1280, 2)).toBe(false);
    expect(carouselLoops(960, 5)).toBe(false);
  });

  it("sizes slides so the gaps fit", () => {
    expect(slideBasis(1, 12)).toBe("100%");
    expect(slideBasis(2.5, 12)).toBe("calc((100% - 24px) / 2.5)");
  });
});
