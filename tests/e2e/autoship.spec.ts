import { expect, shopUrl, test } from "./fixtures";
import { anAutoshipItem, fillCheckoutAddress, payWithCard, register, uniqueEmail } from "./journeys";

// The autoship journey: subscribe on the product page → check out through the checkout screens → the subscription appears in My
// Subscriptions → skip → ship now creates an order → change frequency → cancel with a reason →
// reactivate. Every action is a plain form post answered by a redirect with a confirmation.

// A refused form (cancel without a reason) answers 400, which the browser logs as a failed load.
test.use({ allowedConsoleErrors: [/status of 400/] });

const item = anAutoshipItem();

const day = (offsetDays: number) => {
  const d = new Date();
  d.setUTCHours(0, 0, 0, 0);
  d.setUTCDate(d.getUTCDate() + offsetDays);
  return new Intl.DateTimeFormat("en-US", { month: "short", day: "numeric", year: "numeric", timeZone: "UTC" }).format(d);
};

test("subscribe, check out, then skip, ship now, change frequency, cancel with a reason and reactivate", async ({ page, context }) => {
  const email = uniqueEmail("autoship");
  await register(page, email);

  // The order-management cookie of SPEC §9 is set for the signed-in customer.
  await page.goto(shopUrl("/account/dashboard"));
  // The words of the account pages' settings (content/site/account-pages-settings.json).
  await expect(page.getByTestId("autoship-summary")).toHaveText("You have no Autoship subscriptions yet.");
  const og = (await context.cookies()).find((c) => c.name === "og_auth");
  expect(og?.value).toMatch(/^[0-9a-f-]{36}\|[0-9a-f]{64}\|[A-Za-z0-9+/=]+$/);
  expect(og?.secure).toBe(true);

  await page.goto(shopUrl(`/products/${item.p.handle}?sku=${item.v.sku}`));
  await page.getByRole("radio", { name: /Autoship/ }).check();
  await page.getByTestId("add-to-cart").click();
  const modal = page.getByRole("dialog", { name: "Added to your cart" });
  await expect(modal).toBeVisible();
  await modal.getByRole("button", { name: "Continue Shopping" }).click();

  // Checkout through the screens: the autoship terms, address, shipping, a new card.
  await page.goto(shopUrl("/cart"));
  await page.getByLabel(/I understand that my Autoship items/).check();
  await page.getByTestId("proceed-to-checkout").click();
  await expect(page).toHaveURL(/\/checkout(\?|$)/);
  await fillCheckoutAddress(page);
  await page.getByRole("button", { name: "Continue to shipping" }).click();
  await page.getByRole("button", { name: "Continue to payment" }).click();
  await payWithCard(page);
  await expect(page).toHaveURL(/\/checkout\/confirmation\//);

  await page.goto(shopUrl("/account/autoships"));
  await expect(page).toHaveTitle(/^My Subscriptions \|/);
  const sub = page.getByTestId("subscription");
  await expect(sub).toHaveCount(1);
  await expect(sub.getByRole("heading", { name: item.p.title })).toBeVisible();
  await expect(sub.getByTestId("subscription-status")).toHaveText("Active");
  await expect(sub.getByTestId("frequency")).toHaveText("Every 4 weeks");
  await expect(sub.getByTestId("next-order-date")).toHaveText(day(28));
  await expect(sub.getByTestId("payment-method")).toHaveText("Visa ending in 4242");
  await expect(sub.getByTestId("ship-to")).toContainText("1 Main St");

  // Skip: the next order moves one frequency later.
  await sub.getByRole("button", { name: "Skip next order" }).click();
  await expect(page.getByTestId("autoship-notice")).toHaveText("The next order was skipped.");
  await expect(sub.getByTestId("next-order-date")).toHaveText(day(56));

  // Ship now: a renewal order is placed at once and listed in My Orders.
  await sub.getByRole("button", { name: "Ship now" }).click();
  await expect(page.getByTestId("autoship-notice")).toHaveText(/^Order KC-\d+ was placed and will ship soon\.$/);
  const placed = (await page.getByTestId("autoship-notice").textContent())!.match(/KC-\d+/)![0];
  await page.goto(shopUrl("/account/orders"));
  await expect(page.getByTestId("orders-table").getByRole("link", { name: placed })).toBeVisible();
  await expect(page.getByTestId("orders-table").getByRole("row")).toHaveCount(3);

  // Change frequency, with the keyboard-reachable form inside "Change delivery".
  await page.goto(shopUrl("/account/autoships"));
  await sub.getByText("Change delivery").click();
  const frequencyForm = sub.getByRole("form", { name: "Change frequency" });
  await frequencyForm.getByLabel("Deliver").selectOption({ label: "Every 6 weeks" });
  await frequencyForm.getByRole("button", { name: "Save frequency" }).click();
  await expect(page.getByTestId("autoship-notice")).toHaveText("The delivery frequency was changed.");
  await expect(sub.getByTestId("frequency")).toHaveText("Every 6 weeks");

  // Cancel: a reason is required, and its message shows beside the field.
  await sub.getByText("Cancel subscription", { exact: true }).first().click();
  const cancelForm = sub.getByRole("form", { name: "Cancel subscription" });
  await cancelForm.getByRole("button", { name: "Cancel subscription" }).click();
  await expect(cancelForm.getByText("Choose a reason")).toBeVisible();
  await expect(cancelForm.getByLabel("Why are you cancelling?")).toHaveAttribute("aria-invalid", "true");
  await cancelForm.getByLabel("Why are you cancelling?").selectOption({ label: "I have too much food" });
  await cancelForm.getByRole("button", { name: "Cancel subscription" }).click();
  await expect(page.getByTestId("autoship-notice")).toHaveText("The subscription was cancelled.");
  await expect(sub.getByTestId("subscription-status")).toHaveText("Cancelled");
  await expect(sub).toContainText("I have too much food");
  await expect(sub.getByRole("button", { name: "Ship now" })).toHaveCount(0);

  // Reactivate: active again, the next order from tomorrow on.
  await sub.getByRole("button", { name: "Reactivate" }).click();
  await expect(page.getByTestId("autoship-notice")).toHaveText("The subscription is active again.");
  await expect(sub.getByTestId("subscription-status")).toHaveText("Active");

  // The reminder mail's skip link asks first; "Skip this delivery" then skips one frequency.
  const before = (await sub.getByTestId("next-order-date").textContent())!;
  const subId = (await sub.getAttribute("id"))!.replace(/^sub-/, "");
  await page.goto(shopUrl(`/account/autoships?skip=${subId}#sub-${subId}`));
  await expect(page.getByTestId("skip-prompt")).toContainText(before);
  await page.getByTestId("skip-prompt").getByRole("button", { name: "Skip this delivery" }).click();
  await expect(page.getByTestId("autoship-notice")).toHaveText("The next order was skipped.");
  await expect(page.getByTestId("skip-prompt")).toHaveCount(0);
  await expect(sub.getByTestId("next-order-date")).not.toHaveText(before);

  await page.goto(shopUrl("/account/dashboard"));
  await expect(page.getByTestId("autoship-summary")).toHaveText(/^1 active Autoship subscription · next order [A-Z][a-z]{2} \d{1,2}, \d{4}$/);
});
