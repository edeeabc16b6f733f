import { buildSeedCatalog } from "../../server/modules/catalog";
import { expect, shopUrl, staffUrl, test } from "./fixtures";
import { registerStaff } from "./journeys";

const handle = buildSeedCatalog().products[0].handle;

test("a path with /products/products is redirected to the single segment", async ({ page }) => {
  const res = await page.goto(shopUrl(`/products/products/${handle}?sku=X`));
  expect(res?.status()).toBe(200);
  expect(new URL(page.url()).pathname + new URL(page.url()).search).toBe(`/products/${handle}?sku=X`);
});

test("/products/cart goes to the cart; /products/logout signs out and lands on / (SPEC §2)", async ({ page }) => {
  await page.goto(shopUrl("/products/cart"));
  await expect(page).toHaveURL(shopUrl("/cart"));
  await page.goto(shopUrl("/products/logout"));
  await expect(page).toHaveURL(shopUrl("/"));
});

test("the header search sends the query to /search?search=", async ({ page }) => {
  await page.goto(shopUrl("/"));
  await page.getByRole("combobox", { name: "Search products" }).fill("salmon pate");
  await page.getByRole("combobox", { name: "Search products" }).press("Enter");
  await expect(page).toHaveURL(shopUrl("/search?search=salmon+pate"));
  await expect(page.getByRole("combobox", { name: "Search products" })).toHaveValue("salmon pate");
});

test("an /account page shows a notice, then goes to sign-in with the path base64-encoded after 1 s", async ({ page }) => {
  await page.goto(shopUrl("/"));
  const started = Date.now();
  await page.getByRole("link", { name: "Account", exact: true }).click();
  await expect(page.getByTestId("account-gate")).toBeVisible();
  await page.waitForURL(/\/shelter\/login\?redirect=/);
  expect(Date.now() - started).toBeGreaterThanOrEqual(900);
  const redirect = new URL(page.url()).searchParams.get("redirect")!;
  expect(Buffer.from(redirect, "base64").toString()).toBe("/account/dashboard");
});

test("the /account gate works without JavaScript", async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto(shopUrl("/account/orders?page=2"));
  await expect(page.getByText("Please sign in")).toBeVisible();
  await page.waitForURL(/\/shelter\/login\?redirect=/, { timeout: 5000 });
  const redirect = new URL(page.url()).searchParams.get("redirect")!;
  expect(Buffer.from(redirect, "base64").toString()).toBe("/account/orders?page=2");
  await context.close();
});

test("a page-view event with the route name is pushed on each navigation on the shop", async ({ page }) => {
  await page.goto(shopUrl("/"));
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Shop All" }).click();
  await expect(page).toHaveURL(shopUrl("/products"));
  await expect
    .poll(() => page.evaluate(() => (window.dataLayer ?? []).filter((e) => e.event === "page_view").map((e) => e.route_name)))
    .toEqual(["routes/home", "routes/products"]);
});

test("no page-view events on the staff site", async ({ page }) => {
  await registerStaff(page);
  await page.goto(staffUrl("/"));
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Catalog" }).click();
  await expect(page).toHaveURL(staffUrl("/products"));
  expect(await page.evaluate(() => (window.dataLayer ?? []).filter((e) => e.event === "page_view").length)).toBe(0);
});

test("a new build is picked up with a full page load on the next navigation", async ({ page }) => {
  await page.goto(shopUrl("/"));
  await page.evaluate(() => Object.assign(window, { __samePage: true }));
  // Same document for client-side navigations while the build is unchanged.
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Shop All" }).click();
  await expect(page).toHaveURL(shopUrl("/products"));
  expect(await page.evaluate(() => "__samePage" in window)).toBe(true);

  const polled = page.waitForRequest("**/api/build");
  await page.route("**/api/build", (route) => route.fulfill({ json: { id: "a-newer-build" } }));
  await polled; // the page polls every BUILD_POLL_SECONDS (5 s in the tests)
  await page.waitForTimeout(200);
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Contact Us" }).click();
  await expect(page).toHaveURL(shopUrl("/contact-us"));
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  expect(await page.evaluate(() => "__samePage" in window)).toBe(false);
});

test.describe("a failed chunk load", () => {
  // One pattern: Playwright reads a two-element array in test.use() as [value, options].
  test.use({ allowedConsoleErrors: [/Error loading route module|Failed to fetch dynamically imported module|ERR_FAILED|TypeError|status of 404/] });

  test("ends in a full load of the target page", async ({ page }) => {
    let failed = false;
    await page.route(/\/assets\/faq-[^/]*\.js$/, (route) => {
      if (failed) return route.continue();
      failed = true;
      return route.abort();
    });
    await page.goto(shopUrl("/"));
    await page.getByRole("contentinfo").getByRole("link", { name: "FAQ" }).click();
    await expect(page).toHaveURL(shopUrl("/faq"));
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("FAQ");
    expect(failed).toBe(true);
  });

  test("an error page whose own script fails to load still offers to try again", async ({ page }) => {
    // The layouts' error pages are fetched when one is shown (components/error-boundary-page.tsx).
    await page.route(/\/assets\/error-pages-[^/]*\.js$/, (route) => route.abort());
    await page.goto(shopUrl("/"));
    // A navigation in the page to a product that is not there: the shop layout's boundary answers.
    await page.evaluate(() =>
      (window as unknown as { __reactRouterDataRouter: { navigate(to: string): void } }).__reactRouterDataRouter.navigate("/products/no-such-food"),
    );
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Something went wrong");
    await expect(page.getByRole("link", { name: "Please try again" })).toHaveAttribute("href", "/products/no-such-food");
  });
});

test("each navigation starts at the top of the page", async ({ page }) => {
  await page.setViewportSize({ width: 800, height: 400 });
  await page.goto(shopUrl("/"));
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
  expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(100);
  await page.getByRole("contentinfo").getByRole("link", { name: "Sitemap" }).click();
  await expect(page).toHaveURL(shopUrl("/sitemap"));
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
});

for (const width of [320, 768, 1440]) {
  test(`the shell fits a ${width} px wide screen`, async ({ page }) => {
    await page.setViewportSize({ width, height: 800 });
    await page.goto(shopUrl("/"));
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    // Below 768 px the search folds behind its button (the phone header); a tap opens it full width.
    if (width < 768) {
      await page.waitForLoadState("networkidle");
      await page.getByRole("link", { name: "Search" }).click();
    }
    await expect(page.getByRole("combobox", { name: "Search products" })).toBeVisible();
    await expect(page.getByTestId("cart-link")).toBeVisible();
  });
}
