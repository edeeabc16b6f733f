import { randomBytes } from "node:crypto";
import { checkCard, testCardOutcome, type CardBrand, type CardInput, type TestCardOutcome } from "../../../rules/checkout/payment-card";

// The payment processor behind an interface. The shop only ever holds the processor's
// opaque tokens and references; card numbers and CVCs pass through `tokenize` and are dropped.
// The built-in test processor behaves like common processors' documented test cards (rules/checkout/payment-card.ts).

export type DeclineReason = "card_declined" | "insufficient_funds" | "processing_error" | "invalid_card" | "unknown_payment_method";

export type Tokenized =
  | { ok: true; token: string; brand: CardBrand; last4: string; expMonth: number; expYear: number }
  | { ok: false; reason: "invalid_card"; field: "number" | "expiry" | "cvc"; message: string };

export type ProcessorResult = { ok: true; ref: string } | { ok: false; reason: DeclineReason; message: string };

export interface PaymentProvider {
  readonly name: string;
  /** Checks the card and exchanges it for a token the processor can charge (once, or saved). */
  tokenize(card: CardInput): Promise<Tokenized>;
  authorize(p: { token: string; amountCents: number; idempotencyKey: string }): Promise<ProcessorResult>;
  capture(ref: string, amountCents: number): Promise<ProcessorResult>;
  refund(ref: string, amountCents: number): Promise<ProcessorResult>;
}

const DECLINE_MESSAGES: Record<Exclude<TestCardOutcome, "succeeds">, string> = {
  card_declined: "Your card was declined.",
  insufficient_funds: "Your card has insufficient funds.",
  processing_error: "An error occurred while processing your card. Try again.",
};

/** The built-in test processor (default). Its token carries the test card's scripted outcome. */
export function createTestProcessor(clock: () => Date = () => new Date()): PaymentProvider {
  return {
    name: "test",
    async tokenize(card) {
      const check = checkCard(card, clock());
      if (!check.ok) return { ok: false, reason: "invalid_card", field: check.field, message: check.message };
      const outcome = testCardOutcome(check.digits);
      return {
        ok: true,
        token: `tok_${outcome}_${randomBytes(12).toString("hex")}`,
        brand: check.brand,
        last4: check.last4,
        expMonth: card.expMonth,
        expYear: card.expYear,
      };
    },
    async authorize({ token }) {
      const m = /^tok_(succeeds|card_declined|insufficient_funds|processing_error)_[0-9a-f]+$/.exec(token);
      if (!m) return { ok: false, reason: "unknown_payment_method", message: "Unknown payment method." };
      const outcome = m[1] as TestCardOutcome;
      if (outcome !== "succeeds") return { ok: false, reason: outcome, message: DECLINE_MESSAGES[outcome] };
      return { ok: true, ref: `ch_${randomBytes(12).toString("hex")}` };
    },
    async capture(ref) {
      return { ok: true, ref };
    },
    async refund(ref) {
      return { ok: true, ref };
    },
  };
}
