import { beforeAll, describe, expect, it } from "vitest";
import type { OperatorRole } from "../../rules/console/operator-roles";
import { REJECTION_REASON_REQUIRED } from "../../rules/console/review-action-input";
import { operatorSession } from "../../server/testing/console";
import { testPages } from "../../server/testing/pages";
import { seededProducts, seededVariants } from "../../server/testing/catalog";
import { anOrder, aStoredReview } from "../../server/testing/reviews";

// The console's Reviews pages through the whole HTTP stack: the list by state with its counts and
// search, a rejection without a policy reason answered 400 with the message beside the select, the
// actions and their history on the review's page, the navigation's count of waiting reviews, and 403
// for a role without reviews.moderate.

let product: { id: number; title: string };
let other: { id: number; title: string };

const pages = testPages(
  async () => [
    // The console's layout on a path of its own: its navigation, with no page inside.
    { id: "routes/admin", path: "admin/nav-probe", module: await import("./admin") },
    { id: "routes/admin.reviews", path: "admin/reviews", module: await import("./admin.reviews") },
    { id: "routes/admin.reviews.$id", path: "admin/reviews/:id", module: await import("./admin.reviews.$id") },
  ],
  { seed: true },
);
const { get, post } = pages;
beforeAll(async () => {
  [product, other] = await seededProducts(pages.database.db).limit(2);
});

const session = async (role: OperatorRole) => (await operatorSession(pages.deps.services, role)).cookie;

let minute = 0;
async function waitingReview(
  productId: number,
  title: string,
  body = "My cat liked the first bag and refused the second one. The kibble smelled different.",
  orderLineId: string | null = null,
): Promise<string> {
  return aStoredReview(pages.database.db, {
    productId,
    orderLineId,
    rating: 2,
    title,
    body,
    nickname: "Whiskers Mum",
    state: "new",
    createdAt: new Date(Date.UTC(2026, 0, 1, 0, ++minute)),
  });
}

/** The tab link of a state: its text ("Waiting (3)"). */
const tabText = (html: string, state: string) => new RegExp(`data-testid="reviews-tab-${state}"[^>]*>([^<]*)<`).exec(html)?.[1].replace(/<!-- -->/g, "");
const countOf = (html: string, state: string) => Number(/\((\d+)\)/.exec(tabText(html, state) ?? "")?.[1]);

describe("the list", () => {
  it("shows waiting reviews oldest first with their counts; the search finds a product's; other states are tabs", async () => {
    const owner = await session("owner");
    const first = await waitingReview(product.id, "Changed recipe?");
    const second = await waitingReview(product.id, "Second bag refused");
    await waitingReview(other.id, "Great for seniors");

    const page = await get("/admin/reviews", owner);
    expect(page.status).toBe(200);
    const html = (await page.text()).replace(/<!-- -->/g, "");
    const counts = await pages.deps.services.consoleReviews.counts();
    expect(countOf(html, "new")).toBe(counts.new);
    expect(tabText(html, "approved")).toBe(`Approved (${counts.approved})`);
    expect(html).toContain(`href="/admin/reviews/${first}"`);
    expect(html.indexOf(`/admin/reviews/${first}"`)).toBeLessThan(html.indexOf(`/admin/reviews/${second}"`));
    expect(html).toContain("Whiskers Mum");
    expect(html).toContain("2 out of 5 stars");
    expect(html).toContain("Jan 1, 2026");
    // The excerpt cuts a long text at a word.
    expect(html).toContain("My cat liked the first bag and refused the second one. The kibble smelled different.");

    const searched = (await (await get(`/admin/reviews?q=${encodeURIComponent(other.title)}`, owner)).text()).replace(/<!-- -->/g, "");
    expect(searched).toContain("Great for seniors");
    expect(searched).not.toContain("Second bag refused");
    expect(await (await get("/admin/reviews?q=nothing-is-called-this", owner)).text()).toContain("No review of a matching product.");
    // A malformed link still opens the list.
    expect((await get("/admin/reviews?state=bogus&page=-3", owner)).status).toBe(200);
  });
});

describe("one review", () => {
  it("a rejection without a reason comes back beside the select; with one the review is rejected and the history says why", async () => {
    const manager = await session("manager");
    const id = await waitingReview(product.id, "Too expensive for what it is");

    const page = await (await get(`/admin/reviews/${id}`, manager)).text();
    expect(page).toContain("Too expensive for what it is");
    expect(page).toContain("A review is never rejected for being negative");
    expect(page).toContain("No change recorded yet.");

    const bad = await post(`/admin/reviews/${id}`, manager, { intent: "reject", reason: "" });
    expect(bad.status).toBe(400);
    const html = await bad.text();
    const select = /<select[^>]*name="reason"[^>]*>/.exec(html)![0];
    expect(select).toContain('aria-invalid="true"');
    const [describedBy, policy] = /aria-describedby="([^"]+)"/.exec(select)![1].split(" ");
    // The policy note is read with the select, before and after an error.
    expect(html).toContain(`id="${policy}">Reject only for a reason of the published review policy.`);
    expect(html).toContain(`id="${describedBy}" class="mt-1 text-sm font-medium text-error">${REJECTION_REASON_REQUIRED}<`);
    expect((await pages.deps.services.consoleReviews.review(id))?.state).toBe("new");

    const good = await post(`/admin/reviews/${id}`, manager, { intent: "reject", reason: "off-topic" });
    expect(good.status).toBe(200);
    expect(await good.text()).toContain("Rejected (Off-topic). The review is not shown.");
    const after = (await (await get(`/admin/reviews/${id}`, manager)).text()).replace(/<!-- -->/g, "");
    expect(after).toMatch(/data-testid="review-state">Rejected — Off-topic/);
    expect(after).toMatch(/data-testid="review-history"><li>[^<]+ · manager-[^@]+@console\.test · Rejected: Off-topic<\/li>/);
  });

  it("approve and respond: both in the history; the response is editable", async () => {
    const support = await session("support");
    const id = await waitingReview(product.id, "Picky eater approved");
    expect((await post(`/admin/reviews/${id}`, support, { intent: "approve" })).status).toBe(200);
    const respond = await post(`/admin/reviews/${id}`, support, { intent: "respond", body: "Thank you, <i>Whiskers</i>!" });
    expect(respond.status).toBe(200);
    const html = (await (await get(`/admin/reviews/${id}`, support)).text()).replace(/<!-- -->/g, "");
    expect(html).toMatch(/<textarea[^>]*name="body"[^>]*>Thank you, Whiskers!<\/textarea>/);
    expect(html).toContain("Save response");
    // Approved: no approve button any more; history newest first.
    expect(html).not.toContain('data-testid="review-approve"');
    const history = /data-testid="review-history">([\s\S]*?)<\/ul>/.exec(html)![1];
    expect([...history.matchAll(/· ([^·<]+)<\/li>/g)].map((m) => m[1])).toEqual(["Responded: “Thank you, Whiskers!”", "Approved (was waiting)"]);
    const empty = await post(`/admin/reviews/${id}`, support, { intent: "respond", body: " " });
    expect(empty.status).toBe(400);
    expect(await empty.text()).toContain("Write the response");
  });

  it("a verified review links the order its line belongs to; an imported one says it has none", async () => {
    const owner = await session("owner");
    const variant = (await seededVariants(pages.database.db)).find((v) => v.productId === product.id)!;
    const order = await anOrder(pages.database.db, { customerId: null, variantIds: [variant.id] });
    const verified = await waitingReview(product.id, "Bought it twice", undefined, order.lineIds[0]);
    const html = (await (await get(`/admin/reviews/${verified}`, owner)).text()).replace(/<!-- -->/g, "");
    expect(html).toMatch(new RegExp(`Verified purchase: <a [^>]*href="/admin/orders/${order.orderId}"`));
    expect(html).toContain(`order ${order.number}</a>, Chicken / 5 lb Bag`);
    const imported = await waitingReview(product.id, "Seeded one");
    expect(await (await get(`/admin/reviews/${imported}`, owner)).text()).toContain("No order (an imported review, shown without the badge)");
  });

  it("an unknown review is a 404, a second approve a 409", async () => {
    const owner = await session("owner");
    expect((await get("/admin/reviews/00000000-0000-4000-8000-000000000000", owner)).status).toBe(404);
    expect((await get("/admin/reviews/not-an-id", owner)).status).toBe(404);
    const id = await waitingReview(other.id, "Twice");
    expect((await post(`/admin/reviews/${id}`, owner, { intent: "approve" })).status).toBe(200);
    expect((await post(`/admin/reviews/${id}`, owner, { intent: "approve" })).status).toBe(409);
  });
});

describe("who sees reviews", () => {
  it("the navigation counts waiting reviews for a moderator; other roles see no entry and get 403", async () => {
    const manager = await session("manager");
    const nav = (await (await get("/admin/nav-probe", manager)).text()).replace(/<!-- -->/g, "");
    const { new: waiting } = await pages.deps.services.consoleReviews.counts();
    expect(waiting).toBeGreaterThan(0);
    expect(nav).toMatch(
      new RegExp(`href="/admin/reviews"[^>]*>Reviews <span[^>]*data-testid="console-nav-count-reviews">${waiting}<span class="sr-only"> waiting</span>`),
    );

    const id = await waitingReview(product.id, "Hidden from fulfilment");
    for (const role of ["content", "fulfilment"] as const) {
      const cookie = await session(role);
      expect(await (await get("/admin/nav-probe", cookie)).text()).not.toContain('href="/admin/reviews"');
      expect((await get("/admin/reviews", cookie)).status).toBe(403);
      expect((await get(`/admin/reviews/${id}`, cookie)).status).toBe(403);
      expect((await post(`/admin/reviews/${id}`, cookie, { intent: "approve" })).status).toBe(403);
    }
    expect((await pages.deps.services.consoleReviews.review(id))?.state).toBe("new");
  });
});
