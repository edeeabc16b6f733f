import { expect, shopUrl, test } from "./fixtures";
import { anAutoshipItem, axeViolationIds, consoleOperator, register, subscribeTo, uniqueEmail } from "./journeys";

// The console's Subscriptions section with a real subscription: a customer subscribes through the
// shop; a support operator finds it in the console, pauses it with a reason (the customer's My
// Subscriptions shows it paused) and resumes it; the history names the operator.

// A pause without a reason answers 400, which the browser logs as a failed load.
test.use({ allowedConsoleErrors: [/status of 400/] });

const item = anAutoshipItem();

test("support finds a customer's subscription, pauses it with a reason and resumes it", async ({ page, browser }) => {
  // The customer subscribes through the shop.
  const email = uniqueEmail("console-autoship");
  await register(page, email);
  await subscribeTo(page, item);
  await page.goto(shopUrl("/account/autoships"));
  const mine = page.getByTestId("subscription");
  await expect(mine.getByTestId("subscription-status")).toHaveText("Active");

  // The operator, in their own browser, finds it by the customer's e-mail.
  const op = await (await browser.newContext()).newPage();
  const operator = await consoleOperator(op, "subscriptions-support");
  await op.getByRole("navigation", { name: "Console" }).getByRole("link", { name: "Subscriptions" }).click();
  await expect(op.getByRole("heading", { level: 1, name: "Subscriptions" })).toBeVisible();
  await op.getByRole("search", { name: "Subscriptions" }).getByLabel("Search").fill(email);
  await op.getByRole("button", { name: "Filter" }).click();
  await expect(op.getByTestId("subscriptions-total")).toHaveText("1 subscription");
  await op.getByTestId("subscriptions-rows").getByRole("link").first().click();
  await expect(op.getByRole("heading", { level: 1, name: /^Subscription AS-\d+$/ })).toBeVisible();
  await expect(op.getByTestId("subscription-status")).toHaveText("Active");
  await expect(op.getByText(`<${email}>`)).toBeVisible();
  expect(await axeViolationIds(op, ["wcag2a", "wcag2aa"])).toEqual([]);

  // Pause: a reason is required, and its message shows beside the field.
  const pause = op.getByRole("form", { name: "Pause" });
  await pause.getByRole("button", { name: "Pause" }).click();
  await expect(pause.getByLabel("Reason")).toHaveAttribute("aria-invalid", "true");
  await expect(pause.getByText("Choose a reason")).toBeVisible();
  await pause.getByLabel("Reason").selectOption({ label: "The customer asked (phone, e-mail, chat)" });
  await pause.getByLabel(/^Note/).fill("Away for a month");
  await pause.getByRole("button", { name: "Pause" }).click();
  await expect(op.getByTestId("subscription-notice")).toHaveText("The subscription is paused. The customer was e-mailed.");
  await expect(op.getByTestId("subscription-status")).toHaveText("Paused");
  await expect(op.getByTestId("subscription-history").getByRole("listitem").first()).toContainText(`paused`);
  await expect(op.getByTestId("subscription-history").getByRole("listitem").first()).toContainText(`Operator ${operator.email}`);

  // The customer's My Subscriptions shows it paused.
  await page.reload();
  await expect(mine.getByTestId("subscription-status")).toHaveText("Paused");

  // Resume.
  const resume = op.getByRole("form", { name: "Resume" });
  await resume.getByLabel("Reason").selectOption({ label: "The customer asked (phone, e-mail, chat)" });
  await resume.getByRole("button", { name: "Resume" }).click();
  await expect(op.getByTestId("subscription-notice")).toHaveText("The subscription is active again. The customer was e-mailed.");
  await expect(op.getByTestId("subscription-status")).toHaveText("Active");
  await page.reload();
  await expect(mine.getByTestId("subscription-status")).toHaveText("Active");

  // What keeps customers: the save offers' results beside the pets, the life-stage swaps and the combined deliveries.
  await op.goto(shopUrl("/admin/subscriptions/save-offers?days=30"));
  const figures = op.getByTestId("retention-figures");
  await expect(figures).toContainText(/Pets kept in My Pets \(with a birthday\)\d+ \(\d+\)/);
  await expect(figures).toContainText(/Life-stage swaps coming in the next 30 days\d+/);
  await expect(figures).toContainText(/Deliveries that combined several Autoships into one box, last 30 days\d+/);
  expect(await axeViolationIds(op, ["wcag2a", "wcag2aa"])).toEqual([]);
});
