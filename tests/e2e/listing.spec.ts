import type { Page } from "@playwright/test";
import { buildSeedCatalog, SEED_BRANDS } from "../../server/modules/catalog";
import { expect, shopUrl, staffUrl, test } from "./fixtures";
import { registerStaff } from "./journeys";

// The listing screens: /products, category pages, search, the predictive search box,
// breadcrumbs and the staff site's differences. Data comes from the seed catalogue.

const seed = buildSeedCatalog();
const d2cProducts = seed.products.filter((p) => p.sites.includes("d2c"));
const dogCount = d2cProducts.filter((p) => p.species === "dog").length;
const houseBrand = SEED_BRANDS.find((b) => b.kind === "house")!;
const puppyLargeBreed = seed.products.find((p) => /Puppy Large Breed Dry Dog Food$/.test(p.title))!;

/** The checkboxes of one facet of the filter panel: the facet's slug is their name. */
const facetOptions = (page: Page, facet: string) => page.getByRole("form", { name: "Filter products" }).locator(`input[name="${facet}"]`);

/** The checkbox of one filter option, by the facet's slug and the option's label. */
function filterOption(page: Page, facet: string, label: string) {
  return facetOptions(page, facet).and(page.getByRole("checkbox", { name: new RegExp(`^${label} \\(`) }));
}

// The product cards: the shop's only articles.
const cards = (page: Page) => page.getByRole("article");
const resultCount = (page: Page) => page.getByTestId("result-count");

function dollars(text: string): number {
  return Number(text.replace(/[^0-9.]/g, ""));
}

test("puppy, dry, large breed, chicken food in three clicks from /products", async ({ page }) => {
  await page.goto(shopUrl("/products"));
  await filterOption(page, "pet-age", "Puppy").check();
  await expect(page).toHaveURL(/pet-age=puppy-food/);
  await filterOption(page, "food-form", "Dry Food").check();
  await expect(page).toHaveURL(/food-form=dry-food/);
  await filterOption(page, "breed-size", "Large Breed").check();
  await expect(page).toHaveURL(/breed-size=large/);

  const card = cards(page).filter({ hasText: puppyLargeBreed.title });
  await expect(card).toBeVisible();
  await expect(card).toContainText("Chicken");
  // Every card now is puppy dry food for large breeds; the chips say so and remove one at a time.
  await expect(page.getByTestId("filter-chips").getByRole("link", { name: /Remove filter/ })).toHaveCount(3);
  await page.getByRole("link", { name: "Remove filter Breed Size: Large Breed" }).click();
  await expect(page).not.toHaveURL(/breed-size/);
  await expect(filterOption(page, "breed-size", "Large Breed")).not.toBeChecked();
});

test("filter, sort and page are in the URL and survive a reload", async ({ page }) => {
  await page.goto(shopUrl("/products"));
  await expect(resultCount(page)).toHaveText(`Showing 1–24 of ${d2cProducts.length} products`);
  await filterOption(page, "species", "Dog").check();
  await expect(page).toHaveURL(/\?species=dog$/);
  await expect(resultCount(page)).toHaveText(`Showing 1–24 of ${dogCount} products`);

  await page.getByLabel("Sort by").selectOption("price-asc");
  await expect(page).toHaveURL(/species=dog&sort=price-asc$/);
  await page.getByRole("navigation", { name: "Pagination" }).getByRole("link", { name: /Next/ }).click();
  await expect(page).toHaveURL(/species=dog&sort=price-asc&page=2$/);
  await expect(resultCount(page)).toHaveText(`Showing 25–48 of ${dogCount} products`);

  await page.reload();
  await expect(page).toHaveURL(/species=dog&sort=price-asc&page=2$/);
  await expect(filterOption(page, "species", "Dog")).toBeChecked();
  await expect(page.getByLabel("Sort by")).toHaveValue("price-asc");
  await expect(resultCount(page)).toHaveText(`Showing 25–48 of ${dogCount} products`);
  await expect(page.getByRole("navigation", { name: "Pagination" }).locator("[aria-current=page]")).toHaveText(/2/);
  const prices = (
    await cards(page)
      .getByText(/^\$\d+\.\d\d$/)
      .allTextContents()
  ).map(dollars);
  expect(prices.length).toBe(24);
  expect(prices).toEqual([...prices].sort((a, b) => a - b));
});

test("bad filters, sorts and pages are ignored, never an error", async ({ page }) => {
  const res = await page.goto(shopUrl("/products?page=abc&sort=bogus&colour=red&species=horse&pet-age=%3Cscript%3E"));
  expect(res?.status()).toBe(200);
  await expect(resultCount(page)).toHaveText(`Showing 1–24 of ${d2cProducts.length} products`);
  await expect(page.getByLabel("Sort by")).toHaveValue("featured");
});

test("a card links to /products/{variantURL}?sku={sku}", async ({ page }) => {
  await page.goto(shopUrl("/products"));
  const first = cards(page).first();
  const link = first.getByRole("link");
  const href = await link.getAttribute("href");
  expect(href).toMatch(/^\/products\/[^/?]+\/[^/?]+\/[^/?]+\/[^/?]+\?sku=[^&]+$/);
  const sku = new URL(href!, shopUrl("/")).searchParams.get("sku");
  expect(d2cProducts.flatMap((p) => p.variants.map((v) => v.sku))).toContain(sku);
  await link.click();
  await expect(page).toHaveURL(shopUrl(href!));
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  // The same URL loaded afresh (shared or reloaded) answers 200.
  expect((await page.reload())?.status()).toBe(200);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
});

test("cards show brand, title, a 25-character description, price and at most two badges", async ({ page }) => {
  await page.goto(shopUrl("/products"));
  const count = await cards(page).count();
  expect(count).toBe(24);
  for (let i = 0; i < count; i++) {
    const card = cards(page).nth(i);
    const description = (await card.locator("h2 + p").textContent()) ?? "";
    expect(description.replace(/…$/, "").length).toBeLessThanOrEqual(25);
    expect(await card.locator("[data-badge]").count()).toBeLessThanOrEqual(2);
    await expect(card.getByText("Save an extra 5% with Autoship", { exact: true })).toBeVisible();
    await expect(card.getByText(/^(Free shipping on orders over \$\d+(\.\d\d)?|Eligible for free shipping)$/)).toBeVisible();
    // The first row loads eagerly (the default, so no attribute), the rest lazily; densities 1 and 2 (SPEC §9).
    const img = card.locator("img");
    if (i < 4) await expect(img).not.toHaveAttribute("loading");
    else await expect(img).toHaveAttribute("loading", "lazy");
    await expect(img).toHaveAttribute("src", /^\/_img\/p\/[a-z0-9_-]+\?w=320$/);
    await expect(img).toHaveAttribute("srcset", /\/_img\/p\/[a-z0-9_-]+\?w=640 2x$/);
  }
});

for (const [density, width] of [
  [1, 320],
  [2, 640],
] as const) {
  test(`card pictures on a screen of density ${density}: the ${width} one each, fetched once (the page's preloads included)`, async ({ browser }) => {
    const context = await browser.newContext({ deviceScaleFactor: density, viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    const fetched: string[] = [];
    page.on("request", (r) => {
      const url = new URL(r.url());
      if (url.pathname.startsWith("/_img/p/")) fetched.push(`${url.pathname}?${url.searchParams}`);
    });
    await page.goto(shopUrl("/products"));
    const first = cards(page).first().locator("img");
    await expect.poll(() => first.evaluate((img: HTMLImageElement) => img.complete && img.currentSrc)).toMatch(new RegExp(`\\?w=${width}$`));
    await page.waitForLoadState("networkidle");
    expect(fetched.length).toBeGreaterThanOrEqual(4);
    expect(
      fetched.filter((u) => !u.endsWith(`?w=${width}`)),
      "pictures of the other width",
    ).toEqual([]);
    // A packshot shared by several cards is one request too.
    expect(fetched).toEqual([...new Set(fetched)]);
    await context.close();
  });
}

const CATEGORIES = [
  { path: "/products/dog/species", title: "Dog Food" },
  { path: "/products/dog/pet-age/puppy-food", title: "Puppy Food" },
  { path: "/products/cat/food-form/dry-food", title: "Dry Cat Food" },
  { path: `/products/dog/brand/${houseBrand.slug}`, title: houseBrand.name },
];

test("category pages have their own title, description, canonical link and listing", async ({ page }) => {
  const descriptions = new Set<string>();
  for (const { path, title } of CATEGORIES) {
    const res = await page.goto(shopUrl(path));
    expect(res?.status(), path).toBe(200);
    await expect(page.getByRole("heading", { level: 1 }), path).toHaveText(title);
    await expect(page, path).toHaveTitle(`${title} | Shop Kibble & Co.`);
    await expect(page.locator('link[rel="canonical"]'), path).toHaveAttribute("href", shopUrl(path));
    const description = await page.locator('meta[name="description"]').getAttribute("content");
    expect(description, path).toBeTruthy();
    descriptions.add(description!);
    expect(await cards(page).count(), path).toBeGreaterThan(0);
  }
  expect(descriptions.size).toBe(CATEGORIES.length);
});

test("a category page filters within the category and keeps its path", async ({ page }) => {
  await page.goto(shopUrl("/products/dog/pet-age/puppy-food"));
  // The category's own facets (species, pet age) are not offered again.
  await expect(facetOptions(page, "species")).toHaveCount(0);
  await expect(facetOptions(page, "pet-age")).toHaveCount(0);
  await expect(facetOptions(page, "food-form").first()).toBeVisible();
  await filterOption(page, "food-form", "Dry Food").check();
  await expect(page).toHaveURL(shopUrl("/products/dog/pet-age/puppy-food?food-form=dry-food"));
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Puppy Food");
  await expect(cards(page).filter({ hasText: puppyLargeBreed.title })).toBeVisible();
});

test.describe("unknown category slugs", () => {
  test.use({ allowedConsoleErrors: [/status of 404/] });

  for (const path of ["/products/dog/brand/no-such-brand", "/products/dog/pet-age/teenage-food", "/products/cat/breed-size/large"]) {
    test(`${path} is a 404`, async ({ page }) => {
      const res = await page.goto(shopUrl(path));
      expect(res?.status()).toBe(404);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("404 Error");
    });
  }
});

test("breadcrumbs on the shop: listing, category and search, with BreadcrumbList JSON-LD", async ({ page }) => {
  await page.goto(shopUrl("/products/dog/pet-age/puppy-food"));
  const crumbs = page.getByRole("navigation", { name: "Breadcrumb" });
  await expect(crumbs.getByRole("link")).toHaveText(["Home", "All Products", "Dog"]);
  await expect(crumbs.getByRole("link", { name: "Dog" })).toHaveAttribute("href", "/products/dog/species");
  await expect(crumbs.locator("[aria-current=page]")).toHaveText("Puppy Food");

  const ld = JSON.parse((await page.locator('script[type="application/ld+json"]').first().textContent())!);
  expect(ld["@type"]).toBe("BreadcrumbList");
  expect(ld.itemListElement.map((i: { name: string }) => i.name)).toEqual(["Home", "All Products", "Dog", "Puppy Food"]);
  expect(ld.itemListElement.at(-1).item).toBe(shopUrl("/products/dog/pet-age/puppy-food"));

  await page.goto(shopUrl("/products"));
  await expect(crumbs.getByRole("link")).toHaveText(["Home"]);
  await expect(crumbs.locator("[aria-current=page]")).toHaveText("All Products");

  await page.goto(shopUrl("/search?search=salmon"));
  await expect(crumbs.locator("[aria-current=page]")).toHaveText("Search results for “salmon”");
  await crumbs.getByRole("link", { name: "All Products" }).click();
  await expect(page).toHaveURL(shopUrl("/products"));
});

test("breadcrumbs on the staff site: Catalog plus the filter labels, disabled", async ({ page }) => {
  await registerStaff(page);
  await page.goto(staffUrl("/products/dog/pet-age/puppy-food?food-form=dry-food"));
  const crumbs = page.getByRole("navigation", { name: "Breadcrumb" });
  await expect(crumbs.getByRole("link")).toHaveText(["Catalog"]);
  await expect(crumbs.locator("[aria-disabled=true]")).toHaveText(["Dog", "Puppy", "Dry Food"]);
  const ld = JSON.parse((await page.locator('script[type="application/ld+json"]').first().textContent())!);
  expect(ld.itemListElement.map((i: { name: string }) => i.name)).toEqual(["Catalog"]);
});

test("the browser remembers the listing's filters for the product page (session storage)", async ({ page }) => {
  await page.goto(shopUrl("/products/dog/pet-age/puppy-food?food-form=dry-food"));
  await expect(page.getByRole("navigation", { name: "Breadcrumb" })).toBeVisible();
  await expect
    .poll(() => page.evaluate(() => JSON.parse(sessionStorage.getItem("kibble-shop:breadcrumbs") ?? "{}")))
    .toMatchObject({
      currentKind: "category-listing",
      category: { label: "Puppy Food", url: "/products/dog/pet-age/puppy-food" },
      filters: [{ label: "Dog" }, { label: "Puppy" }, { label: "Dry Food" }],
      listingUrl: "/products/dog/pet-age/puppy-food?food-form=dry-food",
    });
  // Going from a category to the listing clears them (SPEC §2).
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Shop All" }).click();
  await expect(page).toHaveURL(shopUrl("/products"));
  await expect
    .poll(() => page.evaluate(() => JSON.parse(sessionStorage.getItem("kibble-shop:breadcrumbs") ?? "{}")))
    .toMatchObject({ previousKind: "category-listing", currentKind: "product-listing", filters: [], category: null });
});

test("search tolerates a typo: “chiken” finds chicken food", async ({ page }) => {
  await page.goto(shopUrl("/"));
  const box = page.getByRole("combobox", { name: "Search products" });
  await box.fill("chiken");
  await page.getByRole("button", { name: "Search", exact: true }).click();
  await expect(page).toHaveURL(shopUrl("/search?search=chiken"));
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Search Results");
  expect(await cards(page).count()).toBeGreaterThan(0);
  await expect(cards(page).first()).toContainText(/chicken/i);
  // The filter panel works on the results and keeps the query.
  await filterOption(page, "species", "Cat").check();
  await expect(page).toHaveURL(shopUrl("/search?search=chiken&species=cat"));
  await expect(cards(page).first()).toContainText(/cat/i);
});

test("a search with no results suggests popular categories", async ({ page }) => {
  await page.goto(shopUrl("/search?search=zzqxv+wombat"));
  const none = page.getByTestId("no-results");
  await expect(none).toContainText("We found nothing for “zzqxv wombat”");
  // The suggestions come from content (content/site/no-results-suggestions.json).
  await expect(none.getByRole("heading", { name: "No matches? Try these" })).toBeVisible();
  await none.getByRole("link", { name: "Puppy Food" }).click();
  await expect(page).toHaveURL(shopUrl("/products/dog/pet-age/puppy-food"));
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Puppy Food");

  // Without a query the page asks for one instead of listing everything.
  await page.goto(shopUrl("/search"));
  await expect(page.getByTestId("no-results")).toContainText("Type what you are looking for");
  await expect(cards(page)).toHaveCount(0);
});

test("predictive search: a keyboard-driven dropdown of top products", async ({ page }) => {
  await page.goto(shopUrl("/products"));
  const box = page.getByRole("combobox", { name: "Search products" });
  await expect(box).toHaveAttribute("aria-expanded", "false");
  await box.pressSequentially("salmon", { delay: 30 });
  const listbox = page.getByRole("listbox", { name: "Suggested products" });
  await expect(listbox).toBeVisible();
  await expect(box).toHaveAttribute("aria-expanded", "true");
  const options = listbox.getByRole("option");
  const n = await options.count();
  expect(n).toBeGreaterThan(0);
  expect(n).toBeLessThanOrEqual(6);
  await expect(options.first().locator("img")).toHaveAttribute("src", /\/_img\//);

  await box.press("ArrowDown");
  await expect(options.nth(0)).toHaveAttribute("aria-selected", "true");
  await expect(box).toHaveAttribute("aria-activedescendant", (await options.nth(0).getAttribute("id"))!);
  if (n > 1) {
    await box.press("ArrowDown");
    await expect(options.nth(1)).toHaveAttribute("aria-selected", "true");
    await box.press("ArrowUp");
  }
  await expect(options.nth(0)).toHaveAttribute("aria-selected", "true");

  await box.press("Escape");
  await expect(listbox).toBeHidden();
  await expect(box).toHaveAttribute("aria-expanded", "false");

  await box.press("ArrowDown");
  await expect(listbox).toBeVisible();
  const title = (await options.nth(0).locator("span span").first().textContent())!;
  await box.press("Enter");
  await expect(page).toHaveURL(/\/products\/[^/]+\/[^/]+\/[^/]+\/[^/]+\?sku=/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(title);
});

test("predictive search: Enter without a chosen suggestion runs the normal search", async ({ page }) => {
  await page.goto(shopUrl("/products"));
  const box = page.getByRole("combobox", { name: "Search products" });
  await box.pressSequentially("beef", { delay: 30 });
  await expect(page.getByRole("listbox", { name: "Suggested products" })).toBeVisible();
  await box.press("Enter");
  await expect(page).toHaveURL(shopUrl("/search?search=beef"));
  await expect(page.getByRole("listbox", { name: "Suggested products" })).toBeHidden();
});

test("an empty result shows a way out that clears the filters", async ({ page }) => {
  await page.goto(shopUrl("/products?species=dog&pet-age=kitten-food"));
  const empty = page.getByTestId("empty-state");
  await expect(empty).toContainText("No products match these filters.");
  await expect(resultCount(page)).toHaveText("0 products");
  await empty.getByRole("link", { name: "Clear filters" }).click();
  await expect(page).toHaveURL(shopUrl("/products"));
  await expect(cards(page)).toHaveCount(24);
});

test("the staff site shows program prices with compare-at, and no autoship or shipping promotions", async ({ page }) => {
  await registerStaff(page);
  await page.goto(staffUrl("/products"));
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Shop All Pet Food");
  await expect(cards(page).first()).toContainText("Program price");
  expect(
    await cards(page)
      .getByText(/^Was \$\d+\.\d\d$/)
      .count(),
  ).toBe(24);
  await expect(cards(page).getByText(/Autoship/)).toHaveCount(0);
  await expect(cards(page).getByText(/free shipping/i)).toHaveCount(0);
  await expect(page.getByText("Save an extra 5% with Autoship")).toHaveCount(0);
});

test("on a phone the filter panel folds away behind a Filters button", async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto(shopUrl("/products"));
  const toggle = page.getByRole("button", { name: /^Filters/ });
  await expect(toggle).toHaveAttribute("aria-expanded", "false");
  await expect(filterOption(page, "species", "Dog")).toBeHidden();
  await toggle.focus();
  await page.keyboard.press("Enter");
  await expect(toggle).toHaveAttribute("aria-expanded", "true");
  // A drawer below 768 px, its facets folded (filter-drawer.spec.ts).
  await page.getByRole("dialog", { name: "Filters" }).locator("summary", { hasText: "Pet Type" }).click();
  await expect(filterOption(page, "species", "Dog")).toBeVisible();
  await filterOption(page, "species", "Dog").focus();
  await page.keyboard.press("Escape");
  await expect(toggle).toHaveAttribute("aria-expanded", "false");
  await expect(toggle).toBeFocused();
});

test("filters and sort work without JavaScript", async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto(shopUrl("/products"));
  await filterOption(page, "species", "Cat").check();
  await page.getByLabel("Sort by").selectOption("name");
  await page.getByRole("button", { name: "Apply filters" }).click();
  await expect(page).toHaveURL(/species=cat/);
  await expect(page).toHaveURL(/sort=name/);
  await expect(filterOption(page, "species", "Cat")).toBeChecked();
  await context.close();
});

test("a card's Add to Cart works without JavaScript: its button posts the page's one add form", async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto(shopUrl("/products"));
  const card = cards(page)
    .filter({ has: page.getByRole("button", { name: /^Add to Cart / }) })
    .nth(1);
  const title = (await card.getByRole("heading").textContent())!;
  await card.getByRole("button", { name: `Add to Cart ${title}` }).click();
  await expect(page).toHaveURL(shopUrl("/cart"));
  await expect(page.getByTestId("cart-link")).toHaveText(/items:\s*1$/);
  await expect(page.getByRole("main")).toContainText(title);
  await context.close();
});

test("the sitemap page lists categories and products and links to sitemap.xml", async ({ page }) => {
  await page.goto(shopUrl("/sitemap"));
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Sitemap");
  await expect(page.getByRole("link", { name: "sitemap.xml" })).toHaveAttribute("href", "/sitemap.xml");
  await expect(page.getByRole("link", { name: "Puppy Food", exact: true })).toHaveAttribute("href", "/products/dog/pet-age/puppy-food");
  await expect(page.getByRole("link", { name: puppyLargeBreed.title })).toHaveAttribute("href", `/products/${puppyLargeBreed.handle}`);
  await expect(page.getByRole("link", { name: "Dog Food", exact: true }).first()).toBeVisible();
});
