import { autoshipPriceCents } from "../../rules/autoship/offer-and-frequency";
import { formatUsd } from "../../rules/shared/money";
import { buildSeedCatalog } from "../../server/modules/catalog";
import { expect, shopUrl, test } from "./fixtures";
import { axeViolationIds, checkOutAutoshipCart, register, uniqueEmail } from "./journeys";

// The cancellation flow as a customer meets it: the reason first, then the one offer fitted to it,
// shown beside a cancel button that never moves; "It costs too much" → a one-time discount →
// the next renewal (here "Ship now", the same renewal path) carries it, once.

const catalog = buildSeedCatalog();
// Items in stock at Denver from the middle of the catalogue: the other journeys take the first or
// the last products (the console's catalogue test changes the last one's price and counts its
// Autoships), so these two are this test's own.
const inStock = catalog.products
  .filter((p) => p.sites.includes("d2c") && p.productType !== "Donation")
  .flatMap((p) => p.variants.map((v) => ({ p, v })))
  .filter(
    ({ v }) => !v.badgeTags.some((b) => /stock/.test(b)) && catalog.inventory.some((i) => i.sku === v.sku && i.warehouseCode === "DEN1" && i.onHand > 10),
  );
const item = inStock[Math.floor(inStock.length / 2)];
/** Another product: added once to the next delivery from its page. */
const extra = inStock.slice(Math.floor(inStock.length / 2)).find(({ p }) => p.handle !== item.p.handle)!;
/** A third: added from My Autoships, found by its SKU. */
const third = inStock.slice(Math.floor(inStock.length / 2)).find(({ p }) => p.handle !== item.p.handle && p.handle !== extra.p.handle)!;

test("a one-time item for the next delivery; a kept pet linked; cancel for the price: the discount offer instead; the next renewal carries both, once", async ({
  page,
}) => {
  // One customer's whole story (checkout, a pet, a cancellation, a renewal): 25 s on a quiet machine.
  test.slow();
  await register(page, uniqueEmail("save-offer"));
  await page.goto(shopUrl(`/products/${item.p.handle}?sku=${item.v.sku}`));
  await page.getByRole("radio", { name: /Autoship/ }).check();
  await page.getByTestId("add-to-cart").click();
  await page.getByRole("dialog", { name: "Added to your cart" }).getByRole("button", { name: "Continue Shopping" }).click();
  await checkOutAutoshipCart(page);
  await page.goto(shopUrl("/account/autoships"));
  const sub = page.getByTestId("subscription");

  // From another product's page: once, with the next delivery; removable until then.
  await page.goto(shopUrl(`/products/${extra.p.handle}?sku=${extra.v.sku}`));
  await page.getByRole("button", { name: "On Autoship? Add to your next delivery instead" }).click();
  await expect(page.getByTestId("autoship-notice")).toHaveText("The item was added to your next delivery.");
  await expect(sub.getByTestId("one-time-item")).toHaveCount(1);
  await expect(sub.getByTestId("one-time-item")).toContainText(`1 × ${extra.p.title}`);
  // And from My Autoships itself: the shop's search, by SKU (the searched variant comes chosen).
  await sub.getByTestId("add-to-delivery").locator("summary").click();
  await sub.getByLabel("Find a product (name, brand or SKU)").fill(third.v.sku);
  await sub.getByRole("button", { name: "Search" }).click();
  const found = sub.getByRole("form", { name: `Add ${third.p.title}` });
  await found.getByLabel("Quantity").fill("2");
  await found.getByRole("button", { name: "Add to this delivery" }).click();
  await expect(page.getByTestId("autoship-notice")).toHaveText("The item was added to your next delivery.");
  await expect(sub.getByTestId("one-time-item")).toHaveCount(2);
  await expect(sub.getByTestId("one-time-item").nth(1)).toContainText(`2 × ${third.p.title}`);

  // A pet kept in My Pets feeds it (its weight and age are the calculator's pet: server tests).
  await page.goto(shopUrl("/account/pets?new=1"));
  await page.getByLabel("Name").fill("Biscuit");
  await page.getByLabel("Species").selectOption({ label: "Dog" });
  await page.getByLabel("Breed size (dogs)").selectOption({ label: "Medium (21–50 lb grown)" });
  await page.getByLabel("Weight in lb (optional)").fill("30");
  await page.getByRole("button", { name: "Add pet" }).click();
  await expect(page.getByRole("button", { name: "Remove Biscuit" })).toBeVisible();
  await page.goto(shopUrl("/account/autoships"));
  await sub.getByTestId("pet-form").locator("summary").click();
  await sub.getByLabel("Which of your pets eats this?").selectOption({ label: "Biscuit" });
  await sub.getByRole("button", { name: "Link pet" }).click();
  await expect(page.getByTestId("autoship-notice")).toHaveText("Your pet was linked: its details fill in the run-out date.");
  await expect(sub.getByTestId("pet-form").locator("summary")).toHaveText("Feeds Biscuit (run-out date)");

  await sub.getByText("Cancel subscription", { exact: true }).first().click();
  const cancelForm = sub.getByRole("form", { name: "Cancel subscription" });
  const offer = sub.getByTestId("save-offer-too_expensive");
  // No offer before a reason; each reason shows its own (stylesheet only: works before the script).
  await expect(offer).toBeHidden();
  await cancelForm.getByLabel("Why are you cancelling?").selectOption({ label: "I have too much food" });
  await expect(sub.getByTestId("save-offer-too_much_food")).toBeVisible();
  await expect(sub.getByTestId("save-offer-too_much_food").getByRole("button", { name: "Deliver every 5 weeks" })).toBeVisible();
  await cancelForm.getByLabel("Why are you cancelling?").selectOption({ label: "It costs too much" });
  await expect(sub.getByTestId("save-offer-too_much_food")).toBeHidden();
  await expect(offer).toContainText("Stay with Autoship and get 15% off your next delivery, once.");
  // Cancelling stays one click away, beside the offer.
  await expect(cancelForm.getByRole("button", { name: "Cancel subscription" })).toBeVisible();
  expect(await axeViolationIds(page, ["wcag2a", "wcag2aa", "wcag22aa"], "[data-testid=subscription]")).toEqual([]);

  await offer.getByRole("button", { name: "Take 15% off my next delivery" }).click();
  await expect(page.getByTestId("autoship-notice")).toHaveText("Thank you for staying with Autoship: your next delivery gets the discount.");
  await expect(sub.getByTestId("subscription-status")).toHaveText("Active");
  await expect(sub.getByTestId("save-discount")).toHaveText("Your next delivery is 15% off, once: thank you for staying.");

  // The next renewal carries it.
  await sub.getByRole("button", { name: "Ship now" }).click();
  await expect(page.getByTestId("autoship-notice")).toHaveText(/^Order KC-\d+ was placed and will ship soon\.$/);
  const placed = (await page.getByTestId("autoship-notice").textContent())!.match(/KC-\d+/)![0];
  await expect(sub.getByTestId("save-discount")).toHaveCount(0);
  await expect(sub.getByTestId("one-time-items")).toHaveCount(0);
  // Once: the discount is no longer offered to this subscription.
  await page.reload();
  await sub.getByText("Cancel subscription", { exact: true }).first().click();
  await cancelForm.getByLabel("Why are you cancelling?").selectOption({ label: "It costs too much" });
  await expect(offer).toHaveCount(0);

  await page.goto(shopUrl("/account/orders"));
  await page.getByRole("link", { name: placed }).click();
  await expect(page.getByText(`SKU ${extra.v.sku}`)).toBeVisible();
  await expect(page.getByText(`SKU ${third.v.sku}`)).toBeVisible();
  // 15% of the Autoship price of the Autoship item (the one-time item is not an Autoship line).
  await expect(page.getByTestId("order-discounts")).toHaveText(`Discounts−${formatUsd(Math.round(autoshipPriceCents(item.v.priceCents) * 0.15))}`);
});
