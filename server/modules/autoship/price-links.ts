import { z } from "zod";
import { signedToken } from "../../crypto/signed-token";
import type { PriceAnswer } from "./price-holds";

// The price guard mail's one-click links: "renew at the new price" and "skip". Each names the held
// renewal, its subscription and the answer, with an expiry (the hold's deadline), signed
// (server/crypto/signed-token.ts) under a purpose of its own. The signature proves the shop made
// the link; that it works once, and only while the renewal waits, is the hold record's (price-holds.ts).

const priceAnswer = signedToken(
  "autoship-price-answer",
  z.object({ holdId: z.uuid(), subscriptionId: z.uuid(), decision: z.enum(["accept", "skip"]) satisfies z.ZodType<PriceAnswer> }),
);

export type PriceLink = { holdId: string; subscriptionId: string; decision: PriceAnswer; expiresAt: Date };

export async function priceAnswerToken(secret: string, { expiresAt, ...claims }: PriceLink): Promise<string> {
  return (await priceAnswer.sign(secret, claims, expiresAt)).token;
}

export type ReadLink = { ok: true; link: PriceLink } | { ok: false; code: "INVALID" | "EXPIRED" };

/** What a token says, when the shop signed it and it has not expired. */
export async function readPriceAnswerToken(secret: string, token: string | null | undefined, now: Date): Promise<ReadLink> {
  const read = await priceAnswer.read(secret, token, now);
  if (!read.ok) return { ok: false, code: read.reason === "expired" ? "EXPIRED" : "INVALID" };
  return { ok: true, link: { ...read.claims, expiresAt: read.expiresAt } };
}

export const PRICE_ANSWER_PATH = "/autoship/price-answer";

export async function priceAnswerUrl(origin: string, secret: string, link: PriceLink): Promise<string> {
  return `${origin}${PRICE_ANSWER_PATH}/${await priceAnswerToken(secret, link)}`;
}
