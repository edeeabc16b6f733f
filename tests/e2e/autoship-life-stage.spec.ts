import { dailyPortion, daysSupply, feedingGuideFor } from "../../rules/autoship/feeding-calculator";
import { buildSeedCatalog } from "../../server/modules/catalog";
import type { APIRequestContext } from "@playwright/test";
import { expect, shopUrl, test } from "./fixtures";
import { axeViolationIds, latestMailTo, register, subscribeTo, uniqueEmail } from "./journeys";

// A puppy grows up: its kept profile says it is a medium dog a day short of 12 months (an adult
// tomorrow, by the shop's table) and it eats a puppy formula on Autoship. Today's life-stage pass
// proposes nothing; the same pass a day later (the test clock hook, POST /api/test/life-stage,
// narrowed to this shopper's Autoships) proposes the same line's adult formula by mail and in My
// Autoships; one click switches, and the next renewal ("Ship now", the same renewal path) ships it.

// A line no other journey buys from: its puppy formula's 30 lb bag, and the adult formula's.
const catalog = buildSeedCatalog();
const bySku = (sku: string) => catalog.products.flatMap((p) => p.variants.map((v) => ({ p, v }))).find(({ v }) => v.sku === sku)!;
const puppy = bySku("NK-D02-CHK-30LB");
const adult = bySku("NK-D01-CHK-30LB");
const adultTitle = adult.p.title;

/** Tomorrow a year ago (UTC, the shop's calendar): a medium dog born then is an adult tomorrow. */
function aYearAgoTomorrow(): string {
  const d = new Date();
  return new Date(Date.UTC(d.getUTCFullYear() - 1, d.getUTCMonth(), d.getUTCDate() + 1)).toISOString().slice(0, 10);
}

/** The renewal engine's life-stage pass as it runs `daysAhead` days from now, over this shopper's Autoships. */
async function lifeStagePass(request: APIRequestContext, email: string, daysAhead: number): Promise<number> {
  const answer = await request.post(shopUrl("/api/test/life-stage"), { data: { email, daysAhead }, headers: { origin: shopUrl("").replace(/\/$/, "") } });
  expect(answer.status()).toBe(200);
  return ((await answer.json()) as { proposed: number }).proposed;
}

// A checkout and a pet before the passes.
test.slow();

test("a puppy's profile reaches adulthood: the proposal by mail and in My Autoships, one click to switch, the next renewal ships the adult formula; the calculator answers for the pet", async ({
  page,
  request,
}) => {
  const email = uniqueEmail("life-stage");
  await register(page, email);
  await subscribeTo(page, puppy);

  await page.goto(shopUrl("/account/pets?new=1"));
  await page.getByLabel("Name").fill("Biscuit");
  await page.getByLabel("Species").selectOption({ label: "Dog" });
  await page.getByLabel("Breed size (dogs)").selectOption({ label: "Medium (21–50 lb grown)" });
  await page.getByLabel("Birthday (optional)").fill(aYearAgoTomorrow());
  await page.getByLabel("Weight in lb (optional)").fill("30");
  await page.getByRole("button", { name: "Add pet" }).click();
  await expect(page.getByRole("button", { name: "Remove Biscuit" })).toBeVisible();

  await page.goto(shopUrl("/account/autoships"));
  const sub = page.getByTestId("subscription");
  await sub.getByTestId("pet-form").locator("summary").click();
  await sub.getByLabel("Which of your pets eats this?").selectOption({ label: "Biscuit" });
  await sub.getByRole("button", { name: "Link pet" }).click();
  await expect(page.getByTestId("autoship-notice")).toHaveText("Your pet was linked: its details fill in the run-out date.");

  // Today nothing: Biscuit is a puppy until tomorrow.
  expect(await lifeStagePass(request, email, 0)).toBe(0);
  await page.reload();
  await expect(sub.getByTestId("life-stage-proposal")).toHaveCount(0);
  // Tomorrow's pass (again if the engine's own pass held the Autoship at that moment).
  await expect.poll(() => lifeStagePass(request, email, 1)).toBe(1);
  const mail = await latestMailTo(email, /^Biscuit is an adult now: a food suggestion for your Autoship AS-\d+$/, 30_000);
  expect(mail.text).toContain(`We suggest ${adultTitle}, made for adult dogs, from your next delivery.`);
  expect(mail.text).toMatch(/\/account\/autoships#sub-[0-9a-f-]{36}\n/);

  await page.reload();
  const proposal = sub.getByTestId("life-stage-proposal");
  await expect(proposal.getByRole("heading")).toContainText("Biscuit is an adult now");
  await expect(proposal.getByTestId("life-stage-suggested")).toContainText(`1 × ${adultTitle} — ${puppy.v.flavor} / ${puppy.v.sizeLabel}`);
  await expect(proposal.getByTestId("life-stage-difference")).toHaveText(/^(Same price per delivery\.|\$\d+\.\d\d (more|less) per delivery\.)$/);
  expect(await axeViolationIds(page, ["wcag2a", "wcag2aa", "wcag22aa"], "[data-testid=subscription]")).toEqual([]);

  // Cancelling because the vet changed the diet offers the line's other recipes too (one of them the adult formula).
  await sub.getByText("Cancel subscription", { exact: true }).first().click();
  await sub
    .getByRole("form", { name: "Cancel subscription" })
    .getByLabel("Why are you cancelling?")
    .selectOption({ label: "My vet recommended a different food" });
  const swapOffer = sub.getByTestId("save-offer-vet_changed_diet");
  await expect(swapOffer).toContainText("or switch to another recipe of the same line");
  await expect(swapOffer.getByLabel("Another size, flavour or recipe").locator(`optgroup[label="${adultTitle}"] option`)).toHaveCount(adult.p.variants.length);

  await proposal.getByRole("button", { name: "Switch from the next delivery" }).click();
  await expect(page.getByTestId("autoship-notice")).toHaveText("Switched: your next delivery brings the new food.");
  await expect(sub.getByTestId("life-stage-proposal")).toHaveCount(0);
  await expect(sub.getByRole("heading", { level: 2 })).toContainText(adultTitle);

  await sub.getByRole("button", { name: "Ship now" }).click();
  await expect(page.getByTestId("autoship-notice")).toHaveText(/^Order KC-\d+ was placed and will ship soon\.$/);
  const placed = (await page.getByTestId("autoship-notice").textContent())!.match(/KC-\d+/)![0];
  await page.goto(shopUrl("/account/orders"));
  await page.getByRole("link", { name: placed }).click();
  await expect(page.getByText(`SKU ${adult.v.sku}`)).toBeVisible();

  // The product page's calculator fills in from a kept pet, and answers for Biscuit as he is today:
  // a puppy for one more day.
  const grams = dailyPortion(feedingGuideFor({ handle: adult.p.handle, species: "dog", foodForm: "dry" }), {
    species: "dog",
    weight: 30,
    weightUnit: "lb",
    lifeStage: "puppy",
    activity: "normal",
  })!.grams;
  await page.goto(shopUrl(`/products/${adult.p.handle}?sku=${adult.v.sku}`));
  await page.getByTestId("feeding-toggle").click();
  const calc = page.getByRole("form", { name: "Feeding calculator" });
  await calc.getByLabel("Your pet").selectOption({ label: "Biscuit" });
  await expect(calc.getByLabel("Weight")).toHaveValue("30");
  await calc.getByRole("button", { name: "Calculate" }).click();
  await expect(page.getByTestId("feeding-result")).toContainText(`Daily portion for Biscuit: ${grams} g`);
  await expect(page.getByTestId("feeding-result")).toContainText(`lasts Biscuit about ${daysSupply(adult.v.weight, adult.v.weightUnit, 1, grams)} days`);
});
