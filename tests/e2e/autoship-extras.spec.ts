import { AUTOSHIP_FREQUENCY_WEEKS, sellingPlanIdFor } from "../../rules/autoship/offer-and-frequency";
import { dailyPortion, daysSupply, feedingGuideFor, nearestFrequencyWeeks } from "../../rules/autoship/feeding-calculator";
import { buildSeedCatalog } from "../../server/modules/catalog";
import { expect, shopUrl, test } from "./fixtures";
import { checkOutAutoshipCart, register, uniqueEmail } from "./journeys";

// Autoship extras as a new customer meets them: the product page's feeding calculator sets the
// Autoship frequency, and its pet comes with the subscription: My Autoships shows the run-out date at
// once, and offers to move a next order that would come after the food runs out.

test.use({ allowedConsoleErrors: [/status of 400/] });

const catalog = buildSeedCatalog();
// A big bag of dry dog food sold in the shop and in stock at the Denver warehouse.
const item = catalog.products
  .filter((p) => p.sites.includes("d2c") && p.species === "dog" && p.productType === "Dry Food")
  .flatMap((p) => p.variants.map((v) => ({ p, v })))
  .filter(
    ({ v }) =>
      v.weight >= 15 &&
      !v.badgeTags.includes("badge::out-of-stock") &&
      catalog.inventory.some((i) => i.sku === v.sku && i.warehouseCode === "DEN1" && i.onHand > 5),
  )[0]!;

test("the feeding calculator sets the frequency; My Autoships shows when the food runs out", async ({ page }) => {
  const pet = { species: "dog" as const, weight: 15, weightUnit: "lb" as const, lifeStage: "adult", activity: "normal" as const };
  const grams = dailyPortion(feedingGuideFor({ handle: item.p.handle, species: "dog", foodForm: "dry" }), pet)!.grams;
  const days = daysSupply(item.v.weight, item.v.weightUnit, 1, grams);
  const weeks = nearestFrequencyWeeks(days, AUTOSHIP_FREQUENCY_WEEKS);
  // The calculator must visibly change the frequency: not the page's default of 4 weeks.
  expect(weeks).not.toBe(4);

  await register(page, uniqueEmail("feeding"));
  await page.goto(shopUrl(`/products/${item.p.handle}?sku=${item.v.sku}`));
  const toggle = page.getByTestId("feeding-toggle");
  await expect(toggle).toHaveAttribute("aria-expanded", "false");
  await toggle.click();
  const calc = page.getByRole("form", { name: "Feeding calculator" });
  await expect(calc).toBeVisible();
  // A missing weight is named beside its field.
  await calc.getByRole("button", { name: "Calculate" }).click();
  await expect(calc.getByText("Enter your pet's weight")).toBeVisible();
  await expect(page.getByTestId("autoship-frequency")).toHaveValue(sellingPlanIdFor(4));
  await calc.getByLabel("Weight").fill("15");
  await calc.getByRole("button", { name: "Calculate" }).click();
  await expect(page.getByTestId("feeding-result")).toContainText(`lasts your 15 lb dog about ${days} days`);
  await expect(page.getByRole("radio", { name: /Autoship/ })).toBeChecked();
  await expect(page.getByTestId("autoship-frequency")).toHaveValue(sellingPlanIdFor(weeks));

  await page.getByTestId("add-to-cart").click();
  const modal = page.getByRole("dialog", { name: "Added to your cart" });
  await expect(modal).toBeVisible();
  await modal.getByRole("button", { name: "Continue Shopping" }).click();
  await checkOutAutoshipCart(page);

  await page.goto(shopUrl("/account/autoships"));
  const sub = page.getByTestId("subscription");
  await expect(sub.getByTestId("frequency")).toHaveText(weeks === 1 ? "Every week" : `Every ${weeks} weeks`);
  // The calculator's pet came with the Autoship line: the run-out date shows at once.
  await expect(sub.getByTestId("run-out")).toContainText(/Runs out around \w{3} \d{1,2}, \d{4}; next delivery around/);
  await expect(sub.getByTestId("run-out")).toContainText(`${grams} g a day`);
  const form = sub.getByRole("form", { name: "Your pet" });

  // A much hungrier pet: the planned delivery now comes too late, and the page offers an earlier date.
  // The section may still be open from before the save (the page keeps the element).
  if ((await sub.getByTestId("pet-form").getAttribute("open")) === null) await sub.getByText("Your pet (run-out date)").click();
  await form.getByLabel("Weight").fill("90");
  await form.getByLabel("Activity").selectOption("very_active");
  await form.getByRole("button", { name: "Save pet" }).click();
  const hungry = dailyPortion(feedingGuideFor({ handle: item.p.handle, species: "dog", foodForm: "dry" }), {
    ...pet,
    weight: 90,
    activity: "very_active",
  })!.grams;
  await expect(sub.getByTestId("run-out")).toContainText(`${hungry} g a day`);
  await expect(sub.getByTestId("run-out-late")).toContainText("Your next delivery comes after the food runs out.");
  await sub
    .getByTestId("run-out-late")
    .getByRole("button", { name: /^Order on / })
    .click();
  await expect(page.getByTestId("autoship-notice")).toHaveText("The next order date was changed.");
  await expect(sub.getByTestId("run-out-late")).toHaveCount(0);

  // The price guard's threshold: checked beside its field, then saved.
  await sub.getByText("Price guard: 10%").click();
  const guard = sub.getByRole("form", { name: "Price guard" });
  await guard.getByLabel(/Largest price rise/).fill("0");
  // The browser's own range check would stop the post: this checks the server's answer.
  await guard.evaluate((f) => ((f as HTMLFormElement).noValidate = true));
  await guard.getByRole("button", { name: "Save price guard" }).click();
  await expect(guard.getByText("Enter 1% or more")).toBeVisible();
  await guard.getByLabel(/Largest price rise/).fill("15");
  await guard.getByRole("button", { name: "Save price guard" }).click();
  await expect(page.getByTestId("autoship-notice")).toHaveText("Your price guard was saved.");
  await expect(sub.getByText("Price guard: 15%")).toBeVisible();

  // The substitute: an unknown SKU is refused beside its field; another product's SKU is kept.
  const other = catalog.products.find((p) => p.sites.includes("d2c") && p.handle !== item.p.handle && p.productType === "Dry Food")!.variants[0];
  if ((await sub.getByTestId("substitute").getAttribute("open")) === null) await sub.getByText("If it is out of stock: choose a substitute").click();
  const substitute = sub.getByRole("form", { name: "Substitute" });
  await substitute.getByLabel("Or another product's SKU").fill("KC-NOPE-1");
  await substitute.getByRole("button", { name: "Save substitute" }).click();
  await expect(substitute.getByText("Choose an item we sell.")).toBeVisible();
  await substitute.getByLabel("Or another product's SKU").fill(other.sku);
  await substitute.getByRole("button", { name: "Save substitute" }).click();
  await expect(page.getByTestId("autoship-notice")).toHaveText("Your substitute was saved.");
  await expect(sub.getByTestId("substitute")).toContainText("If out of stock, send:");
});
