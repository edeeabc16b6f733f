import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { REJECTION_REASON_REQUIRED } from "../../rules/console/review-action-input";
import { parseConfig } from "../config";
import { createDeps } from "../context";
import type { Database } from "../db/client";
import { openTestDatabase } from "../db/test-database";
import { createLogger } from "../log";
import { seededProducts } from "../testing/catalog";
import type { Operator } from "../modules/operators";
import { aStoredReview } from "../testing/reviews";
import type { Services } from "../wiring";
import { operatorOf, roleMatrix, type ConsoleWrite } from "../testing/console";
import { createReviewsConsole } from "./console-reviews";

// The console's review moderation: the role × action matrix (refusals audited), a rejection without
// a policy reason refused with the field named, and approve / reject / respond each changing the
// review with its audit entry written in the same transaction (no entry without the change, no
// change without the entry); two operators approving one review at once count it once.

let database: Database;
let services: Services;
let owner: Operator;
let productA: { id: number; title: string };
let productB: { id: number; title: string };

beforeAll(async () => {
  database = await openTestDatabase({ seeded: true });
  services = createDeps(parseConfig({}), database, createLogger("silent"), () => "test").services;
  owner = await operatorOf(services, "owner");
  const rows = await seededProducts(database.db).limit(2);
  [productA, productB] = rows;
}, 60_000);
afterAll(() => database?.close());

let clock = Date.parse("2026-01-01T00:00:00Z");
/** A review waiting for moderation, as a customer's submission leaves it (each one a little later than the last). */
async function waitingReview(productId = productA.id, change: Partial<Parameters<typeof aStoredReview>[1]> = {}): Promise<string> {
  clock += 60_000;
  return aStoredReview(database.db, {
    productId,
    rating: 1,
    title: "Not for my dog",
    body: "He would not touch it.",
    nickname: "Tester",
    state: "new",
    createdAt: new Date(clock),
    ...change,
  });
}

const stateOf = async (id: string) => (await services.consoleReviews.review(id))!;
const entriesOf = (id: string) => services.operators.auditEntries({ targetType: "review", targetId: id });
const NO_REVIEW = "00000000-0000-4000-8000-000000000000";

describe("who may moderate", () => {
  const writes: ConsoleWrite[] = [
    { name: "review.approve", permission: "reviews.moderate", run: (op) => services.consoleReviews.act(op, NO_REVIEW, { intent: "approve" }) },
    {
      name: "review.reject",
      permission: "reviews.moderate",
      run: (op) => services.consoleReviews.act(op, NO_REVIEW, { intent: "reject", reason: "off-topic" }),
    },
    {
      name: "review.respond",
      permission: "reviews.moderate",
      run: (op) => services.consoleReviews.act(op, NO_REVIEW, { intent: "respond", body: "Thank you." }),
    },
  ];
  roleMatrix(() => services, writes);

  it("a fulfilment operator is refused and the review stays waiting", async () => {
    const id = await waitingReview();
    const fulfilment = await operatorOf(services, "fulfilment");
    expect(await services.consoleReviews.act(fulfilment, id, { intent: "approve" })).toMatchObject({ ok: false, code: "FORBIDDEN" });
    expect((await stateOf(id)).state).toBe("new");
    expect((await entriesOf(id)).map((e) => [e.action, e.outcome, e.operatorEmail])).toEqual([["review.approve", "denied", fulfilment.email]]);
  });
});

describe("reject", () => {
  it("needs a reason of the published policy, named as the field, and nothing is written without one", async () => {
    const id = await waitingReview();
    for (const reason of [undefined, "", "negative", "rating"]) {
      const r = await services.consoleReviews.act(owner, id, { intent: "reject", ...(reason === undefined ? {} : { reason }) });
      expect(r).toEqual({ ok: false, code: "INVALID", errors: { reason: REJECTION_REASON_REQUIRED }, message: REJECTION_REASON_REQUIRED });
    }
    expect((await stateOf(id)).state).toBe("new");
    expect(await entriesOf(id)).toEqual([]);
  });

  it("with a reason: hidden with the reason, audited with who, what and why; an approved review leaves the summary", async () => {
    const id = await waitingReview(productB.id, { rating: 2 });
    const before = await services.reviews.summary(productB.id);
    expect(await services.consoleReviews.act(owner, id, { intent: "approve" })).toMatchObject({ ok: true });
    expect((await services.reviews.summary(productB.id)).count).toBe(before.count + 1);

    const r = await services.consoleReviews.act(owner, id, { intent: "reject", reason: "personal-data" });
    expect(r).toEqual({ ok: true, message: "Rejected (Personal data). The review is not shown." });
    expect(await stateOf(id)).toMatchObject({ state: "rejected", rejectionReason: "personal-data" });
    expect(await services.reviews.summary(productB.id)).toEqual(before);

    const [entry] = await entriesOf(id);
    expect(entry).toMatchObject({
      action: "review.reject",
      targetType: "review",
      targetId: id,
      outcome: "ok",
      operatorEmail: owner.email,
      before: { state: "approved", rejectionReason: null },
      after: { state: "rejected", rejectionReason: "personal-data", reason: "personal-data", productId: productB.id },
    });
  });
});

describe("approve and respond", () => {
  it("approve shows the review and writes the entry; a second approve is refused and audited as failed", async () => {
    const id = await waitingReview();
    const manager = await operatorOf(services, "manager");
    expect(await services.consoleReviews.act(manager, id, { intent: "approve" })).toEqual({
      ok: true,
      message: "Approved. The review shows on the product page.",
    });
    expect((await stateOf(id)).state).toBe("approved");
    expect(await services.consoleReviews.act(manager, id, { intent: "approve" })).toMatchObject({ ok: false, code: "NOT_ALLOWED", field: "intent" });
    const entries = await entriesOf(id);
    expect(entries.map((e) => [e.action, e.outcome])).toEqual([
      ["review.approve", "failed"],
      ["review.approve", "ok"],
    ]);
    expect(entries[1]).toMatchObject({ operatorEmail: manager.email, before: { state: "new" }, after: { state: "approved", rejectionReason: null } });
  });

  it("respond saves the shop's response (text only) and an edit keeps the earlier one in the entry; an empty one is refused by field", async () => {
    const id = await waitingReview();
    const support = await operatorOf(services, "support");
    expect(await services.consoleReviews.act(support, id, { intent: "respond", body: "  " })).toMatchObject({
      ok: false,
      code: "INVALID",
      errors: { body: "Write the response" },
    });
    expect(await services.consoleReviews.act(support, id, { intent: "respond", body: "Sorry to hear it. <b>Call us</b>, we will refund." })).toMatchObject({
      ok: true,
    });
    expect((await stateOf(id)).response?.body).toBe("Sorry to hear it. Call us, we will refund.");
    expect(await services.consoleReviews.act(support, id, { intent: "respond", body: "Sorry to hear it. We refunded the bag." })).toMatchObject({ ok: true });
    expect((await stateOf(id)).response?.body).toBe("Sorry to hear it. We refunded the bag.");
    const entries = await entriesOf(id);
    expect(entries.map((e) => [e.action, e.outcome])).toEqual([
      ["review.respond", "ok"],
      ["review.respond", "ok"],
    ]);
    expect(entries[0]).toMatchObject({
      before: { response: "Sorry to hear it. Call us, we will refund." },
      after: { response: "Sorry to hear it. We refunded the bag.", state: "new" },
    });
  });

  it("an unknown review or a made-up intent is answered, not thrown", async () => {
    expect(await services.consoleReviews.act(owner, "not-a-uuid", { intent: "approve" })).toMatchObject({ ok: false, code: "NOT_FOUND" });
    expect(await services.consoleReviews.act(owner, NO_REVIEW, { intent: "delete" })).toMatchObject({
      ok: false,
      code: "INVALID",
      errors: { intent: "Choose an action" },
    });
  });
});

describe("the audit entry is part of the change", () => {
  it("when the entry cannot be written, the review is not changed either", async () => {
    const id = await waitingReview();
    const summary = await services.reviews.summary(productA.id);
    const failingAudit = createReviewsConsole({
      reviews: services.reviews,
      db: database.db,
      operators: {
        ...services.operators,
        // The entry written inside the module's transaction fails: the whole change must roll back.
        audit: async (entry, conn) => {
          if (conn) throw new Error("audit log unavailable");
          return services.operators.audit(entry);
        },
      },
    });
    await expect(failingAudit.act(owner, id, { intent: "approve" })).rejects.toThrow("audit log unavailable");
    await expect(failingAudit.act(owner, id, { intent: "respond", body: "Thanks" })).rejects.toThrow("audit log unavailable");
    expect(await stateOf(id)).toMatchObject({ state: "new", response: null });
    expect(await services.reviews.summary(productA.id)).toEqual(summary);
  });

  it("two operators approving one review at once: one approval, one summary count, one ok entry", async () => {
    const id = await waitingReview(productB.id, { rating: 5 });
    const before = await services.reviews.summary(productB.id);
    const manager = await operatorOf(services, "manager");
    const results = await Promise.all([
      services.consoleReviews.act(owner, id, { intent: "approve" }),
      services.consoleReviews.act(manager, id, { intent: "approve" }),
    ]);
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    expect(results.filter((r) => !r.ok)).toMatchObject([{ code: "NOT_ALLOWED" }]);
    const after = await services.reviews.summary(productB.id);
    expect(after.count).toBe(before.count + 1);
    expect(after.histogram[5]).toBe(before.histogram[5] + 1);
    expect((await entriesOf(id)).map((e) => e.outcome).sort()).toEqual(["failed", "ok"]);
  });
});

describe("the queue", () => {
  it("waiting reviews oldest first, searched by product; counts per state", async () => {
    const first = await waitingReview(productB.id);
    const second = await waitingReview(productB.id);
    const { rows } = await services.consoleReviews.list({ state: "new", q: productB.title, page: 1 });
    expect(rows.every((r) => r.productId === productB.id)).toBe(true);
    const ids = rows.map((r) => r.id);
    expect(ids.indexOf(first)).toBeGreaterThanOrEqual(0);
    expect(ids.indexOf(first)).toBeLessThan(ids.indexOf(second));
    expect(await services.consoleReviews.list({ state: "new", q: "no product is called this", page: 1 })).toMatchObject({ rows: [], total: 0 });

    const counts = await services.consoleReviews.counts();
    const all = await services.consoleReviews.list({ state: "new", q: "", page: 1 });
    expect(all.total).toBe(counts.new);
    expect(all.rows[0]).toMatchObject({ productTitle: expect.any(String), rating: expect.any(Number), nickname: expect.any(String), verified: false });
  });
});
