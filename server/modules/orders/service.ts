import { moneyOf, type Money } from "../../../rules/shared/money";
import { and, asc, desc, eq, ilike, inArray, lt, ne, notInArray, or, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { refundsOf } from "./refunds";
import { orderView, type OrderRow, type OrderView } from "./view";
import { orderLines, orderPurchaseEvents, orders, type OrderStatus } from "./schema";
import { isUuid } from "../../../rules/shared/ids";
import { QUOTA_ORDER_STATUSES, SOLD_ORDER_STATUSES } from "../../../rules/checkout/order-statuses";

// Reading orders for their owner (SPEC §7 get-storefront-orders / last-order / order). Every read
// is scoped to the customer: another customer's order is simply not found.

export { orderView, type OrderLineRow, type OrderRow, type OrderView } from "./view";
export { recordRefund, refundableLines } from "./refunds";
export { cancel, markDelivered, markFulfilled, markShipped, refund, type Transition } from "./status";
export type { OrderAddress, OrderStatus } from "./schema";
export {
  donationTrackingIdOf,
  insertPlacedOrder,
  liveOrderIdFor,
  lockBuyer,
  lockOrder,
  lockOrderByRef,
  markOrderDeclined,
  markOrderPaid,
  orderLineRef,
  orderViewById,
  setOrderStatus,
  type NewOrder,
  type NewOrderLine,
} from "./steps";

/** Orders the customer sees: not the ones still waiting for their payment, nor declined attempts. */
const VISIBLE: OrderStatus[] = ["paid", "fulfilled", "shipped", "delivered", "cancelled", "refunded"];
/** A customer's orders as they see them (never a declined or pending attempt), and the newest first. */
const visibleOf = (customerId: string) => and(eq(orders.customerId, customerId), inArray(orders.status, VISIBLE));
const NEWEST_FIRST = [desc(orders.createdAt), desc(orders.id)] as const;
const NOT_DECLINED = ne(orders.status, "declined");

type Cursor = { t: string; id: string };
const encodeCursor = (o: OrderRow) => Buffer.from(JSON.stringify({ t: o.createdAt.toISOString(), id: o.id } satisfies Cursor)).toString("base64url");
const CURSOR_EARLIEST = Date.UTC(2000, 0, 1);
const CURSOR_LATEST = Date.UTC(9999, 11, 31);
function decodeCursor(s: string): Cursor | null {
  try {
    const c = JSON.parse(Buffer.from(s, "base64url").toString()) as Cursor;
    // A date the database can hold (JavaScript's reach far beyond PostgreSQL's timestamps): a forged one is a bad cursor.
    const at = typeof c.t === "string" ? Date.parse(c.t) : NaN;
    return typeof c.id === "string" && at >= CURSOR_EARLIEST && at <= CURSOR_LATEST && isUuid(c.id) ? c : null;
  } catch {
    return null;
  }
}

/** An order's lines in order; `conn` lets a workflow read them inside its transaction (place-order's pay step). */
export async function linesOf(conn: Db, orderId: string) {
  return conn.select().from(orderLines).where(eq(orderLines.orderId, orderId)).orderBy(asc(orderLines.position));
}

const CONSOLE_SORT_COLUMNS = {
  placed: orders.createdAt,
  number: orders.createdAt,
  email: orders.email,
  status: orders.status,
  total: orders.totalCents,
} as const;

/** The console list's order: the column asked for (numbers follow the placing order), then a stable tie-break. */
function consoleOrder(sort: { key: keyof typeof CONSOLE_SORT_COLUMNS; dir: "asc" | "desc" }) {
  const by = sort.dir === "asc" ? asc : desc;
  return [by(CONSOLE_SORT_COLUMNS[sort.key]), by(orders.createdAt), by(orders.id)];
}

export function createOrdersService(db: Db) {
  async function withLines(rows: OrderRow[]): Promise<OrderView[]> {
    if (!rows.length) return [];
    const lines = await db
      .select()
      .from(orderLines)
      .where(
        inArray(
          orderLines.orderId,
          rows.map((r) => r.id),
        ),
      )
      .orderBy(asc(orderLines.position));
    return rows.map((o) =>
      orderView(
        o,
        lines.filter((l) => l.orderId === o.id),
      ),
    );
  }

  return {
    /** Newest first, `quantity` per page; `query` matches the order number. Null when the cursor is malformed. */
    async listForCustomer(customerId: string, p: { quantity: number; cursor?: string | null; query?: string }) {
      const cursor = p.cursor ? decodeCursor(p.cursor) : null;
      if (p.cursor && !cursor) return null;
      const q = (p.query ?? "").trim();
      const rows = await db
        .select()
        .from(orders)
        .where(
          and(
            eq(orders.customerId, customerId),
            inArray(orders.status, VISIBLE),
            q ? ilike(orders.number, `%${q.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`) : undefined,
            cursor ? or(lt(orders.createdAt, new Date(cursor.t)), and(eq(orders.createdAt, new Date(cursor.t)), lt(orders.id, cursor.id))) : undefined,
          ),
        )
        .orderBy(desc(orders.createdAt), desc(orders.id))
        .limit(p.quantity + 1);
      const page = rows.slice(0, p.quantity);
      const nodes = await withLines(page);
      const hasNextPage = rows.length > p.quantity;
      return {
        edges: nodes.map((node, i) => ({ cursor: encodeCursor(page[i]), node })),
        nodes,
        pageInfo: {
          hasNextPage,
          hasPreviousPage: Boolean(cursor),
          startCursor: page.length ? encodeCursor(page[0]) : null,
          endCursor: page.length ? encodeCursor(page[page.length - 1]) : null,
        },
      };
    },

    async lastForCustomer(customerId: string): Promise<OrderView | null> {
      const rows = await db
        .select()
        .from(orders)
        .where(visibleOf(customerId))
        .orderBy(...NEWEST_FIRST)
        .limit(1);
      return (await withLines(rows))[0] ?? null;
    },

    /** The customer's latest order as the account dashboard names it: number, status and total; one query. */
    async latestSummaryForCustomer(customerId: string): Promise<{ number: string; status: OrderStatus; totalPrice: Money } | null> {
      const [row] = await db
        .select({ number: orders.number, status: orders.status, totalCents: orders.totalCents })
        .from(orders)
        .where(visibleOf(customerId))
        .orderBy(...NEWEST_FIRST)
        .limit(1);
      return row ? { number: row.number, status: row.status, totalPrice: moneyOf(row.totalCents) } : null;
    },

    /** By id (uuid) or number ("KC-100001"), only the customer's own. */
    async getForCustomer(customerId: string, idOrNumber: string): Promise<OrderView | null> {
      const byId = isUuid(idOrNumber);
      const rows = await db
        .select()
        .from(orders)
        .where(and(eq(orders.customerId, customerId), inArray(orders.status, VISIBLE), byId ? eq(orders.id, idOrNumber) : eq(orders.number, idOrNumber)));
      return (await withLines(rows))[0] ?? null;
    },

    /**
     * By id, whoever placed it. Only for callers that proved the right to see it some other way
     * (the checkout's signed receipt cookie); customers' pages use getForCustomer.
     */
    async getByIdUnchecked(orderId: string): Promise<OrderView | null> {
      if (!isUuid(orderId)) return null;
      const rows = await db
        .select()
        .from(orders)
        .where(and(eq(orders.id, orderId), inArray(orders.status, VISIBLE)));
      return (await withLines(rows))[0] ?? null;
    },

    /**
     * Claims the analytics purchase event of an order for the one page view that sends it: true the
     * first time, false ever after (a reload, another tab, a later visit), even when asked at once
     * (the primary key decides). At most once: a view that claims it but never runs its script loses
     * the event rather than risk counting the revenue twice.
     */
    async claimPurchaseEvent(orderId: string): Promise<boolean> {
      if (!isUuid(orderId)) return false;
      const claimed = await db.insert(orderPurchaseEvents).values({ orderId }).onConflictDoNothing().returning({ orderId: orderPurchaseEvents.orderId });
      return claimed.length === 1;
    },

    /** The order placed under this idempotency key (its cart and buyer, for the replay check), or null. */
    async byIdempotencyKey(idempotencyKey: string): Promise<{ id: string; cartId: string; customerId: string | null } | null> {
      const [row] = await db
        .select({ id: orders.id, cartId: orders.cartId, customerId: orders.customerId })
        .from(orders)
        .where(and(eq(orders.idempotencyKey, idempotencyKey), NOT_DECLINED));
      return row ?? null;
    },

    /** The cart the order placed under this idempotency key was made from (its status aside), or null when there is none. */
    async cartIdForIdempotencyKey(idempotencyKey: string): Promise<string | null> {
      const [row] = await db
        .select({ cartId: orders.cartId })
        .from(orders)
        .where(and(eq(orders.idempotencyKey, idempotencyKey), NOT_DECLINED));
      return row?.cartId ?? null;
    },

    /**
     * What one unit of a variant cost on an order (its line's price as charged, before codes), or
     * null when the order has no line of it: the Autoship price guard compares renewals with it.
     */
    async unitPriceOf(orderId: string, variantId: number): Promise<number | null> {
      const [row] = await db
        .select({ cents: orderLines.unitPriceCents })
        .from(orderLines)
        .where(and(eq(orderLines.orderId, orderId), eq(orderLines.variantId, variantId)))
        .limit(1);
      return row?.cents ?? null;
    },

    /** Whether an order (in any status but declined) was made from this cart. */
    async existsForCart(cartId: string): Promise<boolean> {
      const [row] = await db
        .select({ id: orders.id })
        .from(orders)
        .where(and(eq(orders.cartId, cartId), NOT_DECLINED))
        .limit(1);
      return Boolean(row);
    },

    /**
     * SPEC §4 AUTO35: whether the customer already has an Autoship order — paid or later, or placed
     * and being paid right now (so two checkouts racing cannot both count as the first). `conn` lets
     * place-order ask inside its transaction, under its per-customer lock.
     */
    async hasSubscriptionOrder(customerId: string, conn: Db = db): Promise<boolean> {
      const [row] = await conn
        .select({ one: sql<number>`1` })
        .from(orders)
        .innerJoin(orderLines, eq(orderLines.orderId, orders.id))
        .where(and(eq(orders.customerId, customerId), inArray(orders.status, [...VISIBLE, "placed"]), sql`${orderLines.sellingPlanId} is not null`))
        .limit(1);
      return Boolean(row);
    },

    /**
     * The operator console's order list: newest first or as sorted, a page at a time, searched by number, e-mail
     * or SKU and filtered by status, site and Autoship — one query for the page, one for the count.
     */
    async consoleList(p: {
      q?: string;
      status?: OrderStatus | null;
      site?: "d2c" | "hpsf" | null;
      autoship?: boolean | null;
      sort?: { key: "placed" | "number" | "email" | "status" | "total"; dir: "asc" | "desc" };
      page: number;
      pageSize: number;
    }) {
      const q = (p.q ?? "").trim();
      const like = `%${q.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
      const where = and(
        q
          ? or(
              ilike(orders.number, like),
              ilike(orders.email, like),
              sql`exists (select 1 from ${orderLines} where ${orderLines.orderId} = ${orders.id} and ${orderLines.sku} ilike ${like})`,
            )
          : undefined,
        // Declined attempts only when asked for: they were never orders to the shopper.
        p.status ? eq(orders.status, p.status) : NOT_DECLINED,
        p.site ? eq(orders.site, p.site) : undefined,
        p.autoship == null
          ? undefined
          : sql`${p.autoship ? sql`` : sql`not`} exists (select 1 from ${orderLines} where ${orderLines.orderId} = ${orders.id} and ${orderLines.sellingPlanId} is not null)`,
      );
      const [rows, [{ total }]] = await Promise.all([
        db
          .select({
            id: orders.id,
            number: orders.number,
            site: orders.site,
            status: orders.status,
            email: orders.email,
            totalCents: orders.totalCents,
            createdAt: orders.createdAt,
          })
          .from(orders)
          .where(where)
          .orderBy(...consoleOrder(p.sort ?? { key: "placed", dir: "desc" }))
          .limit(p.pageSize)
          .offset((p.page - 1) * p.pageSize),
        db
          .select({ total: sql<number>`count(*)::int` })
          .from(orders)
          .where(where),
      ]);
      return { rows, total };
    },

    /** Any order by id, whatever its status (the operator console). */
    async consoleGet(orderId: string) {
      if (!isUuid(orderId)) return null;
      const [o] = await db.select().from(orders).where(eq(orders.id, orderId));
      if (!o) return null;
      const [lines, refunds] = await Promise.all([
        db.select().from(orderLines).where(eq(orderLines.orderId, o.id)).orderBy(asc(orderLines.position)),
        refundsOf(db, [o.id]),
      ]);
      return {
        ...orderView(o, lines),
        customerId: o.customerId,
        site: o.site,
        paymentId: o.paymentId,
        updatedAt: o.updatedAt.toISOString(),
        refundableCents: o.totalCents - o.refundedCents,
        refunds: refunds.get(o.id) ?? [],
      };
    },

    /** The dashboard's figures: paid orders and revenue since `dayStart` and since `monthStart` (cancelled and refunded left out, partial refunds taken off). */
    async salesSince(dayStart: Date, monthStart: Date) {
      const paid = inArray(orders.status, [...SOLD_ORDER_STATUSES]);
      const [row] = await db
        .select({
          todayCount: sql<number>`count(*) filter (where ${orders.createdAt} >= ${dayStart.toISOString()})::int`,
          todayCents: sql<number>`coalesce(sum(${orders.totalCents} - ${orders.refundedCents}) filter (where ${orders.createdAt} >= ${dayStart.toISOString()}), 0)::int`,
          monthCount: sql<number>`count(*)::int`,
          monthCents: sql<number>`coalesce(sum(${orders.totalCents} - ${orders.refundedCents}), 0)::int`,
        })
        .from(orders)
        .where(and(paid, sql`${orders.createdAt} >= ${monthStart.toISOString()}`));
      return row;
    },

    /**
     * The staff program's consumption: pounds of the customer's staff orders placed in [from, to) —
     * paid or later, or placed and being paid right now (two checkouts racing both count) — less
     * cancelled and refunded ones. `conn` lets place-order ask under its per-customer lock.
     */
    async quotaUsedLb(customerId: string, from: Date, to: Date, conn: Db = db): Promise<number> {
      const [row] = await conn
        // Units refunded are not the member's to keep: their share of the line's pounds is given back.
        .select({
          lb: sql<number>`coalesce(sum(${orderLines.weightLb} * (${orderLines.quantity} - ${orderLines.refundedQuantity}) / ${orderLines.quantity}), 0)`.mapWith(
            Number,
          ),
        })
        .from(orders)
        .innerJoin(orderLines, eq(orderLines.orderId, orders.id))
        .where(
          and(
            eq(orders.customerId, customerId),
            eq(orders.site, "hpsf"),
            inArray(orders.status, [...QUOTA_ORDER_STATUSES]),
            sql`${orders.createdAt} >= ${from.toISOString()} and ${orders.createdAt} < ${to.toISOString()}`,
          ),
        );
      return row?.lb ?? 0;
    },

    /**
     * Which of `codes` the buyer has used on an earlier order (not cancelled or declined): the customer's orders,
     * or a guest's by e-mail. Discount codes are once per buyer (README "Discount codes").
     */
    async codesUsedBy(buyer: { customerId: string | null; email: string }, codes: readonly string[], conn: Db = db): Promise<string[]> {
      if (codes.length === 0) return [];
      const rows = await conn
        .select({ codes: orders.discountCodes })
        .from(orders)
        .where(
          and(
            buyer.customerId ? eq(orders.customerId, buyer.customerId) : eq(orders.email, buyer.email.trim().toLowerCase()),
            notInArray(orders.status, ["cancelled", "declined"]),
            sql`${orders.discountCodes} && ${sql.raw("ARRAY[")}${sql.join(
              codes.map((c) => sql`${c}`),
              sql`, `,
            )}${sql.raw("]::text[]")}`,
          ),
        );
      const used = new Set(rows.flatMap((r) => r.codes));
      return codes.filter((c) => used.has(c));
    },
  };
}

export type OrdersService = ReturnType<typeof createOrdersService>;
