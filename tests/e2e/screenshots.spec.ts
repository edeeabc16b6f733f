import type { Locator, Page } from "@playwright/test";
import { buildSeedCatalog } from "../../server/modules/catalog";
import { expect, shopUrl, staffUrl, test } from "./fixtures";
import { consoleOperator } from "./journeys";

// The layouts as pictures: each page at a phone's width (390 × 844) and a desktop's (1280 × 900),
// compared with the baselines committed beside this file (tests/e2e/screenshots.spec.ts-snapshots/),
// so that a layout change shows in review as a changed picture. A changed layout that is meant is
// recorded again with `npx playwright test tests/e2e/screenshots.spec.ts --update-snapshots`.
//
// What other journeys change while this one runs (the console dashboard's figures and charts, a
// delivery date that follows the calendar) is masked; a small tolerance absorbs anti-aliasing.

const seed = buildSeedCatalog();
const onHand = (sku: string) => seed.inventory.filter((i) => i.sku === sku).reduce((n, i) => n + i.onHand, 0);
// A product no other journey edits or reviews, well stocked, with several sizes (the picker shows).
const product = seed.products.filter((p) => p.sites.includes("d2c") && p.variants.length > 2 && p.variants.every((v) => onHand(v.sku) > 50))[2]!;

const WIDTHS = [
  { name: "390", width: 390, height: 844 },
  { name: "1280", width: 1280, height: 900 },
] as const;

async function expectLayout(page: Page, name: string, mask: Locator[] = []) {
  // Pictures and the web font settled: a picture still loading is not a layout.
  await page.evaluate(async () => {
    await document.fonts.ready;
    await Promise.all([...document.images].filter((i) => !i.complete && i.loading !== "lazy").map((i) => new Promise((r) => (i.onload = i.onerror = r))));
  });
  await expect(page).toHaveScreenshot(`${name}.png`, { mask, maxDiffPixelRatio: 0.01, animations: "disabled", caret: "hide" });
}

for (const size of WIDTHS) {
  test.describe(`at ${size.name} px`, () => {
    test.use({ viewport: { width: size.width, height: size.height } });

    test("home, listing (on a phone with the filter drawer open), product page (on a phone with the sticky bar), staff home", async ({ page }) => {
      await page.goto(shopUrl("/"));
      await expectLayout(page, `home-${size.name}`);

      await page.goto(shopUrl("/products"));
      if (size.width < 768) {
        await page.getByRole("button", { name: /^Filters/ }).click();
        await expect(page.getByRole("dialog")).toBeVisible();
      }
      await expectLayout(page, `listing-${size.name}`);

      await page.goto(shopUrl(`/products/${product.handle}`));
      if (size.width < 768) {
        // The bar's code comes after the page's; it shows once the form's button is above the window.
        await page.waitForLoadState("networkidle");
        await page.getByTestId("add-to-cart").evaluate((button) => window.scrollBy(0, button.getBoundingClientRect().bottom + 40));
        await expect(page.getByTestId("sticky-add-bar")).toBeVisible();
      }
      await expectLayout(page, `product-${size.name}`);

      await page.goto(staffUrl("/"));
      await expectLayout(page, `staff-home-${size.name}`);
    });

    test("cart and checkout with one item", async ({ page }) => {
      await page.goto(shopUrl(`/products/${product.handle}`));
      await page.getByTestId("add-to-cart").click();
      await page.getByRole("dialog", { name: "Added to your cart" }).getByRole("button", { name: "Continue Shopping" }).click();
      await page.goto(shopUrl("/cart"));
      await expectLayout(page, `cart-${size.name}`);
      await page.getByTestId("proceed-to-checkout").click();
      await expect(page.getByTestId("checkout-information")).toBeVisible();
      await expectLayout(page, `checkout-${size.name}`);
    });

    test("the console dashboard", async ({ page }) => {
      await consoleOperator(page, `screenshots-${size.name}`);
      await page.goto(shopUrl("/admin"));
      // Its figures and charts are what the other journeys did today, and the sections' list carries
      // the count of reviews waiting: the layout around them is the picture.
      await expectLayout(page, `console-dashboard-${size.name}`, [page.locator("main dd, main canvas, main table, main time, header nav ul")]);
    });
  });
}
