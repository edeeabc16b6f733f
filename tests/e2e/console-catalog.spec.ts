import AxeBuilder from "@axe-core/playwright";
import { buildSeedCatalog } from "../../server/modules/catalog";
import { expect, shopUrl, test } from "./fixtures";
import { consoleOperator } from "./journeys";

// The console's catalogue as a manager uses it: finds a product by SKU, changes a variant's price
// (confirmed after seeing the Autoships it reaches) and the shop's product page shows the new price
// at once (the guest page cache hears the change); unpublishes (the page answers 404) and publishes
// again; adjusts stock with a reason and sees it in the history. A support operator has no Catalogue
// in the navigation and gets 403 at its address.

const catalog = buildSeedCatalog();
// A product no other browser test uses (the last d2c one), and a variant without a compare-at price.
const item = catalog.products
  .filter((p) => p.sites.includes("d2c") && p.productType !== "Donation")
  .flatMap((p) => p.variants.map((v) => ({ p, v })))
  .reverse()
  .find(({ v }) => v.compareAtCents === null && !v.badgeTags.some((b) => /stock/.test(b)))!;
const newPrice = ((item.v.priceCents + 111) / 100).toFixed(2);

test.describe("console catalogue", () => {
  test("a manager edits a price the shop shows at once, and adjusts stock", async ({ page }) => {
    const productPage = shopUrl(`/products/${item.p.handle}?sku=${item.v.sku}`);
    // The shop's page as a guest sees it (and the page cache keeps it).
    const guest = await page.context().browser()!.newContext();
    const shop = await guest.newPage();
    await shop.goto(productPage);
    await expect(shop.getByTestId("price")).toHaveText(`$${(item.v.priceCents / 100).toFixed(2)}`);

    await consoleOperator(page, "catalog-manager");
    await page.getByRole("navigation", { name: "Console" }).getByRole("link", { name: "Catalogue" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Catalogue" })).toBeVisible();
    // Sorted on the server by any column: a header is a link, and says how the table is sorted.
    await page.getByRole("columnheader", { name: "Price" }).getByRole("link").click();
    await expect(page).toHaveURL(/sort=price-asc/);
    await expect(page.getByRole("columnheader", { name: "Price" })).toHaveAttribute("aria-sort", "ascending");
    await page.getByRole("search", { name: "Products" }).getByLabel("Search").fill(item.v.sku);
    await page.getByRole("button", { name: "Filter" }).click();
    await expect(page.getByTestId("products-total")).toHaveText("1 product");
    await page.getByTestId("products-rows").getByRole("link").first().click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(item.p.title);
    expect(
      await new AxeBuilder({ page })
        .withTags(["wcag2a", "wcag2aa"])
        .analyze()
        .then((r) => r.violations.map((v) => v.id)),
    ).toEqual([]);

    const variant = page.getByTestId(`variant-${item.v.sku}`);
    await variant.getByLabel("Price ($)").fill(newPrice);
    await variant.getByRole("button", { name: "Save price" }).click();
    await expect(variant.getByTestId("price-confirm")).toContainText("This price applies to 0 active Autoships at their next renewal.");
    await variant.getByRole("button", { name: "Confirm the new price" }).click();
    await expect(variant.getByText(`Saved: $${newPrice}.`)).toBeVisible();

    await shop.reload();
    await expect(shop.getByTestId("price")).toHaveText(`$${newPrice}`);

    // Unpublished, the product's page answers 404 at once; published again, it is back.
    await page.getByLabel("Take it out of the shop now").check();
    await page.getByRole("button", { name: "Unpublish", exact: true }).click();
    await expect(page.getByText("Unpublished: the product left the shop.")).toBeVisible();
    expect((await shop.goto(productPage))?.status()).toBe(404);
    await page.getByRole("button", { name: "Publish", exact: true }).click();
    await expect(page.getByText("Published: the product is in the shop.")).toBeVisible();
    expect((await shop.goto(productPage))?.status()).toBe(200);
    await guest.close();

    const stockRow = page.getByTestId(`stock-${item.v.sku}-${catalog.warehouses[0]!.code}`);
    const onHand = Number(await stockRow.locator("td").nth(2).textContent());
    const adjust = page.getByRole("form", { name: "Adjust stock" });
    await adjust.getByLabel("SKU").selectOption({ label: item.v.sku });
    await adjust.getByLabel("Warehouse").selectOption(catalog.warehouses[0]!.code);
    await adjust.getByLabel("Change (+/−)").fill("5");
    await adjust.getByLabel("Reason").selectOption("received");
    await adjust.getByLabel("Note").fill("Pallet 12");
    await adjust.getByRole("button", { name: "Adjust", exact: true }).click();
    await expect(page.getByText(`Adjusted: ${onHand + 5} on hand`)).toBeVisible();
    await expect(stockRow.locator("td").nth(2)).toHaveText(String(onHand + 5));
    await expect(page.getByTestId("stock-history")).toContainText("Goods received — Pallet 12");
  });

  test.describe(() => {
    test.use({ allowedConsoleErrors: [/status of 403/] });
    test("a support operator has no Catalogue and is refused its address", async ({ page }) => {
      await consoleOperator(page, "catalog-support");
      await expect(page.getByRole("navigation", { name: "Console" }).getByRole("link", { name: "Catalogue" })).toHaveCount(0);
      const refused = await page.goto(shopUrl("/admin/products"));
      expect(refused?.status()).toBe(403);
    });
  });
});
