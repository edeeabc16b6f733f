import { buildSeedCatalog } from "../../server/modules/catalog";
import { formatUsd } from "../../rules/shared/money";
import { expect, shopUrl, test } from "./fixtures";
import { fillCheckoutAddress, latestMailTo, payWithCard, uniqueEmail } from "./journeys";

// Donations at order time as a shopper meets them: the seeded donation store runs the add-on
// campaign (4) besides online purchase (1) — 5 % of every order to the default cause, Paws Rescue
// League — so the cart offers "Add $1 / $3 / $5 to Paws Rescue League". The add-on is its own
// charged line: in the cart summary, the checkout totals, the order and the mail.

const CAUSE = "Paws Rescue League";
const catalog = buildSeedCatalog();
const item = catalog.products
  .flatMap((p) => p.variants.map((v) => ({ p, v })))
  .find(({ p, v }) => p.sites.includes("d2c") && !v.badgeTags.includes("badge::out-of-stock") && v.priceCents >= 1500 && v.priceCents < 4000)!;
const fivePercent = (cents: number) => Math.round(cents * 0.05);

test("the cart's add-on is charged as its own line and the confirmation says what was given to whom", async ({ page }) => {
  await page.goto(shopUrl(`/products/${item.p.handle}?sku=${item.v.sku}`));
  await page.getByTestId("add-to-cart").click();
  await page.getByRole("dialog", { name: "Added to your cart" }).getByRole("button", { name: "Continue Shopping" }).click();
  await page.goto(shopUrl("/cart"));

  const addon = page.getByTestId("donation-addon");
  await expect(addon.getByRole("heading", { name: `Add $1 / $3 / $5 to ${CAUSE}` })).toBeVisible();
  const summary = page.getByTestId("order-summary");
  await expect(summary.getByTestId("summary-total")).toContainText(formatUsd(item.v.priceCents));
  await addon.getByRole("button", { name: `Add $3 to ${CAUSE}` }).click();
  await expect(addon.getByRole("button", { name: `Add $3 to ${CAUSE}` })).toHaveAttribute("aria-pressed", "true");
  await expect(summary.getByTestId("summary-donation")).toContainText(`Donation to ${CAUSE}`);
  await expect(summary.getByTestId("summary-donation")).toContainText("$3.00");
  await expect(summary.getByTestId("summary-total")).toContainText(formatUsd(item.v.priceCents + 300));
  // Changed to $5, then back to $3: one choice at a time, removable.
  await addon.getByRole("button", { name: `Add $5 to ${CAUSE}` }).click();
  await expect(summary.getByTestId("summary-donation")).toContainText("$5.00");
  await addon.getByRole("button", { name: "Remove donation" }).click();
  await expect(summary.getByTestId("summary-donation")).toHaveCount(0);
  await addon.getByRole("button", { name: `Add $3 to ${CAUSE}` }).click();
  await expect(summary.getByTestId("summary-donation")).toContainText("$3.00");

  await page.getByTestId("proceed-to-checkout").click();
  const email = uniqueEmail("giver");
  const info = page.getByTestId("checkout-information");
  await info.getByLabel("Email", { exact: true }).fill(email);
  await fillCheckoutAddress(page);
  await info.getByRole("button", { name: "Continue to shipping" }).click();
  await page.getByTestId("checkout-shipping").getByRole("button", { name: "Continue to payment" }).click();
  await expect(page.getByTestId("checkout-summary").getByTestId("checkout-donation")).toContainText("$3.00");
  await payWithCard(page);

  await expect(page).toHaveURL(/\/checkout\/confirmation\//);
  await expect(page.getByTestId("order-donation-addon")).toContainText("$3.00");
  const given = `${formatUsd(fivePercent(item.v.priceCents) + 300)} to ${CAUSE} with this order`;
  await expect(page.getByTestId("order-donations")).toHaveText(given);
  const mail = await latestMailTo(email, /order/);
  expect(mail.text).toContain("Donation — $3.00");
  expect(mail.text).toContain(given);
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });
  test("the add-on form works as a plain form post", async ({ page }) => {
    // No JS: add through the product page's plain form.
    await page.goto(shopUrl(`/products/${item.p.handle}?sku=${item.v.sku}`));
    await page.getByTestId("add-to-cart").click();
    await expect(page).toHaveURL(/\/cart$/);
    await page
      .getByTestId("donation-addon")
      .getByRole("button", { name: `Add $1 to ${CAUSE}` })
      .click();
    await expect(page).toHaveURL(/\/cart$/);
    await expect(page.getByTestId("summary-donation")).toContainText("$1.00");
  });
});
