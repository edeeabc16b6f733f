import { and, asc, eq, gt, gte, inArray, isNotNull, isNull, lt, lte, ne, notInArray, or, sql, type SQL } from "drizzle-orm";
import { addDays, addUtcMonths, dayOf } from "../../../rules/shared/calendar-days";
import { TERMS_REMINDER_INTERVAL_MONTHS } from "../../../rules/autoship/terms";
import {
  afterOutOfStock,
  afterPaymentDecline,
  nextOrderDateAfter,
  nextOrderDateAfterShipNow,
  type AfterOutOfStock,
  type AfterPaymentDecline,
} from "../../../rules/autoship/renewal-schedule";
import { endsHold, holdAfter, transition, type RenewalEvent } from "../../../rules/autoship/subscription-states";
import type { Db } from "../../db/client";
import { autoshipConsents, subscriptionEvents, subscriptionRenewals, subscriptions } from "./schema";
import { markOneTimeItemsPlaced, pendingOneTimeItems } from "./one-time-items";
import { deliveryGroups } from "../../../rules/autoship/delivery-groups";
import type { ConsentRow } from "./consents";

// The renewal engine's side of the autoship module: every read and write of subscriptions,
// subscription_renewals and subscription_events that the renewal workflow
// (server/workflows/renew-subscription.ts) and the runner (server/jobs/autoship-runner.ts) need.
// Each outcome is one transaction holding the subscription's row lock, and every status or hold it
// writes is the one the lifecycle's transition table (rules/autoship/subscription-states.ts) gives.

export type SubscriptionRow = typeof subscriptions.$inferSelect;
export type RenewalTrigger = "schedule" | "ship_now";
type NoChange = { action: "none" };
/** A paid renewal order as the records need it (oneTimeVariantIds: its lines without a plan). */
type PlacedOrder = { id: string; number: string; totalCents: number; discountCodes: readonly string[]; createdAt: Date; oneTimeVariantIds: readonly number[] };

/** A held-out-of-stock subscription that is due but waiting for its retry time: the runner asks the catalog whether its item is back. */
export type HeldForStock = { id: string; variantId: number; quantity: number; zip: string };

const s = subscriptions;

/** rules/autoship/renewal-schedule.ts isCycleDue, in SQL. */
const cycleDueWhere = (today: string) => and(eq(s.status, "active"), lte(s.nextOrderDate, today));

/** rules/autoship/renewal-schedule.ts waitsForRetry, in SQL. */
const waitsForRetryWhere = (now: Date) => gt(s.retryAt, now);

/**
 * rules/autoship/renewal-schedule.ts isRenewalDue, in SQL: the cycle is due and waits for no retry, or it is
 * held out of stock and its item is back (`restocked`: the ids the catalog answered for). Kept in
 * step with the rule by server/jobs/renewal-due.test.ts, which runs one table of states through both.
 */
function renewalDueWhere(now: Date, restocked: readonly string[]) {
  return and(
    cycleDueWhere(dayOf(now)),
    or(isNull(s.retryAt), lte(s.retryAt, now), restocked.length ? and(eq(s.hold, "out_of_stock"), inArray(s.id, [...restocked])) : undefined),
  );
}

/** How many times claimDue looks again when other passes took every box it saw. */
const CLAIM_LOOKS = 5;

/** Nobody holds the renewal lease (or it has lapsed). */
const notLeasedWhere = (now: Date) => or(isNull(s.renewalClaimedUntil), lte(s.renewalClaimedUntil, now));

export function createRenewalStore(db: Db) {
  async function recordEvent(conn: Db, subscriptionId: string, kind: string, detail: Record<string, unknown>, now: Date) {
    await conn.insert(subscriptionEvents).values({ subscriptionId, kind, actor: "system", detail, createdAt: now });
  }

  /** Upserts the cycle's renewal row; answers the row as it was before (undefined: first run of the cycle). */
  async function upsertRenewal(
    tx: Db,
    subscriptionId: string,
    cycleDate: string,
    status: "placed" | "held_out_of_stock" | "payment_failed",
    orderId: string | null,
    now: Date,
  ) {
    const [before] = await tx
      .select()
      .from(subscriptionRenewals)
      .where(and(eq(subscriptionRenewals.subscriptionId, subscriptionId), eq(subscriptionRenewals.cycleDate, cycleDate)))
      .for("update");
    if (before)
      await tx
        .update(subscriptionRenewals)
        .set({ status, orderId: orderId ?? before.orderId, attempts: before.attempts + 1, updatedAt: now })
        .where(eq(subscriptionRenewals.id, before.id));
    else await tx.insert(subscriptionRenewals).values({ subscriptionId, cycleDate, status, orderId, attempts: 1, createdAt: now, updatedAt: now });
    return before;
  }

  /** recordPlaced's work for one subscription, inside the caller's transaction. */
  async function placedIn(tx: Db, subscriptionId: string, cycleDate: string, order: PlacedOrder, now: Date, trigger: RenewalTrigger) {
    const today = dayOf(now);
    const sub = await lockSubscription(tx, subscriptionId);
    if (!sub) throw new Error(`subscription ${subscriptionId} vanished while renewing`);
    const before = await upsertRenewal(tx, sub.id, cycleDate, "placed", order.id, now);
    if (before?.status === "placed") {
      // Recorded by an earlier run, which advanced the subscription in that same transaction. Only a
      // date set back to that cycle since (e.g. to today after a ship now) still points at it: the
      // cycle's order exists, so move on to the next one.
      if (sub.nextOrderDate !== cycleDate) return { nextOrderDate: sub.nextOrderDate, replayed: true };
      const next = nextOrderDateAfter(cycleDate, sub.frequencyWeeks, today);
      await tx.update(subscriptions).set({ nextOrderDate: next, updatedAt: now }).where(eq(subscriptions.id, sub.id));
      return { nextOrderDate: next, replayed: true };
    }
    const next =
      trigger === "ship_now"
        ? nextOrderDateAfterShipNow(today, sub.frequencyWeeks)
        : sub.nextOrderDate === cycleDate
          ? nextOrderDateAfter(cycleDate, sub.frequencyWeeks, today)
          : sub.nextOrderDate; // the customer moved the date while the order was being placed
    // The order stands whatever the customer did meanwhile: record_renewal is allowed from every status.
    const moved = move(sub, "record_renewal")!;
    // The save offer's one-time discount went with this order.
    const spent = sub.saveDiscountCode && order.discountCodes.includes(sub.saveDiscountCode) ? { saveDiscountCode: null, saveDiscountPercent: null } : {};
    await tx
      .update(subscriptions)
      .set({ ...moved, ...spent, nextOrderDate: next, updatedAt: now })
      .where(eq(subscriptions.id, sub.id));
    await markOneTimeItemsPlaced(tx, sub.id, order, now);
    await recordEvent(
      tx,
      sub.id,
      "renewed",
      { trigger, cycleDate, orderId: order.id, orderNumber: order.number, totalCents: order.totalCents, nextOrderDate: next },
      now,
    );
    return { nextOrderDate: next, replayed: false };
  }

  /** One look of claimDue: the first due rows' customers, each under its lock, their boxes leased up to `n` rows. */
  function claimBoxes(open: SQL | undefined, claim: Date, n: number): Promise<{ boxes: string[][]; candidates: number }> {
    return db.transaction(async (tx) => {
      const first = await tx.select({ customerId: s.customerId }).from(s).where(open).orderBy(asc(s.nextOrderDate), asc(s.id)).limit(n);
      const boxes: string[][] = [];
      let taken = 0;
      for (const customerId of [...new Set(first.map((r) => r.customerId))].sort()) {
        if (taken >= n) break;
        await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`renewals-of:${customerId}`}, 0))`);
        const rows = await tx
          .select()
          .from(s)
          .where(and(open, eq(s.customerId, customerId)))
          .orderBy(asc(s.id))
          .for("update");
        const oneTime = await pendingOneTimeItems(
          tx,
          rows.map((r) => r.id),
        );
        const candidates = rows.map((r) => ({
          ...r,
          oneTimeQuantity: oneTime.filter((i) => i.subscriptionId === r.id).reduce((q, i) => q + i.quantity, 0),
        }));
        for (const box of deliveryGroups(candidates)) {
          if (taken >= n) break;
          const ids = box.map((m) => m.id);
          await tx.update(s).set({ renewalClaimedUntil: claim }).where(inArray(s.id, ids));
          boxes.push(ids);
          taken += ids.length;
        }
      }
      return { boxes, candidates: first.length };
    });
  }

  /** Locks the subscription; null when it is gone. */
  async function lockSubscription(tx: Db, id: string): Promise<SubscriptionRow | null> {
    const [row] = await tx.select().from(subscriptions).where(eq(subscriptions.id, id)).for("update");
    return row ?? null;
  }

  /** The engine's move on a locked row, when the transition table allows it from the row's status: status and hold as the table says. */
  function move(sub: SubscriptionRow, event: RenewalEvent) {
    const next = transition(sub.status, event);
    if (!next.ok) return null;
    return { status: next.status, hold: holdAfter(sub.hold, event), ...(endsHold(sub.hold, event) ? { retryAt: null, failedAttempts: 0 } : {}) };
  }

  return {
    /**
     * Takes the renewal lease with one conditional UPDATE: ours when the runner's token (`claim`) is
     * still on the row, or when nobody else holds one. Answers the row, "busy" when another run
     * holds it, null when there is no such subscription.
     */
    async takeLease(subscriptionId: string, lease: Date, now: Date, claim: Date | undefined): Promise<SubscriptionRow | "busy" | null> {
      const [sub] = await db
        .update(subscriptions)
        .set({ renewalClaimedUntil: lease })
        .where(
          and(
            eq(subscriptions.id, subscriptionId),
            claim ? eq(subscriptions.renewalClaimedUntil, claim) : or(isNull(subscriptions.renewalClaimedUntil), lte(subscriptions.renewalClaimedUntil, now)),
          ),
        )
        .returning();
      if (sub) return sub;
      const [exists] = await db.select({ id: subscriptions.id }).from(subscriptions).where(eq(subscriptions.id, subscriptionId));
      return exists ? "busy" : null;
    },

    /** Gives the lease back, unless another run has taken it since (a lapsed lease). */
    async releaseLease(subscriptionId: string, lease: Date): Promise<void> {
      await db
        .update(subscriptions)
        .set({ renewalClaimedUntil: null })
        .where(and(eq(subscriptions.id, subscriptionId), eq(subscriptions.renewalClaimedUntil, lease)));
    },

    /** A renewal of this subscription placed today, by its cycle date or by when it was placed. */
    async placedToday(subscriptionId: string, now: Date): Promise<boolean> {
      const start = new Date(`${dayOf(now)}T00:00:00Z`);
      const end = new Date(start.getTime() + 86_400_000);
      const [row] = await db
        .select({ id: subscriptionRenewals.id })
        .from(subscriptionRenewals)
        .where(
          and(
            eq(subscriptionRenewals.subscriptionId, subscriptionId),
            eq(subscriptionRenewals.status, "placed"),
            or(eq(subscriptionRenewals.cycleDate, dayOf(now)), and(gte(subscriptionRenewals.updatedAt, start), lt(subscriptionRenewals.updatedAt, end))),
          ),
        )
        .limit(1);
      return Boolean(row);
    },

    /** The cycle's order carried the customer's chosen substitute (the usual item was out of stock): history. */
    recordSubstituted: (subscriptionId: string, detail: { cycleDate: string; orderId: string; variantId: number; reason: string }, now: Date) =>
      recordEvent(db, subscriptionId, "substituted", detail, now),

    /** A ship now that could not be placed: history only; the scheduled cycle and its retries stay as they were. */
    recordShipNowFailed: (subscriptionId: string, detail: { code: string; message: string }, now: Date) =>
      recordEvent(db, subscriptionId, "ship_now_failed", detail, now),

    /**
     * The cycle's order is paid: recorded once, with the subscription's advance, under its row lock.
     * `replayed` when an earlier run had recorded it (nothing more is done, but a date set back to
     * that cycle since moves on).
     */
    recordPlaced: (subscriptionId: string, cycleDate: string, order: PlacedOrder, now: Date, trigger: RenewalTrigger) =>
      db.transaction((tx) => placedIn(tx, subscriptionId, cycleDate, order, now, trigger)),

    /**
     * One order renewed several subscriptions' cycle (one box): recorded for each as recordPlaced
     * does, all in ONE transaction (rows locked in id order) — never some members without the others.
     */
    recordPlacedTogether: (subscriptionIds: readonly string[], cycleDate: string, order: PlacedOrder, now: Date) =>
      db.transaction(async (tx) => {
        const recorded = new Map<string, { nextOrderDate: string; replayed: boolean }>();
        for (const id of [...subscriptionIds].sort()) recorded.set(id, await placedIn(tx, id, cycleDate, order, now, "schedule"));
        return recorded;
      }),

    /**
     * The item is out of stock (or no longer sold): the cycle is held, or given up after 7 days.
     * `notify` names the mail to send once committed: the hold's first time in the cycle, or the skip.
     */
    async recordOutOfStock(
      subscriptionId: string,
      cycleDate: string,
      message: string,
      now: Date,
    ): Promise<{ next: AfterOutOfStock | NoChange; sub: SubscriptionRow | null; notify: "heldOutOfStock" | "skippedOutOfStock" | null }> {
      return db.transaction(async (tx) => {
        const sub = await lockSubscription(tx, subscriptionId);
        const none = { next: { action: "none" } as const, sub, notify: null };
        // Paused, cancelled or moved while we tried: the customer's change wins; nothing to hold.
        if (!sub || sub.nextOrderDate !== cycleDate) return none;
        const next = afterOutOfStock({ cycleDate, frequencyWeeks: sub.frequencyWeeks, now });
        const moved = move(sub, next.action === "hold" ? "hold_out_of_stock" : "skip_out_of_stock");
        if (!moved) return none;
        const before = await upsertRenewal(tx, sub.id, cycleDate, "held_out_of_stock", null, now);
        if (next.action === "hold") {
          await tx
            .update(subscriptions)
            .set({ ...moved, retryAt: next.retryAt, updatedAt: now })
            .where(eq(subscriptions.id, sub.id));
          // The customer is told once per cycle, when the hold starts.
          if (before?.status === "held_out_of_stock") return { next, sub, notify: null };
          await recordEvent(tx, sub.id, "held_out_of_stock", { cycleDate, message, retryAt: next.retryAt.toISOString() }, now);
          return { next, sub, notify: "heldOutOfStock" };
        }
        await tx
          .update(subscriptions)
          .set({ ...moved, nextOrderDate: next.nextOrderDate, updatedAt: now })
          .where(eq(subscriptions.id, sub.id));
        await recordEvent(tx, sub.id, "skipped", { reason: "out_of_stock", cycleDate, nextOrderDate: next.nextOrderDate }, now);
        return { next, sub, notify: "skippedOutOfStock" };
      });
    },

    /** The charge was declined: retried later, or the subscription pauses after the last attempt. */
    async recordDeclined(
      subscriptionId: string,
      cycleDate: string,
      reason: string,
      now: Date,
    ): Promise<{ next: AfterPaymentDecline; sub: SubscriptionRow } | { next: NoChange; sub: null }> {
      return db.transaction(async (tx) => {
        const sub = await lockSubscription(tx, subscriptionId);
        if (!sub || sub.nextOrderDate !== cycleDate) return { next: { action: "none" } as const, sub: null };
        const next = afterPaymentDecline(sub.failedAttempts, now);
        const moved = move(sub, next.action === "retry" ? "retry_after_decline" : "pause_after_declines");
        if (!moved) return { next: { action: "none" } as const, sub: null };
        await upsertRenewal(tx, sub.id, cycleDate, "payment_failed", null, now);
        if (next.action === "retry") {
          await tx
            .update(subscriptions)
            .set({ ...moved, failedAttempts: next.failedAttempts, retryAt: next.retryAt, updatedAt: now })
            .where(eq(subscriptions.id, sub.id));
          await recordEvent(tx, sub.id, "payment_failed", { cycleDate, reason, attempt: next.failedAttempts, retryAt: next.retryAt.toISOString() }, now);
        } else {
          await tx
            .update(subscriptions)
            .set({ ...moved, failedAttempts: next.failedAttempts, retryAt: null, updatedAt: now })
            .where(eq(subscriptions.id, sub.id));
          await recordEvent(tx, sub.id, "payment_failed", { cycleDate, reason, attempt: next.failedAttempts }, now);
          await recordEvent(tx, sub.id, "paused", { reason: "payment_failed", attempts: next.failedAttempts }, now);
        }
        return { next, sub };
      });
    },

    /** Neither the card nor the stock: looked at again at `retryAt`. False when the customer's change came first. */
    async recordFailed(subscriptionId: string, cycleDate: string, detail: { reason: string; message: string }, retryAt: Date, now: Date): Promise<boolean> {
      return db.transaction(async (tx) => {
        const sub = await lockSubscription(tx, subscriptionId);
        if (!sub || sub.nextOrderDate !== cycleDate) return false;
        const moved = move(sub, "defer_after_failure");
        if (!moved) return false;
        await tx
          .update(subscriptions)
          .set({ ...moved, retryAt, updatedAt: now })
          .where(eq(subscriptions.id, sub.id));
        await recordEvent(tx, sub.id, "renewal_failed", { cycleDate, ...detail, retryAt: retryAt.toISOString() }, now);
        return true;
      });
    },

    /**
     * A staff renewal the program does not allow now: over the month's allowance (held until
     * `retryAt`, the 1st of next month) or the member no longer in good standing (retried daily).
     * `notify` is true only when this hold starts, so the customer is told once.
     */
    async recordStaffHold(
      subscriptionId: string,
      cycleDate: string,
      hold: "quota_reached" | "not_eligible",
      message: string,
      retryAt: Date,
      now: Date,
    ): Promise<{ sub: SubscriptionRow | null; notify: boolean }> {
      return db.transaction(async (tx) => {
        const sub = await lockSubscription(tx, subscriptionId);
        if (!sub || sub.nextOrderDate !== cycleDate) return { sub, notify: false };
        const moved = move(sub, hold === "quota_reached" ? "hold_quota" : "hold_not_eligible");
        if (!moved) return { sub, notify: false };
        await tx
          .update(subscriptions)
          .set({ ...moved, retryAt, updatedAt: now })
          .where(eq(subscriptions.id, sub.id));
        if (sub.hold === hold) return { sub, notify: false };
        await recordEvent(tx, sub.id, `held_${hold}`, { cycleDate, message, retryAt: retryAt.toISOString() }, now);
        return { sub, notify: true };
      });
    },

    /** The operator dashboard: active subscriptions due today or earlier, and those held (any reason). */
    async dashboardCounts(today: string): Promise<{ due: number; held: number }> {
      const [row] = await db
        .select({
          due: sql<number>`count(*) filter (where ${cycleDueWhere(today)})::int`,
          held: sql<number>`count(*) filter (where ${s.hold} is not null)::int`,
        })
        .from(s)
        .where(eq(s.status, "active"));
      return row;
    },

    /** Boxes of the last days: orders placed that renewed more than one subscription (one box per day, the console's count). */
    async combinedDeliveries(since: Date): Promise<number> {
      const r = subscriptionRenewals;
      const boxes = db
        .select({ orderId: r.orderId })
        .from(r)
        .where(and(eq(r.status, "placed"), isNotNull(r.orderId), gte(r.updatedAt, since)))
        .groupBy(r.orderId)
        .having(sql`count(distinct ${r.subscriptionId}) > 1`)
        .as("boxes");
      const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(boxes);
      return row.n;
    },

    /** Due renewals held out of stock whose retry time has not come: the runner retries those whose item is back. */
    async heldForStock(now: Date, limit: number): Promise<HeldForStock[]> {
      const rows = await db
        .select({ id: s.id, variantId: s.variantId, quantity: s.quantity, address: s.shippingAddress })
        .from(s)
        .where(and(cycleDueWhere(dayOf(now)), eq(s.hold, "out_of_stock"), waitsForRetryWhere(now), notLeasedWhere(now)))
        .orderBy(asc(s.nextOrderDate), asc(s.id))
        .limit(limit);
      return rows.map((r) => ({ id: r.id, variantId: r.variantId, quantity: r.quantity, zip: r.address.zip }));
    },

    /**
     * Claims whole boxes (rules/autoship/delivery-groups.ts): subscriptions whose renewal is due
     * (renewalDueWhere: rules/autoship/renewal-schedule.ts isRenewalDue, `restocked` the holds whose
     * item is back) and that nobody holds the lease of, about `n` of them, a box never split. The
     * customers of the first due rows are taken one at a time under a transaction-scoped advisory
     * lock (in customer id order, so two passes never wait on each other in a circle): the customer's
     * due rows are read, grouped and the first boxes leased in that one transaction, so two passes
     * never take the same row nor group a customer's rows differently — the next pass groups only
     * what is left. The customers another pass claimed meanwhile may leave nothing for this one: it
     * looks again (in a new transaction, so that its locks are always taken in customer id order).
     */
    async claimDue(now: Date, claim: Date, n: number, seen: readonly string[], restocked: readonly string[]): Promise<string[][]> {
      const open = and(renewalDueWhere(now, restocked), notLeasedWhere(now), seen.length ? notInArray(s.id, [...seen]) : undefined);
      for (let look = 0; look < CLAIM_LOOKS; look++) {
        const { boxes, candidates } = await claimBoxes(open, claim, n);
        if (boxes.length || !candidates) return boxes;
      }
      return [];
    },

    /**
     * Reminders due today (rules/autoship/renewal-schedule.ts isReminderDue, in SQL) for up to `n`
     * subscriptions: marked as sent for their cycle and recorded in the history in one transaction;
     * the caller mails them — at most one per cycle.
     */
    async claimDueReminders(now: Date, reminderDays: number, n: number): Promise<SubscriptionRow[]> {
      const today = dayOf(now);
      return db.transaction(async (tx) => {
        const due = tx
          .select({ id: s.id })
          .from(s)
          .where(
            and(
              eq(s.status, "active"),
              gt(s.nextOrderDate, today),
              lte(s.nextOrderDate, addDays(today, reminderDays)),
              or(isNull(s.remindedFor), ne(s.remindedFor, s.nextOrderDate)),
            ),
          )
          .orderBy(asc(s.nextOrderDate), asc(s.id))
          .limit(n)
          .for("update", { skipLocked: true });
        const rows = await tx
          .update(s)
          .set({ remindedFor: sql`${s.nextOrderDate}` })
          .where(inArray(s.id, due))
          .returning();
        if (rows.length)
          await tx.insert(subscriptionEvents).values(
            rows.map((r) => ({
              subscriptionId: r.id,
              kind: "reminder_sent",
              actor: "system" as const,
              detail: { cycleDate: r.nextOrderDate },
              createdAt: now,
            })),
          );
        return rows;
      });
    },

    /**
     * The yearly reminder of the Autoship terms, due for up to `n` active subscriptions: each claimed
     * (FOR UPDATE SKIP LOCKED), its next reminder moved a year on and the history told, in one
     * transaction; the caller mails them — at most one per year. A paused or cancelled subscription
     * waits: it renews nothing until it is active again.
     */
    async claimDueTermsReminders(now: Date, n: number): Promise<(SubscriptionRow & { consent: ConsentRow })[]> {
      return db.transaction(async (tx) => {
        const due = await tx
          .select({ id: autoshipConsents.subscriptionId })
          .from(autoshipConsents)
          .innerJoin(s, eq(s.id, autoshipConsents.subscriptionId))
          .where(and(lte(autoshipConsents.nextReminderAt, now), eq(s.status, "active")))
          .orderBy(asc(autoshipConsents.nextReminderAt))
          .limit(n)
          .for("update", { of: autoshipConsents, skipLocked: true });
        if (!due.length) return [];
        const consents = await tx
          .update(autoshipConsents)
          .set({ lastRemindedAt: now, nextReminderAt: addUtcMonths(now, TERMS_REMINDER_INTERVAL_MONTHS) })
          .where(
            inArray(
              autoshipConsents.subscriptionId,
              due.map((d) => d.id),
            ),
          )
          .returning();
        await tx
          .insert(subscriptionEvents)
          .values(consents.map((c) => ({ subscriptionId: c.subscriptionId, kind: "terms_reminded", actor: "system" as const, detail: {}, createdAt: now })));
        const rows = await tx
          .select()
          .from(s)
          .where(
            inArray(
              s.id,
              consents.map((c) => c.subscriptionId),
            ),
          );
        const consentOf = new Map(consents.map((c) => [c.subscriptionId, c]));
        return rows.map((r) => ({ ...r, consent: consentOf.get(r.id)! }));
      });
    },
  };
}

export type RenewalStore = ReturnType<typeof createRenewalStore>;
