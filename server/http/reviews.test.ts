import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "../app";
import { parseConfig } from "../config";
import { createDeps } from "../context";
import type { Database } from "../db/client";
import { openTestDatabase } from "../db/test-database";
import { createLogger } from "../log";
import { operatorSession } from "../testing/console";
import { aCatalogue, anOrder, aReview, reviewsOfOrderLine, storedReview } from "../testing/reviews";

// /api/reviews through the whole HTTP stack: validation naming the field, the session checks (401
// signed out, 403 not eligible, 409 a second review of an order line), helpful votes once, text
// sanitised, the body cap, and the operator's calls behind reviews.moderate with audit entries.

let database: Database;
let app: ReturnType<typeof createApp>;
let deps: ReturnType<typeof createDeps>;
let catalogue: Awaited<ReturnType<typeof aCatalogue>>;

beforeAll(async () => {
  database = await openTestDatabase();
  deps = createDeps(parseConfig({ TRUST_PROXY: "true" }), database, createLogger("silent"), () => "test");
  app = createApp(deps, { handler: async () => new Response("page") });
  catalogue = await aCatalogue(database.db, 3);
}, 60_000);
afterAll(() => database?.close());

let ipCounter = 0;
function call(method: "GET" | "POST", path: string, opts: { body?: unknown; raw?: string; cookie?: string; headers?: Record<string, string> } = {}) {
  return app.request(`http://localhost/api/reviews${path}`, {
    method,
    headers: {
      host: "localhost",
      origin: "http://localhost",
      "x-forwarded-for": `198.51.100.${(++ipCounter % 250) + 1}`,
      ...(method === "POST" ? { "content-type": "application/json" } : {}),
      ...(opts.cookie ? { cookie: opts.cookie } : {}),
      ...opts.headers,
    },
    ...(method === "POST" ? { body: opts.raw ?? JSON.stringify(opts.body ?? {}) } : {}),
  });
}

let customerCounter = 0;
async function aCustomer(): Promise<{ id: string; cookie: string }> {
  const email = `reviewer-${++customerCounter}@example.test`;
  const r = await deps.services.identity.register(
    { firstName: "Robin", lastName: "Vale", email, password: "kibble123", confirmPassword: "kibble123", acceptsMarketing: false },
    "d2c",
  );
  if (!r.ok) throw new Error("register failed");
  return { id: r.customerId, cookie: `sessionToken=${r.token}` };
}

/** A signed-in customer with a delivered order line of product `i`. */
async function aBuyer(i = 0) {
  const customer = await aCustomer();
  const order = await anOrder(database.db, { customerId: customer.id, variantIds: [catalogue[i].variantIds[0]] });
  return { ...customer, lineId: order.lineIds[0], productId: catalogue[i].productId };
}

async function anApprovedReview(i = 0) {
  const b = await aBuyer(i);
  const r = await deps.services.reviews.submit(b.id, aReview(b.lineId, b.productId, 4), null);
  if (!r.ok) throw new Error(r.message);
  await deps.services.reviews.moderate(r.review.id, { action: "approve" }, "test");
  return { ...b, reviewId: r.review.id };
}

describe("reading", () => {
  it("summary and list of a product: approved reviews only", async () => {
    const a = await anApprovedReview(1);
    const summary = await call("GET", `/products/${a.productId}/summary`);
    expect(summary.status).toBe(200);
    expect(await summary.json()).toEqual({ count: 1, average: 4, histogram: { 1: 0, 2: 0, 3: 0, 4: 1, 5: 0 } });
    const variant = await call("GET", `/products/${a.productId}/summary?variantId=${catalogue[1].variantIds[1]}`);
    expect((await variant.json()).count).toBe(0);
    const list = await call("GET", `/products/${a.productId}?sort=helpful&pageSize=10`);
    const body = await list.json();
    expect(body).toMatchObject({ page: 1, pageSize: 10, total: 1, reviews: [{ id: a.reviewId, verifiedPurchase: true, rating: 4 }] });
    expect(JSON.stringify(body)).not.toContain(a.id);
  });

  it("answers 400 naming the parameter", async () => {
    const bad = async (path: string, field: string) => {
      const res = await call("GET", path);
      expect(res.status).toBe(400);
      expect((await res.json()).error.fields).toHaveProperty(field);
    };
    await bad(`/products/${catalogue[0].productId}?pageSize=50`, "pageSize");
    await bad(`/products/${catalogue[0].productId}?sort=cheapest`, "sort");
    await bad(`/products/${catalogue[0].productId}?rating=9`, "rating");
    await bad(`/products/${catalogue[0].productId}?species=parrot`, "species");
    await bad(`/products/abc`, "productId");
    await bad(`/products/abc/summary`, "productId");
  });

  it("eligibility: signed out, not eligible, eligible", async () => {
    const out = await call("GET", `/products/${catalogue[0].productId}/eligibility`);
    expect(await out.json()).toEqual({ eligible: false, signedIn: false, orderLines: [] });
    expect(out.headers.get("cache-control")).toContain("no-store");
    const stranger = await aCustomer();
    expect(await (await call("GET", `/products/${catalogue[0].productId}/eligibility`, { cookie: stranger.cookie })).json()).toEqual({
      eligible: false,
      signedIn: true,
      orderLines: [],
    });
    const b = await aBuyer(0);
    const yes = await (await call("GET", `/products/${b.productId}/eligibility`, { cookie: b.cookie })).json();
    expect(yes).toMatchObject({ eligible: true, signedIn: true, orderLines: [{ orderLineId: b.lineId }] });
  });
});

describe("POST /api/reviews/products/{id}", () => {
  const input = (lineId: string, over: Record<string, unknown> = {}) => ({
    orderLineId: lineId,
    rating: 5,
    title: "Great",
    body: "Our dog loves it.",
    nickname: "Robin",
    ...over,
  });

  it("401 signed out", async () => {
    const res = await call("POST", `/products/${catalogue[0].productId}`, { body: input("00000000-0000-4000-8000-000000000000") });
    expect(res.status).toBe(401);
  });

  it("201 for a delivered line, text sanitised; 409 for a second review of the line", async () => {
    const b = await aBuyer(0);
    const res = await call("POST", `/products/${b.productId}`, {
      cookie: b.cookie,
      body: input(b.lineId, {
        title: "<b>Great</b> <script>x()</script>food",
        body: "Line one<br>\n<img src=x onerror=alert(1)>Line two",
        nickname: "<i>Robin</i>",
        pet: { species: "dog", lifeStage: "senior", breedSize: "large" },
      }),
    });
    expect(res.status).toBe(201);
    const created = await res.json();
    expect(created).toEqual({ id: expect.any(String), state: "new" });
    const row = await storedReview(database.db, created.id);
    expect(row).toMatchObject({
      title: "Great x()food",
      body: "Line one\nLine two",
      nickname: "Robin",
      petLifeStage: "senior",
      state: "new",
      customerId: b.id,
    });
    const again = await call("POST", `/products/${b.productId}`, { cookie: b.cookie, body: input(b.lineId) });
    expect(again.status).toBe(409);
    expect((await again.json()).error).toMatchObject({ code: "already_reviewed", fields: { orderLineId: expect.any(String) } });
  });

  it("403 without a delivered line of the product", async () => {
    const b = await aBuyer(0);
    const otherProduct = await call("POST", `/products/${catalogue[1].productId}`, { cookie: b.cookie, body: input(b.lineId) });
    expect(otherProduct.status).toBe(403);
    expect((await otherProduct.json()).error).toMatchObject({ code: "not_eligible", fields: { orderLineId: expect.any(String) } });
    const stranger = await aCustomer();
    expect((await call("POST", `/products/${b.productId}`, { cookie: stranger.cookie, body: input(b.lineId) })).status).toBe(403);
  });

  it("400 naming the field", async () => {
    const b = await aBuyer(0);
    for (const [over, field] of [
      [{ rating: 0 }, "rating"],
      [{ rating: "5" }, "rating"],
      [{ title: "" }, "title"],
      [{ title: "<p></p>" }, "title"],
      [{ body: "x".repeat(4001) }, "body"],
      [{ nickname: "n".repeat(41) }, "nickname"],
      [{ orderLineId: "KC-100001" }, "orderLineId"],
      [{ pet: { species: "parrot" } }, "pet.species"],
    ] as const) {
      const res = await call("POST", `/products/${b.productId}`, { cookie: b.cookie, body: input(b.lineId, over) });
      expect(res.status, field).toBe(400);
      expect(Object.keys((await res.json()).error.fields), field).toEqual([field]);
    }
    expect(await reviewsOfOrderLine(database.db, b.lineId)).toEqual([]);
  });

  it("413 over the body limit", async () => {
    const b = await aBuyer(0);
    const res = await call("POST", `/products/${b.productId}`, { cookie: b.cookie, raw: JSON.stringify(input(b.lineId, { body: "x".repeat(9000) })) });
    expect(res.status).toBe(413);
  });
});

describe("POST /api/reviews/{id}/helpful", () => {
  it("counts once per customer; 401 signed out; 404 for an unknown review", async () => {
    const a = await anApprovedReview(2);
    const voter = await aCustomer();
    expect((await call("POST", `/${a.reviewId}/helpful`)).status).toBe(401);
    const first = await call("POST", `/${a.reviewId}/helpful`, { cookie: voter.cookie });
    expect(await first.json()).toEqual({ helpfulCount: 1, counted: true });
    const second = await call("POST", `/${a.reviewId}/helpful`, { cookie: voter.cookie });
    expect(second.status).toBe(200);
    expect(await second.json()).toEqual({ helpfulCount: 1, counted: false });
    expect((await call("POST", `/00000000-0000-4000-8000-000000000000/helpful`, { cookie: voter.cookie })).status).toBe(404);
    expect((await call("POST", `/not-a-review/helpful`, { cookie: voter.cookie })).status).toBe(404);
  });
});

describe("operator calls", () => {
  async function aNewReview() {
    const b = await aBuyer(2);
    const r = await deps.services.reviews.submit(b.id, aReview(b.lineId, b.productId, 2), null);
    if (!r.ok) throw new Error(r.message);
    return r.review.id;
  }

  it("need an operator session (401), the reviews.moderate permission (403, audited); a customer session is not one", async () => {
    const id = await aNewReview();
    expect((await call("POST", `/${id}/moderate`, { body: { action: "approve" } })).status).toBe(401);
    const customer = await aCustomer();
    expect((await call("POST", `/${id}/moderate`, { cookie: customer.cookie, body: { action: "approve" } })).status).toBe(401);
    const content = await operatorSession(deps.services, "content");
    const denied = await call("POST", `/${id}/moderate`, { cookie: content.cookie, body: { action: "approve" } });
    expect(denied.status).toBe(403);
    expect((await deps.services.operators.auditEntries({ operatorEmail: content.operator.email }))[0]).toMatchObject({
      action: "review.approve",
      outcome: "denied",
      targetId: id,
    });
    const row = await storedReview(database.db, id);
    expect(row.state).toBe("new");
  });

  it("approve, reject with a policy reason, respond: each audited; the summary follows", async () => {
    const id = await aNewReview();
    const support = await operatorSession(deps.services, "support");
    const { productId } = catalogue[2];
    const before = (await deps.services.reviews.summary(productId)).count;
    const approve = await call("POST", `/${id}/moderate`, { cookie: support.cookie, body: { action: "approve" } });
    expect(approve.status).toBe(200);
    expect((await deps.services.reviews.summary(productId)).count).toBe(before + 1);
    expect((await call("POST", `/${id}/moderate`, { cookie: support.cookie, body: { action: "approve" } })).status).toBe(409);

    const negative = await call("POST", `/${id}/moderate`, { cookie: support.cookie, body: { action: "reject", reason: "negative" } });
    expect(negative.status).toBe(400);
    expect((await negative.json()).error.fields).toHaveProperty("reason");
    const reject = await call("POST", `/${id}/moderate`, { cookie: support.cookie, body: { action: "reject", reason: "personal-data" } });
    expect(reject.status).toBe(200);
    expect((await deps.services.reviews.summary(productId)).count).toBe(before);

    const respond = await call("POST", `/${id}/respond`, { cookie: support.cookie, body: { body: "<b>Thank you</b>, we are sorry." } });
    expect(respond.status).toBe(200);
    expect((await deps.services.reviews.review(id))?.response?.body).toBe("Thank you, we are sorry.");
    expect((await call("POST", `/${id}/respond`, { cookie: support.cookie, body: { body: "" } })).status).toBe(400);

    const entries = await deps.services.operators.auditEntries({ operatorEmail: support.operator.email, limit: 20 });
    expect(
      entries
        .filter((e) => e.action.startsWith("review."))
        .map((e) => [e.action, e.outcome])
        .reverse(),
    ).toEqual([
      ["review.approve", "ok"],
      ["review.approve", "failed"],
      ["review.reject", "ok"],
      ["review.respond", "ok"],
    ]);
    // The bearer form of the console session, for scripts.
    const token = support.cookie.split("=")[1];
    expect((await call("POST", `/${id}/moderate`, { headers: { authorization: `Bearer ${token}` }, body: { action: "approve" } })).status).toBe(200);
    expect((await call("POST", `/00000000-0000-4000-8000-000000000000/moderate`, { cookie: support.cookie, body: { action: "approve" } })).status).toBe(404);
  });
});
