import type { BrowserContext, Page, Response } from "@playwright/test";
import { buildSeedCatalog, type SeedProduct, type SeedVariant } from "../../server/modules/catalog";
import { expect, shopUrl, staffUrl, test } from "./fixtures";
import { registerStaff } from "./journeys";
import { formatUsd } from "../../rules/shared/money";

// The cart journey (SPEC §2 cart screen and add-to-cart modal, §4 cart lifecycle, §5
// limits, §9 free-shipping bar and cookies), against the seeded catalogue. Every test starts with a
// fresh browser context, so a fresh guest cart.

const catalog = buildSeedCatalog();
const FREE_SHIPPING_CENTS = 4900;
const onHandEverywhere = (v: SeedVariant) =>
  catalog.warehouses.every((w) => (catalog.inventory.find((i) => i.sku === v.sku && i.warehouseCode === w.code)?.onHand ?? 0) > 0);
const stocked = catalog.products
  .flatMap((p) => p.variants.map((v) => ({ p, v })))
  .filter(({ p, v }) => p.sites.includes("d2c") && !v.badgeTags.includes("badge::out-of-stock") && onHandEverywhere(v));

type Item = { p: SeedProduct; v: SeedVariant };
/** One unit stays under the free-shipping threshold; at most 10 cross it. */
const cheap: Item = stocked.find(({ v }) => v.priceCents >= 700 && v.priceCents * 10 >= FREE_SHIPPING_CENTS && v.priceCents < 2500)!;
const other: Item = stocked.find(({ p }) => p.handle !== cheap.p.handle)!;
const staffItem: Item = stocked.find(({ p, v }) => p.sites.includes("hpsf") && v.programPriceCents < v.priceCents)!;

const productUrl = ({ p, v }: Item) => `/products/${p.handle}?sku=${v.sku}`;
const cartCount = (page: Page) => page.getByTestId("cart-link");
const lines = (page: Page) => page.getByTestId("cart-line");
const lineOf = (page: Page, item: Item) => page.locator(`[data-testid="cart-line"][data-sku="${item.v.sku}"]`);
const modal = (page: Page) => page.getByRole("dialog", { name: "Added to your cart" });

/** Adds from the product page through the modal, and closes it with Continue Shopping. */
async function addFromProductPage(page: Page, item: Item, opts: { quantity?: number; autoship?: boolean; site?: "shop" | "staff" } = {}) {
  await page.goto((opts.site === "staff" ? staffUrl : shopUrl)(productUrl(item)));
  if (opts.autoship) await page.getByRole("radio", { name: /Autoship/ }).check();
  if (opts.quantity) await page.getByTestId("quantity-input").fill(String(opts.quantity));
  await page.getByTestId("add-to-cart").click();
  await expect(modal(page)).toBeVisible();
  await modal(page).getByRole("button", { name: "Continue Shopping" }).click();
  await expect(modal(page)).toBeHidden();
}

async function cartCookie(context: BrowserContext) {
  return (await context.cookies()).find((c) => c.name === "col_cart_id");
}

/** The page's layout shifts so far (CLS sources), summed. */
async function layoutShift(page: Page): Promise<number> {
  return page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        let sum = 0;
        const add = (entries: PerformanceEntryList) => entries.forEach((e) => (sum += (e as unknown as { value: number }).value));
        const observer = new PerformanceObserver((list) => add(list.getEntries()));
        observer.observe({ type: "layout-shift", buffered: true });
        setTimeout(() => {
          add(observer.takeRecords());
          observer.disconnect();
          resolve(sum);
        }, 500);
      }),
  );
}

const dataLayerEvents = (page: Page, name: string) => page.evaluate((n) => (window.dataLayer ?? []).filter((e) => e.event === n), name);

test.describe("add to cart from the product page (SPEC §2/§4)", () => {
  test("the modal opens after the add with its three buttons; Continue Shopping closes it and the header counts", async ({ page }) => {
    await page.goto(shopUrl(productUrl(cheap)));
    await expect(cartCount(page)).toHaveText(/items:\s*0$/);
    // Notes when the dialog opens, measured from the page's start (the dialog itself is added on the
    // first add, when its code arrives).
    await page.evaluate(() => {
      new MutationObserver(() => {
        const dialog = document.querySelector<HTMLDialogElement>('[data-testid="add-to-cart-modal"]');
        if (dialog?.open) (window as unknown as { openedAt: number }).openedAt ??= performance.now();
      }).observe(document.body, { attributes: true, childList: true, subtree: true });
    });
    await page.getByTestId("quantity-input").fill("2");
    await page.getByTestId("add-to-cart").click();

    const dialog = modal(page);
    await expect(dialog).toBeVisible();
    expect(await page.evaluate(() => (window as unknown as { openedAt: number }).openedAt)).toBeGreaterThanOrEqual(750);
    await expect(dialog.getByTestId("modal-line")).toContainText(cheap.p.title);
    await expect(dialog.getByTestId("modal-quantity")).toHaveText("2");
    await expect(dialog.getByRole("button", { name: "Continue Shopping" })).toBeFocused();
    await expect(dialog.getByRole("link", { name: "Go to Cart" })).toHaveAttribute("href", "/cart");
    await expect(dialog.getByRole("button", { name: "Remove this Product" })).toBeVisible();
    await expect(cartCount(page)).toHaveText(/items:\s*2$/);

    await dialog.getByRole("button", { name: "Continue Shopping" }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByTestId("add-to-cart")).toBeFocused();
  });

  test("Escape closes the modal, focus returns to the button, and the modal stays inside a resized window", async ({ page }) => {
    await page.goto(shopUrl(productUrl(cheap)));
    await page.getByTestId("add-to-cart").click();
    await expect(modal(page)).toBeVisible();
    await page.setViewportSize({ width: 375, height: 640 });
    await expect
      .poll(async () => {
        const box = (await modal(page).boundingBox())!;
        return box.x >= 0 && box.y >= 0 && box.x + box.width <= 375 && box.y + box.height <= 640;
      })
      .toBe(true);
    await page.keyboard.press("Escape");
    await expect(modal(page)).toBeHidden();
    await expect(page.getByTestId("add-to-cart")).toBeFocused();
  });

  test("Go to Cart opens the cart with the item", async ({ page }) => {
    await page.goto(shopUrl(productUrl(cheap)));
    await page.getByTestId("add-to-cart").click();
    await modal(page).getByRole("link", { name: "Go to Cart" }).click();
    await expect(page).toHaveURL(shopUrl("/cart"));
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Shopping Cart");
    await expect(lineOf(page, cheap)).toContainText(cheap.p.title);
    await expect(lineOf(page, cheap).getByRole("link", { name: cheap.p.title })).toHaveAttribute("href", new RegExp(`^/products/.+\\?sku=${cheap.v.sku}$`));
  });

  test("Remove this Product takes the line out again and records it", async ({ page }) => {
    await page.goto(shopUrl(productUrl(cheap)));
    await page.getByTestId("add-to-cart").click();
    await expect(cartCount(page)).toHaveText(/items:\s*1$/);
    await modal(page).getByRole("button", { name: "Remove this Product" }).click();
    await expect(modal(page)).toBeHidden();
    await expect(cartCount(page)).toHaveText(/items:\s*0$/);
    const removed = await dataLayerEvents(page, "remove_from_cart");
    expect(removed).toHaveLength(1);
    expect(removed[0]).toMatchObject({ ecommerce: { items: [{ item_id: cheap.v.sku, quantity: 1 }] } });
  });

  test("pushes add_to_cart in the GA4 shape; an autoship add also pushes the two call-to-action events", async ({ page }) => {
    await addFromProductPage(page, cheap, { quantity: 3 });
    const [add] = await dataLayerEvents(page, "add_to_cart");
    expect(add).toEqual({
      event: "add_to_cart",
      ecommerce: {
        currency: "USD",
        value: (cheap.v.priceCents * 3) / 100,
        items: [
          {
            item_id: cheap.v.sku,
            item_name: cheap.p.title,
            item_brand: expect.any(String),
            item_variant: `${cheap.v.flavor} / ${cheap.v.sizeLabel}`,
            price: cheap.v.priceCents / 100,
            quantity: 3,
          },
        ],
      },
    });
    expect(await dataLayerEvents(page, "cta_click")).toHaveLength(0);

    await addFromProductPage(page, other, { autoship: true });
    const ctas = await dataLayerEvents(page, "cta_click");
    expect(ctas.map((e) => e.cta)).toEqual(["autoship_add", "autoship_subscribe"]);
  });
});

test.describe("the cart page (SPEC §2)", () => {
  test("quantity stops at 10; more is lowered with a message; above 10 in all shows the over-limit banner", async ({ page }) => {
    await addFromProductPage(page, cheap, { quantity: 9 });
    await page.goto(shopUrl("/cart"));
    const line = lineOf(page, cheap);
    const qty = line.getByTestId("quantity-input");
    await expect(qty).toHaveValue("9");
    await line.getByRole("button", { name: "Increase quantity" }).click();
    await expect(cartCount(page)).toHaveText(/items:\s*10$/);
    await expect(line.getByRole("button", { name: "Increase quantity" })).toBeDisabled();

    await qty.fill("12");
    await qty.press("Tab");
    await expect(line.getByTestId("line-messages")).toHaveText("You can order at most 10 of one item in an order.");
    await expect(qty).toHaveValue("10");
    await expect(page.getByTestId("over-limit-banner")).toHaveCount(0);

    await addFromProductPage(page, other);
    await page.goto(shopUrl("/cart"));
    await expect(page.getByTestId("over-limit-banner")).toHaveText("Your cart has more than 10 items. Orders are limited to 10 items.");
    await expect(cartCount(page)).toHaveText(/items:\s*11$/);
  });

  test("autoship lines stop at 5 with the autoship-limit warning, and their frequency can change", async ({ page }) => {
    await addFromProductPage(page, cheap, { autoship: true, quantity: 4 });
    await page.goto(shopUrl("/cart"));
    const line = lineOf(page, cheap);
    await expect(line.getByTestId("line-autoship")).toHaveText("Autoship: Every 4 weeks");
    await expect(page.getByTestId("autoship-limit-banner")).toHaveCount(0);
    await line.getByRole("button", { name: "Increase quantity" }).click();
    await expect(page.getByTestId("autoship-limit-banner")).toContainText("Autoship items are limited to 5 per item.");
    await expect(line.getByRole("button", { name: "Increase quantity" })).toBeDisabled();

    const qty = line.getByTestId("quantity-input");
    await qty.fill("8");
    await qty.press("Tab");
    await expect(line.getByTestId("line-messages")).toHaveText("Autoship items are limited to 5 per item in an order.");
    await expect(qty).toHaveValue("5");

    await line.getByTestId("line-frequency").selectOption({ label: "Every 2 weeks" });
    await expect(line.getByTestId("line-autoship")).toHaveText("Autoship: Every 2 weeks");
    await page.reload();
    await expect(lineOf(page, cheap).getByTestId("line-autoship")).toHaveText("Autoship: Every 2 weeks");
  });

  test("the free-shipping bar counts down and says so once the threshold is crossed", async ({ page }) => {
    await addFromProductPage(page, cheap);
    await page.goto(shopUrl("/cart"));
    const bar = page.getByTestId("free-shipping-bar");
    await expect(bar.getByTestId("free-shipping-text")).toHaveText(`${formatUsd(FREE_SHIPPING_CENTS - cheap.v.priceCents)} until free shipping`);
    await expect(bar.getByRole("progressbar")).toHaveAttribute("aria-valuenow", String(Math.round((cheap.v.priceCents / FREE_SHIPPING_CENTS) * 100)));

    const needed = Math.ceil(FREE_SHIPPING_CENTS / cheap.v.priceCents);
    const qty = lineOf(page, cheap).getByTestId("quantity-input");
    await qty.fill(String(needed));
    await qty.press("Tab");
    await expect(bar.getByTestId("free-shipping-text")).toHaveText("You get free shipping!");
    await expect(bar.getByRole("progressbar")).toHaveAttribute("aria-valuenow", "100");
    await expect(page.getByTestId("summary-subtotal")).toContainText(formatUsd(cheap.v.priceCents * needed));
  });

  test("the Order Summary has the SPEC texts; removing the last item empties the cart and clears its cookie", async ({ page, context }) => {
    await addFromProductPage(page, cheap, { quantity: 2 });
    expect(await cartCookie(context)).toBeTruthy();
    await page.goto(shopUrl("/cart"));
    const summary = page.getByTestId("order-summary");
    await expect(summary.getByRole("heading", { name: "Order Summary" })).toBeVisible();
    await expect(page.getByTestId("summary-subtotal")).toHaveText(`Cart Subtotal${formatUsd(cheap.v.priceCents * 2)}`);
    await expect(page.getByTestId("summary-total")).toHaveText(`Estimated Total*${formatUsd(cheap.v.priceCents * 2)}`);
    await expect(summary.getByText("Total Savings:")).toBeVisible();
    await expect(
      summary.getByText("* Tax & shipping will be calculated at checkout. Shipments to Alaska and Hawaii will also include a $4 service charge."),
    ).toBeVisible();
    await expect(summary.getByRole("link", { name: "Continue Shopping" })).toHaveAttribute("href", "/products");
    await expect(summary.getByRole("button", { name: "Proceed to Checkout" })).toBeVisible();
    await expect(page.getByText("Subtotal Before Savings")).toHaveCount(0);
    await expect(page.getByText("Program Discount")).toHaveCount(0);

    await lineOf(page, cheap)
      .getByRole("button", { name: /^Remove/ })
      .click();
    await expect(page.getByRole("heading", { name: "Your cart is empty" })).toBeVisible();
    await expect(page.getByTestId("empty-cart").getByRole("link", { name: "Continue Shopping" })).toHaveAttribute("href", "/products");
    await expect(cartCount(page)).toHaveText(/items:\s*0$/);
    expect(await cartCookie(context)).toBeUndefined();
  });

  test("AUTO35 applies to an autoship line only", async ({ page }) => {
    await addFromProductPage(page, other);
    await page.goto(shopUrl("/cart"));
    await page.getByTestId("discount-input").fill("auto35");
    await page.getByRole("button", { name: "Apply" }).click();
    await expect(page.getByTestId("discount-code")).toContainText("Does not apply: This code applies to Autoship items only.");
    await expect(page.getByTestId("discount-input")).toHaveValue("");
    await expect(page.getByTestId("summary-discount")).toHaveCount(0);

    await addFromProductPage(page, cheap, { autoship: true, quantity: 2 });
    await page.goto(shopUrl("/cart"));
    const autoshipSubtotal = Math.round(cheap.v.priceCents * 0.95) * 2;
    const discount = formatUsd(Math.round(autoshipSubtotal * 0.35));
    await expect(page.getByTestId("discount-code")).toContainText(`Applied: −${discount}`);
    await expect(page.getByTestId("summary-discount")).toHaveText(`Discount (AUTO35)−${discount}`);
    await page.getByRole("button", { name: "Remove code AUTO35" }).click();
    await expect(page.getByTestId("discount-code")).toHaveCount(0);
    // A guest with autoship goes to the sign-in gate before checkout (SPEC §4; tests/e2e/checkout.spec.ts).
  });

  test("the staff site shows Subtotal Before Savings and Program Discount, and no autoship or free-shipping bar", async ({ page }) => {
    await registerStaff(page);
    await addFromProductPage(page, staffItem, { site: "staff", quantity: 2 });
    // No analytics on the staff site (SPEC §2).
    expect(await dataLayerEvents(page, "add_to_cart")).toHaveLength(0);
    await page.goto(staffUrl("/cart"));
    await expect(lines(page)).toHaveCount(1);
    const list = staffItem.v.priceCents * 2;
    const program = staffItem.v.programPriceCents * 2;
    await expect(page.getByTestId("summary-before-savings")).toHaveText(`Subtotal Before Savings${formatUsd(list)}`);
    await expect(page.getByTestId("summary-program-discount")).toHaveText(`Program Discount−${formatUsd(list - program)}`);
    await expect(page.getByTestId("summary-subtotal")).toHaveText(`Cart Subtotal${formatUsd(program)}`);
    await expect(page.getByTestId("free-shipping-bar")).toHaveCount(0);
    await expect(page.getByTestId("line-frequency")).toHaveCount(0);
  });
});

test.describe("the cart lasts (SPEC §4/§9 cookies)", () => {
  test("a reload keeps the cart, and so does a new browser with the same cookies", async ({ page, context, browser }) => {
    await addFromProductPage(page, cheap, { quantity: 2 });
    await page.goto(shopUrl("/cart"));
    await expect(lines(page)).toHaveCount(1);
    await page.reload();
    await expect(lineOf(page, cheap).getByTestId("quantity-input")).toHaveValue("2");

    const state = await context.storageState();
    await context.close();
    const reopened = await browser.newContext({ storageState: state });
    const again = await reopened.newPage();
    await again.goto(shopUrl("/cart"));
    await expect(lineOf(again, cheap).getByTestId("quantity-input")).toHaveValue("2");
    await expect(cartCount(again)).toHaveText(/items:\s*2$/);

    // A catalogue page is everyone's (the page cache's, kept once a second visit asks for it): the
    // count comes after it from the shopper's own call.
    // (Again until it is one: a change elsewhere in the shop, a parallel test's, empties the cache.)
    let shown: Response | null = null;
    await expect
      .poll(async () => {
        shown = await again.goto(shopUrl(productUrl(cheap)));
        return shown?.headers()["cache-status"];
      })
      .toBe("shop; hit");
    expect(await shown!.text()).not.toMatch(/items:\s*2/);
    await expect(cartCount(again)).toHaveText(/items:\s*2$/);
    // In space the header kept for it: nothing moved when it came (CLS 0).
    expect(await layoutShift(again)).toBe(0);
    // And on a phone, where the count sits in the one header row beside the logo.
    await again.setViewportSize({ width: 390, height: 844 });
    await again.reload();
    await expect(cartCount(again)).toHaveText(/items:\s*2$/);
    expect(await layoutShift(again)).toBe(0);
    await reopened.close();
  });

  test("without JavaScript the product form adds and lands on the cart; Update and Remove work too", async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(shopUrl(productUrl(cheap)));
    await page.getByTestId("quantity-input").fill("3");
    await page.getByTestId("add-to-cart").click();
    await expect(page).toHaveURL(shopUrl("/cart"));
    const line = lineOf(page, cheap);
    await expect(line.getByTestId("quantity-input")).toHaveValue("3");
    await expect(cartCount(page)).toHaveText(/items:\s*3$/);

    await line.getByTestId("quantity-input").fill("5");
    await line.getByRole("button", { name: "Update" }).click();
    await expect(page).toHaveURL(shopUrl("/cart"));
    await expect(lineOf(page, cheap).getByTestId("quantity-input")).toHaveValue("5");

    await lineOf(page, cheap)
      .getByRole("button", { name: /^Remove/ })
      .click();
    await expect(page.getByRole("heading", { name: "Your cart is empty" })).toBeVisible();
    await context.close();
  });
});

test.describe("add to cart from a product card", () => {
  test("a card's Add to Cart adds one of its variant, opens the modal and counts in the header", async ({ page }) => {
    await page.goto(shopUrl(`/search?search=${encodeURIComponent(cheap.v.sku)}`));
    const card = page.getByRole("article").filter({ has: page.locator(`a[href$="?sku=${encodeURIComponent(cheap.v.sku)}"]`) });
    await card.getByRole("button", { name: `Add to Cart ${cheap.p.title}` }).click();
    await expect(modal(page)).toBeVisible();
    await expect(modal(page)).toContainText(cheap.p.title);
    await modal(page).getByRole("button", { name: "Continue Shopping" }).click();
    await expect(cartCount(page)).toHaveText(/items:\s*1$/);
    expect((await dataLayerEvents(page, "add_to_cart")).length).toBe(1);

    await page.goto(shopUrl("/cart"));
    await expect(lineOf(page, cheap)).toBeVisible();
    await expect(lineOf(page, cheap).getByRole("spinbutton").or(lineOf(page, cheap).getByTestId("quantity-input"))).toHaveValue("1");
  });

  test('the cart page shows its content carousel, reported to analytics as "Cart"', async ({ page }) => {
    await addFromProductPage(page, cheap);
    await page.goto(shopUrl("/cart"));
    const carousel = page.getByRole("region", { name: "You might also like" });
    await carousel.scrollIntoViewIfNeeded();
    await expect(carousel).toHaveAttribute("aria-roledescription", "carousel");
    await expect(carousel.getByRole("article").first()).toBeVisible();
    await expect
      .poll(async () => (await dataLayerEvents(page, "view_item_list")).map((e) => (e.ecommerce as { item_list_name: string }).item_list_name))
      .toContain("Cart");
  });
});
