import { autoshipUnitPriceCents } from "../../rules/autoship/offer-and-frequency";
import { formatCycleDate } from "../../rules/autoship/renewal-schedule";
import { formatUsd } from "../../rules/shared/money";
import { answerDeadline, guardDecision, type GuardDecision } from "../../rules/autoship/price-guard";
import { createPriceHoldStore } from "../modules/autoship";
import { priceAnswerUrl } from "../modules/autoship";
import { priceGuardMail } from "../modules/autoship";
import type { SubscriptionRow } from "../modules/autoship";
import type { RenewalDeps } from "./renew-subscription";

// The price guard of a scheduled renewal (rules/autoship/price-guard.ts), asked by renew-subscription before
// it places the cycle's order:
//
// 1. An order already under the cycle's key (an earlier run's, crash recovery) is never held: it is
//    settled as it was started.
// 2. The cycle's hold decides when there is one: accepted → the order is placed; pending → nothing
//    is charged until the deadline, then the cycle is skipped and the customer told (once: the hold
//    record moves to expired under its lock).
// 3. Otherwise the unit price the renewal would charge is compared with the last order's line for the
//    same item (none after a swap: a customer's own change is no price rise). Beyond the threshold the
//    cycle is held (one record per cycle) and the customer is mailed the signed answer links once the
//    hold is committed.

export type GuardOutcome = { ok: false; code: "PRICE_HELD"; message: string; cycleDate: string; skipped: boolean };

type Deps = Pick<RenewalDeps, "db" | "services" | "config" | "log" | "secret">;

/** The last order's unit price and this renewal's for the subscription's item, and what the guard makes of them. */
export async function priceChangeOf(deps: Deps, sub: SubscriptionRow): Promise<{ oldCents: number | null; newCents: number; decision: GuardDecision } | null> {
  const store = createPriceHoldStore(deps.db);
  const variant = (await deps.services.catalog.variantsForCart([sub.variantId], sub.site)).get(sub.variantId);
  if (!variant) return null;
  const newCents = autoshipUnitPriceCents(sub.site, variant);
  const lastOrder = await store.lastOrderOf(sub);
  const oldCents = lastOrder ? await deps.services.orders.unitPriceOf(lastOrder, sub.variantId) : null;
  return { oldCents, newCents, decision: guardDecision({ oldCents, newCents, thresholdPercent: sub.priceGuardPercent }) };
}

async function mailBase(deps: Deps, sub: SubscriptionRow) {
  const origin = deps.config.publicUrl ?? `http://localhost:${deps.config.port}`;
  const v = (await deps.services.catalog.variantsForCart([sub.variantId], sub.site)).get(sub.variantId);
  return {
    origin,
    base: {
      storeName: deps.config.storeName,
      firstName: sub.shippingAddress.firstName,
      contractId: sub.contractId,
      manageUrl: `${origin}/account/autoships#sub-${sub.id}`,
      item: v ? `${v.product.title} ${v.title}`.trim() : "your Autoship item",
    },
  };
}

async function send(deps: Deps, name: string, to: string, content: Parameters<Deps["services"]["mail"]["send"]>[0]["content"]) {
  await deps.services.mail
    .send({ template: `autoship.${name}`, to, content })
    .catch((err: unknown) => deps.log?.error({ err, template: name }, "autoship price guard mail not recorded"));
}

/** Null: go on and place the order. Otherwise the renewal is held (or its hold just expired into a skip). */
export async function guardRenewal(deps: Deps, sub: SubscriptionRow, cycleDate: string, key: string, now: Date): Promise<GuardOutcome | null> {
  if (await deps.services.orders.cartIdForIdempotencyKey(key)) return null;
  const store = createPriceHoldStore(deps.db);
  const existing = await store.holdFor(sub.id, cycleDate);
  if (existing?.status === "accepted") return null;
  if (existing) {
    if (existing.status === "pending" && existing.expiresAt <= now) {
      const expired = await store.expire(sub.id, cycleDate, now);
      if (expired) {
        const { base } = await mailBase(deps, expired.sub);
        await send(
          deps,
          "priceSkippedNoAnswer",
          expired.sub.email,
          priceGuardMail.skippedNoAnswer({ ...base, date: formatCycleDate(cycleDate), nextDate: formatCycleDate(expired.nextOrderDate) }),
        );
        return { ok: false, code: "PRICE_HELD", message: "No answer to the price change in time: this delivery was skipped.", cycleDate, skipped: true };
      }
    }
    return { ok: false, code: "PRICE_HELD", message: "The price rose beyond the customer's price guard: waiting for their answer.", cycleDate, skipped: false };
  }

  const change = await priceChangeOf(deps, sub);
  if (!change || change.decision.action !== "hold" || change.oldCents === null) return null;
  const expiresAt = answerDeadline(cycleDate);
  const held = await store.recordHold(
    sub.id,
    cycleDate,
    { oldUnitCents: change.oldCents, newUnitCents: change.newCents, thresholdPercent: sub.priceGuardPercent },
    expiresAt,
    now,
  );
  if (held.created && held.hold && held.sub) {
    const { base, origin } = await mailBase(deps, held.sub);
    const link = async (decision: "accept" | "skip") =>
      deps.secret ? priceAnswerUrl(origin, deps.secret, { holdId: held.hold!.id, subscriptionId: sub.id, decision, expiresAt }) : null;
    await send(
      deps,
      "priceHeld",
      held.sub.email,
      priceGuardMail.held({
        ...base,
        date: formatCycleDate(cycleDate),
        oldPrice: formatUsd(change.oldCents),
        newPrice: formatUsd(change.newCents),
        percent: change.decision.percent,
        threshold: sub.priceGuardPercent,
        deadline: formatCycleDate(new Date(expiresAt.getTime() - 1).toISOString().slice(0, 10)),
        acceptUrl: await link("accept"),
        skipUrl: await link("skip"),
      }),
    );
  }
  deps.log?.info({ subscriptionId: sub.id, cycleDate, oldCents: change.oldCents, newCents: change.newCents }, "autoship renewal held by the price guard");
  return { ok: false, code: "PRICE_HELD", message: "The price rose beyond the customer's price guard: waiting for their answer.", cycleDate, skipped: false };
}
