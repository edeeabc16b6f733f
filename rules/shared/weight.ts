// Weights of SPEC §9: conversion to pounds as the cart logic does it, the rounding helper, and the
// displayed weight (pounds × quantity). Every cart line carries a hidden weight attribute (SPEC §5).

export const DEFAULT_WEIGHT = 0;
export const DEFAULT_WEIGHT_UNIT = "lbs";
export const WEIGHT_ATTRIBUTE = "_weight";
export const WEIGHT_UNIT_ATTRIBUTE = "_weightUnit";

const TO_POUNDS: Record<string, number> = { lbs: 1, lb: 1, kg: 2.20462, oz: 0.0625, g: 0.00220462 };

/** Weight in pounds; any unit other than lbs, kg, oz or g gives 0 (SPEC §9). */
export function toPounds(weight: number, unit: string): number {
  const factor = TO_POUNDS[unit.toLowerCase()];
  return factor === undefined || !Number.isFinite(weight) ? 0 : weight * factor;
}

/** SPEC §9 rounding helper: add 0.05 when the value modulo 0.1 is below 0.05, then round to one decimal. */
export function roundWeight(value: number): number {
  // A weightless line (the default attribute) shows 0, not the 0.1 the nudge would make of it.
  if (value === 0) return 0;
  const nudged = value % 0.1 < 0.05 ? value + 0.05 : value;
  return Math.round(nudged * 10) / 10;
}

/** Displayed weight of a line: weight in pounds times quantity, through the rounding helper. */
export function displayedLineWeight(weight: number, unit: string, quantity: number): number {
  return roundWeight(toPounds(weight, unit) * quantity);
}

/** SPEC §9: 453.592 grams per pound; ounces are the fractional pound times 16. */
export const GRAMS_PER_POUND = 453.592;
export function poundsAndOunces(pounds: number): { pounds: number; ounces: number } {
  const whole = Math.floor(pounds);
  return { pounds: whole, ounces: Math.round((pounds - whole) * 16 * 10) / 10 };
}

/** The hidden weight attributes every cart line carries (SPEC §5), defaulting to 0 lbs. */
export function weightAttributes(weight?: number | null, unit?: string | null): { key: string; value: string }[] {
  return [
    { key: WEIGHT_ATTRIBUTE, value: String(weight ?? DEFAULT_WEIGHT) },
    { key: WEIGHT_UNIT_ATTRIBUTE, value: unit || DEFAULT_WEIGHT_UNIT },
  ];
}
