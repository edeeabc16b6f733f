import { and, eq, gte } from "drizzle-orm";
import type { SiteId } from "../../../rules/shared/site";
import type { Db } from "../../db/client";
import { subscriptionEvents, subscriptions } from "./schema";

// The marketing segments' questions to Autoship (server/workflows/campaign-audience.ts), each one
// query answering a set of customer ids.

/** Accounts with an active Autoship on the site (subscriptions_due_idx covers status = 'active'). */
export async function customersWithActiveAutoship(db: Db, site: SiteId): Promise<string[]> {
  const rows = await db
    .selectDistinct({ customerId: subscriptions.customerId })
    .from(subscriptions)
    .where(and(eq(subscriptions.status, "active"), eq(subscriptions.site, site)));
  return rows.map((r) => r.customerId);
}

/** Accounts that cancelled an Autoship on the site since `since` (subscription_events_kind_created_idx). */
export async function customersWhoCancelledAutoship(db: Db, site: SiteId, since: Date): Promise<string[]> {
  const rows = await db
    .selectDistinct({ customerId: subscriptions.customerId })
    .from(subscriptionEvents)
    .innerJoin(subscriptions, eq(subscriptions.id, subscriptionEvents.subscriptionId))
    .where(and(eq(subscriptionEvents.kind, "cancelled"), gte(subscriptionEvents.createdAt, since), eq(subscriptions.site, site)));
  return rows.map((r) => r.customerId);
}
