import { describe, expect, it } from "vitest";
import { DONATION_CATEGORIES, categoryIconSvg, categoryName, monogramLogoSvg } from "./category-icons";

describe("the 26 cause category icons", () => {
  it("draws one distinct icon per category id 0–25, titled with the category's name; none beyond", () => {
    expect(DONATION_CATEGORIES).toHaveLength(26);
    const icons = Array.from({ length: 26 }, (_, id) => categoryIconSvg(id)!);
    expect(new Set(icons).size).toBe(26);
    for (const [id, svg] of icons.entries()) {
      expect(svg).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg" viewBox="0 0 48 48"/);
      expect(svg).toContain(`<title>${DONATION_CATEGORIES[id]!.name.replace("&", "&amp;")}</title>`);
      expect(svg).not.toMatch(/<script|href|on\w+=/i);
    }
    expect(categoryIconSvg(26)).toBeNull();
    expect(categoryIconSvg(-1)).toBeNull();
    expect(categoryIconSvg(2.5)).toBeNull();
  });

  it("names the seeded causes' categories as the seed does", () => {
    expect([3, 5, 7, 8, 9].map(categoryName)).toEqual([
      "Animal Shelters & Rescue",
      "Wildlife Conservation",
      "Veterinary Care",
      "Service & Therapy Animals",
      "Animal Welfare Services",
    ]);
  });
});

describe("monogram logos", () => {
  it("takes the slug's first two words' initials (skipping small words); refuses anything but a slug", () => {
    expect(monogramLogoSvg("paws-rescue-league.svg")).toContain(">PR</text>");
    expect(monogramLogoSvg("happy-tails-of-denver.svg")).toContain(">HT</text>");
    expect(monogramLogoSvg("../etc.svg")).toBeNull();
    expect(monogramLogoSvg("Paws.svg")).toBeNull();
    expect(monogramLogoSvg("paws-rescue-league.png")).toBeNull();
  });
});
