import { buildSeedCatalog } from "../../server/modules/catalog";
import { expect, shopUrl, staffUrl, test } from "./fixtures";
import { registerStaff } from "./journeys";

// Every route of SPEC §2 resolves, with its SPEC title on each site (/logout signs out and goes
// home: account.spec.ts).
const ROUTES: { path: string; d2c: string; hpsf?: string }[] = [
  { path: "/products", d2c: "Shop All Pet Food" },
  { path: "/products/dog/species", d2c: "Dog Food" },
  { path: "/products/cat/food-form/dry-food", d2c: "Dry Cat Food" },
  { path: "/cart", d2c: "Shopping Cart" },
  { path: "/search?search=chicken", d2c: "Search Results" },
  { path: "/contact-us", d2c: "Contact Us for any Pet Food Questions", hpsf: "Contact Us" },
  { path: "/sitemap", d2c: "Sitemap" },
  { path: "/shipping", d2c: "Shipping", hpsf: "Shipping" },
  { path: "/autoship", d2c: "Autoship" },
  { path: "/terms-and-conditions", d2c: "Terms & Conditions", hpsf: "Terms & Conditions" },
  { path: "/faq", d2c: "FAQ" },
  { path: "/account/dashboard", d2c: "My Account" },
  { path: "/account/orders", d2c: "My Orders" },
  { path: "/account/orders/1001", d2c: "My Order Details" },
  { path: "/account/my-profile", d2c: "My Profile" },
  { path: "/account/profile", d2c: "My Profile" },
  { path: "/account/address-book", d2c: "Address Book" },
  { path: "/account/pets", d2c: "My Pets" },
  { path: "/account/autoships", d2c: "My Subscriptions", hpsf: "My Autoships" },
  { path: "/shelter/login", d2c: "Log In" },
  { path: "/shelter/register", d2c: "Create Account" },
  { path: "/shelter/forgot-password", d2c: "Forgot Password" },
  { path: "/shelter/reset-password", d2c: "Reset Password" },
  { path: "/shelter/autoship-required-login", d2c: "Log In to Start Autoship" },
  { path: "/maintenance", d2c: "Down for Maintenance" },
  { path: "/password-protect", d2c: "Enter Password" },
];

for (const site of ["d2c", "hpsf"] as const) {
  const url = site === "d2c" ? shopUrl : staffUrl;
  const siteTitle = site === "d2c" ? "Shop Kibble & Co." : "Pro Staff Feeding";

  test(`${site}: the home page carries the site title`, async ({ page }) => {
    const res = await page.goto(url("/"));
    expect(res?.status()).toBe(200);
    await expect(page).toHaveTitle(siteTitle);
    await expect(page.getByTestId("site-title")).toHaveText(siteTitle);
  });

  test(`${site}: every SPEC §2 route answers with its title`, async ({ page, browser }) => {
    // The staff site's pages are a registered member's (the gate: tests/e2e/staff.spec.ts); the
    // sign-in pages are a guest's (a signed-in visitor is sent back from them).
    // Every route in one test: on a busy machine that is more than the default 30 s (the staff run
    // also registers a member first).
    test.slow();
    const guest = page;
    const member = site === "hpsf" ? await (await browser.newContext()).newPage() : page;
    if (site === "hpsf") await registerStaff(member);
    for (const route of ROUTES) {
      const title = site === "hpsf" ? (route.hpsf ?? route.d2c) : route.d2c;
      const page = route.path.startsWith("/shelter/") ? guest : member;
      const res = await page.goto(url(route.path));
      // A signed-in member has no order 1001: someone else's or no order is a 404 (tests/e2e/checkout.spec.ts).
      if (site === "hpsf" && route.path === "/account/orders/1001") {
        expect(res?.status(), route.path).toBe(404);
        continue;
      }
      expect(res?.status(), route.path).toBe(200);
      await expect(page, route.path).toHaveTitle(`${title} | ${siteTitle}`);
      // The /account gate replaces the screen with its notice; every other screen shows its heading.
      if (!route.path.startsWith("/account")) {
        await expect(page.getByRole("heading", { level: 1 }), route.path).toHaveText(title);
      }
    }
  });
}

test("a seeded product handle resolves in every product route form; an unknown one is a 404", async ({ page }) => {
  const product = buildSeedCatalog().products[0];
  for (const path of [`/products/${product.handle}`, `/products/dropshipping/${product.handle}`]) {
    const res = await page.goto(shopUrl(path));
    expect(res?.status(), path).toBe(200);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(product.title);
  }
});

test.describe("unknown routes", () => {
  test.use({ allowedConsoleErrors: [/status of 404/] });

  for (const path of ["/nope/nope", "/products/no-such-food-anywhere", "/products/dog/colour/red", "/no-such-page"]) {
    test(`${path} answers 404 with the "404 Error" page`, async ({ page }) => {
      const res = await page.goto(shopUrl(path));
      expect(res?.status()).toBe(404);
      await expect(page).toHaveTitle(/^404 Error/);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("404 Error");
      await expect(page.getByText(`Page Not Found: ${path}`)).toBeVisible();
      // The layout stays: the shopper can search or navigate away.
      await expect(page.getByRole("search")).toBeVisible();
    });
  }
});
