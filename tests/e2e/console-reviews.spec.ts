import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { E2E_REVIEWS, E2E_REVIEWS_PRODUCT } from "../../scripts/lib/e2e-reviews";
import { expect, shopUrl, test } from "./fixtures";
import { consoleOperator } from "./journeys";

// Review moderation in the console as a manager does it: the navigation counts the reviews waiting;
// the list (waiting first) finds the product's; one review is rejected — first without a reason,
// which the form refuses beside its select, then with a policy reason — another is approved and
// answered; each review's page and the audit log list the actions. Other tests may write reviews at
// the same time, so counts are compared within one page, never to a fixed number.

// The refused rejection answers 400, which the browser logs as a failed load.
test.use({ allowedConsoleErrors: [/status of 400/] });

const axe = async (page: Page) =>
  expect(
    await new AxeBuilder({ page })
      .withTags(["wcag2a", "wcag2aa"])
      .analyze()
      .then((r) => r.violations.map((v) => v.id)),
  ).toEqual([]);

const [offTopic, praise] = E2E_REVIEWS;

test("a manager rejects a review with a policy reason, approves and answers another; the audit log lists it all", async ({ page }) => {
  test.setTimeout(90_000);
  const { email } = await consoleOperator(page, "reviews-manager");
  const nav = page.getByRole("navigation", { name: "Console" });
  const waitingInNav = nav.getByTestId("console-nav-count-reviews");
  await expect(waitingInNav).toHaveText(/^\d+ waiting$/);

  await nav.getByRole("link", { name: /^Reviews/ }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Reviews" })).toBeVisible();
  const waitingTab = page.getByRole("navigation", { name: "Review states" }).getByRole("link", { name: /^Waiting/ });
  await expect(waitingTab).toHaveAttribute("aria-current", "page");
  // The navigation's count and the tab's are the same query's answer.
  const tabCount = Number(/\((\d+)\)/.exec((await waitingTab.textContent()) ?? "")![1]);
  expect(tabCount).toBeGreaterThanOrEqual(E2E_REVIEWS.length);
  await expect(waitingInNav).toHaveText(`${tabCount} waiting`);
  await axe(page);

  // Search by product: only that product's waiting reviews, oldest first.
  await page.getByLabel("Product").fill(E2E_REVIEWS_PRODUCT.title);
  await page.getByRole("button", { name: "Search" }).click();
  await expect(page).toHaveURL(/q=/);
  const rows = page.getByTestId("reviews-rows").getByRole("row");
  await expect(rows.first()).toContainText(offTopic.title);
  await expect(rows.filter({ hasText: praise.title })).toHaveCount(1);
  for (const text of await rows.locator("td:first-child").allTextContents()) expect(text).toBe(E2E_REVIEWS_PRODUCT.title);

  // Reject: the reason is required, and the form says why.
  await page.getByRole("link", { name: offTopic.title }).click();
  await expect(page.getByRole("heading", { level: 1, name: `Review: ${offTopic.title}` })).toBeVisible();
  await expect(page.getByTestId("review-details")).toContainText(offTopic.body);
  const reject = page.getByTestId("review-reject");
  await expect(reject).toContainText("A review is never rejected for being negative");
  await reject.getByRole("button", { name: "Reject" }).click();
  const reason = reject.getByLabel("Policy reason");
  await expect(reason).toHaveAttribute("aria-invalid", "true");
  await expect(reject.getByText("Choose the policy reason this review breaks.")).toBeVisible();
  await axe(page);
  await reason.selectOption({ label: "Off-topic" });
  await reject.getByRole("button", { name: "Reject" }).click();
  await expect(page.getByText("Rejected (Off-topic). The review is not shown.")).toBeVisible();
  await expect(page.getByTestId("review-state")).toContainText("Rejected — Off-topic");
  await expect(page.getByTestId("review-history")).toContainText(`${email} · Rejected: Off-topic`);

  // Approve and answer another. The rejected review left the waiting list and both counts.
  await page.goto(shopUrl(`/admin/reviews?q=${encodeURIComponent(E2E_REVIEWS_PRODUCT.title)}`));
  await expect(page.getByTestId("reviews-rows")).toContainText(praise.title);
  await expect(page.getByTestId("reviews-rows")).not.toContainText(offTopic.title);
  const waitingNow = /\((\d+)\)/.exec((await waitingTab.textContent()) ?? "")![1];
  await expect(waitingInNav).toHaveText(`${waitingNow} waiting`);
  await page.getByRole("link", { name: praise.title }).click();
  await page.getByTestId("review-approve").getByRole("button", { name: "Approve" }).click();
  await expect(page.getByText("Approved. The review shows on the product page.")).toBeVisible();
  await expect(page.getByTestId("review-state")).toContainText("Approved");
  const respond = page.getByTestId("review-respond");
  await respond.getByLabel("Respond as the shop").fill("Thank you! We passed your note to the team.");
  await respond.getByRole("button", { name: "Publish response" }).click();
  await expect(page.getByText("Response saved. It shows under the review.")).toBeVisible();
  await expect(respond.getByLabel("The shop's response")).toHaveValue("Thank you! We passed your note to the team.");
  const history = page.getByTestId("review-history").getByRole("listitem");
  await expect(history).toHaveCount(2);
  await expect(history.nth(0)).toContainText(`${email} · Responded: “Thank you! We passed your note to the team.”`);
  await expect(history.nth(1)).toContainText(`${email} · Approved (was waiting)`);
  await axe(page);

  // The audit log: the three actions of this operator, newest first.
  await nav.getByRole("link", { name: "Audit log" }).click();
  await page.getByLabel("Operator e-mail").fill(email);
  await page.getByRole("button", { name: "Filter" }).click();
  const actions = page.getByRole("row").filter({ hasText: /review\./ });
  await expect(actions).toHaveCount(3);
  await expect(actions.nth(0)).toContainText("review.respond");
  await expect(actions.nth(1)).toContainText("review.approve");
  await expect(actions.nth(2)).toContainText("review.reject");
});
