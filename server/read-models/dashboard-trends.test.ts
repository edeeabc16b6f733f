import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../db/client";
import { openTestDatabase } from "../db/test-database";
import { PAWS_RESCUE_LEAGUE_ID } from "../modules/donations";
import { anAutoshipStartedAt, aSubscriptionEventAt } from "../testing/autoship";
import { seededVariants, setPlainPrice, type SeededVariant } from "../testing/catalog";
import { aDonationGivenAt } from "../testing/donations";
import { aStaffProfile, aStoredCustomer } from "../testing/identity";
import { anOrderPlacedAt } from "../testing/orders";
import { autoshipsByWeek, donationsByMonth, renewalsAhead, salesByDay, staffProgramByMonth } from "./dashboard-trends";

// The dashboard's trend queries over a shop with known history: each bucket's figures exactly, the
// empty buckets filled with zeros, what lies outside a chart's range left out.

const TODAY = "2031-03-12"; // a Wednesday: its ISO week starts on Monday 2031-03-10
let database: Database;
let v: SeededVariant;
let staffVariant: SeededVariant;

beforeAll(async () => {
  database = await openTestDatabase({ seeded: true });
  const db = database.db;
  const all = await seededVariants(db);
  v = all[0];
  staffVariant = all.find((x) => x.programPriceCents !== null) ?? all[1];
  await setPlainPrice(db, v.id, 2000);
  const order = (at: string, more: Omit<Parameters<typeof anOrderPlacedAt>[1], "at" | "variantId"> = {}) =>
    anOrderPlacedAt(db, { at, variantId: v.id, ...more });

  // Sales: today two orders (one partly refunded), two days ago one; a refunded, a declined and a
  // cancelled order count nothing; one 31 days back is only in the 90-day range.
  await order("2031-03-12T09:00:00Z", { totalCents: 2500 });
  await order("2031-03-12T23:59:59Z", { status: "shipped", totalCents: 1000, refundedCents: 300 });
  await order("2031-03-10T00:00:00Z", { status: "delivered", totalCents: 4000 });
  await order("2031-03-11T10:00:00Z", { status: "refunded", totalCents: 5000, refundedCents: 5000 });
  await order("2031-03-11T11:00:00Z", { status: "declined", totalCents: 5000 });
  await order("2031-03-11T12:00:00Z", { status: "cancelled", totalCents: 5000 });
  await order("2031-02-10T23:59:59Z", { totalCents: 700 });

  // The staff program: a student (60 lb a month) and a member of a group without its own allowance (120 lb).
  const student = await aStoredCustomer(db, "student@clinic.test");
  await aStaffProfile(db, student, "SF_STUDENT");
  const tech = await aStoredCustomer(db, "tech@clinic.test");
  await aStaffProfile(db, tech, null);
  const staff = (
    at: string,
    customerId: string,
    status: "paid" | "placed" | "delivered" | "cancelled",
    totalCents: number,
    lines: { quantity: number; weightLb: number; refundedQuantity?: number }[],
  ) => order(at, { site: "hpsf", customerId, status, totalCents, lines: lines.map((l) => ({ variantId: staffVariant.id, ...l })) });
  // 30 lb of which one of two bags came back (15 lb), and 10 lb: 25 lb.
  await staff("2031-03-05T12:00:00Z", student, "paid", 3000, [
    { quantity: 2, weightLb: 30, refundedQuantity: 1 },
    { quantity: 1, weightLb: 10 },
  ]);
  await staff("2031-03-06T12:00:00Z", student, "placed", 1000, [{ quantity: 1, weightLb: 5 }]);
  await staff("2031-03-07T12:00:00Z", tech, "delivered", 2000, [{ quantity: 1, weightLb: 40 }]);
  await staff("2031-03-08T12:00:00Z", tech, "cancelled", 2000, [{ quantity: 1, weightLb: 40 }]);
  await staff("2031-01-15T12:00:00Z", student, "paid", 1000, [{ quantity: 1, weightLb: 12 }]);

  // Autoships: two new in the week of March 3, both cancelled (from active) in this week with their
  // reasons; one new in the week of Feb 24 and paused that week; one from before the chart's weeks.
  const owner = await aStoredCustomer(db, "autoship@example.test");
  const autoship = (at: string, more: { nextOrderDate: string; status?: "active" | "paused" | "cancelled" } & Record<string, unknown>) =>
    anAutoshipStartedAt(db, { at, customerId: owner, variantId: v.id, productId: v.productId, ...more });
  await autoship("2031-03-03T10:00:00Z", { nextOrderDate: "2031-03-20", frequencyWeeks: 2, quantity: 2 });
  const s2 = await autoship("2031-03-04T10:00:00Z", { nextOrderDate: "2031-03-18", status: "cancelled", cancelReason: "too_expensive" });
  const s3 = await autoship("2031-02-25T10:00:00Z", { nextOrderDate: "2031-03-25", status: "cancelled", cancelReason: "pet_passed_away" });
  await aSubscriptionEventAt(db, s2, "cancelled", "2031-03-11T08:00:00Z", { reason: "too_expensive", from: "active" });
  await aSubscriptionEventAt(db, s3, "cancelled", "2031-03-11T09:00:00Z", { reason: "pet_passed_away", from: "active" });
  const s4 = await autoship("2031-01-01T10:00:00Z", { nextOrderDate: "2031-03-14", status: "paused" });
  await aSubscriptionEventAt(db, s4, "paused", "2031-02-26T10:00:00Z");
  await anAutoshipStartedAt(db, {
    at: "2030-06-01T10:00:00Z",
    customerId: owner,
    variantId: staffVariant.id,
    productId: staffVariant.productId,
    site: "hpsf",
    nextOrderDate: TODAY,
  });

  // Donations: Paws Rescue League in January and March (a refund's reversal taken off), another cause in December, one before the range.
  await aDonationGivenAt(db, { at: "2031-03-01T00:00:00Z", causeId: PAWS_RESCUE_LEAGUE_ID, amountCents: 500 });
  await aDonationGivenAt(db, { at: "2031-03-12T10:00:00Z", causeId: PAWS_RESCUE_LEAGUE_ID, amountCents: 250 });
  await aDonationGivenAt(db, { at: "2031-03-12T11:00:00Z", causeId: PAWS_RESCUE_LEAGUE_ID, amountCents: -100 });
  await aDonationGivenAt(db, { at: "2031-01-31T23:59:59Z", causeId: PAWS_RESCUE_LEAGUE_ID, amountCents: 300 });
  await aDonationGivenAt(db, { at: "2030-12-15T10:00:00Z", causeId: "00-9999999", amountCents: 1000 });
  await aDonationGivenAt(db, { at: "2030-09-30T23:59:59Z", causeId: PAWS_RESCUE_LEAGUE_ID, amountCents: 999 });
}, 60_000);
afterAll(() => database.close());

describe("orders and revenue per day", () => {
  it("counts sold orders net of refunds per UTC day, every day of the last 30 filled", async () => {
    const days = await salesByDay(database.db, TODAY, 30);
    expect(days).toHaveLength(30);
    expect(days[0].day).toBe("2031-02-11");
    const byDay = Object.fromEntries(days.map((d) => [d.day, [d.orders, d.netCents]]));
    expect(byDay).toMatchObject({
      "2031-03-12": [2, 3200],
      "2031-03-11": [0, 0],
      "2031-03-10": [1, 4000],
      "2031-03-08": [0, 0],
      "2031-03-07": [1, 2000],
      "2031-03-06": [0, 0],
      "2031-03-05": [1, 3000],
    });
    expect(days.reduce((a, d) => a + d.orders, 0)).toBe(5);
    expect(days.reduce((a, d) => a + d.netCents, 0)).toBe(12_200);
  });

  it("reaches 90 days back with the longer range", async () => {
    const days = await salesByDay(database.db, TODAY, 90);
    expect(days).toHaveLength(90);
    expect(days[0].day).toBe("2030-12-13");
    expect(days.find((d) => d.day === "2031-02-10")).toEqual({ day: "2031-02-10", orders: 1, netCents: 700 });
    expect(days.find((d) => d.day === "2031-01-15")).toEqual({ day: "2031-01-15", orders: 1, netCents: 1000 });
  });
});

describe("Autoships per week", () => {
  it("gives new and cancelled ones with reasons, and the active ones at each week's end", async () => {
    const weeks = await autoshipsByWeek(database.db, TODAY);
    expect(weeks).toHaveLength(12);
    expect(weeks[0].week).toBe("2030-12-23");
    expect(weeks.map((w) => [w.week, w.created, w.cancelled, w.active])).toEqual([
      ["2030-12-23", 0, 0, 1],
      ["2030-12-30", 1, 0, 2],
      ["2031-01-06", 0, 0, 2],
      ["2031-01-13", 0, 0, 2],
      ["2031-01-20", 0, 0, 2],
      ["2031-01-27", 0, 0, 2],
      ["2031-02-03", 0, 0, 2],
      ["2031-02-10", 0, 0, 2],
      ["2031-02-17", 0, 0, 2],
      ["2031-02-24", 1, 0, 2],
      ["2031-03-03", 2, 0, 4],
      ["2031-03-10", 0, 2, 2],
    ]);
    expect(weeks[11].reasons).toEqual({ too_expensive: 1, pet_passed_away: 1 });
    expect(weeks[10].reasons).toEqual({});
  });
});

describe("renewals ahead", () => {
  it("places each active Autoship's cycles in the next 30 days at today's prices", async () => {
    const days = await renewalsAhead(database.db, TODAY);
    expect(days).toHaveLength(30);
    expect(days[0].day).toBe(TODAY);
    expect(days[29].day).toBe("2031-04-10");
    const staffUnit = staffVariant.programPriceCents ?? staffVariant.priceCents;
    const busy = days.filter((d) => d.renewals > 0).map((d) => [d.day, d.renewals, d.cents]);
    // Two units at 5% off $20.00 every two weeks; the staff one at its program price every four; the paused one not at all.
    expect(busy).toEqual([
      ["2031-03-12", 1, staffUnit],
      ["2031-03-20", 1, 3800],
      ["2031-04-03", 1, 3800],
      ["2031-04-09", 1, staffUnit],
    ]);
  });
});

describe("donations per cause and month", () => {
  it("sums each cause's month, reversals taken off, every month of the six for every cause given to", async () => {
    const rows = await donationsByMonth(database.db, TODAY);
    const paws = rows.filter((r) => r.causeId === PAWS_RESCUE_LEAGUE_ID);
    expect(paws.map((r) => [r.month, r.cents])).toEqual([
      ["2030-10", 0],
      ["2030-11", 0],
      ["2030-12", 0],
      ["2031-01", 300],
      ["2031-02", 0],
      ["2031-03", 650],
    ]);
    expect(paws[0].causeName).toBe("Paws Rescue League");
    const other = rows.filter((r) => r.causeId === "00-9999999");
    expect(other.map((r) => r.cents)).toEqual([0, 0, 1000, 0, 0, 0]);
    // A cause no longer in the directory is shown by its id.
    expect(other[0].causeName).toBe("00-9999999");
    expect(rows).toHaveLength(12);
  });
});

describe("the staff program per month", () => {
  it("counts its orders, the pounds used and the ordering members' allowances", async () => {
    const months = await staffProgramByMonth(database.db, TODAY, { defaultLb: 120, byGroup: { SF_STUDENT: 60 } });
    expect(months).toEqual([
      { month: "2030-10", orders: 0, members: 0, usedLb: 0, allowanceLb: 0 },
      { month: "2030-11", orders: 0, members: 0, usedLb: 0, allowanceLb: 0 },
      { month: "2030-12", orders: 0, members: 0, usedLb: 0, allowanceLb: 0 },
      { month: "2031-01", orders: 1, members: 1, usedLb: 12, allowanceLb: 60 },
      { month: "2031-02", orders: 0, members: 0, usedLb: 0, allowanceLb: 0 },
      { month: "2031-03", orders: 3, members: 2, usedLb: 70, allowanceLb: 180 },
    ]);
  });
});
