import type { APIRequestContext, Page } from "@playwright/test";
import { buildSeedCatalog } from "../../server/modules/catalog";
import { expect, shopUrl, test } from "./fixtures";
import { anAutoshipItem, axeViolationIds, checkOutCart, consoleOperator, latestMailTo, mailsTo, PASSWORD, register, uniqueEmail } from "./journeys";

// The automatic mails (README "E-mail marketing"): back-in-stock from a product page to the one mail
// that follows a console restock; an abandoned cart's reminder an hour on, and none after the order
// or after an unsubscribe.
// The passes run at once through the test clock hook (POST /api/test/clock, server/test-clock.ts),
// which also moves the marketing list's clock, instead of waiting for the renewal engine's pass.

const catalog = buildSeedCatalog();
const onHand = (sku: string, code: string) => catalog.inventory.find((i) => i.sku === sku && i.warehouseCode === code)?.onHand ?? 0;
// An item out of stock everywhere that no other journey uses (product-detail.spec.ts takes the first such).
const soldOut = catalog.products
  .flatMap((p) => p.variants.map((v) => ({ p, v })))
  .reverse()
  .find(({ p, v }) => p.sites.includes("d2c") && p.productType !== "Donation" && catalog.warehouses.every((w) => onHand(v.sku, w.code) === 0))!;

/** Runs the automatic mails' pass now, with the clock this far ahead. */
async function passAt(request: APIRequestContext, offsetMinutes: number) {
  const answer = await request.post(shopUrl("/api/test/clock"), { data: { offsetMinutes }, headers: { origin: shopUrl("").replace(/\/$/, "") } });
  expect(answer.status()).toBe(200);
  return (await answer.json()) as { sent: { backInStock: number; abandonedCart: number } };
}

const confirmLink = (text: string) => /https?:\/\/\S+\/email\/confirm\?token=[\w.-]+/.exec(text)![0];

/** Registered with the marketing box ticked, confirmed, signed in, one item in the cart: the address. */
async function subscriberWithCart(page: Page, label: string): Promise<string> {
  const email = uniqueEmail(label);
  await register(page, email, PASSWORD, { marketing: true });
  await page.goto(confirmLink((await latestMailTo(email, /^Confirm your subscription/)).text));
  await page.getByRole("button", { name: "Confirm my subscription" }).click();
  await expect(page.getByTestId("confirm-answer")).toContainText("your subscription is confirmed");
  const item = anAutoshipItem();
  await page.goto(shopUrl(`/products/${item.p.handle}?sku=${item.v.sku}`));
  await page.getByTestId("add-to-cart").click();
  await expect(page.getByRole("dialog", { name: "Added to your cart" })).toBeVisible();
  return email;
}

test("back in stock: a guest asks, confirms, and gets one mail when the console puts it back; an unsubscribed one gets none", async ({
  page,
  request,
  browser,
}) => {
  const email = uniqueEmail("bis");
  const leaving = uniqueEmail("bis-left");
  const productPage = shopUrl(`/products/${soldOut.p.handle}?sku=${soldOut.v.sku}`);
  await page.goto(productPage);
  const notify = page.getByTestId("notify-me");
  expect(await axeViolationIds(page, ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice"], "[data-testid=notify-me]")).toEqual([]);
  for (const address of [leaving, email]) {
    await notify.getByLabel("Email address").fill(address);
    await notify.getByRole("button", { name: "Notify me when it's back" }).click();
    // Answered in place once the form's code has run; before that the plain form post answers on its own page.
    await expect(page.getByText(/we have mailed it a link/)).toBeVisible();
    if (!page.url().startsWith(productPage)) await page.goto(productPage);
  }

  for (const address of [leaving, email]) {
    await page.goto(confirmLink((await latestMailTo(address, /^Confirm your subscription/)).text));
    await page.getByRole("button", { name: "Confirm my subscription" }).click();
    await expect(page.getByTestId("confirm-answer")).toContainText("your subscription is confirmed");
  }
  // One of them leaves the list by the welcome mail's one-click link before the item is back.
  const welcome = await latestMailTo(leaving, /^Welcome/);
  const oneClick = /^<(.+)>$/.exec(welcome.headers["List-Unsubscribe"])![1];
  expect((await request.post(oneClick, { form: { "List-Unsubscribe": "One-Click" } })).status()).toBe(200);

  // Still out of stock: the pass sends nothing.
  expect((await passAt(request, 0)).sent.backInStock).toBe(0);

  const console = await (await browser.newContext()).newPage();
  await consoleOperator(console, "back-in-stock-manager");
  await console.goto(shopUrl(`/admin/products?q=${soldOut.v.sku}`));
  await console.getByTestId("products-rows").getByRole("link").first().click();
  const adjust = console.getByRole("form", { name: "Adjust stock" });
  await adjust.getByLabel("SKU").selectOption({ label: soldOut.v.sku });
  await adjust.getByLabel("Warehouse").selectOption("DEN1");
  await adjust.getByLabel("Change (+/−)").fill("6");
  await adjust.getByLabel("Reason").selectOption("received");
  await adjust.getByRole("button", { name: "Adjust", exact: true }).click();
  await expect(console.getByText("Adjusted: 6 on hand")).toBeVisible();

  await passAt(request, 0);
  const mail = await latestMailTo(email, /^Back in stock/);
  expect(mail.headers["List-Unsubscribe-Post"]).toBe("List-Unsubscribe=One-Click");
  expect(mail.text).toContain(`?sku=${soldOut.v.sku}`);
  // Spent: another pass sends no other; the unsubscribed address got none.
  await passAt(request, 0);
  expect(mailsTo(email, /^Back in stock/)).toHaveLength(1);
  expect(mailsTo(leaving, /^Back in stock/)).toHaveLength(0);
});

test("abandoned cart: one mail an hour after the last change, none after the order", async ({ page, request }) => {
  const email = await subscriberWithCart(page, "cart");

  // 59 minutes on: nothing yet; an hour on: the first reminder, once.
  await passAt(request, 59);
  expect(mailsTo(email, /cart/)).toHaveLength(0);
  await passAt(request, 61);
  const reminder = await latestMailTo(email, /^You left something in your cart/);
  expect(reminder.headers["List-Unsubscribe-Post"]).toBe("List-Unsubscribe=One-Click");
  expect(reminder.text).toContain("/cart");
  await passAt(request, 62);
  expect(mailsTo(email, /cart/)).toHaveLength(1);

  // The order ends the reminders: a day on, no second one.
  await checkOutCart(page);
  await passAt(request, 24 * 60 + 1);
  expect(mailsTo(email, /cart/)).toHaveLength(1);
  await passAt(request, 0);
});

test("abandoned cart: the reminder's one-click unsubscribe ends the reminders", async ({ page, request }) => {
  const email = await subscriberWithCart(page, "cart-left");

  await passAt(request, 61);
  const reminder = await latestMailTo(email, /^You left something in your cart/);
  const oneClick = /^<(.+)>$/.exec(reminder.headers["List-Unsubscribe"])![1];
  expect((await request.post(oneClick, { form: { "List-Unsubscribe": "One-Click" } })).status()).toBe(200);
  // The cart is still there a day on, but its owner left the list: no second reminder.
  await passAt(request, 24 * 60 + 1);
  expect(mailsTo(email, /cart/)).toHaveLength(1);
  await passAt(request, 0);
});
