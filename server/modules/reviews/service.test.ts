import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../../db/client";
import { openTestDatabase } from "../../db/test-database";
import { createReviewReads } from "../../read-models/review-reads";
import { templates } from "../mail";
import { reviewListQuery } from "../../../rules/reviews/api-input";
import { reviewRequests, reviews, reviewSummaries } from "./schema";
import { createReviewsService, type ReviewsService } from "./service";
import { eraseReviewsOf } from "./erasure";
import { aCatalogue, anOrder, aReview } from "../../testing/reviews";

// The reviews service against a migrated PGlite: who may review, one review per order line, the
// summaries kept with every state change, helpful votes once per customer, the public list, the
// moderation queue and the review-request mail.

let database: Database;
let service: ReviewsService;
let catalogue: Awaited<ReturnType<typeof aCatalogue>>;
const sent: { to: string; subject: string; text: string }[] = [];
const open = { take: async () => ({ ok: true as const, ids: [] }) };
const listQuery = (q: Record<string, unknown> = {}) => reviewListQuery.parse(q);

beforeAll(async () => {
  database = await openTestDatabase();
  service = createReviewsService(database.db, open, {
    ports: createReviewReads(database.db),
    mailer: {
      send: async (m) => void sent.push({ to: m.to, subject: m.content.subject, text: m.content.text }),
      render: (d) => templates.reviewRequest({ storeName: "Kibble & Co.", ...d }),
      origin: () => "http://shop.test",
    },
  });
  catalogue = await aCatalogue(database.db, 6);
}, 60_000);
afterAll(() => database.close());

/** A customer with a delivered order of the product's first variant; answers the customer and line. */
async function aBuyer(productIndex: number, variant: 0 | 1 = 0) {
  const customerId = randomUUID();
  const order = await anOrder(database.db, { customerId, variantIds: [catalogue[productIndex].variantIds[variant]] });
  return { customerId, lineId: order.lineIds[0], order };
}

async function approvedReview(productIndex: number, rating: number, variant: 0 | 1 = 0) {
  const b = await aBuyer(productIndex, variant);
  const r = await service.submit(b.customerId, aReview(b.lineId, catalogue[productIndex].productId, rating), null);
  if (!r.ok) throw new Error(r.message);
  expect(await service.moderate(r.review.id, { action: "approve" }, "operator:test")).toEqual({ ok: true });
  return { ...b, reviewId: r.review.id };
}

describe("who may review", () => {
  it("a customer with no delivered order of the product is refused", async () => {
    const customerId = randomUUID();
    const { productId, variantIds } = catalogue[0];
    expect(await service.eligibility(customerId, productId)).toEqual({ eligible: false, orderLines: [] });
    // Shipped but not delivered: still not.
    const shipped = await anOrder(database.db, { customerId, variantIds: [variantIds[0]], status: "shipped" });
    expect((await service.eligibility(customerId, productId)).eligible).toBe(false);
    expect(await service.submit(customerId, aReview(shipped.lineIds[0], productId), null)).toMatchObject({
      ok: false,
      code: "NOT_ELIGIBLE",
      field: "orderLineId",
    });
    expect(await database.db.select().from(reviews).where(eq(reviews.customerId, customerId))).toEqual([]);
  });

  it("a delivered order line of the product makes the customer eligible, with the line named", async () => {
    const b = await aBuyer(0);
    const e = await service.eligibility(b.customerId, catalogue[0].productId);
    expect(e.eligible).toBe(true);
    expect(e.orderLines).toEqual([{ orderLineId: b.lineId, orderName: b.order.number, variantTitle: "Chicken / 5 lb Bag", deliveredAt: expect.any(String) }]);
    // Not for another product.
    expect((await service.eligibility(b.customerId, catalogue[1].productId)).eligible).toBe(false);
  });

  it("another customer's line, or a line of another product, is refused", async () => {
    const b = await aBuyer(0);
    expect(await service.submit(randomUUID(), aReview(b.lineId, catalogue[0].productId), null)).toMatchObject({ ok: false, code: "NOT_ELIGIBLE" });
    expect(await service.submit(b.customerId, aReview(b.lineId, catalogue[1].productId), null)).toMatchObject({ ok: false, code: "NOT_ELIGIBLE" });
  });

  it("one review per order line: the second is ALREADY_REVIEWED and the line leaves the eligibility", async () => {
    const b = await aBuyer(0);
    const first = await service.submit(b.customerId, aReview(b.lineId, catalogue[0].productId), null);
    expect(first).toEqual({ ok: true, review: { id: expect.any(String), state: "new" } });
    expect(await service.submit(b.customerId, aReview(b.lineId, catalogue[0].productId, 1), null)).toMatchObject({ ok: false, code: "ALREADY_REVIEWED" });
    expect(await service.eligibility(b.customerId, catalogue[0].productId)).toEqual({ eligible: false, orderLines: [] });
    const rows = await database.db.select().from(reviews).where(eq(reviews.orderLineId, b.lineId));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ state: "new", variantId: catalogue[0].variantIds[0], customerId: b.customerId, petSpecies: "dog" });
  });

  it("a refused rate limit writes nothing", async () => {
    const limited = createReviewsService(
      database.db,
      { take: async () => ({ ok: false as const, minutes: 7, message: "Too many attempts, try again in 7 minutes." }) },
      { ports: createReviewReads(database.db) },
    );
    const b = await aBuyer(0);
    expect(await limited.submit(b.customerId, aReview(b.lineId, catalogue[0].productId), null)).toEqual({
      ok: false,
      code: "RATE_LIMITED",
      message: "Too many attempts, try again in 7 minutes.",
    });
    expect(await database.db.select().from(reviews).where(eq(reviews.orderLineId, b.lineId))).toEqual([]);
  });
});

describe("summaries", () => {
  it("count, average and histogram follow approvals; a new review does not count", async () => {
    const { productId, variantIds } = catalogue[2];
    const b = await aBuyer(2);
    const pending = await service.submit(b.customerId, aReview(b.lineId, productId, 1), null);
    expect(await service.summary(productId)).toEqual({ count: 0, average: null, histogram: { 1: 0, 2: 0, 3: 0, 4: 0, 5: 0 } });
    await approvedReview(2, 5);
    await approvedReview(2, 4);
    await approvedReview(2, 4, 1);
    expect(await service.summary(productId)).toEqual({ count: 3, average: 4.3, histogram: { 1: 0, 2: 0, 3: 0, 4: 2, 5: 1 } });
    expect(await service.summary(productId, variantIds[0])).toEqual({ count: 2, average: 4.5, histogram: { 1: 0, 2: 0, 3: 0, 4: 1, 5: 1 } });
    expect(await service.summary(productId, variantIds[1])).toEqual({ count: 1, average: 4, histogram: { 1: 0, 2: 0, 3: 0, 4: 1, 5: 0 } });
    // Rejecting a new review changes nothing; approving the 1-star one counts it (negative reviews are shown).
    if (!pending.ok) throw new Error("submit failed");
    expect(await service.moderate(pending.review.id, { action: "approve" }, "operator:test")).toEqual({ ok: true });
    expect(await service.summary(productId)).toEqual({ count: 4, average: 3.5, histogram: { 1: 1, 2: 0, 3: 0, 4: 2, 5: 1 } });
    expect((await service.summaries([productId, catalogue[3].productId])).get(productId)).toEqual({ count: 4, average: 3.5 });
    expect((await service.summaries([catalogue[3].productId])).size).toBe(0);
  });

  it("rejecting an approved review takes it out; approving it again puts it back; repeats change nothing", async () => {
    const { productId } = catalogue[3];
    const a = await approvedReview(3, 2);
    await approvedReview(3, 5);
    expect((await service.summary(productId)).count).toBe(2);
    expect(await service.moderate(a.reviewId, { action: "reject", reason: "off-topic" }, "operator:test")).toEqual({ ok: true });
    expect(await service.summary(productId)).toEqual({ count: 1, average: 5, histogram: { 1: 0, 2: 0, 3: 0, 4: 0, 5: 1 } });
    expect(await service.moderate(a.reviewId, { action: "reject", reason: "off-topic" }, "operator:test")).toMatchObject({
      ok: false,
      code: "INVALID_TRANSITION",
    });
    expect((await service.summary(productId)).count).toBe(1);
    const [row] = await database.db.select().from(reviews).where(eq(reviews.id, a.reviewId));
    expect(row).toMatchObject({ state: "rejected", rejectionReason: "off-topic", moderatedAt: expect.any(Date) });
    expect(await service.moderate(a.reviewId, { action: "approve" }, "operator:test")).toEqual({ ok: true });
    expect(await service.summary(productId)).toEqual({ count: 2, average: 3.5, histogram: { 1: 0, 2: 1, 3: 0, 4: 0, 5: 1 } });
    expect(await service.moderate(a.reviewId, { action: "approve" }, "operator:test")).toMatchObject({ ok: false, code: "INVALID_TRANSITION" });
    expect((await service.summary(productId)).count).toBe(2);
    const [again] = await database.db.select().from(reviews).where(eq(reviews.id, a.reviewId));
    expect(again.rejectionReason).toBeNull();
  });

  it("a rejection needs a reason of the published policy; the audit hook runs in the transaction", async () => {
    const a = await approvedReview(3, 1);
    const bad = { action: "reject", reason: "negative" } as unknown as Parameters<ReviewsService["moderate"]>[1];
    expect(await service.moderate(a.reviewId, bad, "operator:test")).toMatchObject({ ok: false, code: "INVALID", field: "reason" });
    const changes: unknown[] = [];
    await service.moderate(a.reviewId, { action: "reject", reason: "profanity" }, "operator:test", async (_tx, c) => void changes.push(c));
    expect(changes).toEqual([
      {
        reviewId: a.reviewId,
        productId: catalogue[3].productId,
        before: { state: "approved", rejectionReason: null, response: null },
        after: { state: "rejected", rejectionReason: "profanity", response: null },
      },
    ]);
    // An audit hook that fails undoes the move and its summary change.
    const before = await service.summary(catalogue[3].productId);
    const failing = service.moderate(a.reviewId, { action: "approve" }, "operator:test", async () => {
      throw new Error("audit down");
    });
    await expect(failing).rejects.toThrow("audit down");
    expect(await service.summary(catalogue[3].productId)).toEqual(before);
    expect(await service.moderate(randomUUID(), { action: "approve" }, "operator:test")).toMatchObject({ ok: false, code: "NOT_FOUND" });
  });
});

describe("the public list", () => {
  it("approved reviews only, with the verified badge and pet context, never the customer", async () => {
    const { productId } = catalogue[4];
    const a = await approvedReview(4, 3);
    const b = await aBuyer(4);
    await service.submit(b.customerId, aReview(b.lineId, productId, 5), null);
    const list = await service.list(productId, listQuery());
    expect(list).toMatchObject({ page: 1, pageSize: 5, total: 1 });
    expect(list.reviews).toEqual([
      {
        id: a.reviewId,
        rating: 3,
        title: "Happy dog",
        body: "Our terrier finishes every bowl.",
        nickname: "Robin",
        verifiedPurchase: true,
        pet: { species: "dog", lifeStage: "adult", breedSize: "small" },
        helpfulCount: 0,
        response: null,
        createdAt: expect.any(String),
        variantTitle: "Chicken / 5 lb Bag",
      },
    ]);
    expect(JSON.stringify(list)).not.toContain(a.customerId);
  });

  it("sorts, filters and pages", async () => {
    const { productId } = catalogue[5];
    const ids: Record<number, string> = {};
    for (const rating of [4, 1, 5, 2]) ids[rating] = (await approvedReview(5, rating)).reviewId;
    await database.db.update(reviews).set({ petSpecies: "cat" }).where(eq(reviews.id, ids[2]));
    const order = async (q: Record<string, unknown>) => (await service.list(productId, listQuery(q))).reviews.map((r) => r.rating);
    expect(await order({ sort: "rating-high" })).toEqual([5, 4, 2, 1]);
    expect(await order({ sort: "rating-low" })).toEqual([1, 2, 4, 5]);
    expect(await order({ sort: "newest" })).toEqual([2, 5, 1, 4]);
    expect(await order({ rating: "5" })).toEqual([5]);
    expect(await order({ species: "cat" })).toEqual([2]);
    const page2 = await service.list(productId, listQuery({ sort: "rating-high", pageSize: "3", page: "2" }));
    expect(page2).toMatchObject({ page: 2, pageSize: 3, total: 4 });
    expect(page2.reviews.map((r) => r.rating)).toEqual([1]);
    // Most helpful first.
    await service.voteHelpful(randomUUID(), ids[1], null);
    await service.voteHelpful(randomUUID(), ids[1], null);
    await service.voteHelpful(randomUUID(), ids[2], null);
    expect(await order({ sort: "helpful" })).toEqual([1, 2, 5, 4]);
  });
});

describe("helpful votes", () => {
  it("count once per customer; a second vote counts nothing and never errors", async () => {
    const a = await approvedReview(1, 4);
    const voter = randomUUID();
    expect(await service.voteHelpful(voter, a.reviewId, null)).toEqual({ ok: true, helpfulCount: 1, counted: true });
    expect(await service.voteHelpful(voter, a.reviewId, null)).toEqual({ ok: true, helpfulCount: 1, counted: false });
    expect(await service.voteHelpful(randomUUID(), a.reviewId, null)).toEqual({ ok: true, helpfulCount: 2, counted: true });
    // The author's own vote is not counted.
    expect(await service.voteHelpful(a.customerId, a.reviewId, null)).toEqual({ ok: true, helpfulCount: 2, counted: false });
  });

  it("only approved reviews take votes", async () => {
    const b = await aBuyer(1);
    const r = await service.submit(b.customerId, aReview(b.lineId, catalogue[1].productId), null);
    if (!r.ok) throw new Error("submit failed");
    expect(await service.voteHelpful(randomUUID(), r.review.id, null)).toMatchObject({ ok: false, code: "NOT_FOUND" });
    expect(await service.voteHelpful(randomUUID(), randomUUID(), null)).toMatchObject({ ok: false, code: "NOT_FOUND" });
  });
});

describe("moderation queue", () => {
  it("lists reviews by state with the product title and counts every state; respond keeps the response", async () => {
    const b = await aBuyer(0, 1);
    const r = await service.submit(b.customerId, { ...aReview(b.lineId, catalogue[0].productId, 2), pet: null }, null);
    if (!r.ok) throw new Error("submit failed");
    const counts = await service.counts();
    const [fromDb] = await database.db.select().from(reviews).where(eq(reviews.id, r.review.id));
    expect(counts.new).toBeGreaterThan(0);
    const queue = await service.queue({ state: "new", productId: catalogue[0].productId });
    const row = queue.rows.find((x) => x.id === r.review.id);
    expect(row).toMatchObject({
      productTitle: "Larkspur Recipe 0",
      rating: 2,
      verified: true,
      state: "new",
      rejectionReason: null,
      response: null,
      pet: null,
      createdAt: fromDb.createdAt.toISOString(),
    });
    expect(queue.rows.every((x) => x.state === "new" && x.productId === catalogue[0].productId)).toBe(true);
    expect(queue.total).toBe(queue.rows.length);

    const changes: unknown[] = [];
    expect(await service.respond(r.review.id, "Thank you for writing.", "operator:test", async (_tx, c) => void changes.push(c))).toEqual({ ok: true });
    expect((await service.review(r.review.id))?.response).toEqual({ body: "Thank you for writing.", at: expect.any(String) });
    expect(changes).toHaveLength(1);
    expect(await service.respond(r.review.id, "  ", "operator:test")).toMatchObject({ ok: false, code: "INVALID", field: "body" });
    expect(await service.respond(randomUUID(), "Hi", "operator:test")).toMatchObject({ ok: false, code: "NOT_FOUND" });
    const after = await service.counts();
    expect(after).toEqual(counts);
  });
});

describe("review-request mail", () => {
  it("goes once per order, 10 days after delivery, with a link to each product's review form", async () => {
    await database.db.delete(reviewRequests);
    sent.length = 0;
    const now = new Date();
    const day = 24 * 60 * 60_000;
    const customerId = randomUUID();
    const due = await anOrder(database.db, {
      customerId,
      email: "due@example.test",
      variantIds: [catalogue[0].variantIds[0], catalogue[0].variantIds[1], catalogue[1].variantIds[0]],
      deliveredAt: new Date(now.getTime() - 11 * day),
    });
    await anOrder(database.db, {
      customerId,
      email: "early@example.test",
      variantIds: [catalogue[0].variantIds[0]],
      deliveredAt: new Date(now.getTime() - 9 * day),
    });
    await anOrder(database.db, {
      customerId,
      email: "shipped@example.test",
      variantIds: [catalogue[0].variantIds[0]],
      status: "shipped",
      deliveredAt: new Date(now.getTime() - 11 * day),
    });
    await anOrder(database.db, {
      customerId: null,
      email: "guest@example.test",
      variantIds: [catalogue[0].variantIds[0]],
      deliveredAt: new Date(now.getTime() - 11 * day),
    });
    await anOrder(database.db, {
      customerId,
      email: "staff@example.test",
      site: "hpsf",
      variantIds: [catalogue[0].variantIds[0]],
      deliveredAt: new Date(now.getTime() - 11 * day),
    });

    const n = await service.sendDueRequests(now);
    const mine = sent.filter((m) => m.to.endsWith("@example.test") && m.to !== "buyer@example.test");
    expect(mine.map((m) => m.to)).toEqual(["due@example.test"]);
    expect(n).toBeGreaterThanOrEqual(1);
    expect(mine[0].subject).toBe(`How did your pets like order ${due.number}?`);
    // One link per product, to the review form of the product page.
    expect(mine[0].text).toContain(`http://shop.test/products/${catalogue[0].handle}?review=${due.lineIds[0]}#reviews`);
    expect(mine[0].text).toContain(`http://shop.test/products/${catalogue[1].handle}?review=${due.lineIds[2]}#reviews`);
    expect(mine[0].text).not.toContain(due.lineIds[1]);

    sent.length = 0;
    expect(await service.sendDueRequests(now)).toBe(0);
    expect(await service.sendDueRequests(new Date(now.getTime() + 60_000))).toBe(0);
    expect(sent.filter((m) => m.to === "due@example.test")).toEqual([]);
    // The early one's turn comes.
    await service.sendDueRequests(new Date(now.getTime() + 2 * day));
    expect(sent.map((m) => m.to)).toContain("early@example.test");
  });

  it("runs at once send each order once", async () => {
    await database.db.delete(reviewRequests);
    sent.length = 0;
    const deliveredAt = new Date(Date.now() - 12 * 24 * 60 * 60_000);
    await anOrder(database.db, { customerId: randomUUID(), email: "race@example.test", variantIds: [catalogue[2].variantIds[0]], deliveredAt });
    await Promise.all([service.sendDueRequests(), service.sendDueRequests(), service.sendDueRequests()]);
    expect(sent.filter((m) => m.to === "race@example.test")).toHaveLength(1);
  });

  it("a mail that cannot be recorded gives its claim back", async () => {
    await database.db.delete(reviewRequests);
    const failing = createReviewsService(database.db, open, {
      ports: createReviewReads(database.db),
      mailer: {
        send: async () => Promise.reject(new Error("outbox down")),
        render: (d) => templates.reviewRequest({ storeName: "S", ...d }),
        origin: () => "http://shop.test",
      },
    });
    await expect(failing.sendDueRequests()).rejects.toThrow("outbox down");
    expect(await database.db.select().from(reviewRequests)).toEqual([]);
  });
});

describe("summary rows", () => {
  it("are kept per product (variant 0) and per variant", async () => {
    const rows = await database.db.select().from(reviewSummaries).where(eq(reviewSummaries.productId, catalogue[2].productId));
    expect(rows.map((r) => r.variantId).sort((a, b) => a - b)).toEqual([0, ...catalogue[2].variantIds].sort((a, b) => a - b));
  });
});

describe("a customer's erasure", () => {
  it("deletes their reviews and votes and uncounts both", async () => {
    const { productId, variantIds } = catalogue[1];
    const mine = await approvedReview(1, 1);
    const other = await approvedReview(1, 5);
    const b = await aBuyer(1, 1);
    const waiting = await service.submit(mine.customerId, aReview(b.lineId, productId, 2), null);
    expect(waiting.ok).toBe(false); // another customer's line: not theirs to review
    await service.voteHelpful(mine.customerId, other.reviewId, null);
    await service.voteHelpful(randomUUID(), other.reviewId, null);
    const before = await service.summary(productId);
    const beforeVariant = await service.summary(productId, variantIds[0]);
    const counts = await database.db.transaction((tx) => eraseReviewsOf(tx, mine.customerId));
    expect(counts).toEqual({ reviews: 1, votes: 1 });
    expect(await database.db.select().from(reviews).where(eq(reviews.customerId, mine.customerId))).toEqual([]);
    expect(await service.summary(productId)).toEqual({
      count: before.count - 1,
      average: expect.any(Number),
      histogram: { ...before.histogram, 1: before.histogram[1] - 1 },
    });
    expect((await service.summary(productId, variantIds[0])).count).toBe(beforeVariant.count - 1);
    const [o] = await database.db.select({ helpfulCount: reviews.helpfulCount }).from(reviews).where(eq(reviews.id, other.reviewId));
    expect(o.helpfulCount).toBe(1);
    // Again: nothing more.
    expect(await database.db.transaction((tx) => eraseReviewsOf(tx, mine.customerId))).toEqual({ reviews: 0, votes: 0 });
  });
});
