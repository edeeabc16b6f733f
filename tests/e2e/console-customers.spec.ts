import AxeBuilder from "@axe-core/playwright";
import { expect, shopUrl, test } from "./fixtures";
import { consoleOperator, latestMailTo, PASSWORD, register, uniqueEmail } from "./journeys";

// The console's customers: a manager finds a freshly registered customer, mails them a password
// reset and erases their personal data — the shop then refuses their sign-in; support sees
// customers but has no erase button, and the erase action answers 403.

test.describe("console customers", () => {
  // A mistyped confirmation answers 400, a refused erase 403.
  test.use({ allowedConsoleErrors: [/status of (400|403)/] });

  test("a manager finds a new customer, sends a reset mail and erases them; the shop refuses their sign-in", async ({ page, browser }) => {
    const shopper = await (await browser.newContext()).newPage();
    const email = uniqueEmail("erase-me");
    await register(shopper, email);
    await shopper.context().clearCookies();

    await consoleOperator(page, "customers-manager");
    await page.getByRole("navigation", { name: "Console" }).getByRole("link", { name: "Customers" }).click();
    await page.getByRole("search", { name: "Customers" }).getByLabel("Search").fill(email);
    await page.getByRole("button", { name: "Filter" }).click();
    await expect(page.getByTestId("customers-total")).toHaveText("1 customer");
    await page.getByTestId("customers-rows").getByRole("link", { name: "Robin Hart" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Robin Hart" })).toBeVisible();
    expect(
      await new AxeBuilder({ page })
        .withTags(["wcag2a", "wcag2aa"])
        .analyze()
        .then((r) => r.violations.map((v) => v.id)),
    ).toEqual([]);

    await page.getByRole("button", { name: "Send a password-reset mail" }).click();
    await expect(page.getByRole("status")).toHaveText("A password-reset mail was sent to the customer.");
    expect((await latestMailTo(email, /password/i)).text).toContain("/shelter/reset-password?token=");

    const erase = page.getByTestId("customer-erase");
    await erase.getByLabel(`Type ${email} to confirm`).fill("not-the-address@example.test");
    await erase.getByRole("button", { name: "Erase personal data" }).click();
    await expect(erase.getByText("Type the customer's e-mail exactly as shown to confirm.")).toBeVisible();
    await erase.getByLabel(`Type ${email} to confirm`).fill(email);
    await erase.getByRole("button", { name: "Erase personal data" }).click();
    await expect(page.getByRole("status")).toContainText("Personal data erased");
    await expect(page.getByTestId("customer-email")).toHaveText(/^erased-[0-9a-f]{12}@erased\.invalid$/);

    await shopper.goto(shopUrl("/shelter/login"));
    const form = shopper.getByTestId("login-form");
    await form.getByLabel("Email", { exact: true }).fill(email);
    await form.getByLabel("Password").fill(PASSWORD);
    await form.getByRole("button", { name: "Log In" }).click();
    await expect(shopper.getByRole("alert")).toHaveText("The email or password is incorrect.");
  });

  test("support sees customers but cannot erase: no button, and the action answers 403", async ({ page, browser }) => {
    const shopper = await (await browser.newContext()).newPage();
    const email = uniqueEmail("support-sees");
    await register(shopper, email);

    await consoleOperator(page, "customers-support");
    await page.goto(shopUrl(`/admin/customers?q=${encodeURIComponent(email)}`));
    await page.getByTestId("customers-rows").getByRole("link", { name: "Robin Hart" }).click();
    await expect(page.getByTestId("customer-email")).toHaveText(email);
    await expect(page.getByRole("button", { name: "Send a password-reset mail" })).toBeVisible();
    await expect(page.getByTestId("customer-erase")).toHaveCount(0);
    await expect(page.getByRole("button", { name: "Erase personal data" })).toHaveCount(0);

    // Posted anyway (same origin, the operator's own session): refused, and the customer is untouched.
    const refused = await page.request.post(page.url(), { form: { intent: "erase", confirmEmail: email }, headers: { Origin: new URL(page.url()).origin } });
    expect(refused.status()).toBe(403);
    await page.reload();
    await expect(page.getByTestId("customer-email")).toHaveText(email);
  });
});
