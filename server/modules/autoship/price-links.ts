import { sign, verifySignature } from "../../crypto/sign";
import type { PriceAnswer } from "./price-holds";

// The price guard mail's one-click links: "renew at the new price" and "skip". Each names the held
// renewal, its subscription and the answer, with an expiry (the hold's deadline), signed with the
// app's secret (server/crypto/sign.ts) under a purpose of its own. The signature proves the shop made
// the link; that it works once, and only while the renewal waits, is the hold record's (price-holds.ts).

const PURPOSE = "autoship-price-answer:v1";
const UUID = "[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}";
const TOKEN = new RegExp(`^(${UUID})\\.(${UUID})\\.(accept|skip)\\.(\\d{1,12})\\.([A-Za-z0-9_-]{43})$`);

export type PriceLink = { holdId: string; subscriptionId: string; decision: PriceAnswer; expiresAt: Date };

export function priceAnswerToken(secret: string, link: PriceLink): string {
  const message = `${link.holdId}.${link.subscriptionId}.${link.decision}.${Math.floor(link.expiresAt.getTime() / 1000)}`;
  return `${message}.${sign(secret, PURPOSE, message)}`;
}

export type ReadLink = { ok: true; link: PriceLink } | { ok: false; code: "INVALID" | "EXPIRED" };

/** What a token says, when the shop signed it and it has not expired. */
export function readPriceAnswerToken(secret: string, token: string | null | undefined, now: Date): ReadLink {
  const m = TOKEN.exec(token ?? "");
  if (!m) return { ok: false, code: "INVALID" };
  const [, holdId, subscriptionId, decision, exp, signature] = m;
  if (!verifySignature(secret, PURPOSE, `${holdId}.${subscriptionId}.${decision}.${exp}`, signature!)) return { ok: false, code: "INVALID" };
  const expiresAt = new Date(Number(exp) * 1000);
  if (expiresAt <= now) return { ok: false, code: "EXPIRED" };
  return { ok: true, link: { holdId: holdId!, subscriptionId: subscriptionId!, decision: decision as PriceAnswer, expiresAt } };
}

export const PRICE_ANSWER_PATH = "/autoship/price-answer";

export function priceAnswerUrl(origin: string, secret: string, link: PriceLink): string {
  return `${origin}${PRICE_ANSWER_PATH}/${priceAnswerToken(secret, link)}`;
}
