import { and, asc, eq, gt, lte, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { subscriptionEvents, subscriptions } from "./schema";

// The one read of cancellations for the win-back mail (server/workflows/marketing-automations.ts):
// each `cancelled` event in a window, with its reason, for subscriptions still cancelled (one
// reactivated since is back and needs no win-back). The event id names the cancellation: a
// subscription cancelled, reactivated and cancelled again has two.

export type Cancellation = {
  eventId: number;
  subscriptionId: string;
  site: "d2c" | "hpsf";
  customerId: string;
  email: string;
  reason: string | null;
  at: Date;
};

/** Cancellations made in (after, before], oldest first (subscription_events_kind_created_idx); `from`: the page after this one. */
export async function cancellationsBetween(
  db: Db,
  q: { after: Date; before: Date; limit: number; from?: Pick<Cancellation, "eventId"> },
): Promise<Cancellation[]> {
  return db
    .select({
      eventId: subscriptionEvents.id,
      subscriptionId: subscriptions.id,
      site: subscriptions.site,
      customerId: subscriptions.customerId,
      email: subscriptions.email,
      reason: sql<string | null>`coalesce(${subscriptionEvents.detail}->>'reason', ${subscriptions.cancelReason})`,
      at: subscriptionEvents.createdAt,
    })
    .from(subscriptionEvents)
    .innerJoin(subscriptions, eq(subscriptions.id, subscriptionEvents.subscriptionId))
    .where(
      and(
        eq(subscriptionEvents.kind, "cancelled"),
        gt(subscriptionEvents.createdAt, q.after),
        lte(subscriptionEvents.createdAt, q.before),
        eq(subscriptions.status, "cancelled"),
        // The cursor's own row is read back: a JavaScript Date holds milliseconds, the column microseconds.
        q.from
          ? sql`(${subscriptionEvents.createdAt}, ${subscriptionEvents.id}) > (select e.created_at, e.id from ${subscriptionEvents} e where e.id = ${q.from.eventId})`
          : undefined,
      ),
    )
    .orderBy(asc(subscriptionEvents.createdAt), asc(subscriptionEvents.id))
    .limit(q.limit);
}
