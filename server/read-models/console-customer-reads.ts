import { and, asc, desc, eq, ilike, inArray, ne, or, sql, type SQL } from "drizzle-orm";
import type { ReadDb } from "./read-db";
import { subscriptions } from "../modules/autoship/schema";
import { variants } from "../modules/catalog/schema";
import { clinicMemberships, clinics } from "../modules/clinics/schema";
import { orders } from "../modules/orders/schema";
import { customerAddresses, customers } from "../modules/identity/schema";
import { isUuid } from "../../rules/shared/ids";
import { containsPattern } from "../db/like";

// The operator console's read model of customers (read only): the list — searched, filtered,
// sorted and paged by the database in ONE query (the total comes with the rows as a window count)
// — and the profile page's few reads. It reads the orders, subscriptions and clinic tables the
// page shows beside the account; every write stays with its module.

export const CUSTOMER_SORTS = ["created", "email", "name", "orders"] as const;
export type CustomerSort = (typeof CUSTOMER_SORTS)[number];

export type CustomerListQuery = {
  q: string;
  site: "d2c" | "hpsf" | null;
  /** With a current (pending or active) clinic membership, or without one. */
  staff: boolean | null;
  /** With an active or paused Autoship subscription, or without one. */
  autoship: boolean | null;
  sort: CustomerSort;
  dir: "asc" | "desc";
  page: number;
  pageSize: number;
};

export type CustomerListRow = {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  phone: string | null;
  site: "d2c" | "hpsf";
  createdAt: Date;
  orders: number;
};

export function createCustomerConsoleReads(db: ReadDb) {
  return {
    async list(p: CustomerListQuery): Promise<{ rows: CustomerListRow[]; total: number }> {
      const q = p.q.trim();
      const like = containsPattern(q);
      // Phone numbers are typed any way: when the search is written like one (digits and phone
      // punctuation only), compare digits. A name or e-mail with digits in it is not a phone search.
      const digits = /^[\d\s()+.-]+$/.test(q) ? q.replace(/\D/g, "") : "";
      // Written out with table names: inside a select list drizzle leaves columns unqualified, and
      // "id" in the subquery would then be the order's own.
      const orderCount = sql<number>`(select count(*)::int from "orders" o where o."customer_id" = "customers"."id" and o."status" <> 'declined')`;
      const where = and(
        q
          ? or(
              ilike(customers.email, like),
              ilike(sql`${customers.firstName} || ' ' || ${customers.lastName}`, like),
              digits.length >= 3 ? sql`regexp_replace(coalesce(${customers.phone}, ''), '\\D', '', 'g') like ${`%${digits}%`}` : undefined,
            )
          : undefined,
        p.site ? eq(customers.site, p.site) : undefined,
        p.staff == null
          ? undefined
          : sql`${p.staff ? sql`` : sql`not`} exists (select 1 from ${clinicMemberships} where ${clinicMemberships.customerId} = ${customers.id} and ${clinicMemberships.state} in ('pending', 'active'))`,
        p.autoship == null
          ? undefined
          : sql`${p.autoship ? sql`` : sql`not`} exists (select 1 from ${subscriptions} where ${subscriptions.customerId} = ${customers.id} and ${subscriptions.status} in ('active', 'paused'))`,
      );
      const dir = p.dir === "asc" ? asc : desc;
      const order: SQL[] = {
        created: [dir(customers.createdAt)],
        email: [dir(customers.email)],
        name: [dir(sql`lower(${customers.lastName})`), dir(sql`lower(${customers.firstName})`)],
        orders: [dir(orderCount)],
      }[p.sort];
      const rows = await db
        .select({
          id: customers.id,
          email: customers.email,
          firstName: customers.firstName,
          lastName: customers.lastName,
          phone: customers.phone,
          site: customers.site,
          createdAt: customers.createdAt,
          orders: orderCount,
          total: sql<number>`count(*) over ()::int`,
        })
        .from(customers)
        .where(where)
        // The id last: a stable order across pages when the sort key ties.
        .orderBy(...order, asc(customers.id))
        .limit(p.pageSize)
        .offset((p.page - 1) * p.pageSize);
      // A page past the end has no rows to carry the count: ask once more (only then).
      const total =
        rows[0]?.total ??
        (p.page > 1
          ? ((
              await db
                .select({ n: sql<number>`count(*)::int` })
                .from(customers)
                .where(where)
            )[0]?.n ?? 0)
          : 0);
      return { rows: rows.map(({ total: _total, ...r }) => r), total };
    },

    /** The profile page: the account, its address book, orders, subscriptions and clinic membership. */
    async profile(customerId: string) {
      // Not an id at all (a typed URL): no such customer, not a database error.
      if (!isUuid(customerId)) return null;
      const [account] = await db
        .select({
          id: customers.id,
          email: customers.email,
          firstName: customers.firstName,
          lastName: customers.lastName,
          phone: customers.phone,
          site: customers.site,
          acceptsMarketing: customers.acceptsMarketing,
          defaultAddressId: customers.defaultAddressId,
          createdAt: customers.createdAt,
        })
        .from(customers)
        .where(eq(customers.id, customerId));
      if (!account) return null;
      const [addresses, orderRows, subscriptionRows, membership] = await Promise.all([
        db
          .select()
          .from(customerAddresses)
          .where(eq(customerAddresses.customerId, customerId))
          .orderBy(asc(customerAddresses.createdAt), asc(customerAddresses.id)),
        db
          .select({ id: orders.id, number: orders.number, status: orders.status, totalCents: orders.totalCents, createdAt: orders.createdAt })
          .from(orders)
          // A declined attempt is no order of the customer's (the console's order list shows it when asked).
          .where(and(eq(orders.customerId, customerId), ne(orders.status, "declined")))
          .orderBy(desc(orders.createdAt), desc(orders.id))
          .limit(100),
        db
          .select({
            id: subscriptions.id,
            contractId: subscriptions.contractId,
            status: subscriptions.status,
            sku: variants.sku,
            quantity: subscriptions.quantity,
            frequencyWeeks: subscriptions.frequencyWeeks,
            nextOrderDate: subscriptions.nextOrderDate,
          })
          .from(subscriptions)
          .innerJoin(variants, eq(variants.id, subscriptions.variantId))
          .where(eq(subscriptions.customerId, customerId))
          .orderBy(desc(subscriptions.createdAt)),
        db
          .select({ state: clinicMemberships.state, clinicName: clinics.name, groupId: clinics.groupId, since: clinicMemberships.createdAt })
          .from(clinicMemberships)
          .innerJoin(clinics, eq(clinics.id, clinicMemberships.clinicId))
          .where(and(eq(clinicMemberships.customerId, customerId), inArray(clinicMemberships.state, ["pending", "active"]))),
      ]);
      return { account, addresses, orders: orderRows, subscriptions: subscriptionRows, membership: membership[0] ?? null };
    },
  };
}

export type CustomerConsoleReads = ReturnType<typeof createCustomerConsoleReads>;
