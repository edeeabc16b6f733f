import { readFileSync } from "node:fs";
import type { Browser, Page } from "@playwright/test";
import AxeBuilder from "@axe-core/playwright";
import { buildSeedCatalog } from "../../server/modules/catalog/seed-data";
import { expect, shopUrl, test } from "./fixtures";
import { fillCheckoutAddress, payWithCard, register, uniqueEmail } from "./journeys";

// The operator console as its first users meet it: the owner opens the setup link made from the
// shell (playwright.config.ts runs `admin:create` before the shop starts), invites a fulfilment
// operator, who ships a customer's order with a tracking number — the customer sees it — and
// cannot open what the role does not allow; the owner's audit log shows all of it.

const catalog = buildSeedCatalog();
const item = catalog.products
  .filter((p) => p.sites.includes("d2c"))
  .flatMap((p) => p.variants.map((v) => ({ p, v })))
  .find(({ v }) => !v.badgeTags.some((b) => /stock/.test(b)) && catalog.warehouses.every((w) => (catalog.inventory.find((i) => i.sku === v.sku && i.warehouseCode === w.code)?.onHand ?? 0) >= 8))!;

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
  await page.getByTestId("add-to-cart").click();
  await expect(page.getByRole("dialog", { name: "Added to your cart" })).toBeVisible();
  await page.goto(shopUrl("/cart"));
  await page.getByTestId("proceed-to-checkout").click();
  await fillCheckoutAddress(page);
  await page.getByRole("button", { name: "Continue to shipping" }).click();
  await page.getByRole("button", { name: "Continue to payment" }).click();
  await payWithCard(page);
  await expect(page).toHaveURL(/\/checkout\/confirmation\//);
  return { page, email, number: (await page.getByTestId("order-number").textContent())!.trim() };
}

test.describe("operator console", () => {
  // A refused console page answers 403; a refund without its confirmation 400.
  test.use({ allowedConsoleErrors: [/status of (400|403)/] });

  test("owner sets up, invites a fulfilment operator who ships an order (the customer sees the tracking) and is kept out of the rest; the audit log shows it all", async ({ page, browser }) => {
    // Signed out, the console sends to its sign-in page.
    await page.goto(shopUrl("/admin/orders"));
    await expect(page).toHaveURL(/\/admin\/login\?next=%2Fadmin%2Forders/);

    await completeSetup(page, ownerLink(), "Olive Owner");
    await expect(page.getByTestId("console-operator")).toContainText("e2e-owner@example.test · Owner");
    expect(await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa"]).analyze().then((r) => r.violations.map((v) => v.id))).toEqual([]);

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
    await fulfilment.goto(shopUrl(`/admin/orders?q=${encodeURIComponent(order.email)}`));
    await expect(fulfilment.getByTestId("orders-total")).toHaveText("1 order");
    // The same list as CSV, with the same search.
    const csv = await fulfilment.request.get(shopUrl(`/admin/orders/export.csv?q=${encodeURIComponent(order.email)}`));
    expect(csv.headers()["content-type"]).toContain("text/csv");
    expect((await csv.text()).trim().split("\r\n")).toEqual(["number,placed_at_utc,email,site,status,total_usd", expect.stringMatching(new RegExp(`^${order.number},[^,]+,${order.email},d2c,paid,\\d+\\.\\d{2}$`))]);
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

    // The owner refunds it in full (confirmation required), and reads the audit log.
    await page.goto(shopUrl("/admin/orders"));
    await page.getByRole("link", { name: order.number }).click();
    await page.getByRole("button", { name: "Refund the order in full" }).click();
    await expect(page.getByText("Tick the box to confirm")).toBeVisible();
    await page.getByRole("checkbox", { name: /Refund .* to the customer's card/ }).check();
    await page.getByRole("button", { name: "Refund the order in full" }).click();
    await expect(page.getByTestId("admin-order-status")).toContainText("refunded");

    await page.goto(shopUrl("/admin/audit"));
    const rows = page.getByTestId("audit-rows");
    await expect(rows).toContainText(`${fulfilmentEmail}order.fulfilledorder`);
    await expect(rows.getByRole("row").filter({ hasText: "order.shipped" })).toContainText("1Z999AA10123456784");
    await expect(rows.getByRole("row").filter({ hasText: "view:/admin/operators" })).toContainText("denied");
    await expect(rows.getByRole("row").filter({ hasText: "order.refunded" })).toContainText("e2e-owner@example.test");
    await expect(rows.getByRole("row").filter({ hasText: "operator.invite" }).first()).toContainText("fulfilment");
  });
});
