import type { Page } from "@playwright/test";
import { buildSeedCatalog, type SeedProduct, type SeedVariant } from "../../server/modules/catalog";
import { expect, staffUrl, test } from "./fixtures";
import { fillCheckoutAddress, joinClinic, latestMailTo, payWithCard, registerStaff } from "./journeys";
import { formatUsd } from "../../rules/shared/money";

// The staff program's checkout (pro.localhost): the program cart rows and the quota meter, clinic
// or home delivery, the attestation, and the order carrying ZK01, SOLD_TO, SHIP_TO and the
// shipping location; a home-delivery-only clinic; the monthly allowance refusing an order.

const catalog = buildSeedCatalog();
const stockedEverywhere = (v: SeedVariant) =>
  catalog.warehouses.every((w) => (catalog.inventory.find((i) => i.sku === v.sku && i.warehouseCode === w.code)?.onHand ?? 0) >= 8);
/** A 30 lb bag sold on the staff site at a program price, in stock everywhere. */
const bag = catalog.products
  .filter((p) => p.sites.includes("hpsf"))
  .flatMap((p) => p.variants.map((v) => ({ p, v })))
  .find(
    ({ v }) => v.weight === 30 && v.weightUnit === "lbs" && v.programPriceCents > 0 && !v.badgeTags.some((b) => /stock/.test(b)) && stockedEverywhere(v),
  ) as {
  p: SeedProduct;
  v: SeedVariant;
};

async function addBag(page: Page, quantity = 1) {
  await page.goto(staffUrl(`/products/${bag.p.handle}?sku=${bag.v.sku}`));
  await expect(page.getByTestId("product-page")).toHaveAttribute("data-sku", bag.v.sku);
  if (quantity > 1) await page.getByTestId("quantity-input").fill(String(quantity));
  await page.getByTestId("add-to-cart").click();
  const modal = page.getByRole("dialog", { name: "Added to your cart" });
  await expect(modal).toBeVisible();
  await modal.getByRole("button", { name: "Continue Shopping" }).click();
}

async function toPayment(page: Page, delivery: "clinic" | "home") {
  await page.goto(staffUrl("/cart"));
  await page.getByTestId("proceed-to-checkout").click();
  await expect(page).toHaveURL(/\/checkout(\?|$)/);
  const info = page.getByTestId("checkout-information");
  if (delivery === "home") {
    await info.getByRole("radio", { name: "My home" }).check();
    await fillCheckoutAddress(page, { first: "Casey", address1: "12 Elm St", city: "Aurora", state: "CO", zip: "80011" });
  }
  await info.getByRole("button", { name: "Continue to shipping" }).click();
  await page.getByTestId("checkout-shipping").getByRole("button", { name: "Continue to payment" }).click();
  await expect(page.getByTestId("checkout-payment")).toBeVisible();
}

test.describe("staff checkout", () => {
  // Whole journeys (registration, clinic, cart, three checkout steps): more than the default 30 s on a loaded machine.
  test.describe.configure({ timeout: 90_000 });
  // A refused step answers 400/409: the browser logs those responses.
  test.use({ allowedConsoleErrors: [/status of (400|409)/] });

  test("a technician buys at program prices, shipped to the clinic: program rows, quota meter, attestation required, ZK01 / SOLD_TO / SHIP_TO on the order", async ({
    page,
  }) => {
    const email = await registerStaff(page);
    await addBag(page, 2);
    // Orders go to the clinic: the product page shows stock and delivery for the clinic's ZIP, the
    // userLocation cookie is {zip}::clinic (SPEC §9), and the ZIP form gives way to the reason.
    const location = (await page.context().cookies()).find((c) => c.name === "userLocation");
    const clinicZip = /^(\d{5})::clinic$/.exec(decodeURIComponent(location?.value ?? ""))?.[1];
    expect(clinicZip, location?.value).toBeTruthy();
    await page.goto(staffUrl(`/products/${bag.p.handle}?sku=${bag.v.sku}`));
    await expect(page.getByTestId("delivery-destination")).toContainText(`Your orders go to your clinic (${clinicZip})`);
    await expect(page.getByTestId("delivery-estimate")).toHaveText(new RegExp(`^Estimated delivery .+ to ${clinicZip}$`));
    await page.goto(staffUrl("/cart"));
    const summary = page.getByTestId("order-summary");
    await expect(summary.getByTestId("summary-before-savings")).toContainText(formatUsd(bag.v.priceCents * 2));
    await expect(summary.getByTestId("summary-program-discount")).toContainText(formatUsd((bag.v.priceCents - bag.v.programPriceCents) * 2));
    await expect(summary.getByTestId("summary-subtotal")).toContainText(formatUsd(bag.v.programPriceCents * 2));
    await expect(summary.getByTestId("summary-total")).toBeVisible();
    const month = new Date().toLocaleString("en-US", { month: "long", timeZone: "UTC" });
    await expect(summary.getByTestId("quota-text")).toHaveText(new RegExp(`^0 of 120 lb used in ${month}; resets \\w+ 1$`));
    await expect(summary.getByTestId("quota-cart")).toContainText("This cart: 60 lb");
    // Clinic delivery is the default.
    await expect(summary.getByRole("radio", { name: /My clinic: Springfield Animal Hospital/ })).toBeChecked();

    await toPayment(page, "clinic");
    await expect(page.getByTestId("checkout-summary").getByTestId("checkout-program-discount")).toBeVisible();
    await payWithCard(page);
    // The attestation is required: the message sits beside the checkbox.
    const form = page.getByTestId("checkout-payment");
    const attest = form.getByRole("checkbox", { name: /for pets that live in my household and will not be resold/ });
    await expect(attest).toHaveAttribute("aria-invalid", "true");
    await expect(form.getByText("Confirm that this food is for pets that live in your household")).toBeVisible();
    await attest.check();
    await payWithCard(page);
    await expect(page).toHaveURL(/\/checkout\/confirmation\//);
    const details = page.getByTestId("staff-order-details");
    await expect(details.getByTestId("staff-order-type")).toHaveText("ZK01");
    await expect(details.getByTestId("staff-delivery")).toHaveText("To my clinic");
    await expect(details.getByTestId("staff-sold-to")).toHaveText(/^S\d+/);
    await expect(details.getByTestId("staff-ship-to")).toHaveText(/^\S+$/);
    const soldTo = await details.getByTestId("staff-sold-to").innerText();
    const shipTo = await details.getByTestId("staff-ship-to").innerText();
    const mail = await latestMailTo(email, /order KC-/);
    expect(mail.text).toContain(`Sold-to: ${soldTo} · Ship-to: ${shipTo}`);
    expect(mail.text).toContain("Delivery: to your clinic");

    // The order page says the same; the allowance now counts the 60 lb.
    await page.goto(staffUrl("/account/orders"));
    await page.getByRole("link", { name: /KC-/ }).first().click();
    await expect(page.getByTestId("staff-order-details").getByTestId("staff-order-type")).toHaveText("ZK01");
    await page.goto(staffUrl("/account/my-clinic"));
    await expect(page.getByTestId("account-quota")).toHaveText(new RegExp(`^60 of 120 lb used in ${month}`));
  });

  test("home delivery chosen in the cart ships home; a home-delivery-only clinic leaves only home", async ({ page }) => {
    await registerStaff(page);
    await addBag(page);
    await page.goto(staffUrl("/cart"));
    const deliveryForm = page.getByTestId("delivery-form");
    await deliveryForm.getByRole("radio", { name: "My home" }).check();
    await deliveryForm.getByRole("button", { name: "Save delivery choice" }).click();
    await expect(page.getByTestId("delivery-form").getByRole("radio", { name: "My home" })).toBeChecked();
    await toPayment(page, "home");
    await page
      .getByTestId("checkout-payment")
      .getByRole("checkbox", { name: /household/ })
      .check();
    await payWithCard(page);
    await expect(page).toHaveURL(/\/checkout\/confirmation\//);
    await expect(page.getByTestId("staff-delivery")).toHaveText("To my home");
    await expect(page.getByText("12 Elm St").first()).toBeVisible();

    // Switch to a home-delivery-only practice: clinic delivery cannot be chosen.
    await page.goto(staffUrl("/account/my-clinic"));
    await joinClinic(page, { groupId: "G500003", name: "Cedar Hollow Mobile Vets" });
    await expect(page.getByTestId("current-clinic")).toContainText("Cedar Hollow Mobile Vets");
    await addBag(page);
    await page.goto(staffUrl("/cart"));
    await expect(page.getByTestId("delivery-form").getByRole("radio", { name: /My clinic/ })).toBeDisabled();
    await expect(page.getByTestId("delivery-form").getByRole("radio", { name: "My home" })).toBeChecked();
  });

  test("a student (outside the program's groups) buys at shop prices, within the monthly allowance, and the cart says so", async ({ page }) => {
    await registerStaff(page, { role: "Student", student: { year: "2028", school: "Northfield College of Veterinary Medicine" } });
    await addBag(page);
    await page.goto(staffUrl("/cart"));
    await expect(page.getByTestId("shop-prices-note")).toHaveText(/You buy at shop prices/);
    const summary = page.getByTestId("order-summary");
    await expect(summary.getByTestId("summary-subtotal")).toContainText(formatUsd(bag.v.priceCents));
    await expect(summary.getByTestId("quota-cart")).toContainText("This cart: 30 lb");
    await toPayment(page, "clinic");
    await page
      .getByTestId("checkout-payment")
      .getByRole("checkbox", { name: /household/ })
      .check();
    await payWithCard(page);
    await expect(page).toHaveURL(/\/checkout\/confirmation\//);
    await expect(page.getByTestId("staff-order-details").getByTestId("staff-order-type")).toHaveText("ZK01");
  });

  test("the monthly allowance: the cart warns, the checkout refuses an order over it and says by how much", async ({ page }) => {
    await registerStaff(page);
    await addBag(page, 5);
    await page.goto(staffUrl("/cart"));
    await expect(page.getByTestId("quota-over")).toContainText("This cart is 30 lb over your monthly allowance");
    await toPayment(page, "clinic");
    await expect(page.getByTestId("checkout-summary").getByTestId("quota-over")).toContainText("30 lb over");
    await expect(page.getByTestId("place-order")).toBeDisabled();
  });
});
