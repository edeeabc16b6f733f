import { and, asc, eq, inArray, isNull, lte, sql } from "drizzle-orm";
import { oneTimeAddRefusal, type OneTimeAdd } from "../../../rules/autoship/one-time-items";
import { EXCLUDED_PRODUCT_TYPE } from "../../../rules/catalog/product-types";
import type { Clock } from "../../clock";
import type { Db } from "../../db/client";
import type { CatalogService } from "../catalog";
import { subscriptionEvents, subscriptionOneTimeItems, subscriptions } from "./schema";

// One-time items on the next Autoship delivery. Added and removed by the owner under the
// subscription's row lock, so the delivery's limits hold however many requests race, and refused
// while the renewal engine is placing that delivery (its lease): an item is either in the order
// being placed or waits for the next one. The renewal's cart takes every pending item
// (pendingOneTimeItems) and recordPlaced marks those the order took (markOneTimeItemsPlaced).

const items = subscriptionOneTimeItems;

export type OneTimeResult = { ok: true; subscriptionId: string } | { ok: false; code: "NOT_FOUND" | "INVALID" | "NOT_ALLOWED"; field: string; message: string };

const notFound = (field = "subscriptionId"): OneTimeResult => ({ ok: false, code: "NOT_FOUND", field, message: "No such Autoship." });

export function createOneTimeItems(deps: { db: Db; catalog: Pick<CatalogService, "variantsForCart">; clock: Clock }) {
  const { db } = deps;

  /** The named subscription of the customer, or their next active delivery (the product page's "add to my next delivery"). */
  async function target(customerId: string, subscriptionId: string | undefined) {
    const [s] = await db
      .select({ id: subscriptions.id, site: subscriptions.site })
      .from(subscriptions)
      .where(
        and(
          eq(subscriptions.customerId, customerId),
          subscriptionId ? eq(subscriptions.id, subscriptionId) : and(eq(subscriptions.status, "active"), isNull(subscriptions.hold)),
        ),
      )
      .orderBy(asc(subscriptions.nextOrderDate), asc(subscriptions.id))
      .limit(1);
    return s ?? null;
  }

  /** Under the subscription's lock: the owner's, active, not being renewed right now. */
  async function lockOwned(tx: Db, customerId: string, subscriptionId: string) {
    const [s] = await tx
      .select()
      .from(subscriptions)
      .where(and(eq(subscriptions.id, subscriptionId), eq(subscriptions.customerId, customerId)))
      .for("update");
    if (!s) return notFound();
    if (s.status !== "active")
      return { ok: false as const, code: "NOT_ALLOWED" as const, field: "intent", message: "Only an active Autoship takes one-time items." };
    if (s.renewalClaimedUntil && s.renewalClaimedUntil > deps.clock())
      return {
        ok: false as const,
        code: "NOT_ALLOWED" as const,
        field: "intent",
        message: "Your Autoship order is being placed right now. Please try again in a few minutes.",
      };
    return s;
  }

  async function add(customerId: string, input: OneTimeAdd): Promise<OneTimeResult> {
    const s = await target(customerId, input.subscriptionId);
    if (!s)
      return input.subscriptionId ? notFound() : { ok: false, code: "NOT_FOUND", field: "variantId", message: "You have no active Autoship to add this to." };
    // The catalogue's answer does not depend on the row: asked before the lock.
    const v = (await deps.catalog.variantsForCart([input.variantId], s.site)).get(input.variantId);
    if (!v || v.product.productType === EXCLUDED_PRODUCT_TYPE)
      return { ok: false, code: "INVALID", field: "variantId", message: "This item cannot be added to a delivery." };
    return db.transaction(async (tx): Promise<OneTimeResult> => {
      const locked = await lockOwned(tx, customerId, s.id);
      if ("ok" in locked) return locked;
      const pending = await tx
        .select()
        .from(items)
        .where(and(eq(items.subscriptionId, s.id), isNull(items.placedAt)));
      const same = pending.find((p) => p.variantId === input.variantId);
      const refused = oneTimeAddRefusal({
        deliveryItems: locked.quantity + pending.reduce((n, p) => n + p.quantity, 0),
        sameItem: (same?.quantity ?? 0) + (locked.variantId === input.variantId ? locked.quantity : 0),
        adding: input.quantity,
      });
      if (refused) return { ok: false, code: "INVALID", field: "quantity", message: refused };
      if (same)
        await tx
          .update(items)
          .set({ quantity: same.quantity + input.quantity, updatedAt: sql`now()` })
          .where(eq(items.id, same.id));
      else await tx.insert(items).values({ subscriptionId: s.id, variantId: input.variantId, quantity: input.quantity });
      await tx.insert(subscriptionEvents).values({
        subscriptionId: s.id,
        kind: "one_time_added",
        actor: "customer",
        detail: { variantId: input.variantId, sku: v.sku, quantity: input.quantity },
      });
      return { ok: true, subscriptionId: s.id };
    });
  }

  async function remove(customerId: string, itemId: string): Promise<OneTimeResult> {
    const [item] = await db.select().from(items).where(eq(items.id, itemId));
    if (!item) return notFound("itemId");
    return db.transaction(async (tx): Promise<OneTimeResult> => {
      const locked = await lockOwned(tx, customerId, item.subscriptionId);
      if ("ok" in locked) return locked;
      const [gone] = await tx
        .delete(items)
        .where(and(eq(items.id, itemId), isNull(items.placedAt)))
        .returning();
      if (!gone) return { ok: false, code: "NOT_ALLOWED", field: "itemId", message: "This item was already ordered with your last delivery." };
      await tx.insert(subscriptionEvents).values({
        subscriptionId: gone.subscriptionId,
        kind: "one_time_removed",
        actor: "customer",
        detail: { variantId: gone.variantId, quantity: gone.quantity },
      });
      return { ok: true, subscriptionId: gone.subscriptionId };
    });
  }

  return { add, remove };
}

/** The items waiting for each subscription's next delivery. */
export function pendingOneTimeItems(conn: Db, subscriptionIds: readonly string[]) {
  if (!subscriptionIds.length) return Promise.resolve([]);
  return conn
    .select({ id: items.id, subscriptionId: items.subscriptionId, variantId: items.variantId, quantity: items.quantity })
    .from(items)
    .where(and(inArray(items.subscriptionId, [...subscriptionIds]), isNull(items.placedAt)))
    .orderBy(asc(items.createdAt));
}

/**
 * Inside recordPlaced's transaction: the pending items the renewal order took — an item of the
 * order's one-time lines, last changed before the order was created (changes are refused while the
 * renewal holds its lease; one made after a crashed run's lease lapsed waits for the next delivery,
 * as does one the renewal had to leave out).
 */
export async function markOneTimeItemsPlaced(
  tx: Db,
  subscriptionId: string,
  order: { id: string; createdAt: Date; oneTimeVariantIds: readonly number[] },
  now: Date,
): Promise<void> {
  if (!order.oneTimeVariantIds.length) return;
  await tx
    .update(items)
    .set({ orderId: order.id, placedAt: now })
    .where(
      and(
        eq(items.subscriptionId, subscriptionId),
        isNull(items.placedAt),
        inArray(items.variantId, [...order.oneTimeVariantIds]),
        lte(items.updatedAt, order.createdAt),
      ),
    );
}
