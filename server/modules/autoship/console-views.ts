import { and, asc, desc, eq, gte, ilike, inArray, isNotNull, lte, or, sql, type SQL } from "drizzle-orm";
import { autoshipUnitPriceCents, frequencyLabel } from "../../../rules/autoship/offer-and-frequency";
import type { SubscriptionListQuery, SubscriptionSort } from "../../../rules/console/subscription-actions";
import { isUuid } from "../../../rules/shared/ids";
import type { Db } from "../../db/client";
import type { CatalogService } from "../catalog";
import { subscriptionEvents, subscriptionRenewals, subscriptions, type SubscriptionHold, type SubscriptionStatus } from "./schema";
import type { SubscriptionView, SubscriptionViews } from "./views";

// The operator console's read model of subscriptions: every customer's, not one customer's (My
// Subscriptions' views.ts is scoped to its owner). A page of the list is a fixed number of queries,
// never one per row: the catalog's service names the variants an item search matches, one query
// filters, sorts and pages the subscriptions (the total by a window count, the latest renewal failure
// by a subquery), and the catalog's service gives the page's items their titles and prices.

/** The events that say why a renewal did not go through (renewals.ts records them). */
const FAILURE_KINDS = ["payment_failed", "held_out_of_stock", "held_quota_reached", "held_not_eligible", "renewal_failed"] as const;

export type ConsoleSubscriptionRow = {
  id: string;
  contractId: string;
  site: "d2c" | "hpsf";
  customerId: string;
  email: string;
  productTitle: string;
  variantTitle: string;
  sku: string;
  quantity: number;
  frequencyLabel: string;
  totalCents: number;
  status: SubscriptionStatus;
  hold: SubscriptionHold | null;
  nextOrderDate: string;
  retryAt: string | null;
  /** The latest renewal failure (kind and message) when the subscription is held or waiting for a retry. */
  failure: { kind: string; message: string | null; at: string } | null;
  createdAt: string;
};

const SORT_COLUMNS: Record<SubscriptionSort, SQL> = {
  contract: sql`${subscriptions.contractId}`,
  customer: sql`${subscriptions.email}`,
  next: sql`${subscriptions.nextOrderDate}`,
  status: sql`${subscriptions.status}`,
  created: sql`${subscriptions.createdAt}`,
};

/** Held for any reason, or waiting for the retry of a failed renewal (renewals.ts defer_after_failure sets only retryAt). */
const failing = () => or(isNotNull(subscriptions.hold), and(eq(subscriptions.status, "active"), isNotNull(subscriptions.retryAt)));

function holdFilter(hold: SubscriptionListQuery["hold"]) {
  switch (hold) {
    case null:
      return undefined;
    case "failed":
      return and(sql`${subscriptions.hold} is null`, eq(subscriptions.status, "active"), isNotNull(subscriptions.retryAt));
    default:
      return eq(subscriptions.hold, hold);
  }
}

export function createConsoleSubscriptionViews(deps: {
  db: Db;
  views: Pick<SubscriptionViews, "get">;
  catalog: Pick<CatalogService, "variantsOfProducts" | "variantIdsMatching">;
}) {
  const { db } = deps;

  return {
    /** One page of every customer's subscriptions: search, filters, sort and paging in one query (the total by a window count). */
    async list(p: SubscriptionListQuery & { pageSize: number }): Promise<{ rows: ConsoleSubscriptionRow[]; total: number }> {
      const q = p.q.trim();
      const like = `%${q.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
      const itemMatches = q ? await deps.catalog.variantIdsMatching(q) : [];
      const where = and(
        q
          ? or(
              ilike(subscriptions.email, like),
              ilike(subscriptions.contractId, like),
              itemMatches.length ? inArray(subscriptions.variantId, itemMatches) : undefined,
              // A pasted subscription id (the URL's) finds it exactly.
              isUuid(q) ? eq(subscriptions.id, q) : undefined,
            )
          : undefined,
        p.status ? eq(subscriptions.status, p.status) : undefined,
        p.site ? eq(subscriptions.site, p.site) : undefined,
        holdFilter(p.hold),
        p.failures ? failing() : undefined,
        p.from ? gte(subscriptions.nextOrderDate, p.from) : undefined,
        p.to ? lte(subscriptions.nextOrderDate, p.to) : undefined,
      );
      const column = SORT_COLUMNS[p.sort];
      const failure = sql`(
        select json_build_object('kind', e.kind, 'message', coalesce(e.detail->>'message', e.detail->>'reason'), 'at', e.created_at)
        from ${subscriptionEvents} e
        where e.subscription_id = ${subscriptions.id} and e.kind in (${sql.join(
          FAILURE_KINDS.map((k) => sql`${k}`),
          sql`, `,
        )})
        order by e.id desc limit 1
      )`;
      const rows = await db
        .select({
          s: subscriptions,
          failure: sql<{ kind: string; message: string | null; at: string } | null>`case when ${failing()} then ${failure} end`,
          total: sql<number>`(count(*) over ())::int`,
        })
        .from(subscriptions)
        .where(where)
        .orderBy(p.dir === "asc" ? asc(column) : desc(column), asc(subscriptions.id))
        .limit(p.pageSize)
        .offset((p.page - 1) * p.pageSize);
      const items = rows.length ? await deps.catalog.variantsOfProducts([], [...new Set(rows.map((r) => r.s.variantId))]) : [];
      return {
        total: rows[0]?.total ?? (p.page > 1 ? await countOnly(where) : 0),
        rows: rows.map(({ s, failure }) => {
          const v = items.find((x) => x.id === s.variantId);
          return {
            id: s.id,
            contractId: s.contractId,
            site: s.site,
            customerId: s.customerId,
            email: s.email,
            productTitle: v?.productTitle ?? "No longer in the catalogue",
            variantTitle: v ? `${v.flavor} / ${v.sizeLabel}` : "",
            sku: v?.sku ?? "",
            quantity: s.quantity,
            frequencyLabel: frequencyLabel(s.frequencyWeeks),
            totalCents: v ? autoshipUnitPriceCents(s.site, v) * s.quantity : 0,
            status: s.status,
            hold: s.hold,
            nextOrderDate: s.nextOrderDate,
            retryAt: s.retryAt?.toISOString() ?? null,
            failure: failure ? { ...failure, at: new Date(failure.at).toISOString() } : null,
            createdAt: s.createdAt.toISOString(),
          };
        }),
      };
    },

    /** Whose it is and where its renewal stands: what an operator's action checks first (no lock: the action's own transaction or lease holds one). */
    async state(subscriptionId: string) {
      if (!isUuid(subscriptionId)) return null;
      const [row] = await db
        .select({
          customerId: subscriptions.customerId,
          status: subscriptions.status,
          hold: subscriptions.hold,
          nextOrderDate: subscriptions.nextOrderDate,
          retryAt: subscriptions.retryAt,
        })
        .from(subscriptions)
        .where(eq(subscriptions.id, subscriptionId));
      return row ?? null;
    },

    /**
     * One subscription as the console shows it: the customer's own view (item, price, card, address),
     * plus the renewal engine's state, every renewal with its order, and the whole event history.
     */
    async get(subscriptionId: string) {
      if (!isUuid(subscriptionId)) return null;
      const [row] = await db.select().from(subscriptions).where(eq(subscriptions.id, subscriptionId));
      if (!row) return null;
      const [view, renewals, events] = await Promise.all([
        deps.views.get(row.customerId, row.id),
        db
          .select({
            cycleDate: subscriptionRenewals.cycleDate,
            status: subscriptionRenewals.status,
            attempts: subscriptionRenewals.attempts,
            orderId: subscriptionRenewals.orderId,
            updatedAt: subscriptionRenewals.updatedAt,
          })
          .from(subscriptionRenewals)
          .where(eq(subscriptionRenewals.subscriptionId, row.id))
          .orderBy(desc(subscriptionRenewals.cycleDate)),
        db.select().from(subscriptionEvents).where(eq(subscriptionEvents.subscriptionId, row.id)).orderBy(desc(subscriptionEvents.id)).limit(200),
      ]);
      return {
        id: row.id,
        customerId: row.customerId,
        status: row.status,
        hold: row.hold,
        nextOrderDate: row.nextOrderDate,
        retryAt: row.retryAt?.toISOString() ?? null,
        failedAttempts: row.failedAttempts,
        /** The customer's view; null when the catalog no longer has the item (the row's facts still show). */
        view: view as SubscriptionView | null,
        row: {
          contractId: row.contractId,
          site: row.site,
          email: row.email,
          quantity: row.quantity,
          frequencyLabel: frequencyLabel(row.frequencyWeeks),
          shippingAddress: row.shippingAddress,
        },
        // The order's number as the "renewed" event recorded it (the orders are the orders module's rows).
        renewals: renewals.map((r) => ({
          ...r,
          orderNumber: (events.find((e) => e.kind === "renewed" && e.detail.orderId === r.orderId)?.detail.orderNumber as string | undefined) ?? null,
          updatedAt: r.updatedAt.toISOString(),
        })),
        events: events.map((e) => ({ id: e.id, kind: e.kind, actor: e.actor, detail: e.detail, at: e.createdAt.toISOString() })),
      };
    },
  };

  async function countOnly(where: SQL | undefined): Promise<number> {
    // Only for a page past the end: the window count came back with no rows to carry it.
    const [{ n }] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(subscriptions)
      .where(where);
    return n;
  }
}

export type ConsoleSubscriptionViews = ReturnType<typeof createConsoleSubscriptionViews>;
export type ConsoleSubscription = NonNullable<Awaited<ReturnType<ConsoleSubscriptionViews["get"]>>>;
