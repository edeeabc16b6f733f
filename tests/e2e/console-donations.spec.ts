import { readFileSync } from "node:fs";
import AxeBuilder from "@axe-core/playwright";
import { expect, shopUrl, test } from "./fixtures";
import { consoleOperator } from "./journeys";

// The console's Donations section as the owner uses it: edits the store configuration (a wrong
// e-mail comes back beside its field; the saved change is what the provider's API answers at once,
// and the change is in the store's history), then reads the donation report of a month, picked
// with the month picker, and downloads it as CSV.

/** The month scripts/e2e-operators.ts writes ledger rows for (no checkout of the run reaches it). */
const MONTH = "2025-10";
const STORE_ID = "5eed0d0a7e5c4a1b9c3d2e1f00c0ffee";

// The refused form answers 400, which the browser logs as a failed load.
test.use({ allowedConsoleErrors: [/status of 400/] });

test("the owner edits the store configuration and reads the donation report with its CSV", async ({ page }) => {
  await consoleOperator(page, "donations-owner");
  await page.getByRole("navigation", { name: "Console" }).getByRole("link", { name: "Donations" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Donations" })).toBeVisible();
  expect(
    await new AxeBuilder({ page })
      .withTags(["wcag2a", "wcag2aa"])
      .analyze()
      .then((r) => r.violations.map((v) => v.id)),
  ).toEqual([]);

  // Contact details only: the widget's tests running beside this one read the rest of the store.
  const form = page.getByTestId("donation-store-form");
  await form.getByLabel("Contact e-mail").fill("giving at kibble");
  await form.getByRole("button", { name: "Save store configuration" }).click();
  await expect(form.getByText("Enter an e-mail address, e.g. giving@example.com")).toBeVisible();
  await expect(form.getByLabel("Contact e-mail")).toHaveAttribute("aria-invalid", "true");

  await form.getByLabel("Contact e-mail").fill("giving@kibble.example");
  await form.getByLabel("Contact phone").fill("555-0199");
  await form.getByRole("button", { name: "Save store configuration" }).click();
  await expect(page.getByText("Saved. The widget uses the new configuration from its next request.")).toBeVisible();
  await expect(form.getByLabel("Contact e-mail")).not.toHaveAttribute("aria-invalid");
  await expect(page.getByTestId("donation-store-history")).toContainText("donation_store.update · ok");

  const config = await page.request.get(shopUrl("/api/donations/stores/cc-small/none"), { headers: { "x-store-id": STORE_ID } });
  expect(config.status()).toBe(200);
  expect((await config.json()).contactInformation).toMatchObject({ email: "giving@kibble.example", phone: "555-0199" });

  // The report: this month by default, the month picker for another.
  await page.getByRole("navigation", { name: "Donations" }).getByRole("link", { name: "Report" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Donations · Report" })).toBeVisible();
  await page.getByLabel("Month (UTC)").fill(MONTH);
  await page.getByRole("button", { name: "Show" }).click();
  await expect(page).toHaveURL(new RegExp(`month=${MONTH}`));
  await expect(page.getByTestId("report-heading")).toContainText("October 2025");
  const report = page.getByTestId("donation-report");
  const paws = report.getByRole("row", { name: /Paws Rescue League/ });
  await expect(paws.getByRole("cell")).toHaveText(["$2.15", "$3.00", "1", "$0.00", "$5.15"]);
  await expect(report.locator("tfoot")).toContainText("$6.35");
  expect(
    await new AxeBuilder({ page })
      .withTags(["wcag2a", "wcag2aa"])
      .analyze()
      .then((r) => r.violations.map((v) => v.id)),
  ).toEqual([]);

  const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name: "Download CSV" }).click()]);
  expect(download.suggestedFilename()).toBe(`donations-${MONTH}.csv`);
  const csv = readFileSync((await download.path())!, "utf8").split("\r\n");
  expect(csv[0]).toBe("month,cause_id,cause_name,store_funded_usd,customer_funded_usd,orders,reversed_usd,reversed_orders,net_usd");
  expect(csv[1]).toBe(`${MONTH},00-1000001,Paws Rescue League,2.15,3.00,1,0.00,0,5.15`);
  expect(csv[2]).toMatch(new RegExp(`^${MONTH},00-1000002,[^,]+,1\\.20,0\\.00,1,0\\.00,0,1\\.20$`));
});
