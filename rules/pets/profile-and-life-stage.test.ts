import { describe, expect, it } from "vitest";
import { feedingPetOf, lifeStage, lifeStageLabel, petProfileSchema } from "./profile-and-life-stage";

const today = new Date("2026-11-28T12:00:00Z");

describe("pet profile", () => {
  const parse = (input: Record<string, unknown>) => petProfileSchema(today).safeParse(input);

  it("takes a dog with its breed size, a cat without one", () => {
    expect(parse({ name: " Biscuit ", species: "dog", breedSize: "large", birthday: "2026-03-01", weightLb: "22.5", sensitivities: ["chicken"] }).data).toEqual(
      {
        name: "Biscuit",
        species: "dog",
        breedSize: "large",
        birthday: "2026-03-01",
        weightLb: 22.5,
        sensitivities: ["chicken"],
      },
    );
    expect(parse({ name: "Miso", species: "cat", breedSize: "large", birthday: "", weightLb: "" }).data).toEqual({
      name: "Miso",
      species: "cat",
      breedSize: null,
      birthday: null,
      weightLb: null,
      sensitivities: [],
    });
  });

  it("names the field of each mistake", () => {
    const issues = (input: Record<string, unknown>) => parse(input).error?.issues.map((i) => [i.path.join("."), i.message]);
    expect(issues({ name: "", species: "dog" })).toEqual(
      expect.arrayContaining([
        ["name", "Enter your pet's name"],
        ["breedSize", "Choose a breed size"],
      ]),
    );
    expect(issues({ name: "Rex", species: "horse" })).toEqual([["species", "Choose dog or cat"]]);
    expect(issues({ name: "Rex", species: "cat", birthday: "2027-01-01" })).toEqual([["birthday", "The birthday cannot be in the future"]]);
    expect(issues({ name: "Rex", species: "cat", birthday: "2026-02-30" })).toEqual([["birthday", "Enter the birthday as a date"]]);
    expect(issues({ name: "Rex", species: "cat", birthday: "next week" })).toEqual([["birthday", "Enter the birthday as a date"]]);
    expect(issues({ name: "Rex", species: "cat", weightLb: "900" })).toEqual([["weightLb", "At most 250 lb"]]);
    expect(issues({ name: "Rex", species: "cat", sensitivities: ["gluten"] })).toEqual([["sensitivities.0", "Choose from the list"]]);
  });
});

describe("life stage", () => {
  it("makes a puppy an adult by its breed size: small at 10 months, medium 12, large 15", () => {
    const born = "2026-01-15";
    expect(lifeStage({ species: "dog", breedSize: "small", birthday: born }, today)).toEqual({
      stage: "adult",
      since: "2026-11-15",
      next: { stage: "senior", on: "2036-01-15" },
    });
    expect(lifeStage({ species: "dog", breedSize: "medium", birthday: born }, today)).toEqual({
      stage: "young",
      since: born,
      next: { stage: "adult", on: "2027-01-15" },
    });
    expect(lifeStage({ species: "dog", breedSize: "large", birthday: born }, today)).toEqual({
      stage: "young",
      since: born,
      next: { stage: "adult", on: "2027-04-15" },
    });
    // 15 months after January 31st: April has 30 days.
    expect(lifeStage({ species: "dog", breedSize: "large", birthday: "2026-01-31" }, today)?.next).toEqual({ stage: "adult", on: "2027-04-30" });
  });

  it("turns on the day itself, and a cat is an adult at 12 months and a senior at 11 years", () => {
    expect(lifeStage({ species: "cat", breedSize: null, birthday: "2025-11-28" }, today)?.stage).toBe("adult");
    expect(lifeStage({ species: "cat", breedSize: null, birthday: "2025-11-29" }, today)?.stage).toBe("young");
    expect(lifeStage({ species: "cat", breedSize: null, birthday: "2015-11-28" }, today)).toEqual({ stage: "senior", since: "2026-11-28", next: null });
    expect(lifeStage({ species: "dog", breedSize: "large", birthday: null }, today)).toBeNull();
    expect(lifeStageLabel("dog", "young")).toBe("Puppy");
    expect(lifeStageLabel("cat", "young")).toBe("Kitten");
  });
});

describe("the feeding calculator's pet from a kept profile", () => {
  it("takes the weight in pounds and today's life stage, a normally active pet", () => {
    expect(feedingPetOf({ species: "dog", breedSize: "large", birthday: "2026-03-01", weightLb: 30 }, today)).toEqual({
      species: "dog",
      weight: 30,
      weightUnit: "lb",
      lifeStage: "puppy",
      activity: "normal",
    });
    expect(feedingPetOf({ species: "cat", breedSize: null, birthday: "2026-06-01", weightLb: 4 }, today)?.lifeStage).toBe("kitten");
    expect(feedingPetOf({ species: "cat", breedSize: null, birthday: "2012-06-01", weightLb: 9 }, today)?.lifeStage).toBe("senior");
    // No birthday: an adult; no weight: no calculation.
    expect(feedingPetOf({ species: "dog", breedSize: null, birthday: null, weightLb: 40 }, today)?.lifeStage).toBe("adult");
    expect(feedingPetOf({ species: "dog", breedSize: null, birthday: null, weightLb: null }, today)).toBeNull();
  });
});
