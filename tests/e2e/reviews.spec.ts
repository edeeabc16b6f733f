import AxeBuilder from "@axe-core/playwright";
import type { APIRequestContext, Page } from "@playwright/test";
import { buildSeedCatalog } from "../../server/modules/catalog";
import { expect, shopUrl, staffUrl, test } from "./fixtures";
import { checkOutCart, consoleOperator, register, registerStaff, uniqueEmail } from "./journeys";

// Product reviews as shoppers meet them (SPEC §4, §6, §8): with functional cookies allowed the
// product page shows the rating, the summary with its histogram and the seeded reviews, sorted,
// filtered and paged; a customer whose order was delivered writes a review, an operator approves
// it, and it shows as a verified purchase; with functional cookies declined the page shows SPEC §8's
// banner, its "here" opens the preferences, and the widget's script is never requested; the staff
// site shows no ratings; the JSON-LD carries a rating only for a product with reviews.

const BANNER = "You cannot see product reviews because you have declined functional cookies. Please enable them here to access this feature.";
const THANKS = "Thank you — your review will appear once it has been checked.";

const catalog = buildSeedCatalog();
// The catalogue's last product is the console moderation test's (tests/e2e/console-reviews.spec.ts).
const candidates = catalog.products.slice(0, -1).filter((p) => p.sites.includes("d2c"));
const wellStocked = (sku: string) =>
  catalog.warehouses.every((w) => (catalog.inventory.find((i) => i.sku === sku && i.warehouseCode === w.code)?.onHand ?? 0) >= 8);

const axe = async (page: Page) =>
  expect(
    await new AxeBuilder({ page })
      .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice"])
      .analyze()
      .then((r) => r.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)),
  ).toEqual([]);

/** Whether the server-rendered product page shows a rating (the seed leaves some products without reviews). */
async function hasRating(request: APIRequestContext, handle: string): Promise<boolean> {
  const html = await (await request.get(shopUrl(`/products/${handle}`))).text();
  return html.includes('data-testid="product-rating"');
}

async function reviewedProduct(request: APIRequestContext, also: (p: (typeof candidates)[number]) => boolean = () => true) {
  for (const p of candidates) if (also(p) && (await hasRating(request, p.handle))) return p;
  throw new Error("the seed has no product with reviews");
}

/** A product without reviews that a customer can buy in quantity (from the end: other journeys use the first ones). */
async function unreviewedProduct(request: APIRequestContext) {
  for (const p of [...candidates].reverse()) {
    const v = p.variants.find((x) => !x.badgeTags.some((b) => /stock/.test(b)) && wellStocked(x.sku));
    if (v && !(await hasRating(request, p.handle))) return { p, v };
  }
  throw new Error("the seed has no product without reviews");
}

function productLd(html: string): Record<string, unknown> {
  for (const m of html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)) {
    const ld = JSON.parse(m[1]!) as Record<string, unknown>;
    if (ld["@type"] === "Product") return ld;
  }
  throw new Error("no Product JSON-LD");
}

const shownRatings = async (page: Page) =>
  (
    await page
      .getByTestId("review")
      .locator(".sr-only")
      .filter({ hasText: /^Rated \d out of 5$/ })
      .allTextContents()
  ).map((t) => Number(/Rated (\d)/.exec(t)![1]));

test("the product page shows the rating, the summary with its histogram and the reviews, sorted, filtered and paged; cards show ratings; JSON-LD rates only a reviewed product", async ({
  page,
  request,
}) => {
  const reviewed = await reviewedProduct(request);
  await page.goto(shopUrl(`/products/${reviewed.handle}`));

  const line = page.getByTestId("product-rating");
  await expect(line).toHaveAttribute("href", "#reviews");
  const lineText = (await line.locator(".sr-only").textContent())!;
  const [, average, count] = /^Rated (\d\.\d) out of 5, (\d+) reviews?$/.exec(lineText)!;

  const section = page.getByRole("region", { name: "Customer reviews" });
  const widget = section.getByTestId("reviews-widget");
  await expect(widget).toBeVisible();
  await expect(widget.getByTestId("reviews-average")).toHaveText(lineText);
  const bars = widget.getByRole("list", { name: "Ratings by stars" }).getByRole("button");
  await expect(bars).toHaveCount(5);
  await expect(bars.first()).toHaveAccessibleName(/^5 stars \d+ reviews?, show only these$/);
  const perStar = await Promise.all([5, 4, 3, 2, 1].map(async (_, i) => Number(/ (\d+) reviews?, show/.exec((await bars.nth(i).textContent())!)![1])));
  expect(perStar.reduce((a, b) => a + b, 0)).toBe(Number(count));

  const total = Number(count);
  await expect(widget.getByTestId("reviews-status")).toHaveText(`Showing 1–${Math.min(5, total)} of ${total} ${total === 1 ? "review" : "reviews"}`);
  await expect(widget.getByTestId("review")).toHaveCount(Math.min(5, total));
  // Seeded reviews have no order line: no "Verified purchase" on them.
  await expect(widget.getByTestId("verified-purchase")).toHaveCount(0);
  await axe(page);

  // Sorted by rating, low to high.
  await widget.getByLabel("Sort reviews").selectOption({ label: "Rating: low to high" });
  await expect(widget.getByTestId("reviews-status")).toHaveText(/^Showing 1–/);
  await expect
    .poll(async () => {
      const r = await shownRatings(page);
      return r.length > 0 && r.every((x, i) => i === 0 || r[i - 1]! <= x);
    })
    .toBe(true);

  // Filtered by the most common rating, from its histogram bar (keyboard).
  const common = 5 - perStar.indexOf(Math.max(...perStar));
  await bars.nth(5 - common).focus();
  await page.keyboard.press("Enter");
  await expect(bars.nth(5 - common)).toHaveAttribute("aria-pressed", "true");
  await expect(widget.getByLabel("Filter by rating")).toHaveValue(String(common));
  await expect(widget.getByTestId("reviews-status")).toHaveText(new RegExp(`of ${Math.max(...perStar)} ${common}-star review`));
  await expect.poll(async () => (await shownRatings(page)).every((x) => x === common)).toBe(true);

  // Pages, when there are more than five.
  await widget.getByLabel("Filter by rating").selectOption("");
  if (total > 5) {
    await widget.getByRole("button", { name: "Next reviews" }).click();
    await expect(widget.getByTestId("reviews-status")).toHaveText(new RegExp(`^Showing 6–${Math.min(10, total)} of ${total} reviews$`));
    await expect(widget.getByTestId("reviews-status")).toBeFocused();
    await expect(widget.getByRole("button", { name: "Previous reviews" })).toBeEnabled();
  }
  // A guest is offered sign-in to write one.
  await expect(widget.getByRole("link", { name: "Sign in to write a review" })).toHaveAttribute("href", /^\/shelter\/login\?redirect=/);

  // JSON-LD: the rating of the page; none for a product without reviews.
  const ld = productLd(await (await request.get(shopUrl(`/products/${reviewed.handle}`))).text());
  expect(ld.aggregateRating).toEqual({ "@type": "AggregateRating", ratingValue: Number(average), reviewCount: total, bestRating: 5, worstRating: 1 });
  const { p: unreviewed } = await unreviewedProduct(request);
  expect(productLd(await (await request.get(shopUrl(`/products/${unreviewed.handle}`))).text())).not.toHaveProperty("aggregateRating");
  await page.goto(shopUrl(`/products/${unreviewed.handle}`));
  await expect(page.getByTestId("product-rating")).toHaveCount(0);
  await expect(page.getByTestId("reviews-summary")).toHaveText("No reviews yet.");
  await expect(page.getByTestId("reviews-status")).toHaveText("No reviews yet.");

  // Cards: stars with a text a screen reader reads.
  await page.goto(shopUrl("/products"));
  const cardRating = page
    .getByRole("article")
    .getByRole("img", { name: /^Rated \d\.\d out of 5, \d+ reviews?$/ })
    .first();
  await expect(cardRating).toBeVisible();
  await expect(cardRating).toHaveText(/^[★☆]{5} \(\d+\)$/);
});

test.describe("writing a review", () => {
  // The form's refused nickname answers 400, which the browser logs as a failed load.
  test.use({ allowedConsoleErrors: [/status of 400/] });

  test("a customer with a delivered order writes a review, an operator approves it, and it shows as a verified purchase; helpful votes count once", async ({
    page,
    browser,
    request,
  }) => {
    test.setTimeout(120_000);
    const { p, v } = await unreviewedProduct(request);
    const productUrl = shopUrl(`/products/${p.handle}`);

    // The customer buys it.
    const email = uniqueEmail("reviewer");
    await register(page, email);
    await page.goto(shopUrl(`/products/${p.handle}?sku=${v.sku}`));
    await page.getByTestId("add-to-cart").click();
    await expect(page.getByRole("dialog", { name: "Added to your cart" })).toBeVisible();
    const orderNumber = await checkOutCart(page);

    // Not delivered yet: no form.
    await page.goto(productUrl);
    await expect(page.getByTestId("review-write")).toHaveText(
      "You can write a review once an order of this food has been delivered to you (one review per order).",
    );

    // An operator delivers the order.
    const operator = await (await browser.newContext()).newPage();
    await consoleOperator(operator, "reviews-journey");
    await operator.goto(shopUrl(`/admin/orders?q=${encodeURIComponent(email)}`));
    await operator.getByRole("link", { name: orderNumber }).click();
    for (const [move, status] of [
      ["Mark fulfilled", "fulfilled"],
      ["Mark shipped", "shipped"],
      ["Mark delivered", "delivered"],
    ] as const) {
      await operator.getByTestId("order-moves").getByRole("button", { name: move }).click();
      await expect(operator.getByTestId("admin-order-status")).toContainText(`Status: ${status}`);
    }

    // The customer writes the review: what is missing is said beside each field, then the API's
    // refusal of a nickname that is only markup beside the nickname.
    await page.goto(productUrl);
    const write = page.getByRole("button", { name: "Write a review" });
    await write.click();
    await expect(write).toHaveAttribute("aria-expanded", "true");
    const form = page.getByRole("form", { name: "Write a review" });
    await expect(form).toContainText(`About your order ${orderNumber}`);
    await form.getByRole("button", { name: "Submit review" }).click();
    await expect(form.getByText("Choose a rating from 1 to 5")).toBeVisible();
    await expect(form.getByLabel("Title")).toHaveAttribute("aria-invalid", "true");
    await expect(form.getByLabel("Title")).toHaveAccessibleDescription("A title is required");
    await expect(form.getByRole("radio", { name: "1 star", exact: true })).toBeFocused();
    await axe(page);

    await form.getByRole("radio", { name: "5 stars" }).check();
    await form.getByLabel("Title").fill("Our beagle waits by the bowl");
    await form.getByLabel("Your review", { exact: true }).fill("Switched a month ago.\nHe eats every meal and his coat shines.");
    await form.getByLabel("Nickname (shown with your review)").fill("<b></b>");
    await form.getByLabel("Species").selectOption({ label: "Dog" });
    await form.getByLabel("Life stage").selectOption({ label: "Adult" });
    await form.getByRole("button", { name: "Submit review" }).click();
    const nickname = form.getByLabel("Nickname (shown with your review)");
    await expect(nickname).toHaveAttribute("aria-invalid", "true");
    await expect(nickname).toHaveAccessibleDescription(/nickname/i);
    await expect(form.getByLabel("Title")).toHaveAttribute("aria-invalid", "false");

    await nickname.fill("Beagle Dad");
    const productId = await page.getByTestId("reviews-mount").getAttribute("data-reviews-product-id");
    const sent = page.waitForResponse((r) => r.request().method() === "POST" && new URL(r.url()).pathname === `/api/reviews/products/${productId}`);
    await form.getByRole("button", { name: "Submit review" }).click();
    const answer = await sent;
    expect(answer.status()).toBe(201);
    const { id } = (await answer.json()) as { id: string };
    await expect(page.getByTestId("review-thanks")).toHaveText(THANKS);
    await expect(page.getByTestId("review-thanks")).toBeFocused();
    // Waiting for moderation: not shown yet.
    await page.reload();
    await expect(page.getByTestId("reviews-status")).toHaveText("No reviews yet.");

    // The operator approves it on the console's review page.
    await operator.goto(shopUrl(`/admin/reviews/${id}`));
    await operator.getByTestId("review-approve").getByRole("button", { name: "Approve" }).click();
    await expect(operator.getByText("Approved. The review shows on the product page.")).toBeVisible();

    // It shows, as a verified purchase with the pet it was written for.
    await page.reload();
    const review = page.getByTestId("review").filter({ hasText: "Our beagle waits by the bowl" });
    await expect(review).toBeVisible();
    await expect(review.getByTestId("verified-purchase")).toHaveText("Verified purchase");
    await expect(review.getByTestId("review-nickname")).toHaveText("Beagle Dad");
    await expect(review).toContainText("Pet: Dog · Adult");
    await expect(review).toContainText("Rated 5 out of 5");
    await expect(page.getByTestId("reviews-average")).toHaveText("Rated 5.0 out of 5, 1 review");
    await expect(page.getByTestId("product-rating").locator(".sr-only")).toHaveText("Rated 5.0 out of 5, 1 review");
    // The review is the customer's last one for the order line: no second form.
    await expect(page.getByRole("button", { name: "Write a review" })).toHaveCount(0);

    // Helpful: the author's own vote does not count; another customer's counts once.
    await review.getByRole("button", { name: "Helpful (0)" }).click();
    await expect(review.getByRole("status")).toHaveText("Thank you — each customer's vote counts once, and not for their own review.");
    await expect(review.getByRole("button", { name: "Helpful (0)" })).toBeVisible();
    await axe(page);
    const voter = await (await browser.newContext()).newPage();
    await register(voter, uniqueEmail("voter"));
    await voter.goto(productUrl);
    const theirs = voter.getByTestId("review").filter({ hasText: "Our beagle waits by the bowl" });
    await theirs.getByRole("button", { name: "Helpful (0)" }).click();
    await expect(theirs.getByRole("button", { name: "Helpful (1)" })).toBeVisible();
    await expect(theirs.getByRole("status")).toHaveText("Thank you for your vote.");
    await theirs.getByRole("button", { name: "Helpful (1)" }).click();
    await expect(theirs.getByRole("status")).toHaveText("Thank you — each customer's vote counts once, and not for their own review.");
    await expect(theirs.getByRole("button", { name: "Helpful (1)" })).toBeVisible();
    await voter.reload();
    await expect(theirs.getByRole("button", { name: "Helpful (1)" })).toBeVisible();

    // A guest who finds it helpful is sent to sign in first, and back here afterwards.
    const guest = await (await browser.newContext()).newPage();
    await guest.goto(productUrl);
    await guest.getByTestId("review").filter({ hasText: "Our beagle waits by the bowl" }).getByRole("button", { name: "Helpful (1)" }).click();
    await expect(guest).toHaveURL(/\/shelter\/login\?redirect=/);
  });
});

test.describe("functional cookies declined", () => {
  test.use({ consent: "reject" });

  test("the page shows the exact banner instead of the widget, its 'here' opens the preferences, and the widget's script is never requested", async ({
    page,
    request,
  }) => {
    const reviewed = await reviewedProduct(request);
    const widgetRequests: string[] = [];
    page.on("request", (r) => {
      if (new URL(r.url()).pathname === "/reviews/widget.js") widgetRequests.push(r.url());
    });
    await page.goto(shopUrl(`/products/${reviewed.handle}`));
    const banner = page.getByTestId("reviews-declined");
    await expect(banner).toHaveText(BANNER);
    await expect(page.getByTestId("reviews-mount")).toHaveCount(0);
    await expect(page.getByTestId("reviews-widget")).toHaveCount(0);
    await axe(page);

    await banner.getByRole("button", { name: "here" }).click();
    const dialog = page.getByRole("dialog", { name: "Cookie preferences" });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole("checkbox", { name: "Functional" })).not.toBeChecked();
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();

    // Back on the page after another one: still declined, still no script.
    await page.goto(shopUrl("/products"));
    await page.goto(shopUrl(`/products/${reviewed.handle}`));
    await expect(page.getByTestId("reviews-declined")).toHaveText(BANNER);
    expect(widgetRequests).toEqual([]);

    // Allowed from the banner's dialog: the widget loads at once.
    await page.getByTestId("reviews-declined").getByRole("button", { name: "here" }).click();
    await dialog.getByRole("checkbox", { name: "Functional" }).check();
    await dialog.getByRole("button", { name: "Save preferences" }).click();
    await expect(page.getByTestId("reviews-widget")).toBeVisible();
    await expect(page.getByTestId("reviews-declined")).toHaveCount(0);
    expect(widgetRequests).toHaveLength(1);
  });
});

test("the staff site shows no ratings: none on cards, none on the product page, no reviews section", async ({ page, request }) => {
  // A product the shop shows with a rating and the staff site sells too.
  const reviewed = await reviewedProduct(request, (p) => p.sites.includes("hpsf"));
  await registerStaff(page);
  await page.goto(staffUrl("/products"));
  await expect(page.getByRole("article").first()).toBeVisible();
  await expect(page.getByRole("article").getByRole("img", { name: /^Rated / })).toHaveCount(0);
  await page.goto(staffUrl(`/products/${reviewed.handle}`));
  await expect(page.getByTestId("product-page")).toBeVisible();
  await expect(page.getByTestId("product-rating")).toHaveCount(0);
  await expect(page.getByTestId("product-reviews")).toHaveCount(0);
  expect(productLd(await page.content())).not.toHaveProperty("aggregateRating");
  // The shop's listing of the same catalogue does show ratings.
  await page.goto(shopUrl("/products"));
  await expect(
    page
      .getByRole("article")
      .getByRole("img", { name: /^Rated / })
      .first(),
  ).toBeVisible();
});
