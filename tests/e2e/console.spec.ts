import { readFileSync } from "node:fs";
import type { Browser, Page } from "@playwright/test";
import AxeBuilder from "@axe-core/playwright";
import { buildSeedCatalog } from "../../server/modules/catalog";
import { expect, shopUrl, test } from "./fixtures";
import { checkOutCart, consoleOperator, register, uniqueEmail } from "./journeys";
import { stepAt } from "../../server/modules/operators";
import { totpCode } from "../../server/testing/totp";

// The operator console as its first users meet it: the owner opens the setup link made from the
// shell (playwright.config.ts runs `admin:create` before the shop starts), invites a fulfilment
// operator, who ships a customer's order with a tracking number — the customer sees it — and
// cannot open what the role does not allow; the owner's audit log shows all of it.

const catalog = buildSeedCatalog();
const item = catalog.products
  .filter((p) => p.sites.includes("d2c"))
  .flatMap((p) => p.variants.map((v) => ({ p, v })))
  .find(
    ({ v }) =>
      !v.badgeTags.some((b) => /stock/.test(b)) &&
      catalog.warehouses.every((w) => (catalog.inventory.find((i) => i.sku === v.sku && i.warehouseCode === w.code)?.onHand ?? 0) >= 8),
  )!;

const PASSWORD = "a long console password";
const ownerLink = () => new URL(readFileSync(`${process.env.E2E_PGLITE_DIR}-owner-link.txt`, "utf8").split("\n")[0]!.trim());

async function completeSetup(page: Page, url: URL, name: string) {
  await page.goto(shopUrl(url.pathname + url.search));
  const form = page.getByTestId("admin-setup");
  await form.getByLabel("Your name").fill(name);
  await form.getByLabel("Password", { exact: true }).fill(PASSWORD);
  await form.getByLabel("Repeat password").fill(PASSWORD);
  await form.getByRole("button", { name: "Create my account" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Dashboard" })).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
}

async function customerOrder(browser: Browser): Promise<{ page: Page; email: string; number: string }> {
  const page = await (await browser.newContext()).newPage();
  const email = uniqueEmail("console-customer");
  await register(page, email);
  await page.goto(shopUrl(`/products/${item.p.handle}?sku=${item.v.sku}`));
  await page.getByTestId("quantity-input").fill("2");
  await page.getByTestId("add-to-cart").click();
  await expect(page.getByRole("dialog", { name: "Added to your cart" })).toBeVisible();
  return { page, email, number: await checkOutCart(page) };
}

test.describe("operator console", () => {
  // A refused console page answers 403; a refund without its confirmation 400.
  test.use({ allowedConsoleErrors: [/status of (400|403)/] });

  test("owner sets up, invites a fulfilment operator who ships an order (the customer sees the tracking) and is kept out of the rest; the audit log shows it all", async ({
    page,
    browser,
  }) => {
    // A long journey across three sessions (owner, operator, customer); 30 s is too tight on a busy CI machine.
    test.setTimeout(90_000);
    // Signed out, the console sends to its sign-in page.
    await page.goto(shopUrl("/admin/orders"));
    await expect(page).toHaveURL(/\/admin\/login\?next=%2Fadmin%2Forders/);

    await completeSetup(page, ownerLink(), "Olive Owner");
    await expect(page.getByTestId("console-operator")).toContainText("e2e-owner@example.test · Owner");
    expect(
      await new AxeBuilder({ page })
        .withTags(["wcag2a", "wcag2aa"])
        .analyze()
        .then((r) => r.violations.map((v) => v.id)),
    ).toEqual([]);

    // The link is spent.
    await page.goto(shopUrl(ownerLink().pathname + ownerLink().search));
    await expect(page.getByText("expired or was already used")).toBeVisible();

    // Invite a fulfilment operator.
    await page.goto(shopUrl("/admin/operators"));
    const invite = page.getByTestId("invite-operator");
    const fulfilmentEmail = uniqueEmail("fulfilment");
    await invite.getByLabel("E-mail").fill(fulfilmentEmail);
    await invite.getByLabel("Role").selectOption("fulfilment");
    await invite.getByRole("button", { name: "Create a setup link" }).click();
    const link = new URL((await page.getByTestId("setup-link").textContent())!.trim());

    const order = await customerOrder(browser);

    const fulfilment = await (await browser.newContext()).newPage();
    await completeSetup(fulfilment, link, "Finn Fulfil");
    const nav = fulfilment.getByRole("navigation", { name: "Console" });
    await expect(nav.getByRole("link")).toHaveText(["Dashboard", "Orders"]);
    // Not the role's: 403, and no refund or cancel on the order.
    const refused = await fulfilment.goto(shopUrl("/admin/operators"));
    expect(refused?.status()).toBe(403);
    // Inside the console: its navigation and the reason, not the shop's generic error page.
    await expect(fulfilment.getByRole("heading", { level: 1, name: "Not allowed" })).toBeVisible();
    await expect(fulfilment.getByTestId("console-error-reason")).toHaveText("Your role does not allow this.");
    await expect(nav.getByRole("link")).toHaveText(["Dashboard", "Orders"]);
    expect((await fulfilment.goto(shopUrl("/admin/products")))?.status()).toBe(403);
    await fulfilment.goto(shopUrl(`/admin/orders?q=${encodeURIComponent(order.email)}`));
    await expect(fulfilment.getByTestId("orders-total")).toHaveText("1 order");
    // The same list as CSV, with the same search.
    const csv = await fulfilment.request.get(shopUrl(`/admin/orders/export.csv?q=${encodeURIComponent(order.email)}`));
    expect(csv.headers()["content-type"]).toContain("text/csv");
    expect((await csv.text()).trim().split("\r\n")).toEqual([
      "number,placed_at_utc,email,site,status,total_usd",
      expect.stringMatching(new RegExp(`^${order.number},[^,]+,${order.email},d2c,paid,\\d+\\.\\d{2}$`)),
    ]);
    // Signed out, no export.
    expect((await (await browser.newContext()).request.get(shopUrl("/admin/orders/export.csv"), { maxRedirects: 0 })).status()).toBe(302);
    await fulfilment.getByRole("link", { name: order.number }).click();
    await expect(fulfilment.getByTestId("admin-order-status")).toContainText("paid");
    const moves = fulfilment.getByTestId("order-moves");
    await expect(moves.getByRole("button", { name: /Refund|Cancel/ })).toHaveCount(0);
    await moves.getByRole("button", { name: "Mark fulfilled" }).click();
    await expect(fulfilment.getByTestId("admin-order-status")).toContainText("fulfilled");
    await fulfilment.getByTestId("order-moves").getByLabel("Tracking number (optional)").fill("1Z999AA10123456784");
    await fulfilment.getByTestId("order-moves").getByRole("button", { name: "Mark shipped" }).click();
    await expect(fulfilment.getByTestId("admin-order-status")).toContainText("tracking 1Z999AA10123456784");

    // The customer's order page shows the tracking number.
    await order.page.goto(shopUrl("/account/orders"));
    await order.page.getByText(order.number).click();
    await expect(order.page.getByText("1Z999AA10123456784")).toBeVisible();

    // The owner refunds one of the two units (it came back: restocked); the reason and the
    // confirmation are required; the customer's order page shows the refund.
    await page.goto(shopUrl("/admin/orders"));
    await page.getByRole("link", { name: order.number }).click();
    const refund = page.getByTestId("partial-refund");
    await refund.getByLabel(/^Units of /).fill("1");
    await refund.getByRole("button", { name: "Refund" }).click();
    await expect(refund.locator("p", { hasText: "Choose a reason" })).toBeVisible();
    await expect(refund.getByText("Tick the box to confirm the refund")).toBeVisible();
    await refund.getByLabel(/^Units of /).fill("1");
    await refund.getByLabel("Reason").selectOption("Returned by the customer");
    await refund.getByLabel(/put the refunded units back in stock/).check();
    await refund.getByLabel(/Refund this to the customer's card/).check();
    await refund.getByRole("button", { name: "Refund" }).click();
    await expect(page.getByText(/^Refunded \$\d+\.\d{2}, units back in stock\. The customer was e-mailed\.$/)).toBeVisible();
    await expect(page.getByTestId("admin-order-status")).toContainText("shipped");
    await expect(page.getByTestId("admin-order-refunds")).toContainText(`1 × ${item.v.sku}, restocked — Returned by the customer — e2e-owner@example.test`);
    await order.page.reload();
    await expect(order.page.getByTestId("order-refunded")).toBeVisible();
    await expect(order.page.getByText("1 refunded")).toBeVisible();

    // Then the rest in full (confirmation required), and reads the audit log.
    await page.getByRole("button", { name: "Refund the order in full" }).click();
    await expect(page.getByText("Tick the box to confirm")).toBeVisible();
    await page.getByRole("checkbox", { name: /Refund \$[\d.]+ \(what is left\) to the customer's card/ }).check();
    await page.getByRole("button", { name: "Refund the order in full" }).click();
    await expect(page.getByTestId("admin-order-status")).toContainText("refunded");

    await page.goto(shopUrl("/admin/audit"));
    const rows = page.getByTestId("audit-rows");
    await expect(rows).toContainText(`${fulfilmentEmail}order.fulfilledorder`);
    await expect(rows.getByRole("row").filter({ hasText: "order.shipped" })).toContainText("1Z999AA10123456784");
    await expect(rows.getByRole("row").filter({ hasText: "view:/admin/operators" })).toContainText("denied");
    // Other tests of the run refund orders too (their operators): this owner's refund is one row.
    await expect(rows.getByRole("row").filter({ hasText: "order.refunded" }).filter({ hasText: "e2e-owner@example.test" })).toHaveCount(1);
    await expect(rows.getByRole("row").filter({ hasText: "order.partial_refund" })).toContainText("e2e-owner@example.test");
    await expect(rows.getByRole("row").filter({ hasText: "operator.invite" }).first()).toContainText("fulfilment");
  });

  test("the dashboard draws its trend charts over tables that say the same, and switches the sales range", async ({ page }) => {
    await consoleOperator(page, "dashboard-manager");
    const sales = page.getByRole("region", { name: "Orders and revenue, last 30 days" });
    // Chart.js, loaded after hydration, sizes the canvas it draws in.
    await expect(sales.getByRole("img", { name: /Orders and revenue net of refunds per day/ })).toHaveAttribute("style", /height/);
    for (const id of ["sales", "autoships", "renewals", "donations", "staff"]) await expect(page.getByTestId(`trend-${id}-table`)).toBeAttached();
    await sales.getByText("Show table").click();
    await expect(page.getByTestId("trend-sales-table").getByRole("row")).toHaveCount(31);
    await expect(sales.getByRole("link", { name: "Download CSV of Orders and revenue, last 30 days" })).toHaveAttribute(
      "href",
      "/admin/dashboard/export.csv?chart=sales&range=30",
    );
    expect(
      await new AxeBuilder({ page })
        .withTags(["wcag2a", "wcag2aa", "wcag22aa"])
        .analyze()
        .then((r) => r.violations.map((v) => v.id)),
    ).toEqual([]);
    const range = page.getByRole("navigation", { name: "Sales range" });
    await range.getByRole("link", { name: "Last 90 days" }).click();
    await expect(range.getByRole("link", { name: "Last 90 days" })).toHaveAttribute("aria-current", "page");
    await expect(page.getByTestId("trend-sales-table").getByRole("row")).toHaveCount(91);
  });

  test("an operator turns on two-step sign-in; signing in then asks for the app's code", async ({ page }) => {
    const { email } = await consoleOperator(page, "security-manager");
    await page.getByRole("link", { name: "Sign-in security" }).click();
    await expect(page.getByTestId("second-factor-status")).toHaveText("Two-step sign-in is off.");
    await page.getByRole("button", { name: "Turn on two-step sign-in" }).click();
    await expect(page.getByRole("img", { name: "QR code of the sign-in secret" })).toBeVisible();
    const secret = (await page.getByTestId("totp-secret").textContent())!.trim();
    await page.getByLabel("Code from the app").fill("000000");
    await page.getByRole("button", { name: "Confirm and turn on" }).click();
    await expect(page.getByText("That code is not right")).toBeVisible();
    await page.getByLabel("Code from the app").fill(totpCode(secret, stepAt(new Date())));
    await page.getByRole("button", { name: "Confirm and turn on" }).click();
    await expect(page.getByTestId("second-factor-status")).toHaveText("Two-step sign-in is on.");
    expect(
      await new AxeBuilder({ page })
        .withTags(["wcag2a", "wcag2aa"])
        .analyze()
        .then((r) => r.violations.map((v) => v.id)),
    ).toEqual([]);
    // Moving it to another phone takes a current code: the open session alone is not enough.
    await page.getByRole("button", { name: "Move to a new phone" }).click();
    await expect(page.getByText("Enter the current code from your app to replace it.")).toBeVisible();
    await expect(page.getByTestId("totp-secret")).toHaveCount(0);

    await page.getByRole("button", { name: "Sign out" }).click();
    // The sign-out is a post: opening the next page before its answer arrives would race it.
    await expect(page).toHaveURL(/\/admin\/login$/);
    await page.goto(shopUrl("/admin/orders"));
    const login = page.getByTestId("admin-login");
    await login.getByLabel("E-mail").fill(email);
    await login.getByLabel("Password").fill("a long console password");
    await login.getByRole("button", { name: "Sign in" }).click();
    await expect(page).toHaveURL(/\/admin\/login\/code\?next=%2Fadmin%2Forders/);
    // The code of the next step: the one just used to enrol is spent.
    await page.getByLabel("Code").fill(totpCode(secret, stepAt(new Date()) + 1));
    await page.getByRole("button", { name: "Continue" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Orders" })).toBeVisible();
  });
});
