// Card checks of the built-in test processor: Luhn, expiry, CVC, and the documented test cards
// (the same numbers common processors publish for testing), and the one schema of a new card's fields.

import { z } from "zod";

/** The number without the spaces and dashes shoppers type between digit groups. */
export function cardDigits(number: string): string {
  return number.replace(/[\s-]/g, "");
}

/** Card numbers are 12 to 19 digits long (ISO/IEC 7812). */
export function hasCardNumberLength(digits: string): boolean {
  return /^\d{12,19}$/.test(digits);
}

export const CVC_PATTERN = /^\d{3,4}$/;

/** A new card as a form or the API sends it; whether it is valid and unexpired is checkCard's to say. */
export const cardInputSchema = z.object({
  number: z
    .string({ error: "Enter the card number" })
    .trim()
    .regex(/^[\d\s-]{12,23}$/, "Enter the card number"),
  expMonth: z.coerce.number({ error: "Enter the expiry month" }).int().min(1, "Enter the expiry month").max(12, "Enter the expiry month"),
  expYear: z.coerce.number({ error: "Enter the expiry year" }).int().min(2000, "Enter the expiry year").max(2100, "Enter the expiry year"),
  cvc: z.string({ error: "Enter the security code" }).trim().regex(CVC_PATTERN, "Enter the security code"),
});

export function luhnValid(number: string): boolean {
  const digits = cardDigits(number);
  if (!hasCardNumberLength(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

export type CardBrand = "visa" | "mastercard" | "amex" | "discover" | "unknown";

export function cardBrand(number: string): CardBrand {
  const n = cardDigits(number);
  if (/^4/.test(n)) return "visa";
  if (/^(5[1-5]|2[2-7])/.test(n)) return "mastercard";
  if (/^3[47]/.test(n)) return "amex";
  if (/^6(011|5)/.test(n)) return "discover";
  return "unknown";
}

export type TestCardOutcome = "succeeds" | "card_declined" | "insufficient_funds" | "processing_error";

/** Documented test cards; any other Luhn-valid number succeeds. */
export const TEST_CARDS: Record<string, TestCardOutcome> = {
  "4242424242424242": "succeeds",
  "5555555555554444": "succeeds",
  "378282246310005": "succeeds",
  "4000000000000002": "card_declined",
  "4000000000009995": "insufficient_funds",
  "4000000000000119": "processing_error",
};

export type CardInput = { number: string; expMonth: number; expYear: number; cvc: string };
export type CardCheck = { ok: true; brand: CardBrand; last4: string; digits: string } | { ok: false; field: "number" | "expiry" | "cvc"; message: string };

export function checkCard(card: CardInput, now: Date): CardCheck {
  const digits = cardDigits(card.number);
  if (!luhnValid(digits)) return { ok: false, field: "number", message: "The card number is not valid." };
  const y = now.getUTCFullYear();
  const m = now.getUTCMonth() + 1;
  if (!Number.isInteger(card.expMonth) || card.expMonth < 1 || card.expMonth > 12 || card.expYear < y || (card.expYear === y && card.expMonth < m))
    return { ok: false, field: "expiry", message: "The card has expired." };
  const brand = cardBrand(digits);
  const cvcLength = brand === "amex" ? 4 : 3;
  if (!new RegExp(`^\\d{${cvcLength}}$`).test(card.cvc)) return { ok: false, field: "cvc", message: `The security code must be ${cvcLength} digits.` };
  return { ok: true, brand, last4: digits.slice(-4), digits };
}

export function testCardOutcome(digits: string): TestCardOutcome {
  return TEST_CARDS[digits] ?? "succeeds";
}
