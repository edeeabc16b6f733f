import type { Page } from "@playwright/test";
import { buildSeedCatalog, type SeedProduct, type SeedVariant } from "../../server/modules/catalog";
import { expect, shopUrl, test } from "./fixtures";
import { accountNav, fillCheckoutAddress, latestMailTo, OK_CARD, PASSWORD, payWithCard, register, uniqueEmail } from "./journeys";
import { amountToCents, formatUsd } from "../../rules/shared/money";

// The checkout journeys: the hand-off from the cart, the three checkout steps, the
// confirmation page and e-mail, and My Orders — as a guest and as a customer, with the test card
// processor's decline, the Alaska service charge and AUTO35 on a first autoship order only.

const DECLINED_CARD = "4000 0000 0000 0002";

const catalog = buildSeedCatalog();
type Item = { p: SeedProduct; v: SeedVariant };
const stockedEverywhere = (v: SeedVariant) =>
  catalog.warehouses.every((w) => (catalog.inventory.find((i) => i.sku === v.sku && i.warehouseCode === w.code)?.onHand ?? 0) >= 8);
const items: Item[] = catalog.products
  .filter((p) => p.sites.includes("d2c"))
  .flatMap((p) => p.variants.map((v) => ({ p, v })))
  .filter(({ v }) => !v.badgeTags.some((b) => /out-of-stock|limited-stock/.test(b)) && stockedEverywhere(v));
/** Well under the free-shipping threshold, so standard shipping costs $7.99. */
const cheap = items.find(({ v }) => v.priceCents >= 700 && v.priceCents < 2000)!;
const pricey = items.find(({ v }) => v.priceCents >= 6000)!;

const money = (text: string | null) => amountToCents((text ?? "").replace(/[^0-9.]/g, ""));

async function add(page: Page, item: Item, opts: { autoship?: boolean } = {}) {
  await page.goto(shopUrl(`/products/${item.p.handle}?sku=${item.v.sku}`));
  if (opts.autoship) await page.getByRole("radio", { name: /Autoship/ }).check();
  await page.getByTestId("add-to-cart").click();
  const modal = page.getByRole("dialog", { name: "Added to your cart" });
  await expect(modal).toBeVisible();
  await modal.getByRole("button", { name: "Continue Shopping" }).click();
}

async function proceed(page: Page) {
  await page.goto(shopUrl("/cart"));
  await page.getByTestId("proceed-to-checkout").click();
  await expect(page).toHaveURL(/\/checkout(\?|$)/);
}

test.describe("checkout", () => {
  // A declined card answers 402, a refused step 400: the browser logs those responses.
  test.use({ allowedConsoleErrors: [/status of (400|402|403|409)/] });

  test("a guest buys to the confirmation page and e-mail; totals add up", async ({ page }) => {
    await add(page, cheap);
    await proceed(page);
    const email = uniqueEmail("guest");
    const info = page.getByTestId("checkout-information");
    // Bad input: the message sits next to its field.
    await info.getByRole("button", { name: "Continue to shipping" }).click();
    await expect(info.getByText("Enter a valid email address")).toBeVisible();
    await expect(info.getByText("Enter the street address")).toBeVisible();
    await info.getByLabel("Email", { exact: true }).fill(email);
    await fillCheckoutAddress(page, { address1: "1 Main St", city: "Aurora", state: "CO", zip: "80011" });
    await info.getByRole("button", { name: "Continue to shipping" }).click();

    const shipping = page.getByTestId("checkout-shipping");
    await expect(shipping.getByTestId("method-standard")).toContainText("$7.99");
    await expect(shipping.getByTestId("method-express")).toContainText("$19.99");
    await shipping.getByRole("button", { name: "Continue to payment" }).click();

    const summary = page.getByTestId("checkout-summary");
    await expect(summary.getByTestId("checkout-shipping-cost")).toContainText("$7.99");
    const subtotal = money(await summary.getByTestId("checkout-subtotal").locator("dd").textContent());
    const tax = money(await summary.getByTestId("checkout-tax").locator("dd").textContent());
    const total = money(await summary.getByTestId("checkout-total").locator("dd").textContent());
    expect(subtotal).toBe(cheap.v.priceCents);
    expect(tax).toBeGreaterThan(0);
    expect(total).toBe(subtotal + 799 + tax);

    await payWithCard(page, OK_CARD);
    await expect(page).toHaveURL(/\/checkout\/confirmation\//);
    await expect(page.getByTestId("order-confirmation")).toContainText(email);
    const number = (await page.getByTestId("order-number").textContent())!.trim();
    await expect(page.getByTestId("order-total")).toHaveText(formatUsd(total));
    const mail = await latestMailTo(email, /order/i);
    expect(mail.text).toContain(number);
    expect(mail.text).toContain(formatUsd(total));
    // The cart became the order.
    await expect(page.getByTestId("cart-link")).toHaveText(/items:\s*0$/);
    // The confirmation is the buyer's only: another browser gets a 404.
    const url = page.url();
    const other = await page.context().browser()!.newContext();
    const res = await other.request.get(url);
    expect(res.status()).toBe(404);
    await other.close();
  });

  test("a customer checks out with a saved address; a declined card keeps the cart, then a good card pays; the order is in My Orders", async ({ page }) => {
    const email = uniqueEmail("customer");
    await register(page, email);
    await page.goto(shopUrl("/account/address-book?new=1"));
    const book = page.getByTestId("address-form");
    await book.getByLabel("Street address").fill("22 Pine Rd");
    await book.getByLabel("City").fill("Columbus");
    await book.getByLabel("State").selectOption("OH");
    await book.getByLabel("ZIP code").fill("43004");
    await book.getByRole("button", { name: /Save|Add/ }).click();

    await add(page, cheap);
    await proceed(page);
    // Signed in, the hand-off went through the signed multipass link, now stripped from the URL.
    await expect(page).not.toHaveURL(/multipass=/);
    const info = page.getByTestId("checkout-information");
    await expect(info.getByTestId("checkout-email")).toHaveText(email);
    await expect(info.getByTestId("saved-addresses").getByRole("radio", { name: /22 Pine Rd/ })).toBeChecked();
    await info.getByRole("button", { name: "Continue to shipping" }).click();
    await page
      .getByTestId("checkout-shipping")
      .getByRole("radio", { name: /Express/ })
      .check();
    await page.getByRole("button", { name: "Continue to payment" }).click();
    await expect(page.getByTestId("checkout-summary").getByTestId("checkout-shipping-cost")).toContainText("$19.99");

    await payWithCard(page, DECLINED_CARD);
    await expect(page.getByTestId("checkout-payment").getByText(/declined/i)).toBeVisible();
    await expect(page).toHaveURL(/\/checkout/);
    await expect(page.getByTestId("checkout-summary")).toContainText(cheap.p.title);

    await payWithCard(page, OK_CARD);
    await expect(page).toHaveURL(/\/checkout\/confirmation\//);
    const number = (await page.getByTestId("order-number").textContent())!.trim();
    const total = await page.getByTestId("order-total").textContent();
    await expect(page.getByText("22 Pine Rd").first()).toBeVisible();

    await page.goto(shopUrl("/account/orders"));
    await expect(page.getByText(number)).toBeVisible();
    await page.getByText(number).click();
    await expect(page.getByTestId("order-total")).toHaveText(total!);
  });

  test("Alaska adds the $4 service charge; free standard shipping over the threshold", async ({ page }) => {
    await add(page, pricey);
    await proceed(page);
    await page.getByTestId("checkout-information").getByLabel("Email", { exact: true }).fill(uniqueEmail("alaska"));
    await fillCheckoutAddress(page, { address1: "5 Glacier Way", city: "Anchorage", state: "AK", zip: "99501" });
    await page.getByRole("button", { name: "Continue to shipping" }).click();
    await expect(page.getByTestId("method-standard")).toContainText("Free");
    await expect(page.getByTestId("service-charge-note")).toContainText("$4.00");
    await page.getByRole("button", { name: "Continue to payment" }).click();
    await expect(page.getByTestId("checkout-service-charge")).toContainText("$4.00");
    await payWithCard(page, OK_CARD);
    await expect(page.getByTestId("order-service-charge")).toContainText("$4.00");
  });

  test("an autoship cart needs the terms acknowledged; AUTO35 applies to the first autoship order and not to the second", async ({ page }) => {
    // Two whole checkouts in one test.
    test.slow();
    const email = uniqueEmail("autoship");
    await register(page, email);
    for (const round of [1, 2]) {
      await add(page, cheap, { autoship: true });
      await page.goto(shopUrl("/cart"));
      const terms = page.getByLabel(/I understand that my Autoship items/);
      if (round === 1) {
        await page.getByTestId("proceed-to-checkout").click();
        // Not acknowledged: refused, with the reason next to the box.
        await expect(page.getByTestId("checkout-refused")).toContainText("understand how Autoship works");
        await terms.check();
      } else {
        // Remembered in local storage (isFTCAcknowledged).
        await expect(terms).toBeChecked();
        // The cart already prices AUTO35 as the checkout will: not for a second autoship order.
        await page.getByTestId("discount-input").fill("AUTO35");
        await page.getByRole("button", { name: "Apply" }).click();
        await expect(page.getByTestId("discount-code")).toContainText("Does not apply: This code is for a first Autoship order only.");
      }
      await page.getByTestId("proceed-to-checkout").click();
      await expect(page).toHaveURL(/\/checkout(\?|$)/);
      if (round === 1) {
        // A first address is kept in the address book unless the customer says otherwise.
        await expect(page.getByLabel("Save this address to my address book")).toBeChecked();
        await fillCheckoutAddress(page, { address1: "1 Main St", city: "Aurora", state: "CO", zip: "80011" });
      } else {
        await expect(page.getByTestId("saved-addresses").getByRole("radio", { name: /1 Main St/ })).toBeChecked();
      }
      await page.getByRole("button", { name: "Continue to shipping" }).click();
      await page.getByRole("button", { name: "Continue to payment" }).click();
      const discount = page.getByTestId("checkout-summary").getByTestId("checkout-discount");
      if (round === 1) await expect(discount).toContainText("AUTO35");
      else await expect(discount).toHaveCount(0);
      await expect(page.getByTestId("autoship-terms")).toBeVisible();
      const form = page.getByTestId("checkout-payment");
      if (await form.getByTestId("saved-cards").count()) {
        await form.getByRole("radio", { name: /ending in 4242/ }).check();
        await form.getByTestId("place-order").click();
      } else await payWithCard(page, OK_CARD);
      await expect(page).toHaveURL(/\/checkout\/confirmation\//);
      if (round === 1) await expect(page.getByTestId("order-discounts")).toBeVisible();
      else await expect(page.getByTestId("order-discounts")).toHaveCount(0);
    }
  });

  test("the autoship terms ticked before the page has hydrated are remembered too", async ({ page }) => {
    await register(page, uniqueEmail("autoship-early"));
    await add(page, cheap, { autoship: true });
    // Hold the app's entry script: the box is ticked while the page is still plain HTML.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/assets\/entry\.client-[^/]+\.js$/, async (route) => {
      await held;
      await route.continue();
    });
    await page.goto(shopUrl("/cart"), { waitUntil: "commit" });
    const terms = page.getByLabel(/I understand that my Autoship items/);
    await terms.check();
    release();
    await expect.poll(() => page.evaluate(() => localStorage.getItem("isFTCAcknowledged"))).toBe("true");
    await page.unroute(/\/assets\/entry\.client-[^/]+\.js$/);
    await page.goto(shopUrl("/cart"));
    await expect(terms).toBeChecked();
  });

  test("the autoship terms ticked and sent before the cart has hydrated are remembered by the checkout", async ({ page }) => {
    await register(page, uniqueEmail("autoship-sent-early"));
    await add(page, cheap, { autoship: true });
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const entry = /\/assets\/entry\.client-[^/]+\.js$/;
    await page.route(entry, async (route) => {
      await held;
      // The cart's own request was dropped when the form left the page.
      await route.continue().catch(() => undefined);
    });
    await page.goto(shopUrl("/cart"), { waitUntil: "commit" });
    await page.getByLabel(/I understand that my Autoship items/).check();
    // The plain HTML form goes to the hand-off: the cart's box never ran any script.
    await page.getByTestId("proceed-to-checkout").click();
    await expect(page).toHaveURL(/\/checkout(\?|$)/);
    expect(await page.evaluate(() => localStorage.getItem("isFTCAcknowledged"))).toBeNull();
    release();
    await page.unroute(entry);
    await expect.poll(() => page.evaluate(() => localStorage.getItem("isFTCAcknowledged"))).toBe("true");
    await page.goto(shopUrl("/cart"));
    await expect(page.getByLabel(/I understand that my Autoship items/)).toBeChecked();
  });

  test("a guest with an autoship line is sent to the autoship login; a tampered checkout link is refused", async ({ page }) => {
    await add(page, cheap, { autoship: true });
    await page.goto(shopUrl("/cart"));
    await page.getByTestId("proceed-to-checkout").click();
    await expect(page).toHaveURL(/\/shelter\/autoship-required-login/);
    await page.goto(shopUrl("/checkout?multipass=abc.def"));
    await expect(page.getByTestId("checkout-link-error")).toContainText("not valid");
  });

  test("after signing in on the autoship login page, an acknowledged autoship cart goes straight on to the checkout", async ({ page }) => {
    const email = uniqueEmail("resume");
    await register(page, email);
    await accountNav(page).getByRole("button", { name: "Log Out" }).click();
    await expect(accountNav(page).getByRole("link", { name: "Log In" })).toBeVisible();
    await add(page, cheap, { autoship: true });
    await page.goto(shopUrl("/cart"));
    await page.getByLabel(/I understand that my Autoship items/).check();
    await page.getByTestId("proceed-to-checkout").click();
    await expect(page).toHaveURL(/\/shelter\/autoship-required-login/);
    const form = page.getByTestId("login-form");
    await form.getByLabel("Email", { exact: true }).fill(email);
    await form.getByLabel("Password").fill(PASSWORD);
    await form.getByRole("button", { name: "Log In" }).click();
    await expect(page).toHaveURL(/\/checkout$/);
    await expect(page.getByTestId("checkout-email")).toHaveText(email);
  });
});
