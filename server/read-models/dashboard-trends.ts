import { inArray, sql, type SQL } from "drizzle-orm";
import { AUTOSHIP_EXTRA_DISCOUNT } from "../../rules/autoship/offer-and-frequency";
import { QUOTA_ORDER_STATUSES, SOLD_ORDER_STATUSES } from "../../rules/checkout/order-statuses";
import { addDays, startOfDay } from "../../rules/shared/calendar-days";
import type { TrendRange } from "../../rules/console/trend-ranges";
import type { QuotaConfig } from "../../rules/staff/monthly-allowance";
import { subscriptionEvents, subscriptions } from "../modules/autoship/schema";
import { variants } from "../modules/catalog/schema";
import { donationCauses, donationLedger } from "../modules/donations/schema";
import { staffProfiles } from "../modules/identity/schema";
import { orderLines, orders } from "../modules/orders/schema";
import type { ReadDb } from "./read-db";

// The console dashboard's trends: one query per chart, its buckets (UTC days, ISO weeks starting
// Monday, calendar months) made in SQL, the empty ones filled by generate_series so a quiet day is
// a zero and not a gap. Each query reads its tables by a range on an indexed column (orders by
// created_at, subscriptions by created_at and by the active ones' next-order date, subscription
// events by kind and time, the donation ledger by time).

/** How far back the weekly and monthly charts look, and how far ahead the renewals. */
export const AUTOSHIP_WEEKS = 12;
export const TREND_MONTHS = 6;
export const RENEWAL_DAYS = 30;

const sold = inArray(orders.status, [...SOLD_ORDER_STATUSES]);
const utcDay = (instant: SQL | unknown) => sql`(${instant} at time zone 'UTC')::date`;
const dayText = (col: string) => sql.raw(`to_char(${col}, 'YYYY-MM-DD')`);
/** The Monday starting the ISO week of a day ("YYYY-MM-DD"). */
const weekOf = (day: string) => addDays(day, -((startOfDay(day).getUTCDay() + 6) % 7));
const monthOf = (day: string) => `${day.slice(0, 7)}-01`;
const monthsBefore = (day: string, months: number) => {
  const d = startOfDay(monthOf(day));
  return new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() - months, 1)).toISOString().slice(0, 10);
};

/** Sold orders and their revenue net of refunds (whole refunds leave the order out, partial ones are taken off), per UTC day it was placed. */
export async function salesByDay(db: ReadDb, today: string, range: TrendRange) {
  const from = addDays(today, 1 - range);
  return db.select({ day: sql<string>`t.day`, orders: sql<number>`t.orders`.mapWith(Number), netCents: sql<number>`t.net_cents`.mapWith(Number) }).from(
    sql`(select ${dayText("d.day")} as day, coalesce(s.orders, 0) as orders, coalesce(s.net_cents, 0) as net_cents
        from generate_series(${from}::timestamp, ${today}::timestamp, interval '1 day') as d(day)
        left join (
          select ${utcDay(orders.createdAt)} as day, count(*) as orders, sum(${orders.totalCents} - ${orders.refundedCents}) as net_cents
          from ${orders}
          where ${sold} and ${orders.createdAt} >= ${startOfDay(from).toISOString()} and ${orders.createdAt} < ${startOfDay(addDays(today, 1)).toISOString()}
          group by 1
        ) s on s.day = d.day::date
        order by d.day) as t`,
  );
}

/**
 * Autoships per ISO week: new ones, cancelled ones with their reasons, and how many were active at
 * the week's end — today's active count with the later weeks' changes undone (new, cancelled from
 * active, paused, resumed, reactivated).
 */
export async function autoshipsByWeek(db: ReadDb, today: string, weeks = AUTOSHIP_WEEKS) {
  const first = addDays(weekOf(today), -7 * (weeks - 1));
  const since = startOfDay(first).toISOString();
  const week = (instant: unknown) => sql`date_trunc('week', ${instant} at time zone 'UTC')::date`;
  const rows = await db
    .select({
      week: sql<string>`t.week`,
      created: sql<number>`t.created`.mapWith(Number),
      cancelled: sql<number>`t.cancelled`.mapWith(Number),
      active: sql<number>`t.active`.mapWith(Number),
      reasons: sql<Record<string, number> | null>`t.reasons`,
    })
    .from(
      sql`(select ${dayText("w.week")} as week, coalesce(n.created, 0) as created, coalesce(e.cancelled, 0) as cancelled, e.reasons,
          (select count(*) from ${subscriptions} where ${subscriptions.status} = 'active')
            - coalesce(sum(coalesce(n.created, 0) + coalesce(e.delta, 0)) over (order by w.week desc rows between unbounded preceding and 1 preceding), 0) as active
        from generate_series(${first}::timestamp, ${weekOf(today)}::timestamp, interval '1 week') as w(week)
        left join (
          select ${week(subscriptions.createdAt)} as week, count(*) as created
          from ${subscriptions} where ${subscriptions.createdAt} >= ${since} group by 1
        ) n on n.week = w.week::date
        left join (
          select week, sum(cancelled) as cancelled, sum(delta) as delta,
            jsonb_object_agg(reason, cancelled) filter (where cancelled > 0) as reasons
          from (
            select ${week(subscriptionEvents.createdAt)} as week,
              case when ${subscriptionEvents.kind} = 'cancelled' then coalesce(${subscriptionEvents.detail} ->> 'reason', 'other') else '' end as reason,
              count(*) filter (where ${subscriptionEvents.kind} = 'cancelled') as cancelled,
              sum(case ${subscriptionEvents.kind}
                when 'cancelled' then case when ${subscriptionEvents.detail} ->> 'from' = 'active' then -1 else 0 end
                when 'paused' then -1 else 1 end) as delta
            from ${subscriptionEvents}
            where ${subscriptionEvents.kind} in ('cancelled', 'paused', 'resumed', 'reactivated') and ${subscriptionEvents.createdAt} >= ${since}
            group by 1, 2
          ) by_reason group by week
        ) e on e.week = w.week::date
        order by w.week) as t`,
    );
  return rows.map((r) => ({ ...r, reasons: r.reasons ?? {} }));
}

/**
 * Renewals the active Autoships will place in the next `days` days (today included), each cycle of
 * each subscription, and what they come to at today's prices and quantities (5% off in the shop,
 * the program price on the staff site, as a renewal is priced).
 */
export async function renewalsAhead(db: ReadDb, today: string, days = RENEWAL_DAYS) {
  const last = addDays(today, days - 1);
  const unit = sql`case when ${subscriptions.site} = 'hpsf' then coalesce(${variants.programPriceCents}, ${variants.priceCents})
    else round(${variants.priceCents} * ${String(1 - AUTOSHIP_EXTRA_DISCOUNT)}::numeric) end`;
  return db.select({ day: sql<string>`t.day`, renewals: sql<number>`t.renewals`.mapWith(Number), cents: sql<number>`t.cents`.mapWith(Number) }).from(
    sql`(select ${dayText("d.day")} as day, coalesce(r.renewals, 0) as renewals, coalesce(r.cents, 0) as cents
        from generate_series(${today}::timestamp, ${last}::timestamp, interval '1 day') as d(day)
        left join (
          select c.day, count(*) as renewals, sum(c.cents) as cents
          from (
            select generate_series(${subscriptions.nextOrderDate}::timestamp, ${last}::timestamp, make_interval(weeks => ${subscriptions.frequencyWeeks}))::date as day,
              ${unit} * ${subscriptions.quantity} as cents
            from ${subscriptions} join ${variants} on ${variants.id} = ${subscriptions.variantId}
            where ${subscriptions.status} = 'active' and ${subscriptions.nextOrderDate} >= ${today}::date and ${subscriptions.nextOrderDate} <= ${last}::date
          ) c group by c.day
        ) r on r.day = d.day::date
        order by d.day) as t`,
  );
}

/** Donations given per cause and calendar month (reversals of refunded lines taken off), the last `months` months with this one; every cause given to in them, every month. */
export async function donationsByMonth(db: ReadDb, today: string, months = TREND_MONTHS) {
  const first = monthsBefore(today, months - 1);
  return db
    .select({
      month: sql<string>`t.month`,
      causeId: sql<string>`t.cause_id`,
      causeName: sql<string>`t.cause_name`,
      cents: sql<number>`t.cents`.mapWith(Number),
    })
    .from(
      sql`(with given as (
          select date_trunc('month', ${donationLedger.createdAt} at time zone 'UTC')::date as month, ${donationLedger.causeId} as cause_id, sum(${donationLedger.amountCents}) as cents
          from ${donationLedger} where ${donationLedger.createdAt} >= ${startOfDay(first).toISOString()} group by 1, 2
        )
        select to_char(m.month, 'YYYY-MM') as month, c.cause_id, coalesce(${donationCauses.name}, c.cause_id) as cause_name, coalesce(g.cents, 0) as cents
        from generate_series(${first}::timestamp, ${monthOf(today)}::timestamp, interval '1 month') as m(month)
        cross join (select distinct cause_id from given) c
        left join given g on g.month = m.month::date and g.cause_id = c.cause_id
        left join ${donationCauses} on ${donationCauses.id} = c.cause_id
        order by m.month, cause_name) as t`,
    );
}

/**
 * The staff program per calendar month: its orders (as the allowance counts them), the pounds they
 * used (refunded units given back), the members who ordered and their allowances together.
 */
export async function staffProgramByMonth(db: ReadDb, today: string, quota: QuotaConfig, months = TREND_MONTHS) {
  const first = monthsBefore(today, months - 1);
  const counted = inArray(orders.status, [...QUOTA_ORDER_STATUSES]);
  const lb = sql`${orderLines.weightLb} * (${orderLines.quantity} - ${orderLines.refundedQuantity}) / ${orderLines.quantity}`;
  const allowance = sql`coalesce((${JSON.stringify(quota.byGroup)}::jsonb ->> ${staffProfiles.accountGroup})::float8, ${quota.defaultLb})`;
  return db
    .select({
      month: sql<string>`t.month`,
      orders: sql<number>`t.orders`.mapWith(Number),
      members: sql<number>`t.members`.mapWith(Number),
      usedLb: sql<number>`t.used_lb`.mapWith(Number),
      allowanceLb: sql<number>`t.allowance_lb`.mapWith(Number),
    })
    .from(
      sql`(select to_char(m.month, 'YYYY-MM') as month, coalesce(s.orders, 0) as orders, coalesce(s.members, 0) as members,
          coalesce(s.used_lb, 0) as used_lb, coalesce(s.allowance_lb, 0) as allowance_lb
        from generate_series(${first}::timestamp, ${monthOf(today)}::timestamp, interval '1 month') as m(month)
        left join (
          select month, sum(orders) as orders, count(*) as members, sum(used_lb) as used_lb, sum(allowance_lb) as allowance_lb
          from (
            select date_trunc('month', ${orders.createdAt} at time zone 'UTC')::date as month, ${orders.customerId},
              count(distinct ${orders.id}) as orders, coalesce(sum(${lb}), 0) as used_lb, min(${allowance}) as allowance_lb
            from ${orders}
            join ${orderLines} on ${orderLines.orderId} = ${orders.id}
            left join ${staffProfiles} on ${staffProfiles.customerId} = ${orders.customerId}
            where ${orders.site} = 'hpsf' and ${counted} and ${orders.createdAt} >= ${startOfDay(first).toISOString()}
            group by 1, 2
          ) per_member group by month
        ) s on s.month = m.month::date
        order by m.month) as t`,
    );
}

export type DashboardTrends = Awaited<ReturnType<ReturnType<typeof createDashboardTrends>>>;

/** Every trend of the dashboard, read side by side. */
export function createDashboardTrends(db: ReadDb, quota: QuotaConfig) {
  return async function dashboardTrends(today: string, range: TrendRange) {
    const [sales, autoships, renewals, donations, staff] = await Promise.all([
      salesByDay(db, today, range),
      autoshipsByWeek(db, today),
      renewalsAhead(db, today),
      donationsByMonth(db, today),
      staffProgramByMonth(db, today, quota),
    ]);
    return { range, sales, autoships, renewals, donations, staff };
  };
}
