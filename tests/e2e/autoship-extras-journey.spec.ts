import AxeBuilder from "@axe-core/playwright";
import type { Browser, Page } from "@playwright/test";
import { autoshipPriceCents } from "../../rules/autoship/offer-and-frequency";
import { formatUsd } from "../../rules/shared/money";
import { buildSeedCatalog } from "../../server/modules/catalog";
import { expect, shopUrl, test } from "./fixtures";
import { consoleOperator, latestMailTo, register, subscribeTo, uniqueEmail } from "./journeys";

// The price guard and the chosen substitute as a customer and an operator meet them. A customer
// checks out an Autoship; an operator changes the catalogue (a price raised 15%, a shelf emptied)
// and renews the subscription now, as its scheduled day would (the console's "Renew now"); what the
// schedule does then is what the customer sees: a renewal held for their answer, answered from the
// mail's signed link, or the substitute they chose shipped in place of the usual item.

// The price confirmation answers 409 before "Confirm the new price"; the browser logs it.
test.use({ allowedConsoleErrors: [/status of 409/] });
// Two browsers, a checkout and several console pages each.
test.slow();

const catalog = buildSeedCatalog();
/** Sizes of dry dog foods no other browser test uses, in stock at the Denver warehouse that serves the checkout's ZIP (80011). */
function variantOf(sku: string) {
  for (const p of catalog.products) {
    const v = p.variants.find((x) => x.sku === sku);
    if (v) {
      expect(catalog.inventory.some((i) => i.sku === sku && i.warehouseCode === "DEN1" && i.onHand > 10)).toBe(true);
      // The shop's title of a size: "Chicken / 8.5 lb".
      return { p, v, title: `${v.flavor} / ${v.sizeLabel}` };
    }
  }
  throw new Error(`no seed variant ${sku}`);
}
const WAREHOUSE = "DEN1";

async function subscribe(page: Page, item: { p: { handle: string }; v: { sku: string } }, email: string) {
  await register(page, email);
  await subscribeTo(page, item);
  await page.goto(shopUrl("/account/autoships"));
  await expect(page.getByTestId("subscription").getByTestId("subscription-status")).toHaveText("Active");
}

/** The operator, in a browser of their own, on the product's console page. */
async function operatorOnProduct(browser: Browser, key: string, sku: string) {
  const op = await (await browser.newContext()).newPage();
  await consoleOperator(op, key);
  await op.getByRole("navigation", { name: "Console" }).getByRole("link", { name: "Catalogue" }).click();
  await op.getByRole("search", { name: "Products" }).getByLabel("Search").fill(sku);
  await op.getByRole("button", { name: "Filter" }).click();
  await expect(op.getByTestId("products-total")).toHaveText("1 product");
  await op.getByTestId("products-rows").getByRole("link").first().click();
  await expect(op.getByTestId(`variant-${sku}`)).toBeVisible();
  return op;
}

/** The customer's subscription in the console, then its "Renew now (as scheduled)" with a reason. */
async function renewNow(op: Page, email: string) {
  await op.getByRole("navigation", { name: "Console" }).getByRole("link", { name: "Subscriptions" }).click();
  await op.getByRole("search", { name: "Subscriptions" }).getByLabel("Search").fill(email);
  await op.getByRole("button", { name: "Filter" }).click();
  await expect(op.getByTestId("subscriptions-total")).toHaveText("1 subscription");
  await op.getByTestId("subscriptions-rows").getByRole("link").first().click();
  await expect(op.getByRole("heading", { level: 1, name: /^Subscription AS-\d+$/ })).toBeVisible();
  const form = op.getByRole("form", { name: "Renew now (as scheduled)" });
  await form.getByLabel("Reason").selectOption({ label: "The customer asked (phone, e-mail, chat)" });
  await form.getByRole("button", { name: "Renew now (as scheduled)" }).click();
}

test("a price raised 15% holds the renewal; the mail's link renews it at the new price, once", async ({ page, browser }) => {
  const item = variantOf("KC-D15-CHK-155LB");
  const email = uniqueEmail("price-guard");
  await subscribe(page, item, email);
  await expect(page.getByTestId("subscription").getByText("Price guard: 10%")).toBeVisible();

  // The operator raises the price by 15%: the console first says it reaches this Autoship.
  const raised = Math.ceil(item.v.priceCents * 1.15);
  const op = await operatorOnProduct(browser, "autoship-price", item.v.sku);
  const variant = op.getByTestId(`variant-${item.v.sku}`);
  await variant.getByLabel("Price ($)").fill((raised / 100).toFixed(2));
  await variant.getByRole("button", { name: "Save price" }).click();
  await expect(variant.getByTestId("price-confirm")).toContainText(/This price applies to [1-9]\d* active Autoships? at their next renewal\./);
  await variant.getByRole("button", { name: "Confirm the new price" }).click();
  await expect(variant.getByText(`Saved: ${formatUsd(raised)}.`)).toBeVisible();

  // Renewed as on its scheduled day: held, nothing charged.
  await renewNow(op, email);
  await expect(op.getByTestId("subscription-notice")).toContainText("The renewal is held. The price rose beyond the customer's price guard");
  await expect(op.getByTestId("subscription-status")).toContainText("Held: Price rise (waiting for the customer)");
  // An operator cannot charge it in the customer's place.
  await expect(op.getByRole("form", { name: "Retry renewal now" })).toHaveCount(0);

  // My Autoships says so, with the old and new unit prices.
  const oldUnit = formatUsd(autoshipPriceCents(item.v.priceCents));
  const newUnit = formatUsd(autoshipPriceCents(raised));
  await page.reload();
  const sub = page.getByTestId("subscription");
  await expect(sub).toContainText("On hold: the price rose beyond your price guard");
  await expect(sub.getByTestId("price-hold")).toContainText(`from ${oldUnit} to ${newUnit} per item`);
  await page.goto(shopUrl("/account/orders"));
  await expect(page.getByTestId("orders-table").locator("tbody tr")).toHaveCount(1);

  // The mail carries the signed one-click answers; "renew" opens a page that asks once more.
  const mail = await latestMailTo(email, /^Price change: your Autoship AS-\d+ is waiting for you$/);
  expect(mail.text).toContain(`from ${oldUnit} to ${newUnit} per item`);
  const accept = /Renew at the new price:\n(\S+)/.exec(mail.text)?.[1];
  expect(accept).toMatch(/\/autoship\/price-answer\/\S+$/);
  const link = shopUrl(new URL(accept!).pathname);
  await page.goto(link);
  const answer = page.getByTestId("price-answer");
  await expect(answer).toContainText(`went up from ${oldUnit} to ${newUnit}`);
  expect(
    await new AxeBuilder({ page })
      .withTags(["wcag2a", "wcag2aa"])
      .analyze()
      .then((r) => r.violations.map((v) => v.id)),
  ).toEqual([]);
  await answer.getByRole("button", { name: `Renew at ${newUnit}` }).click();
  await expect(answer).toContainText(/Order KC-\d+ was placed at the new price\./);
  const number = /Order (KC-\d+)/.exec((await answer.textContent()) ?? "")![1];

  // My Orders lists it; its line is at the new Autoship price.
  await page.goto(shopUrl("/account/orders"));
  await expect(page.getByTestId("orders-table").locator("tbody tr")).toHaveCount(2);
  await page.getByRole("link", { name: number }).click();
  await expect(page.getByText(`SKU ${item.v.sku}`)).toBeVisible();
  await expect(page.getByRole("row", { name: new RegExp(`SKU ${item.v.sku}`) })).toContainText(newUnit);
  await page.goto(shopUrl("/account/autoships"));
  await expect(page.getByTestId("subscription").getByTestId("price-hold")).toHaveCount(0);
  await op.reload();
  await expect(op.getByTestId("subscription-status")).toHaveText("Active");
  await expect(op.getByTestId("renewals")).toContainText(number);

  // The link works once.
  await page.goto(link);
  await expect(page.getByTestId("price-answer")).toHaveText("This renewal was already answered: each link works once.");
  await expect(page.getByTestId("price-answer").getByRole("button")).toHaveCount(0);
  await op.context().close();
});

test("an out-of-stock renewal ships the substitute the customer chose, and the order says why", async ({ page, browser }) => {
  const usual = variantOf("KC-D18-CHK-85LB");
  const substitute = variantOf("KC-D18-CHK-155LB");
  const email = uniqueEmail("substitute");
  await subscribe(page, usual, email);

  // The customer picks another size of the same food.
  const sub = page.getByTestId("subscription");
  await sub.getByText("If it is out of stock: choose a substitute").click();
  const form = sub.getByRole("form", { name: "Substitute" });
  const sizes = form.getByLabel("Another size or flavor of this product");
  const option = sizes.locator("option", { hasText: substitute.title });
  await sizes.selectOption((await option.getAttribute("value"))!);
  await form.getByRole("button", { name: "Save substitute" }).click();
  await expect(page.getByTestId("autoship-notice")).toHaveText("Your substitute was saved.");
  await expect(sub.getByTestId("substitute")).toContainText(`If out of stock, send: ${substitute.p.title} — ${substitute.title}`);

  // The operator empties the usual item's shelf at the customer's warehouse, with a reason.
  const op = await operatorOnProduct(browser, "autoship-substitute", usual.v.sku);
  const row = op.getByTestId(`stock-${usual.v.sku}-${WAREHOUSE}`);
  const available = Number(await row.locator("td").nth(4).textContent());
  expect(available).toBeGreaterThan(0);
  const adjust = op.getByRole("form", { name: "Adjust stock" });
  await adjust.getByLabel("SKU").selectOption({ label: usual.v.sku });
  await adjust.getByLabel("Warehouse").selectOption(WAREHOUSE);
  await adjust.getByLabel("Change (+/−)").fill(String(-available));
  await adjust.getByLabel("Reason").selectOption("damaged");
  await adjust.getByLabel("Note").fill("Water leak in aisle 4");
  await adjust.getByRole("button", { name: "Adjust", exact: true }).click();
  await expect(row.locator("td").nth(4)).toHaveText("0");
  await expect(op.getByTestId("stock-history")).toContainText("Damaged — Water leak in aisle 4");

  // Renewed as on its scheduled day: the substitute is ordered instead of the out-of-stock hold.
  await renewNow(op, email);
  await expect(op.getByTestId("subscription-notice")).toHaveText(/^Order KC-\d+ was placed\.$/);
  const number = /Order (KC-\d+)/.exec((await op.getByTestId("subscription-notice").textContent()) ?? "")![1];
  await expect(op.getByTestId("subscription-status")).toHaveText("Active");

  // The customer's order page: the substitute's line says what it replaced and why.
  await page.goto(shopUrl("/account/orders"));
  await page.getByRole("link", { name: number }).click();
  const line = page.getByRole("row", { name: new RegExp(`SKU ${substitute.v.sku}`) });
  await expect(line).toBeVisible();
  await expect(line.getByTestId("substituted-for")).toHaveText(
    `Substitute for ${usual.p.title} ${usual.title} (SKU ${usual.v.sku}), out of stock at your warehouse on the renewal day`,
  );
  await expect(page.getByText(`SKU ${usual.v.sku} ·`)).toHaveCount(0);
  // The subscription keeps its usual item.
  await page.goto(shopUrl("/account/autoships"));
  await expect(page.getByTestId("subscription")).toContainText(usual.v.sku);
  await op.context().close();
});
