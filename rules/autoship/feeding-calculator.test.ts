import { describe, expect, it } from "vitest";
import { AUTOSHIP_FREQUENCY_WEEKS as W } from "./offer-and-frequency";
import {
  checkPet,
  dailyPortion,
  daysSupply,
  feedingGuideFor,
  foodGrams,
  gramsPerCup,
  lastsSentence,
  nearestFrequencyWeeks,
  petAttributeValue,
  petFromAttribute,
  petPounds,
  runOut,
  type FeedingGuide,
} from "./feeding-calculator";

// A hand-made table so the arithmetic is checkable by eye: 4,000 kcal/kg, 400 kcal per cup (100 g).
const guide: FeedingGuide = {
  species: "dog",
  kcalPerKg: 4000,
  kcalPerCup: 400,
  rows: [
    {
      lifeStage: "adult",
      points: [
        [10, 100],
        [20, 160],
        [40, 260],
      ],
    },
    {
      lifeStage: "puppy",
      points: [
        [10, 150],
        [20, 240],
      ],
    },
  ],
};
const dog = { species: "dog" as const, weight: 20, weightUnit: "lb" as const, lifeStage: "adult", activity: "normal" as const };

describe("feeding table of a product", () => {
  it("is deterministic per product, with a row per life stage of its species", () => {
    const a = feedingGuideFor({ handle: "kindred-crest-adult-dry-dog-food", species: "dog", foodForm: "dry" });
    expect(a).toEqual(feedingGuideFor({ handle: "kindred-crest-adult-dry-dog-food", species: "dog", foodForm: "dry" }));
    expect(a!.rows.map((r) => r.lifeStage)).toEqual(["puppy", "adult", "senior"]);
    expect(a!.kcalPerKg).toBeGreaterThanOrEqual(3500);
    expect(a!.kcalPerKg).toBeLessThanOrEqual(4000);
    // Heavier pets eat more, puppies more than seniors.
    const adult = a!.rows[1].points.map(([, g]) => g);
    expect([...adult].sort((x, y) => x - y)).toEqual(adult);
    expect(a!.rows[0].points[3][1]).toBeGreaterThan(a!.rows[2].points[3][1]);
  });

  it("gives wet food a lower energy density and treats no table", () => {
    const wet = feedingGuideFor({ handle: "x-canned", species: "cat", foodForm: "canned" });
    expect(wet!.kcalPerKg).toBeLessThan(1100);
    expect(wet!.rows.map((r) => r.lifeStage)).toEqual(["kitten", "adult", "senior"]);
    expect(feedingGuideFor({ handle: "x-treat", species: "dog", foodForm: "treat" })).toBeNull();
  });
});

describe("units (SPEC §9 factors)", () => {
  it("converts pet weights from lb, kg and oz", () => {
    expect(petPounds(30, "lb")).toBe(30);
    expect(petPounds(10, "kg")).toBeCloseTo(22.0462, 4);
    expect(petPounds(32, "oz")).toBe(2);
  });

  it("converts food amounts from lb, kg, oz, grams and cups", () => {
    expect(foodGrams(1, "lbs")).toBeCloseTo(453.592, 3);
    expect(foodGrams(1, "kg")).toBeCloseTo(1000, 0);
    expect(foodGrams(16, "oz")).toBeCloseTo(453.592, 3);
    expect(foodGrams(250, "grams")).toBe(250);
    expect(gramsPerCup(guide)).toBe(100);
    expect(foodGrams(2.5, "cups", guide)).toBe(250);
  });
});

describe("daily portion", () => {
  it("reads the table at a band and interpolates between bands", () => {
    expect(dailyPortion(guide, dog)).toEqual({ grams: 160, cups: 1.6, kcal: 640 });
    expect(dailyPortion(guide, { ...dog, weight: 30 })!.grams).toBe(210);
    expect(dailyPortion(guide, { ...dog, weight: 15 })!.grams).toBe(130);
  });

  it("takes the weight in any unit", () => {
    expect(dailyPortion(guide, { ...dog, weight: 320, weightUnit: "oz" })!.grams).toBe(160);
    expect(dailyPortion(guide, { ...dog, weight: 20 / 2.20462, weightUnit: "kg" })!.grams).toBe(160);
  });

  it("scales by activity", () => {
    expect(dailyPortion(guide, { ...dog, activity: "low" })!.grams).toBe(128);
    expect(dailyPortion(guide, { ...dog, activity: "active" })!.grams).toBe(192);
    expect(dailyPortion(guide, { ...dog, activity: "very_active" })!.grams).toBe(224);
  });

  it("follows the life stage's row", () => {
    expect(dailyPortion(guide, { ...dog, lifeStage: "puppy" })!.grams).toBe(240);
  });

  it("scales beyond the table by metabolic weight", () => {
    expect(dailyPortion(guide, { ...dog, weight: 80 })!.grams).toBe(Math.round(260 * 2 ** 0.75));
    expect(dailyPortion(guide, { ...dog, weight: 5 })!.grams).toBe(Math.round(100 * 0.5 ** 0.75));
  });

  it("has no answer for the other species or a missing table", () => {
    expect(dailyPortion(guide, { ...dog, species: "cat", lifeStage: "adult" })).toBeNull();
    expect(dailyPortion(null, dog)).toBeNull();
  });
});

describe("days a pack lasts and the Autoship interval", () => {
  it("counts whole days of a pack and of several", () => {
    // 24 lb = 10,886 g at 265 g a day.
    expect(daysSupply(24, "lbs", 1, 265)).toBe(41);
    expect(daysSupply(24, "lbs", 2, 265)).toBe(82);
    expect(daysSupply(13, "oz", 1, 1000)).toBe(1);
  });

  it("picks the nearest offered interval, the shorter on a tie", () => {
    expect(nearestFrequencyWeeks(41, W)).toBe(6);
    expect(nearestFrequencyWeeks(45, W)).toBe(6);
    expect(nearestFrequencyWeeks(46, W)).toBe(7);
    expect(nearestFrequencyWeeks(3, W)).toBe(1);
    expect(nearestFrequencyWeeks(200, W)).toBe(12);
    expect(nearestFrequencyWeeks(10.5, [1, 2])).toBe(1);
  });

  it("says it in one sentence", () => {
    expect(lastsSentence({ packLabel: "24 lb bag", pet: { species: "dog", weight: 30, weightUnit: "lb" }, days: 41 })).toBe(
      "a 24 lb bag lasts your 30 lb dog about 41 days",
    );
    expect(lastsSentence({ packLabel: "3 oz can", pet: { species: "cat", weight: 4.5, weightUnit: "kg" }, days: 1, packs: 2 })).toBe(
      "2 × 3 oz can last your 4.5 kg cat about 1 day",
    );
    // A kept pet chosen on the product page: by its name.
    expect(lastsSentence({ packLabel: "24 lb bag", pet: { species: "dog", weight: 30, weightUnit: "lb" }, days: 41, name: "Biscuit" })).toBe(
      "a 24 lb bag lasts Biscuit about 41 days",
    );
  });
});

describe("run-out date", () => {
  it("is the last delivery's arrival plus the days it lasts", () => {
    const r = runOut({ lastOrderDate: "2030-11-01", daysSupply: 40, nextOrderDate: "2030-12-07", today: "2030-11-20" });
    expect(r.runOutDate).toBe("2030-12-14");
    expect(r.nextDeliveryDate).toBe("2030-12-10");
    expect(r.late).toBe(false);
  });

  it("flags a next delivery after the run-out day and suggests an order date that arrives in time", () => {
    const r = runOut({ lastOrderDate: "2030-11-01", daysSupply: 30, nextOrderDate: "2030-12-07", today: "2030-11-20" });
    expect(r.runOutDate).toBe("2030-12-04");
    expect(r.late).toBe(true);
    expect(r.suggestedOrderDate).toBe("2030-12-01");
  });

  it("never suggests a date before tomorrow", () => {
    const r = runOut({ lastOrderDate: "2030-11-01", daysSupply: 5, nextOrderDate: "2030-12-07", today: "2030-11-20" });
    expect(r.late).toBe(true);
    expect(r.suggestedOrderDate).toBe("2030-11-21");
  });
});

describe("checking the pet as entered", () => {
  it("accepts a complete pet", () => {
    expect(checkPet({ species: "cat", weight: "4.5", weightUnit: "kg", lifeStage: "kitten", activity: "low" })).toEqual({});
  });

  it("names each wrong field", () => {
    expect(checkPet({ species: "horse", weight: "-3", weightUnit: "stone", lifeStage: "adult", activity: "lazy" })).toEqual({
      species: "Choose dog or cat",
      weight: "Enter your pet's weight",
      weightUnit: "Choose lb, kg or oz",
      activity: "Choose an activity level",
    });
    expect(checkPet({ species: "dog", weight: "300", weightUnit: "lb", lifeStage: "kitten", activity: "normal" })).toEqual({
      weight: "Enter a weight up to 250 lb",
      lifeStage: "Choose a life stage",
    });
    expect(checkPet({ species: "dog", weight: "abc", weightUnit: "oz", lifeStage: "adult", activity: "normal" }).weight).toBe("Enter your pet's weight");
    expect(checkPet({ species: "dog", weight: "8", weightUnit: "oz", lifeStage: "adult", activity: "normal" }).weight).toBe("Enter a weight of at least 1 lb");
  });
});

describe("the calculator's pet as a cart line attribute", () => {
  it("round-trips a pet", () => {
    const pet = { species: "cat", weight: 4.5, weightUnit: "kg", lifeStage: "senior", activity: "low" } as const;
    expect(petAttributeValue(pet)).toBe("cat|4.5|kg|senior|low");
    expect(petFromAttribute(petAttributeValue(pet))).toEqual(pet);
  });

  it("gives no pet for anything that is not a valid one", () => {
    for (const bad of [
      null,
      undefined,
      "",
      "dog|15|lb|adult",
      "dog|15|lb|adult|normal|x",
      "fish|15|lb|adult|normal",
      "dog|-3|lb|adult|normal",
      "dog|1e3|lb|adult|normal",
      "dog|500|lb|adult|normal",
      "dog|15|st|adult|normal",
      "dog|15|lb|kitten|normal",
      "dog|15|lb|adult|lazy",
      "x".repeat(61),
    ])
      expect(petFromAttribute(bad)).toBeNull();
  });
});
