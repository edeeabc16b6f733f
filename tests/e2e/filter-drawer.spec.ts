import AxeBuilder from "@axe-core/playwright";
import { buildSeedCatalog } from "../../server/modules/catalog";
import { expect, shopUrl, test } from "./fixtures";

// The listing's filters on a phone (390 × 844): a full-height drawer (a modal dialog) with the
// facets folded, a live "Show N products" count from the URL's results, and the focus kept inside.

test.use({ viewport: { width: 390, height: 844 } });

const catCount = buildSeedCatalog().products.filter((p) => p.sites.includes("d2c") && p.species === "cat").length;

test("the filter drawer: focus inside, a tick counted live in its button, Escape and Show N close it", async ({ page }) => {
  await page.goto(shopUrl("/products"));
  // The drawer needs the page's script (without it the panel is simply shown).
  await page.waitForLoadState("networkidle");
  const toggle = page.getByRole("button", { name: /^Filters/ });
  const drawer = page.getByRole("dialog", { name: "Filters" });
  const show = drawer.getByRole("button", { name: /^Show \d+ products?$/ });
  await toggle.click();
  await expect(drawer).toBeVisible();
  await expect(drawer.getByRole("button", { name: "Close" })).toBeFocused();
  // Full height, the facets folded while none is chosen, the page behind it not scrollable.
  expect((await drawer.boundingBox())!.height).toBe(844);
  await expect(drawer.locator("details[open]")).toHaveCount(0);
  expect(await page.evaluate(() => getComputedStyle(document.documentElement).overflow)).toBe("hidden");
  const axe = await new AxeBuilder({ page }).include("dialog[open]").withTags(["wcag2a", "wcag2aa", "wcag21aa", "wcag22aa", "best-practice"]).analyze();
  expect(axe.violations.map((v) => v.id)).toEqual([]);

  await drawer.locator("summary", { hasText: "Pet Type" }).click();
  // The new count is asked for: until it comes the button says so.
  let answer!: () => void;
  const held = new Promise<void>((resolve) => (answer = resolve));
  await page.route(/\/products\.data/, async (route) => {
    await held;
    await route.continue();
  });
  await drawer.getByRole("checkbox", { name: /^Cat \(/ }).check();
  await expect(drawer.getByRole("button", { name: "Updating…" })).toBeDisabled();
  answer();
  await expect(page).toHaveURL(/species=cat/);
  await expect(show).toHaveText(`Show ${catCount} products`);
  await expect(page.getByTestId("result-count")).toContainText(`${catCount} products`);
  // The tick kept its focus; Escape gives it back to the toggle.
  await expect(drawer.getByRole("checkbox", { name: /^Cat \(/ })).toBeFocused();
  await expect(drawer.getByRole("link", { name: "Clear all" })).toHaveAttribute("href", "/products");
  await page.keyboard.press("Escape");
  await expect(drawer).toBeHidden();
  await expect(toggle).toBeFocused();

  // Open again: the chosen facet's group opens by itself; Show N closes on the results.
  await toggle.click();
  await expect(drawer.locator("details[open] summary")).toHaveText(["Pet Type"]);
  await show.click();
  await expect(drawer).toBeHidden();
  await expect(toggle).toBeFocused();
  await expect(page.getByRole("article")).toHaveCount(Math.min(catCount, 24));
});
