import { describe, expect, it } from "vitest";
import { categoryDescription, categoryTitle } from "./category-copy";

const c = (slug: string, label: string) => ({ slug, label });

describe("categoryTitle", () => {
  it("names the species pages", () => {
    expect(categoryTitle({ species: "dog", category: null, option: null })).toBe("Dog Food");
    expect(categoryTitle({ species: "cat", category: c("species", "Pet Type"), option: c("cat", "Cat") })).toBe("Cat Food");
  });

  it("names life stages", () => {
    const age = c("pet-age", "Pet Age");
    expect(categoryTitle({ species: "dog", category: age, option: c("puppy-food", "Puppy") })).toBe("Puppy Food");
    expect(categoryTitle({ species: "dog", category: age, option: c("adult-dog-food", "Adult Dog") })).toBe("Adult Dog Food");
    expect(categoryTitle({ species: "cat", category: age, option: c("senior-cat-food", "Senior") })).toBe("Senior Cat Food");
    expect(categoryTitle({ species: "cat", category: age, option: c("kitten-food", "Kitten Food") })).toBe("Kitten Food");
  });

  it("names food forms with the species", () => {
    const form = c("food-form", "Food Form");
    expect(categoryTitle({ species: "cat", category: form, option: c("dry-food", "Dry Food") })).toBe("Dry Cat Food");
    expect(categoryTitle({ species: "dog", category: form, option: c("wet-food", "Wet Food") })).toBe("Wet Dog Food");
    expect(categoryTitle({ species: "dog", category: form, option: c("treats", "Treats") })).toBe("Dog Treats");
    expect(categoryTitle({ species: "cat", category: form, option: c("pouch", "Pouch") })).toBe("Cat Food Pouches");
  });

  it("uses a brand's or product line's own name", () => {
    expect(categoryTitle({ species: "dog", category: c("brand", "Brand"), option: c("kindred-crest", "Kindred Crest") })).toBe("Kindred Crest");
    expect(categoryTitle({ species: "dog", category: c("house-brand", "Kindred Crest"), option: null })).toBe("Kindred Crest Dog Food");
    expect(categoryTitle({ species: "cat", category: c("prescription-diet", "Prescription Diet"), option: null })).toBe("Prescription Diet Cat Food");
  });

  it("says what the other categories are", () => {
    expect(categoryTitle({ species: "dog", category: c("breed-size", "Breed Size"), option: c("large", "Large Breed") })).toBe("Large Breed Dog Food");
    expect(categoryTitle({ species: "cat", category: c("flavor", "Flavor"), option: c("chicken", "Chicken") })).toBe("Chicken Cat Food");
    expect(categoryTitle({ species: "dog", category: c("weight", "Weight"), option: c("under-5-lb", "Under 5 lb") })).toBe("Dog Food: Under 5 lb");
    expect(categoryTitle({ species: "dog", category: c("pet-age", "Pet Age"), option: null })).toBe("Dog Food by Pet Age");
  });
});

describe("categoryDescription", () => {
  it("is a sentence naming the category, different per category", () => {
    const a = categoryDescription({ species: "dog", category: null, option: null, siteTitle: "Shop Kibble & Co." });
    const b = categoryDescription({ species: "dog", category: c("pet-age", "Pet Age"), option: c("puppy-food", "Puppy") });
    expect(a).toContain("dog food at Shop Kibble & Co.");
    expect(b).toContain("Puppy Food");
    expect(a).not.toBe(b);
  });
});
