import type { Page } from "@playwright/test";
import { buildSeedCatalog, type SeedProduct, type SeedVariant } from "../../server/modules/catalog";
import { optionSlug } from "../../rules/catalog/variant-preselect";
import { formatUsd } from "../../rules/shared/money";
import { expect, shopUrl, staffUrl, test } from "./fixtures";
import { registerStaff } from "./journeys";

// The product page (SPEC §2 pre-selection, §5 ZIP and quantity, §6 staff differences, §7 delivery),
// against the seeded catalogue. A fresh browser context has no userLocation cookie: ZIP 80011 (DEN1).

const catalog = buildSeedCatalog();
const onHand = (sku: string, warehouse: string) => catalog.inventory.find((i) => i.sku === sku && i.warehouseCode === warehouse)?.onHand ?? 0;
const stockedEverywhere = (v: SeedVariant) => catalog.warehouses.every((w) => onHand(v.sku, w.code) > 0);
const path = (p: SeedProduct) => `/products/${p.handle}`;
const price = (v: SeedVariant) => formatUsd(v.priceCents);

/** A D2C product with several flavours and sizes, all its variants stocked in every warehouse. */
const multi = catalog.products.find(
  (p) =>
    p.sites.includes("d2c") &&
    new Set(p.variants.map((v) => v.flavor)).size >= 2 &&
    new Set(p.variants.map((v) => v.sizeLabel)).size >= 3 &&
    p.variants.every(stockedEverywhere) &&
    new Set(p.variants.map((v) => v.priceCents)).size === p.variants.length,
)!;
/** A product whose first variant is out of stock at DEN1 while a later one is in stock there. */
const firstOutOfStock = catalog.products.find(
  (p) => p.sites.includes("d2c") && onHand(p.variants[0].sku, "DEN1") === 0 && p.variants.some((v) => onHand(v.sku, "DEN1") > 0),
)!;
const outOfStockVariant = catalog.products
  .flatMap((p) => p.variants.map((v) => ({ p, v })))
  .find(({ p, v }) => p.sites.includes("d2c") && catalog.warehouses.every((w) => onHand(v.sku, w.code) === 0))!;
const prescription = catalog.products.find(
  (p) => p.brandSlug === "vetrova" && p.sites.includes("hpsf") && new Set(p.variants.map((v) => v.sizeLabel)).size >= 2 && p.variants.every(stockedEverywhere),
)!;

const selectedSku = (page: Page) => page.getByTestId("product-page").getAttribute("data-sku");
const skuInUrl = (page: Page) => new URL(page.url()).searchParams.get("sku");

test.describe("variant pre-selection (SPEC §2)", () => {
  test("?sku= selects that variant", async ({ page }) => {
    const v = multi.variants.at(-1)!;
    await page.goto(shopUrl(`${path(multi)}?sku=${v.sku}`));
    await expect(page.getByTestId("selected-sku")).toHaveText(v.sku);
    await expect(page.getByTestId("price")).toHaveText(price(v));
  });

  test("the four-segment path selects its flavour and size", async ({ page }) => {
    const v = multi.variants.at(-1)!;
    await page.goto(shopUrl(`/products/${multi.brandSlug}/${multi.handle}/${optionSlug(v.flavor)}/${optionSlug(v.sizeLabel)}`));
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(multi.title);
    expect(await selectedSku(page)).toBe(v.sku);
  });

  test("a search query that is a SKU selects that variant", async ({ page }) => {
    const v = multi.variants[1];
    await page.goto(shopUrl(`${path(multi)}?search=${v.sku.toLowerCase()}`));
    expect(await selectedSku(page)).toBe(v.sku);
  });

  test("otherwise the first variant in stock for the shopper's ZIP", async ({ page }) => {
    const expected = firstOutOfStock.variants.find((v) => onHand(v.sku, "DEN1") > 0)!;
    await page.goto(shopUrl(path(firstOutOfStock)));
    expect(await selectedSku(page)).toBe(expected.sku);
    await expect(page.getByTestId("add-to-cart")).toBeEnabled();
  });
});

test("switching size and flavour updates the URL and the price; a reload keeps the variant", async ({ page }) => {
  const start = multi.variants[0];
  await page.goto(shopUrl(path(multi)));
  expect(await selectedSku(page)).toBe(start.sku);

  const sizes = [...new Set(multi.variants.filter((v) => v.flavor === start.flavor).map((v) => v.sizeLabel))];
  const size = sizes[2];
  const bySize = multi.variants.find((v) => v.flavor === start.flavor && v.sizeLabel === size)!;
  await page.getByTestId("size-pills").getByText(size, { exact: true }).click();
  await expect.poll(() => skuInUrl(page)).toBe(bySize.sku);
  await expect(page.getByTestId("price")).toHaveText(price(bySize));
  await expect(page.getByRole("radio", { name: new RegExp(`^${size.replace(/\./g, "\\.")}`) })).toBeChecked();

  const flavor = [...new Set(multi.variants.map((v) => v.flavor))].find((f) => f !== start.flavor)!;
  const byFlavor = multi.variants.find((v) => v.flavor === flavor && v.sizeLabel === size)!;
  await page.getByTestId("flavor-pills").getByText(flavor, { exact: true }).click();
  await expect.poll(() => skuInUrl(page)).toBe(byFlavor.sku);
  await expect(page.getByTestId("price")).toHaveText(price(byFlavor));
  await expect(page.getByRole("img", { name: `${multi.title}, ${flavor}, ${size}` })).toBeVisible();

  await page.reload();
  expect(await selectedSku(page)).toBe(byFlavor.sku);
  await expect(page.getByTestId("price")).toHaveText(price(byFlavor));
});

test("an out-of-stock variant disables the quantity control and the add button", async ({ page }) => {
  const { p, v } = outOfStockVariant;
  await page.goto(shopUrl(`${path(p)}?sku=${v.sku}`));
  await expect(page.getByTestId("stock-status")).toHaveText("Out of stock for 80011");
  await expect(page.getByTestId("add-to-cart")).toBeDisabled();
  await expect(page.getByTestId("quantity-input")).toBeDisabled();
  await expect(page.getByRole("button", { name: "Decrease quantity" })).toBeDisabled();
  await expect(page.getByRole("button", { name: "Increase quantity" })).toBeDisabled();
  await expect(page.getByTestId("delivery-estimate")).toHaveCount(0);
});

test("the quantity control takes digits only, clamps on blur and caps autoship at 5", async ({ page }) => {
  await page.goto(shopUrl(path(multi)));
  const qty = page.getByTestId("quantity-input");
  const plus = page.getByRole("button", { name: "Increase quantity" });
  const minus = page.getByRole("button", { name: "Decrease quantity" });
  await expect(minus).toBeDisabled();
  await qty.fill("");
  await qty.pressSequentially("a1-2");
  await expect(qty).toHaveValue("12");
  await qty.blur();
  await expect(qty).toHaveValue("10");
  await expect(plus).toBeDisabled();
  await expect(minus).toBeEnabled();
  await qty.fill("0");
  await expect(qty).toHaveValue("1");
  await qty.fill("");
  await qty.blur();
  await expect(qty).toHaveValue("1");
  await plus.click();
  await expect(qty).toHaveValue("2");

  await qty.fill("8");
  await page.getByRole("radio", { name: /Autoship/ }).check();
  await expect(qty).toHaveValue("5");
  await expect(plus).toBeDisabled();
  await expect(page.getByTestId("add-to-cart-form").getByText("Save an extra 5% with Autoship")).toBeVisible();
  await page.getByLabel("Deliver", { exact: true }).selectOption({ label: "Every 2 weeks" });
  await expect(page.getByLabel("Deliver", { exact: true })).toHaveValue("autoship-2w");
});

test.describe("ZIP code and delivery (SPEC §5, §6, §7)", () => {
  test("a ZIP outside the served ranges shows the message next to the field", async ({ page }) => {
    await page.goto(shopUrl(path(multi)));
    const zip = page.getByLabel("Delivery ZIP code");
    await zip.fill("00300");
    await page.getByRole("button", { name: "Update" }).click();
    await expect(page.getByTestId("zip-error")).toHaveText("We don't deliver to 00300 yet");
    await expect(zip).toHaveAttribute("aria-invalid", "true");
    await zip.fill("123");
    await page.getByRole("button", { name: "Update" }).click();
    await expect(page.getByTestId("zip-error")).toHaveText("Enter a 5-digit ZIP code");
    // Nothing changed: still the default ZIP.
    await expect(page.getByTestId("delivery-estimate")).toHaveText(/to 80011$/);
  });

  test("a served ZIP updates stock and delivery, and sets the location cookies", async ({ page, context }) => {
    const v = multi.variants[0];
    await page.goto(shopUrl(`${path(multi)}?sku=${v.sku}`));
    await expect(page.getByTestId("stock-status")).toHaveText("In stock at Aurora");
    await expect(page.getByTestId("delivery-estimate")).toHaveText(/^Estimated delivery \w{3}, \w{3} \d{1,2} to 80011$/);

    await page.getByLabel("Delivery ZIP code").fill("99501");
    await page.getByRole("button", { name: "Update" }).click();
    await expect(page.getByTestId("stock-status")).toHaveText("In stock at Kent");
    await expect(page.getByTestId("delivery-estimate")).toHaveText(/^Estimated delivery \w{3}, \w{3} \d{1,2} to 99501$/);
    expect(skuInUrl(page)).toBe(v.sku);
    const cookies = Object.fromEntries((await context.cookies()).map((c) => [c.name, c]));
    expect(decodeURIComponent(cookies.userLocation.value)).toBe("99501::HOME");
    expect(cookies.userWarehouse.value).toBe("KNT1");
    expect(cookies.userWarehouse.expires - Date.now() / 1000).toBeGreaterThan(2592000 - 120);

    // SPEC §6: Hawaii (flag on by default) sees the checkout note instead of a date.
    await page.getByLabel("Delivery ZIP code").fill("96813");
    await page.getByRole("button", { name: "Update" }).click();
    await expect(page.getByTestId("stock-status")).toHaveText("In stock at Sparks");
    await expect(page.getByTestId("delivery-estimate")).toHaveText("See checkout for delivery date");

    // The API reads the same cookie.
    const res = await page.request.get(shopUrl("/api/get-estimated-delivery-date"));
    expect((await res.json()).text).toMatch(/ to 96813$/);
  });

  test("without JavaScript the ZIP form is checked by the server and comes back to the product", async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    const target = `${path(multi)}?sku=${multi.variants[1].sku}`;
    await page.goto(shopUrl(target));
    await page.getByLabel("Delivery ZIP code").fill("00300");
    await page.getByRole("button", { name: "Update" }).click();
    await expect(page.getByTestId("zip-error")).toHaveText("We don't deliver to 00300 yet");
    await page.getByLabel("ZIP code").fill("99501");
    await page.getByRole("button", { name: "Update" }).click();
    await expect(page).toHaveURL(shopUrl(target));
    await expect(page.getByTestId("stock-status")).toHaveText("In stock at Kent");
    await context.close();
  });
});

test("the staff site shows a size dropdown, Autoship without its promotion, and the Vet-Supervised note", async ({ page }) => {
  const first = prescription.variants[0];
  await registerStaff(page);
  await page.goto(staffUrl(path(prescription)));
  await expect(page.getByTestId("vet-supervised")).toContainText("Vet-Supervised Nutrition");
  await expect(page.getByTestId("size-pills")).toHaveCount(0);
  // Staff Autoship at the program price: no "Save an extra 5%" promotion (SPEC §6).
  await expect(page.getByText(/Save an extra 5%/)).toHaveCount(0);
  await expect(page.getByRole("radio", { name: /Autoship/ })).toBeVisible();
  await expect(page.getByTestId("add-to-cart-form").getByText("delivered on your schedule")).toContainText(formatUsd(first.programPriceCents));
  await expect(page.getByText("Program price")).toBeVisible();
  await expect(page.getByTestId("price")).toHaveText(formatUsd(first.programPriceCents));

  const other = prescription.variants.find((v) => v.flavor === first.flavor && v.sizeLabel !== first.sizeLabel)!;
  await page.getByLabel("Size").selectOption({ label: other.sizeLabel });
  await expect.poll(() => skuInUrl(page)).toBe(other.sku);
  await expect(page.getByTestId("price")).toHaveText(formatUsd(other.programPriceCents));

  // The shop shows the same product with pills and autoship, and no note.
  await page.goto(shopUrl(path(prescription)));
  await expect(page.getByTestId("size-pills")).toBeVisible();
  await expect(page.getByTestId("vet-supervised")).toHaveCount(0);
  await expect(page.getByTestId("add-to-cart-form").getByText("Save an extra 5% with Autoship")).toBeVisible();
});

test("each product has its title, description, canonical URL and valid Product JSON-LD", async ({ page }) => {
  const v = multi.variants[1];
  await page.goto(shopUrl(`/products/dropshipping/${multi.handle}?sku=${v.sku}`));
  await expect(page).toHaveTitle(`${multi.title} | Shop Kibble & Co.`);
  await expect(page.locator('meta[name="description"]')).toHaveAttribute("content", new RegExp(`^${multi.title}\\. `));
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", shopUrl(path(multi)));

  const scripts = page.locator('script[type="application/ld+json"]');
  const texts = await scripts.allTextContents();
  const products = texts.map((t) => JSON.parse(t)).filter((j) => j["@type"] === "Product");
  expect(products).toHaveLength(1);
  const ld = products[0];
  expect(ld).toMatchObject({ "@context": "https://schema.org", name: multi.title, sku: v.sku, brand: { "@type": "Brand" } });
  expect(ld.image[0]).toMatch(/^http:\/\/localhost:\d+\/_img\/packshots\//);
  expect(ld.offers).toHaveLength(multi.variants.length);
  expect(ld.offers[1]).toMatchObject({
    "@type": "Offer",
    sku: v.sku,
    price: (v.priceCents / 100).toFixed(2),
    priceCurrency: "USD",
    availability: "https://schema.org/InStock",
  });
});

test("breadcrumbs lead from the product back to its species and brand; the staff site shows Catalog", async ({ page }) => {
  await page.goto(shopUrl(path(multi)));
  const crumbs = page.getByRole("navigation", { name: "Breadcrumb" });
  await expect(crumbs.getByRole("link", { name: "Home" })).toHaveAttribute("href", "/");
  await expect(crumbs.getByRole("link", { name: "All Products" })).toHaveAttribute("href", "/products");
  await expect(crumbs.getByRole("link", { name: multi.species === "dog" ? "Dog" : "Cat" })).toHaveAttribute("href", `/products/${multi.species}/species`);
  await expect(crumbs.locator(`a[href="/products/${multi.species}/brand/${multi.brandSlug}"]`)).toBeVisible();

  const staffProduct = catalog.products.find((p) => p.sites.includes("hpsf"))!;
  await registerStaff(page);
  await page.goto(staffUrl(path(staffProduct)));
  const staffCrumbs = page.getByRole("navigation", { name: "Breadcrumb" });
  await expect(staffCrumbs).toContainText("Catalog");
  await expect(staffCrumbs.getByRole("link", { name: "All Products" })).toHaveCount(0);
});
