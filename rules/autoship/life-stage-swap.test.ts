import { describe, expect, it } from "vitest";
import { formatUsd } from "../shared/money";
import {
  ACCEPT_LIFE_STAGE,
  DISMISS_LIFE_STAGE,
  lifeStageNotice,
  lifeStageSwapFor,
  lifeStageSwapText,
  parseLifeStageAnswer,
  type SwapProduct,
} from "./life-stage-swap";

const bag = (id: number, flavor: string, weight: number, position: number) => ({
  id,
  flavor,
  sizeLabel: `${weight} lb Bag`,
  weight,
  weightUnit: "lbs",
  position,
});
const product = (
  id: number,
  title: string,
  lifestages: string[],
  breedSizes: string[],
  variants: SwapProduct["variants"],
  extra: Partial<SwapProduct> = {},
): SwapProduct => ({
  id,
  title,
  sites: ["d2c", "hpsf"],
  published: true,
  lifestages,
  breedSizes,
  variants,
  ...extra,
});

const puppy = product(
  1,
  "Puppy Dry Dog Food",
  ["puppy"],
  ["small", "medium", "large"],
  [bag(11, "Chicken & Rice", 4, 1), bag(12, "Chicken & Rice", 15.5, 2), bag(13, "Lamb & Rice", 15.5, 3)],
);
const puppyLarge = product(2, "Puppy Large Breed Dry Dog Food", ["puppy"], ["large"], [bag(21, "Chicken & Rice", 30, 1)]);
const adult = product(
  3,
  "Adult Dry Dog Food",
  ["adult-dog"],
  ["small", "medium", "large"],
  [
    bag(31, "Chicken & Rice", 4, 1),
    bag(32, "Chicken & Rice", 8.5, 2),
    bag(33, "Chicken & Rice", 15.5, 3),
    bag(34, "Beef", 15.5, 4),
    bag(35, "Lamb & Rice", 30, 5),
  ],
);
const adultLarge = product(
  4,
  "Adult Large Breed Dry Dog Food",
  ["adult-dog"],
  ["large"],
  [bag(41, "Chicken & Rice", 15.5, 1), bag(42, "Chicken & Rice", 40, 2)],
);
const allAges = product(5, "All Life Stages Dry Dog Food", ["puppy", "adult-dog", "senior-dog"], [], [bag(51, "Chicken & Rice", 15.5, 1)]);
const senior = product(6, "Senior 7+ Dry Dog Food", ["senior-dog"], ["small", "medium", "large"], [bag(61, "Chicken & Rice", 15.5, 1)]);
const family = [puppy, puppyLarge, adult, adultLarge, allAges, senior];

const on = (day: string) => new Date(`${day}T12:00:00Z`);
const medium = { species: "dog" as const, breedSize: "medium" as const, birthday: "2025-11-29" };

describe("life-stage swap", () => {
  it("proposes nothing the day before a medium puppy turns 12 months, and the adult formula on the day", () => {
    const current = { product: puppy, variantId: 12, site: "d2c" };
    expect(lifeStageSwapFor(medium, on("2026-11-28"), current, family)).toBeNull();
    const swap = lifeStageSwapFor(medium, on("2026-11-29"), current, family);
    expect(swap).toMatchObject({ stage: "adult", reachedOn: "2026-11-29", product: { id: 3 }, variant: { id: 33 } });
    // Days later it is still the same proposal, from the same day.
    expect(lifeStageSwapFor(medium, on("2027-01-10"), current, family)).toMatchObject({ reachedOn: "2026-11-29", variant: { id: 33 } });
  });

  it("keeps the flavour and takes the nearest size; another flavour only when the formula has none of it", () => {
    const lamb = lifeStageSwapFor(medium, on("2026-12-01"), { product: puppy, variantId: 13, site: "d2c" }, family);
    expect(lamb?.variant.id).toBe(35);
    const small = lifeStageSwapFor(medium, on("2026-12-01"), { product: puppy, variantId: 11, site: "d2c" }, family);
    expect(small?.variant.id).toBe(31);
  });

  it("a large-breed puppy formula leads to the large-breed adult one; a dedicated formula before an all-ages one", () => {
    const large = { species: "dog" as const, breedSize: "large" as const, birthday: "2025-08-01" };
    expect(lifeStageSwapFor(large, on("2026-11-01"), { product: puppyLarge, variantId: 21, site: "d2c" }, family)).toMatchObject({
      reachedOn: "2026-11-01",
      product: { id: 4 },
      variant: { id: 42 },
    });
    expect(lifeStageSwapFor(medium, on("2026-12-01"), { product: puppy, variantId: 12, site: "d2c" }, family)?.product.id).toBe(3);
  });

  it("an adult formula's dog turning senior gets the senior one; a food made for the stage, or no formula for it, gets nothing", () => {
    const old = { species: "dog" as const, breedSize: "medium" as const, birthday: "2018-11-01" };
    expect(lifeStageSwapFor(old, on("2026-11-29"), { product: adult, variantId: 33, site: "d2c" }, family)).toMatchObject({
      stage: "senior",
      product: { id: 6 },
    });
    expect(lifeStageSwapFor(old, on("2026-11-29"), { product: allAges, variantId: 51, site: "d2c" }, family)).toBeNull();
    expect(lifeStageSwapFor(medium, on("2026-12-01"), { product: puppy, variantId: 12, site: "d2c" }, [puppy])).toBeNull();
    // Not sold on the subscription's site, or unpublished: not proposed.
    const onlyPro = family.map((p) => (p.id === 3 || p.id === 5 ? { ...p, sites: ["hpsf"] } : p.id === 4 ? { ...p, published: false } : p));
    expect(lifeStageSwapFor(medium, on("2026-12-01"), { product: puppy, variantId: 12, site: "d2c" }, onlyPro)).toBeNull();
    expect(lifeStageSwapFor({ ...medium, birthday: null }, on("2026-12-01"), { product: puppy, variantId: 12, site: "d2c" }, family)).toBeNull();
  });

  it("says the stage and the price difference per delivery", () => {
    const base = { petName: "Biscuit", species: "dog" as const, stage: "adult" as const, toTitle: "Adult Dry Dog Food", quantity: 2, formatMoney: formatUsd };
    expect(lifeStageSwapText({ ...base, fromUnitCents: 2000, toUnitCents: 2150 })).toEqual({
      headline: "Biscuit is an adult now",
      proposal: "We suggest Adult Dry Dog Food, made for adult dogs, from your next delivery.",
      difference: "$3.00 more per delivery.",
    });
    expect(lifeStageSwapText({ ...base, fromUnitCents: 2000, toUnitCents: 1900 }).difference).toBe("$2.00 less per delivery.");
    expect(lifeStageSwapText({ ...base, stage: "senior", fromUnitCents: 2000, toUnitCents: 2000 })).toMatchObject({
      headline: "Biscuit is a senior now",
      difference: "Same price per delivery.",
    });
  });
});

describe("the answer to a proposal", () => {
  it("is the intent and the proposal, each named when missing; the notice says what happens next", () => {
    expect(parseLifeStageAnswer({ intent: ACCEPT_LIFE_STAGE, proposalId: " abc " })).toEqual({ ok: true, proposalId: "abc", answer: "accept" });
    expect(parseLifeStageAnswer({ intent: DISMISS_LIFE_STAGE, proposalId: "abc" })).toMatchObject({ answer: "dismiss" });
    expect(parseLifeStageAnswer({ intent: "other", proposalId: "abc" })).toEqual({ ok: false, errors: { intent: "Choose to switch or to keep your food." } });
    expect(parseLifeStageAnswer({ intent: ACCEPT_LIFE_STAGE })).toEqual({ ok: false, errors: { proposalId: "This suggestion is no longer open." } });
    expect(lifeStageNotice(ACCEPT_LIFE_STAGE)).toBe("Switched: your next delivery brings the new food.");
    expect(lifeStageNotice(DISMISS_LIFE_STAGE)).toBe("Kept: we will not suggest this again.");
    expect(lifeStageNotice("skip")).toBeNull();
  });
});
