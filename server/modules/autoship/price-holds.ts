import { and, desc, eq, isNotNull } from "drizzle-orm";
import { nextOrderDateAfter } from "../../../rules/autoship/renewal-schedule";
import { endsHold, holdAfter, transition, type RenewalEvent, type SubscriptionMove } from "../../../rules/autoship/subscription-states";
import { dayOf } from "../../../rules/shared/calendar-days";
import { isUuid } from "../../../rules/shared/ids";
import type { Db } from "../../db/client";
import type { SubscriptionRow } from "./renewals";
import { subscriptionEvents, subscriptionPriceHolds, subscriptionRenewals, subscriptions } from "./schema";

// The price guard's records (rules/autoship/price-guard.ts): a renewal held because its price rose beyond the
// customer's threshold, and its one outcome — accepted (renewed at the new price), skipped by the
// customer, or expired (no answer by the deadline: skipped). Lock order as everywhere in the module:
// the subscription's row, then the hold's. An answer is recorded only while the hold is pending, its
// deadline has not passed and the subscription still waits for that cycle: a link works once.

export type PriceHoldRow = typeof subscriptionPriceHolds.$inferSelect;
export type PriceAnswer = "accept" | "skip";

export type DecideResult =
  | { ok: true; decision: PriceAnswer; sub: SubscriptionRow; hold: PriceHoldRow; nextOrderDate: string }
  | { ok: false; code: "NOT_FOUND" | "USED" | "EXPIRED" | "STALE"; message: string };

const refusals = {
  NOT_FOUND: "This link is not valid.",
  USED: "This renewal was already answered: each link works once.",
  EXPIRED: "This link has expired: the renewal was skipped.",
  STALE: "This renewal is no longer waiting for an answer.",
} as const;
const refuse = (code: keyof typeof refusals) => ({ ok: false as const, code, message: refusals[code] });

/** The subscription's status and hold after a lifecycle move (null when the table refuses it). */
function move(sub: SubscriptionRow, event: SubscriptionMove | RenewalEvent) {
  const next = transition(sub.status, event);
  if (!next.ok) return null;
  return { status: next.status, hold: holdAfter(sub.hold, event), ...(endsHold(sub.hold, event) ? { retryAt: null, failedAttempts: 0 } : {}) };
}

export function createPriceHoldStore(db: Db) {
  async function lockSubscription(tx: Db, id: string): Promise<SubscriptionRow | null> {
    const [row] = await tx.select().from(subscriptions).where(eq(subscriptions.id, id)).for("update");
    return row ?? null;
  }

  /** The cycle's hold moves on: skipped (by the customer or the deadline) to the next date after today. */
  async function skipCycle(tx: Db, sub: SubscriptionRow, hold: PriceHoldRow, status: "skipped" | "expired", now: Date, actor: "customer" | "system") {
    const moved = move(sub, "skip")!;
    const next = nextOrderDateAfter(hold.cycleDate, sub.frequencyWeeks, dayOf(now));
    await tx.update(subscriptionPriceHolds).set({ status, decidedAt: now }).where(eq(subscriptionPriceHolds.id, hold.id));
    await tx
      .update(subscriptions)
      .set({ ...moved, retryAt: null, nextOrderDate: next, updatedAt: now })
      .where(eq(subscriptions.id, sub.id));
    await tx.insert(subscriptionEvents).values({
      subscriptionId: sub.id,
      kind: "skipped",
      actor,
      detail: { reason: status === "expired" ? "price_rise_no_answer" : "price_rise", cycleDate: hold.cycleDate, nextOrderDate: next },
      createdAt: now,
    });
    return next;
  }

  return {
    /** The order the subscription's last delivery came from: its latest placed renewal, else the order that started it. */
    async lastOrderOf(sub: Pick<SubscriptionRow, "id" | "originOrderId">): Promise<string | null> {
      const [row] = await db
        .select({ orderId: subscriptionRenewals.orderId })
        .from(subscriptionRenewals)
        .where(and(eq(subscriptionRenewals.subscriptionId, sub.id), eq(subscriptionRenewals.status, "placed"), isNotNull(subscriptionRenewals.orderId)))
        .orderBy(desc(subscriptionRenewals.cycleDate))
        .limit(1);
      return row?.orderId ?? sub.originOrderId;
    },

    async holdFor(subscriptionId: string, cycleDate: string): Promise<PriceHoldRow | null> {
      const [row] = await db
        .select()
        .from(subscriptionPriceHolds)
        .where(and(eq(subscriptionPriceHolds.subscriptionId, subscriptionId), eq(subscriptionPriceHolds.cycleDate, cycleDate)));
      return row ?? null;
    },

    async byId(holdId: string): Promise<PriceHoldRow | null> {
      if (!isUuid(holdId)) return null;
      const [row] = await db.select().from(subscriptionPriceHolds).where(eq(subscriptionPriceHolds.id, holdId));
      return row ?? null;
    },

    /** The customer's pending hold (My Autoships shows it with its two answers). */
    async pendingOf(subscriptionId: string): Promise<PriceHoldRow | null> {
      const [row] = await db
        .select()
        .from(subscriptionPriceHolds)
        .where(and(eq(subscriptionPriceHolds.subscriptionId, subscriptionId), eq(subscriptionPriceHolds.status, "pending")))
        .orderBy(desc(subscriptionPriceHolds.cycleDate))
        .limit(1);
      return row ?? null;
    },

    /**
     * Holds the cycle: the record (once per cycle, by its unique key), the subscription's price_rise
     * hold looked at again at the deadline, a history entry. `created` is false when it was held
     * before (no second mail) or the customer changed the subscription meanwhile (nothing held).
     */
    async recordHold(
      subscriptionId: string,
      cycleDate: string,
      price: { oldUnitCents: number; newUnitCents: number; thresholdPercent: number },
      expiresAt: Date,
      now: Date,
    ): Promise<{ created: boolean; hold: PriceHoldRow | null; sub: SubscriptionRow | null }> {
      return db.transaction(async (tx) => {
        const sub = await lockSubscription(tx, subscriptionId);
        if (!sub || sub.nextOrderDate !== cycleDate) return { created: false, hold: null, sub };
        const moved = move(sub, "hold_price_rise");
        if (!moved) return { created: false, hold: null, sub };
        const [hold] = await tx
          .insert(subscriptionPriceHolds)
          .values({ subscriptionId, cycleDate, ...price, expiresAt, createdAt: now })
          .onConflictDoNothing()
          .returning();
        if (!hold) return { created: false, hold: null, sub };
        await tx
          .update(subscriptions)
          .set({ ...moved, retryAt: expiresAt, updatedAt: now })
          .where(eq(subscriptions.id, sub.id));
        await tx.insert(subscriptionEvents).values({
          subscriptionId,
          kind: "held_price_rise",
          actor: "system",
          detail: { cycleDate, ...price, expiresAt: expiresAt.toISOString() },
          createdAt: now,
        });
        return { created: true, hold, sub };
      });
    },

    /**
     * The customer's answer to a held renewal, once. `customerId` (My Autoships) must own the
     * subscription; a signed link names the subscription and the hold, which must belong together.
     */
    async decide(p: { holdId: string; subscriptionId: string; decision: PriceAnswer; now: Date; customerId?: string }): Promise<DecideResult> {
      if (!isUuid(p.holdId) || !isUuid(p.subscriptionId)) return refuse("NOT_FOUND");
      return db.transaction(async (tx): Promise<DecideResult> => {
        const sub = await lockSubscription(tx, p.subscriptionId);
        if (!sub || (p.customerId !== undefined && sub.customerId !== p.customerId)) return refuse("NOT_FOUND");
        const [hold] = await tx
          .select()
          .from(subscriptionPriceHolds)
          .where(and(eq(subscriptionPriceHolds.id, p.holdId), eq(subscriptionPriceHolds.subscriptionId, sub.id)))
          .for("update");
        if (!hold) return refuse("NOT_FOUND");
        if (hold.status !== "pending") return refuse("USED");
        if (hold.expiresAt <= p.now) return refuse("EXPIRED");
        if (sub.status !== "active" || sub.nextOrderDate !== hold.cycleDate || sub.hold !== "price_rise") return refuse("STALE");
        if (p.decision === "skip") {
          const next = await skipCycle(tx, sub, hold, "skipped", p.now, "customer");
          return { ok: true, decision: "skip", sub, hold, nextOrderDate: next };
        }
        const moved = move(sub, "accept_price_rise")!;
        await tx.update(subscriptionPriceHolds).set({ status: "accepted", decidedAt: p.now }).where(eq(subscriptionPriceHolds.id, hold.id));
        // Due again at once: the renewal that follows is placed at the price the customer accepted.
        await tx
          .update(subscriptions)
          .set({ ...moved, retryAt: null, updatedAt: p.now })
          .where(eq(subscriptions.id, sub.id));
        await tx.insert(subscriptionEvents).values({
          subscriptionId: sub.id,
          kind: "price_rise_accepted",
          actor: "customer",
          detail: { cycleDate: hold.cycleDate, newUnitCents: hold.newUnitCents },
          createdAt: p.now,
        });
        return { ok: true, decision: "accept", sub, hold, nextOrderDate: sub.nextOrderDate };
      });
    },

    /** No answer by the deadline: the cycle is skipped (once). Null when there was nothing to expire. */
    async expire(subscriptionId: string, cycleDate: string, now: Date): Promise<{ sub: SubscriptionRow; hold: PriceHoldRow; nextOrderDate: string } | null> {
      return db.transaction(async (tx) => {
        const sub = await lockSubscription(tx, subscriptionId);
        if (!sub || sub.nextOrderDate !== cycleDate || sub.status !== "active") return null;
        const [hold] = await tx
          .select()
          .from(subscriptionPriceHolds)
          .where(and(eq(subscriptionPriceHolds.subscriptionId, sub.id), eq(subscriptionPriceHolds.cycleDate, cycleDate)))
          .for("update");
        if (!hold || hold.status !== "pending" || hold.expiresAt > now) return null;
        const next = await skipCycle(tx, sub, hold, "expired", now, "system");
        return { sub, hold, nextOrderDate: next };
      });
    },
  };
}

export type PriceHoldStore = ReturnType<typeof createPriceHoldStore>;
