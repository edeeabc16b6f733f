import { randomUUID } from "node:crypto";
import { asc, eq, inArray, like } from "drizzle-orm";
import type { Db } from "../db/client";
import { orderLines, orderRefunds, orders, type OrderStatus } from "../modules/orders/schema";

// Orders as stored, for tests that check what was (or was not) placed.

export const ordersOf = (db: Db, customerId: string) => db.select().from(orders).where(eq(orders.customerId, customerId));

export const ordersByEmail = (db: Db, email: string) => db.select().from(orders).where(eq(orders.email, email));

/** The orders checked out from these carts. */
export const ordersOfCarts = (db: Db, cartIds: string[]) => db.select().from(orders).where(inArray(orders.cartId, cartIds));

/** The orders placed from the cart: a paid one at most, and declined attempts. */
export const ordersOfCart = (db: Db, cartId: string) => ordersOfCarts(db, [cartId]);

export async function storedOrder(db: Db, orderId: string) {
  const [row] = await db.select().from(orders).where(eq(orders.id, orderId));
  return row;
}

/** The order's lines, in their position order. */
export const linesOf = (db: Db, orderId: string) => db.select().from(orderLines).where(eq(orderLines.orderId, orderId)).orderBy(asc(orderLines.position));

/** The refunds made on the order, oldest first. */
export const refundsOf = (db: Db, orderId: string) =>
  db.select().from(orderRefunds).where(eq(orderRefunds.orderId, orderId)).orderBy(asc(orderRefunds.createdAt));

/** A stored order changed in place: the state a test needs that no workflow would leave. */
export async function changeOrder(db: Db, orderId: string, change: Partial<typeof orders.$inferInsert>): Promise<void> {
  await db.update(orders).set(change).where(eq(orders.id, orderId));
}

export async function changeOrderLine(db: Db, lineId: string, change: Partial<typeof orderLines.$inferInsert>): Promise<void> {
  await db.update(orderLines).set(change).where(eq(orderLines.id, lineId));
}

const anyAddress = { firstName: "", lastName: "", address1: "1", address2: "", city: "A", provinceCode: "CO", zip: "80011", countryCode: "US", phone: null };

/** A paid d2c order of the customer with one autoship line of the variant: the customer already has an Autoship. */
export async function aPaidAutoshipOrder(db: Db, customerId: string, variantId: number): Promise<void> {
  const [o] = await db
    .insert(orders)
    .values({
      site: "d2c",
      customerId,
      email: "x@example.test",
      cartId: randomUUID(),
      status: "paid",
      shippingMethod: "standard",
      shippingAddress: anyAddress,
      billingAddress: anyAddress,
      warehouseCode: "DEN",
      subtotalCents: 1000,
      discountCents: 0,
      shippingCents: 0,
      serviceChargeCents: 0,
      taxCents: 0,
      totalCents: 1000,
      idempotencyKey: randomUUID(),
    })
    .returning({ id: orders.id });
  await db.insert(orderLines).values({
    orderId: o.id,
    position: 0,
    variantId,
    sku: "X",
    title: "X",
    productTitle: "X",
    quantity: 1,
    sellingPlanId: "autoship-4w",
    unitPriceCents: 1000,
    subtotalCents: 1000,
    discountCents: 0,
    taxCents: 0,
  });
}

/** The order stored under a checkout's idempotency key, if any. */
export async function orderUnderKey(db: Db, idempotencyKey: string) {
  const [row] = await db.select().from(orders).where(eq(orders.idempotencyKey, idempotencyKey));
  return row;
}

/** The orders a subscription's renewals placed (their key is `renewal:<subscription>:<cycle date>`), oldest first. */
export const renewalOrdersOf = (db: Db, subscriptionId: string, cycleDate = "%") =>
  db
    .select()
    .from(orders)
    .where(like(orders.idempotencyKey, `renewal:${subscriptionId}:${cycleDate}`))
    .orderBy(asc(orders.createdAt));

/** Every renewal order's key and status, of one cycle date when given. */
export const renewalOrders = (db: Db, cycleDate = "%") =>
  db
    .select({ key: orders.idempotencyKey, status: orders.status })
    .from(orders)
    .where(like(orders.idempotencyKey, `renewal:%:${cycleDate}`));

/** A line of a dated order: the variant, how many, their pounds and how many of them were refunded. */
export type DatedLine = { variantId: number; quantity: number; weightLb?: number; refundedQuantity?: number };

/**
 * An order placed at an instant in the past, as the figures see it: its site, status, total and the
 * money refunded from it, its customer and lines. For tests of the console's trends.
 */
export async function anOrderPlacedAt(
  db: Db,
  o: {
    at: string;
    variantId: number;
    site?: "d2c" | "hpsf";
    status?: OrderStatus;
    totalCents?: number;
    refundedCents?: number;
    customerId?: string;
    lines?: DatedLine[];
  },
): Promise<string> {
  const createdAt = new Date(o.at);
  const totalCents = o.totalCents ?? 1000;
  const [row] = await db
    .insert(orders)
    .values({
      site: o.site ?? "d2c",
      customerId: o.customerId ?? null,
      email: "x@example.test",
      cartId: randomUUID(),
      status: o.status ?? "paid",
      shippingMethod: "standard",
      shippingAddress: anyAddress,
      billingAddress: anyAddress,
      warehouseCode: "DEN",
      subtotalCents: totalCents,
      discountCents: 0,
      shippingCents: 0,
      serviceChargeCents: 0,
      taxCents: 0,
      totalCents,
      refundedCents: o.refundedCents ?? 0,
      idempotencyKey: randomUUID(),
      createdAt,
      updatedAt: createdAt,
    })
    .returning({ id: orders.id });
  const lines = o.lines ?? [{ variantId: o.variantId, quantity: 1 }];
  await db.insert(orderLines).values(
    lines.map((l, position) => ({
      orderId: row.id,
      position,
      variantId: l.variantId,
      sku: "X",
      title: "X",
      productTitle: "X",
      quantity: l.quantity,
      unitPriceCents: 0,
      subtotalCents: 0,
      discountCents: 0,
      taxCents: 0,
      weightLb: l.weightLb ?? 0,
      refundedQuantity: l.refundedQuantity ?? 0,
    })),
  );
  return row.id;
}
