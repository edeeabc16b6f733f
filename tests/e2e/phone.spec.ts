import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { CONSENT_COOKIE } from "../../rules/consent/categories-and-cookie";
import { formatUsd } from "../../rules/shared/money";
import { buildSeedCatalog } from "../../server/modules/catalog";
import { consentBanner, consentReady } from "./consent-steps";
import { expect, shopUrl, test } from "./fixtures";

// The storefront on a phone (390 × 844): a one-row header whose menu opens a drawer, the first
// product of the listing in the first screen, and a consent banner that never covers the focused
// element and whose buttons work without the page's script; past the product form, a sticky
// add-to-cart bar.

test.use({ viewport: { width: 390, height: 844 } });

/** Whether the element's box lies inside the first screen (no scrolling). */
async function inFirstScreen(page: Page, selector: string) {
  const box = await page.locator(selector).first().boundingBox();
  expect(box, selector).not.toBeNull();
  return box!.y >= 0 && box!.y + box!.height <= 844;
}

test("the listing's first card, picture and title, is in the first screen", async ({ page }) => {
  await page.goto(shopUrl("/products"));
  const card = page.locator("article.pc").first();
  const img = (await card.locator("img").first().boundingBox())!;
  const title = (await card.getByRole("heading").first().boundingBox())!;
  expect(img.y + img.height).toBeLessThanOrEqual(844);
  expect(title.y + title.height).toBeLessThanOrEqual(844);
  // One header row: the menu, the logo, the search button and the cart side by side.
  const row = await Promise.all(
    [page.getByRole("link", { name: "Menu" }), page.getByTestId("site-title"), page.getByRole("link", { name: "Search" }), page.getByTestId("cart-link")].map(
      async (l) => (await l.boundingBox())!,
    ),
  );
  for (const box of row) expect(Math.abs(box.y + box.height / 2 - (row[0].y + row[0].height / 2))).toBeLessThan(12);
});

test("the menu drawer opens and closes by keyboard, with the focus moved in, kept in and given back", async ({ page }) => {
  await page.goto(shopUrl("/products"));
  // The drawer's code comes after the page's (app/components/header.tsx); a tap before it opens the
  // plain panel that works without the script.
  await page.waitForLoadState("networkidle");
  const menu = page.getByRole("link", { name: "Menu" });
  const drawer = page.getByRole("dialog", { name: "Menu" });
  await expect(page.getByRole("navigation", { name: "Main" })).toBeHidden();
  await menu.focus();
  await menu.press("Enter");
  await expect(drawer).toBeVisible();
  await expect(drawer.getByRole("button", { name: "Close" })).toBeFocused();
  for (const name of ["Dog", "Cat", "Shop All", "Autoship", "Contact Us", "Account", "Log In"]) {
    await expect(drawer.getByRole("link", { name, exact: true })).toBeVisible();
  }
  // Tab goes round inside the drawer.
  const stops = await drawer.locator("a[href], button, summary").count();
  for (let i = 0; i < stops; i++) await page.keyboard.press("Tab");
  await expect(drawer.getByRole("button", { name: "Close" })).toBeFocused();
  await page.keyboard.press("Shift+Tab");
  expect(await drawer.evaluate((d) => d.contains(document.activeElement))).toBe(true);

  await page.keyboard.press("Escape");
  await expect(drawer).toBeHidden();
  await expect(menu).toBeFocused();

  // A link in the drawer navigates and closes it.
  await menu.press("Enter");
  await drawer.getByRole("link", { name: "Autoship", exact: true }).press("Enter");
  await expect(page).toHaveURL(/\/autoship$/);
  await expect(drawer).toBeHidden();
});

test("the search button opens the search form across the width", async ({ page }) => {
  await page.goto(shopUrl("/"));
  await expect(page.getByRole("searchbox", { name: "Search products" }).or(page.getByLabel("Search products"))).toBeHidden();
  await page.getByRole("link", { name: "Search" }).click();
  const field = page.getByLabel("Search products");
  await expect(field).toBeFocused();
  const form = (await page.getByRole("search").boundingBox())!;
  expect(form.width).toBeGreaterThan(360);
});

test("the announcement bar is one line; its next message is a swipe, or with the bar focused an arrow key, away", async ({ page }) => {
  await page.goto(shopUrl("/"));
  const bar = page.getByTestId("announcement-bar");
  const messages = bar.getByRole("listitem");
  expect((await bar.boundingBox())!.height).toBeLessThanOrEqual(36);
  await expect(messages.nth(0)).toBeInViewport({ ratio: 0.9 });
  await expect(messages.nth(1)).not.toBeInViewport();
  await page.keyboard.press("Tab");
  await expect(bar.getByRole("list")).toBeFocused();
  await page.keyboard.press("ArrowRight");
  await expect(messages.nth(1)).toBeInViewport({ ratio: 0.9 });
  await expect(messages.nth(0)).not.toBeInViewport();
});

test.describe("with the consent banner open", () => {
  test.use({ consent: null });

  test("it takes at most a third of the screen, and Tab never leaves the focus under it", async ({ page }) => {
    await page.goto(shopUrl("/products"));
    await consentReady(page);
    const banner = consentBanner(page);
    const bar = (await banner.boundingBox())!;
    expect(bar.height).toBeLessThanOrEqual(844 / 3);
    const buttons = await Promise.all(
      ["Accept all", "Reject all", "Preferences"].map(async (name) => (await banner.getByRole("button", { name }).boundingBox())!),
    );
    for (const b of buttons) expect(b.y).toBe(buttons[0].y);
    expect(await inFirstScreen(page, "h1")).toBe(true);
    expect((await page.locator("h1").boundingBox())!.y + 10).toBeLessThan(bar.y);

    for (let step = 0; step < 40; step++) {
      await page.keyboard.press("Tab");
      const covered = await page.evaluate(() => {
        const el = document.activeElement as HTMLElement | null;
        const banner = document.querySelector(".cbar");
        if (!el || !banner || banner.contains(el)) return null;
        const box = el.getBoundingClientRect();
        return box.bottom > banner.getBoundingClientRect().top ? `${el.tagName} ${el.textContent?.trim().slice(0, 40)}` : null;
      });
      expect(covered, `Tab step ${step + 1}`).toBeNull();
    }
  });

  test("without the page's script, Accept all records the choice and comes back; it is kept", async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    await page.goto(shopUrl("/products?sort=price-asc"));
    await consentBanner(page).getByRole("button", { name: "Accept all" }).click();
    await expect(page).toHaveURL(shopUrl("/products?sort=price-asc"));
    await expect(consentBanner(page)).toHaveCount(0);
    const cookie = (await context.cookies()).find((c) => c.name === CONSENT_COOKIE);
    expect(cookie?.value).toMatch(/^1\.1\.1\.[A-Za-z0-9_-]{16,64}\.\d+$/);
    await page.goto(shopUrl("/cart"));
    await expect(consentBanner(page)).toHaveCount(0);
    await context.close();
  });
});

test("past the product form's Add to Cart a bar at the bottom adds the same choice; it leaves the footer free", async ({ page }) => {
  const seed = buildSeedCatalog();
  const onHand = (sku: string) => seed.inventory.filter((i) => i.sku === sku).reduce((n, i) => n + i.onHand, 0);
  const product = seed.products.find((p) => p.sites.includes("d2c") && p.variants.every((v) => onHand(v.sku) > 20))!;
  const variant = product.variants[0]!;
  await page.goto(shopUrl(`/products/${product.handle}?sku=${variant.sku}`));
  // The bar's code comes after the page's.
  await page.waitForLoadState("networkidle");
  const bar = page.getByTestId("sticky-add-bar");
  await expect(bar).toHaveCount(0);
  await page.getByTestId("quantity-input").fill("2");
  // The form's button just above the window.
  await page.getByTestId("add-to-cart").evaluate((button) => window.scrollBy(0, button.getBoundingClientRect().bottom + 40));
  await expect(bar).toBeVisible();
  await expect(bar).toContainText(formatUsd(variant.priceCents));
  await expect(bar).toContainText(variant.sizeLabel);
  await expect(bar).toContainText("Qty 2");
  const axe = await new AxeBuilder({ page }).include('[data-testid="sticky-add-bar"]').withTags(["wcag2a", "wcag2aa", "wcag21aa", "wcag22aa"]).analyze();
  expect(axe.violations.map((v) => v.id)).toEqual([]);
  await bar.getByRole("button", { name: "Add to Cart" }).click();
  await expect(page.getByRole("dialog", { name: "Added to your cart" })).toBeVisible();
  await expect(page.getByTestId("cart-link")).toHaveText(/items:\s*2$/);
  await page.keyboard.press("Escape");
  await page.locator("footer").scrollIntoViewIfNeeded();
  await expect(bar).toHaveCount(0);
});
