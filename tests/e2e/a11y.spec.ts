import AxeBuilder from "@axe-core/playwright";
import { buildSeedCatalog } from "../../server/modules/catalog";
import { expect, shopUrl, staffUrl, test } from "./fixtures";
import { registerStaff } from "./journeys";

// Accessibility: every storefront screen passes axe (WCAG 2.1 A and AA rules) with no violation,
// on both sites. A failure lists each rule with the elements it found.

const seed = buildSeedCatalog();
const product = seed.products.find((p) => p.sites.includes("d2c"))!;

const pages: [string, string][] = [
  ["home", "/"],
  ["listing", "/products"],
  ["category", "/products/dog"],
  ["product", `/products/${product.handle}`],
  ["search", "/search?search=chicken"],
  ["search without results", "/search?search=zzzzqqq"],
  ["empty cart", "/cart"],
  ["shipping", "/shipping"],
  ["autoship", "/autoship"],
  ["faq", "/faq"],
  ["contact", "/contact-us"],
  ["terms", "/terms-and-conditions"],
  ["sitemap", "/sitemap"],
  ["login", "/shelter/login"],
  ["register", "/shelter/register"],
  ["forgot password", "/shelter/forgot-password"],
  ["email sign-up", "/email/signup"],
  ["email confirmation", "/email/confirm?token=not-a-token"],
  ["email preferences with a bad link", "/email/preferences?token=not-a-token"],
  ["back-in-stock answer page", "/email/back-in-stock"],
  // The page a reminder mail's link asks on (with a link that works: autoship-mail-links.spec.ts).
  ["reminder mail link, not valid", "/autoship/manage/not-a-token"],
  ["not found", "/no-such-page-here"],
];

async function violations(page: import("@playwright/test").Page) {
  const result = await new AxeBuilder({ page })
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice"])
    // Off by default in axe (experimental): a control's name must contain its visible label.
    .options({ rules: { "label-content-name-mismatch": { enabled: true } } })
    .analyze();
  return result.violations.map(
    (v) =>
      `${v.id} (${v.impact}): ${v.help}\n  ${v.nodes
        .map((n) => n.target.join(" "))
        .slice(0, 5)
        .join("\n  ")}`,
  );
}

test.describe("axe: no violations", () => {
  // 400: the staff checkout refusing a payment form without the attestation.
  test.use({ allowedConsoleErrors: [/status of (400|404)/] });
  for (const [name, path] of pages) {
    test(`${name} (${path})`, async ({ page }) => {
      await page.goto(shopUrl(path));
      await page.waitForLoadState("networkidle");
      expect(await violations(page)).toEqual([]);
    });
  }

  test("cart with a product", async ({ page }) => {
    await page.goto(shopUrl(`/products/${product.handle}`));
    await page
      .getByRole("button", { name: /add to cart/i })
      .first()
      .click();
    await expect(page.getByRole("dialog", { name: "Added to your cart" })).toBeVisible();
    await page.goto(shopUrl("/cart"));
    await expect(page.getByTestId("cart-line")).not.toHaveCount(0);
    await page.waitForLoadState("networkidle");
    expect(await violations(page)).toEqual([]);
  });

  for (const [name, path] of [
    ["staff home", "/"],
    ["staff listing", "/products"],
    ["my clinic", "/account/my-clinic?step=clinic&type=city&q=Springfield"],
  ] as const) {
    test(name, async ({ page }) => {
      await registerStaff(page);
      await page.goto(staffUrl(path));
      await page.waitForLoadState("networkidle");
      expect(await violations(page)).toEqual([]);
    });
  }

  test("my pets, on the staff site: a form's mistakes by their fields, a puppy added with its life stage, renamed, removed", async ({ page }) => {
    await registerStaff(page);
    await page.goto(staffUrl("/account/pets"));
    await expect(page).toHaveTitle(/^My Pets \|/);
    await page.getByRole("link", { name: "Add a pet" }).click();
    const form = page.getByTestId("pet-form");
    await form.getByLabel("Species").selectOption("dog");
    await form.getByRole("button", { name: "Add pet" }).click();
    await expect(form.getByLabel("Name")).toHaveAttribute("aria-invalid", "true");
    await expect(form.getByText("Choose a breed size")).toBeVisible();
    expect(await violations(page)).toEqual([]);

    // A puppy born three months ago: a large breed is grown at 15 months.
    const born = new Date(Date.now() - 90 * 24 * 3600 * 1000).toISOString().slice(0, 10);
    await form.getByLabel("Name").fill("Biscuit");
    await form.getByLabel("Breed size (dogs)").selectOption("large");
    await form.getByLabel("Birthday (optional)").fill(born);
    await form.getByRole("checkbox", { name: "chicken" }).check();
    await form.getByRole("button", { name: "Add pet" }).click();
    await expect(page.getByText("Your pet was added.")).toBeVisible();
    const card = page.getByTestId("pet-card");
    await expect(card.getByTestId("pet-stage")).toHaveText(/^Puppy — adult from /);
    await expect(card).toContainText("Sensitive to: chicken");
    expect(await violations(page)).toEqual([]);

    await card.getByRole("link", { name: "Edit Biscuit" }).click();
    await page.getByTestId("pet-form").getByLabel("Name").fill("Biscuit Jr.");
    await page.getByRole("button", { name: "Save pet" }).click();
    await expect(page.getByTestId("pet-card").getByRole("heading", { name: "Biscuit Jr." })).toBeVisible();
    await page.getByRole("button", { name: "Remove Biscuit Jr." }).click();
    await expect(page.getByText("No pets added yet.")).toBeVisible();
  });

  // Each staff step its own test: a signed-in page left alone for INACTIVITY_SECONDS (20 s in the
  // browser tests) shows the inactivity dialog, and axe runs are slow on a loaded machine.
  const staffProduct = seed.products.find((p) => p.sites.includes("hpsf") && p.variants.some((v) => v.weightUnit === "lbs"))!;
  const staffSku = staffProduct.variants.find((v) => v.weightUnit === "lbs")!.sku;
  async function staffCart(page: import("@playwright/test").Page) {
    await registerStaff(page);
    await page.goto(staffUrl(`/products/${staffProduct.handle}?sku=${staffSku}`));
    await page.getByTestId("add-to-cart").click();
    await expect(page.getByRole("dialog", { name: "Added to your cart" })).toBeVisible();
  }

  test("staff product page", async ({ page }) => {
    await registerStaff(page);
    await page.goto(staffUrl(`/products/${staffProduct.handle}?sku=${staffSku}`));
    await page.waitForLoadState("networkidle");
    expect(await violations(page)).toEqual([]);
  });

  test("staff cart: quota meter and delivery choice", async ({ page }) => {
    await staffCart(page);
    await page.goto(staffUrl("/cart"));
    await page.waitForLoadState("networkidle");
    expect(await violations(page)).toEqual([]);
  });

  test("staff checkout: delivery choice, then the attestation's error", async ({ page }) => {
    await staffCart(page);
    await page.goto(staffUrl("/cart"));
    await page.getByTestId("proceed-to-checkout").click();
    await expect(page.getByTestId("checkout-information")).toBeVisible();
    await page.waitForLoadState("networkidle");
    expect(await violations(page)).toEqual([]);
    await page.getByRole("button", { name: "Continue to shipping" }).click();
    await page.getByRole("button", { name: "Continue to payment" }).click();
    await page.getByTestId("place-order").click();
    await expect(page.getByRole("checkbox", { name: /household/ })).toHaveAttribute("aria-invalid", "true");
    expect(await violations(page)).toEqual([]);
  });

  test("staff registration", async ({ page }) => {
    await page.goto(staffUrl("/shelter/register"));
    await page.waitForLoadState("networkidle");
    expect(await violations(page)).toEqual([]);
  });

  test("clinic step with results", async ({ page }) => {
    await registerStaff(page, { clinic: null });
    await page.goto(staffUrl("/shelter/register?step=clinic&type=city&q=Springfield"));
    await page.waitForLoadState("networkidle");
    expect(await violations(page)).toEqual([]);
  });
});

// The shop at a phone's, a tablet's and a desktop's width, as a first visit sees it (the consent
// banner open); on the phone also with the menu drawer open.
test.describe("axe at 390, 768 and 1280 px, the consent banner open", () => {
  test.use({ consent: null });
  for (const width of [390, 768, 1280]) {
    test(`home, listing and product at ${width} px`, async ({ page }) => {
      // Three pages and up to four axe runs in one test: more than the default 30 s on a busy machine.
      test.slow();
      await page.setViewportSize({ width, height: 844 });
      for (const path of ["/", "/products", `/products/${product.handle}`]) {
        await page.goto(shopUrl(path));
        await page.waitForLoadState("networkidle");
        expect(await violations(page), path).toEqual([]);
      }
      if (width === 390) {
        await page.getByRole("link", { name: "Menu" }).click();
        await expect(page.getByRole("dialog", { name: "Menu" })).toBeVisible();
        expect(await violations(page), "menu drawer").toEqual([]);
      }
    });
  }
});
