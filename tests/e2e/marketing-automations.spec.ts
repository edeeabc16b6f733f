import type { APIRequestContext } from "@playwright/test";
import { buildSeedCatalog } from "../../server/modules/catalog";
import { expect, shopUrl, test } from "./fixtures";
import { axeViolationIds, consoleOperator, latestMailTo, mailsTo, uniqueEmail } from "./journeys";

// The automatic mails (README "E-mail marketing"): back-in-stock from a product page to the one mail
// that follows a console restock; the passes are run at once through the test clock hook
// (POST /api/test/clock, server/test-clock.ts) instead of waiting for the renewal engine's.

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

test("back in stock: a guest asks, confirms, and gets one mail when the console puts it back; an unsubscribed one gets none", async ({
  page,
  request,
  browser,
}) => {
  const email = uniqueEmail("bis");
  const leaving = uniqueEmail("bis-left");
  await page.goto(shopUrl(`/products/${soldOut.p.handle}?sku=${soldOut.v.sku}`));
  const notify = page.getByTestId("notify-me");
  for (const address of [leaving, email]) {
    await notify.getByLabel("Email address").fill(address);
    await notify.getByRole("button", { name: "Notify me when it's back" }).click();
    await expect(page.getByTestId("notify-me-answer")).toContainText("we have mailed it a link");
  }
  expect(await axeViolationIds(page, ["wcag2a", "wcag2aa", "wcag22aa"], "[data-testid=notify-me]")).toEqual([]);

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
