import AxeBuilder from "@axe-core/playwright";
import { expect, shopUrl, test } from "./fixtures";
import { anAutoshipItem, latestMailTo, register, subscribeTo, uniqueEmail } from "./journeys";

// Managing a delivery from the reminder mail without signing in: the customer's next order is due
// tomorrow, the renewal engine's next pass (every few seconds here, playwright.config.ts) mails the
// reminder, and its skip link — opened in a browser that is not signed in — asks once, skips on the
// button, and is spent after that.

const item = anAutoshipItem();
// A checkout, then up to one renewal pass's interval for the reminder.
test.slow();

const isoDay = (offsetDays: number) => new Date(Date.now() + offsetDays * 86_400_000).toISOString().slice(0, 10);

test("the reminder mail's skip link skips the delivery without signing in, once", async ({ page, browser }) => {
  const email = uniqueEmail("mail-links");
  await register(page, email);
  await subscribeTo(page, item);

  // The next order tomorrow: within the reminder's days.
  await page.goto(shopUrl("/account/autoships"));
  const sub = page.getByTestId("subscription");
  await sub.getByText("Change delivery").click();
  const dateForm = sub.getByRole("form", { name: "Change next order date" });
  await dateForm.getByLabel("Next order date").fill(isoDay(1));
  await dateForm.getByRole("button", { name: "Save date" }).click();
  await expect(page.getByTestId("autoship-notice")).toHaveText("The next order date was changed.");
  const tomorrow = (await sub.getByTestId("next-order-date").textContent())!;

  const mail = await latestMailTo(email, /^Your Autoship AS-\d+ ships on /, 30_000);
  const skip = /Skip this delivery:\n(\S+)/.exec(mail.text)?.[1];
  expect(skip).toMatch(/\/autoship\/manage\/\S+$/);
  const link = shopUrl(new URL(skip!).pathname);

  // A browser with no session: the page asks, and the one button skips.
  const stranger = await (await browser.newContext()).newPage();
  await stranger.goto(link);
  await expect(stranger).toHaveTitle(/^Your Autoship Delivery \|/);
  const box = stranger.getByTestId("mail-action");
  await expect(box).toContainText(`Skip the delivery planned for`);
  expect(
    await new AxeBuilder({ page: stranger })
      .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice"])
      .analyze()
      .then((r) => r.violations.map((v) => v.id)),
  ).toEqual([]);
  await box.getByRole("button", { name: "Skip this delivery" }).click();
  await expect(box).toHaveText("The next order was skipped.");

  // Spent: opening it again says so, with no button.
  await stranger.goto(link);
  await expect(box).toHaveText("This link has already been used or the delivery has been placed.");
  await expect(box.getByRole("button")).toHaveCount(0);
  await stranger.context().close();

  await page.reload();
  await expect(sub.getByTestId("next-order-date")).not.toHaveText(tomorrow);
});
