import { formatUsd } from "../../rules/shared/money";
import { createPriceHoldStore, type PriceAnswer } from "../modules/autoship";
import { readPriceAnswerToken } from "../modules/autoship";
import { renewSubscription, type RenewalDeps } from "./renew-subscription";

// The customer's answer to a renewal the price guard held: from the mail's signed link (no sign-in:
// the link is the proof) or from My Autoships (the signed-in owner). The answer is recorded once
// under the hold's lock (server/modules/autoship/price-holds.ts); "renew at the new price" then places
// the cycle's order at once through the renewal engine — exactly once per cycle whatever runs at the
// same time (its renewal key); when the engine is busy with it, the next pass places it.

export type AnswerResult =
  | { ok: true; decision: PriceAnswer; orderNumber: string | null; nextOrderDate: string; message: string }
  | { ok: false; code: "NOT_FOUND" | "USED" | "EXPIRED" | "STALE" | "INVALID"; message: string };

/** What a link offers, for the page that asks to confirm (nothing changes by looking). */
export async function readPriceLink(deps: Pick<RenewalDeps, "db" | "services">, secret: string, token: string, now: Date) {
  const read = await readPriceAnswerToken(secret, token, now);
  if (!read.ok) return { ok: false as const, message: read.code === "EXPIRED" ? "This link has expired: the renewal was skipped." : "This link is not valid." };
  const hold = await createPriceHoldStore(deps.db).byId(read.link.holdId);
  if (!hold || hold.subscriptionId !== read.link.subscriptionId) return { ok: false as const, message: "This link is not valid." };
  if (hold.status !== "pending") return { ok: false as const, message: "This renewal was already answered: each link works once." };
  return {
    ok: true as const,
    decision: read.link.decision,
    cycleDate: hold.cycleDate,
    oldPrice: formatUsd(hold.oldUnitCents),
    newPrice: formatUsd(hold.newUnitCents),
  };
}

async function settle(deps: RenewalDeps, decided: Awaited<ReturnType<ReturnType<typeof createPriceHoldStore>["decide"]>>, now: Date): Promise<AnswerResult> {
  if (!decided.ok) return decided;
  if (decided.decision === "skip")
    return { ok: true, decision: "skip", orderNumber: null, nextOrderDate: decided.nextOrderDate, message: "This delivery was skipped; nothing was charged." };
  const renewed = await renewSubscription(deps, decided.sub.id, { now, trigger: "schedule" });
  if (renewed.ok)
    return {
      ok: true,
      decision: "accept",
      orderNumber: renewed.orderNumber,
      nextOrderDate: renewed.nextOrderDate,
      message: `Order ${renewed.orderNumber} was placed at the new price.`,
    };
  return {
    ok: true,
    decision: "accept",
    orderNumber: null,
    nextOrderDate: decided.nextOrderDate,
    message: `Your order will be placed at the new price shortly. ${renewed.message}`,
  };
}

/** The answer a signed link carries. */
export async function answerPriceLink(deps: RenewalDeps & { secret: string }, token: string, now: Date): Promise<AnswerResult> {
  const read = await readPriceAnswerToken(deps.secret, token, now);
  if (!read.ok)
    return { ok: false, code: read.code, message: read.code === "EXPIRED" ? "This link has expired: the renewal was skipped." : "This link is not valid." };
  const decided = await createPriceHoldStore(deps.db).decide({
    holdId: read.link.holdId,
    subscriptionId: read.link.subscriptionId,
    decision: read.link.decision,
    now,
  });
  return settle(deps, decided, now);
}

/** The signed-in owner's answer in My Autoships. */
export async function answerPriceInAccount(
  deps: RenewalDeps,
  p: { customerId: string; subscriptionId: string; holdId: string; decision: PriceAnswer },
  now: Date,
): Promise<AnswerResult> {
  const decided = await createPriceHoldStore(deps.db).decide({ ...p, now });
  return settle(deps, decided, now);
}
