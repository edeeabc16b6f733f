import AxeBuilder from "@axe-core/playwright";
import type { Page, Request } from "@playwright/test";
import { buildSeedCatalog, type SeedProduct, type SeedVariant } from "../../server/modules/catalog";
import { buildSeedCauses } from "../../server/modules/donations";
import { formatUsd } from "../../rules/shared/money";
import { expect, shopUrl, test } from "./fixtures";
import { fillCheckoutAddress, payWithCard, uniqueEmail } from "./journeys";

// The donation widget (SPEC §4) as a shopper meets it on the product page and the cart, against the
// seeded donation store (5 % of the price to the default cause, Paws Rescue League; shoppers may
// choose; a "Wholesale accounts" exclusion segment read from the data layer's customerType).

const STORE_ID = "5eed0d0a7e5c4a1b9c3d2e1f00c0ffee";
const catalog = buildSeedCatalog();
const causes = buildSeedCauses().charities;
type Item = { p: SeedProduct; v: SeedVariant };
const item: Item = catalog.products
  .flatMap((p) => p.variants.map((v) => ({ p, v })))
  .find(({ p, v }) => p.sites.includes("d2c") && !v.badgeTags.includes("badge::out-of-stock") && v.priceCents >= 1500 && v.priceCents < 4000)!;
const productUrl = `/products/${item.p.handle}?sku=${item.v.sku}`;
/** The seeded store gives 5 % of the price, rounded half up to the cent. */
const fivePercent = (cents: number) => Math.round(cents * 0.05);

const widget = (page: Page) => page.locator("[data-donation-widget]");
const line = (page: Page) => page.getByTestId("donation-line");
const dialog = (page: Page) => page.getByRole("dialog", { name: "Choose the cause your order supports" });
const trackingId = (page: Page) => page.evaluate(() => JSON.parse(sessionStorage.getItem("sgdonation") ?? "{}").trackingId as string);
async function trackedCause(page: Page) {
  const res = await page.request.get(shopUrl(`/api/donations/tracking/${await trackingId(page)}/cause`), { headers: { "x-store-id": STORE_ID } });
  expect(res.status()).toBe(200);
  return (await res.json()) as { CauseId: string; CauseName: string };
}

test.describe("donation widget", () => {
  test("the product page says what this variant gives to the default cause, in space kept for it", async ({ page }) => {
    await page.goto(shopUrl(productUrl));
    // The slot holds its height before the widget's code has even loaded: nothing moves when it shows.
    const before = await widget(page).boundingBox();
    expect(before!.height).toBeGreaterThan(80);
    await expect(line(page)).toHaveText(`${formatUsd(fivePercent(item.v.priceCents))} to Paws Rescue League with this order`);
    expect((await widget(page).boundingBox())!.height).toBe(before!.height);
    // The default cause is preselected on the tracking (SPEC §4: shoppers may choose).
    expect(await trackedCause(page)).toEqual({ CauseId: "00-1000001", CauseName: "Paws Rescue League" });
  });

  test("another size recomputes the donation at its price", async ({ page }) => {
    const [first, other] = [item.v, item.p.variants.find((v) => v.flavor === item.v.flavor && fivePercent(v.priceCents) !== fivePercent(item.v.priceCents))!];
    expect(other, "the product has a second size at another price").toBeTruthy();
    await page.goto(shopUrl(productUrl));
    await expect(line(page)).toHaveText(`${formatUsd(fivePercent(first.priceCents))} to Paws Rescue League with this order`);
    await page.getByTestId("size-pills").getByText(other.sizeLabel, { exact: true }).click();
    await expect(line(page)).toHaveText(`${formatUsd(fivePercent(other.priceCents))} to Paws Rescue League with this order`);
  });

  test("an exclusion segment (the data layer says wholesale) hides it", async ({ page }) => {
    await page.addInitScript(() => {
      (window as unknown as { dataLayer: unknown[] }).dataLayer = [{ customerType: "wholesale" }];
    });
    await page.goto(shopUrl(productUrl));
    await expect(widget(page).locator("[data-donation-state]")).toHaveAttribute("data-donation-state", "hidden");
    await expect(line(page)).toHaveCount(0);
  });

  test("a product that gives nothing (excluded by the store) shows no widget", async ({ page }) => {
    // The provider's answer for a product on the store's excluded list.
    await page.route("**/api/donations/products/donation-by-cms-id?**", (route) =>
      route.fulfill({
        json: { result: { totalDonationValue: 0, totalDonationValueCents: 0, portfolioId: null, donations: [], excluded: true, donationType: 0 } },
      }),
    );
    await page.goto(shopUrl(productUrl));
    await expect(widget(page).locator("[data-donation-state]")).toHaveAttribute("data-donation-state", "hidden");
    await expect(line(page)).toHaveCount(0);
  });

  test("the cart shows the cart's donation", async ({ page }) => {
    await page.goto(shopUrl(productUrl));
    await page.getByTestId("quantity-input").fill("2");
    await page.getByTestId("add-to-cart").click();
    await page.getByRole("dialog", { name: "Added to your cart" }).getByRole("button", { name: "Continue Shopping" }).click();
    await page.goto(shopUrl("/cart"));
    await expect(line(page)).toHaveText(`${formatUsd(fivePercent(2 * item.v.priceCents))} to Paws Rescue League with this order`);
  });

  test("the cart attaches the tab's tracking to the cart, again when the cause changes", async ({ page }) => {
    await page.goto(shopUrl(productUrl));
    await page.getByTestId("quantity-input").fill("2");
    await page.getByTestId("add-to-cart").click();
    await page.getByRole("dialog", { name: "Added to your cart" }).getByRole("button", { name: "Continue Shopping" }).click();
    const attachedTo = () => page.waitForResponse((r) => r.request().method() === "PUT" && /\/api\/donations\/tracking\/[^/]+\/cart$/.test(r.url()));
    const attached = attachedTo();
    await page.goto(shopUrl("/cart"));
    await expect(line(page)).toHaveText(`${formatUsd(fivePercent(2 * item.v.priceCents))} to Paws Rescue League with this order`);
    expect((await attached).status()).toBe(200);
    expect((await attached).url()).toContain(await trackingId(page));

    const second = causes.find((c) => c.id === "00-1000002")!;
    const again = attachedTo();
    await page.getByRole("button", { name: "Change cause" }).click();
    await dialog(page)
      .getByRole("list", { name: "Featured causes" })
      .getByRole("button", { name: new RegExp(second.name) })
      .click();
    await expect(line(page)).toHaveText(`${formatUsd(fivePercent(2 * item.v.priceCents))} to ${second.name} with this order`);
    expect((await again).status()).toBe(200);
    // The cart's own donation parts (the add-on offer) read the cart's cause on the server: they follow.
    await expect(page.getByTestId("donation-addon")).toContainText(second.name);
  });

  test("a cause chosen from a search by city, then by ZIP, then cleared; axe with the picker open", async ({ page }) => {
    await page.goto(shopUrl(productUrl));
    await expect(line(page)).toContainText("Paws Rescue League");

    const opener = page.getByRole("button", { name: "Change cause" });
    await opener.click();
    const picker = dialog(page);
    await expect(picker).toBeVisible();
    // The store's featured causes come first.
    await expect(picker.getByRole("list", { name: "Featured causes" }).getByRole("button").first()).toContainText("Paws Rescue League");

    const inDenver = causes.filter((c) => c.city === "Denver").sort((a, b) => a.name.localeCompare(b.name) || a.id!.localeCompare(b.id!));
    expect(inDenver.length).toBeGreaterThan(0);
    await picker.getByRole("radio", { name: "Location" }).check();
    await picker.getByLabel("City or ZIP code").fill("Denver");
    await picker.getByRole("button", { name: "Search" }).click();
    const results = picker.getByRole("list", { name: "Causes for Denver" });
    await expect(results.getByRole("button")).toHaveCount(inDenver.length);
    await expect(picker.getByRole("status")).toHaveText(`${inDenver.length} ${inDenver.length === 1 ? "cause" : "causes"} found for Denver.`);

    const violations = await new AxeBuilder({ page }).include("dialog").withTags(["wcag2a", "wcag2aa", "wcag21aa", "best-practice"]).analyze();
    expect(violations.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);

    const denver = inDenver[0]!;
    await results
      .getByRole("button", { name: new RegExp(denver.name) })
      .first()
      .click();
    await expect(picker).toBeHidden();
    await expect(opener).toBeFocused();
    await expect(line(page)).toHaveText(`${formatUsd(fivePercent(item.v.priceCents))} to ${denver.name} with this order`);
    expect(await trackedCause(page)).toEqual({ CauseId: denver.id, CauseName: denver.name });

    // By ZIP: text starting with a digit.
    const zip = causes.find((c) => c.id !== denver.id)!;
    const atZip = causes.filter((c) => c.zip === zip.zip);
    await opener.click();
    await picker.getByRole("radio", { name: "Location" }).check();
    await picker.getByLabel("City or ZIP code").fill(zip.zip!);
    await picker.getByLabel("City or ZIP code").press("Enter");
    const zipResults = picker.getByRole("list", { name: `Causes for ZIP ${zip.zip}` });
    await expect(zipResults.getByRole("button")).toHaveCount(atZip.length);
    await zipResults
      .getByRole("button", { name: new RegExp(zip.name) })
      .first()
      .click();
    await expect(line(page)).toContainText(`to ${zip.name} with this order`);

    // Clearing: cause id 0, name "0" (SPEC §4); the shop's default then receives it.
    await opener.click();
    await picker.getByRole("button", { name: "Clear cause" }).click();
    await expect(picker).toBeHidden();
    expect(await trackedCause(page)).toEqual({ CauseId: "0", CauseName: "0" });
    await expect(page.getByRole("button", { name: "Choose a cause" })).toBeVisible();
    // A reload keeps the choice: the default is not preselected again.
    await page.reload();
    await expect(page.getByRole("button", { name: "Choose a cause" })).toBeVisible();
    expect(await trackedCause(page)).toEqual({ CauseId: "0", CauseName: "0" });
  });

  test("the picker searches animal shelters only (SPEC §9: category 3), near a place or all of them", async ({ page }) => {
    await page.goto(shopUrl(productUrl));
    await page.getByRole("button", { name: "Change cause" }).click();
    const picker = dialog(page);
    const shelters = causes.filter((c) => c.categoryId === 3);
    const inDenver = causes.filter((c) => c.city === "Denver");
    const sheltersInDenver = inDenver.filter((c) => c.categoryId === 3);
    expect(sheltersInDenver.length).toBeGreaterThan(0);
    expect(sheltersInDenver.length).toBeLessThan(inDenver.length);
    await picker.getByRole("radio", { name: "Location" }).check();
    await picker.getByLabel("City or ZIP code").fill("Denver");
    await picker.getByRole("checkbox", { name: "Animal shelters only" }).check();
    await picker.getByRole("button", { name: "Search" }).click();
    await expect(picker.getByRole("list", { name: "Animal shelters for Denver" }).getByRole("button")).toHaveCount(sheltersInDenver.length);
    // No text: every shelter (the first page of 25).
    await picker.getByLabel("City or ZIP code").fill("");
    await picker.getByRole("button", { name: "Search" }).click();
    await expect(picker.getByRole("status")).toHaveText(`${shelters.length} animal shelters found.`);
    await expect(picker.getByRole("list", { name: "Animal shelters" }).getByRole("button")).toHaveCount(Math.min(25, shelters.length));
  });

  test("an sgcause link preselects its cause, and the e-mail campaign's parameters are stored", async ({ page }) => {
    const cause = causes.find((c) => c.id === "00-1000005")!;
    const integration = page.waitForRequest((r) => r.url().endsWith("/add-integration-info") && r.method() === "PUT");
    await page.goto(shopUrl(`${productUrl}&sgcause=${cause.id}&utm_campaign=spring-kibble&_kx=k-123`));
    await expect(line(page)).toHaveText(`${formatUsd(fivePercent(item.v.priceCents))} to ${cause.name} with this order`);
    expect((await integration).postDataJSON()).toEqual({ integrationType: "email-marketing", info: { utm_campaign: "spring-kibble", _kx: "k-123" } });
    expect(await trackedCause(page)).toEqual({ CauseId: cause.id, CauseName: cause.name });
  });

  test("with analytics consent (Accept all) the widget's events leave in one batch in the SPEC §3 envelope", async ({ page }) => {
    // Analytics consent: the fixtures' cookie choice ("Accept all"), read through the privacy manager.
    const posted = page.waitForRequest((r) => r.url().includes("/api/donations/clickstream/events") && r.method() === "POST", { timeout: 15_000 });
    await page.goto(shopUrl(`${productUrl}&utm_campaign=private-campaign`));
    await expect(line(page)).toBeVisible();
    const request = await posted;
    expect(request.headers()["x-store-id"]).toBe(STORE_ID);
    const batch = request.postDataJSON() as Record<string, unknown>[];
    expect(batch[0]).toMatchObject({
      store_id: STORE_ID,
      tracking_id: await trackingId(page),
      metadata: { widget: "product" },
      customer: { id: null, email: null },
      client_properties: { url: shopUrl(`/products/${item.p.handle}`), device_type: "desktop", browser_type: "Chrome" },
      event: { event_type: "widget_rendered", event_version: "0.1.15", payload: { causeId: "00-1000001", totalDonationCents: fivePercent(item.v.priceCents) } },
    });
    expect((await request.response())!.status()).toBe(202);
  });

  test("the cause chosen in the widget is the one the order gives to; the confirmation records order_made and shows no widget of its own", async ({ page }) => {
    // Analytics consent: the fixtures' cookie choice ("Accept all"), read through the privacy manager.
    const cause = causes.find((c) => c.id === "00-1000003")!;
    await page.goto(shopUrl(`${productUrl}&sgcause=${cause.id}`));
    await expect(line(page)).toContainText(`to ${cause.name} with this order`);
    const tracking = await trackingId(page);
    await page.getByTestId("add-to-cart").click();
    await page.getByRole("dialog", { name: "Added to your cart" }).getByRole("button", { name: "Continue Shopping" }).click();
    await page.goto(shopUrl("/cart"));
    await expect(line(page)).toBeVisible();
    await page.getByTestId("proceed-to-checkout").click();
    const info = page.getByTestId("checkout-information");
    await info.getByLabel("Email", { exact: true }).fill(uniqueEmail("donor"));
    await fillCheckoutAddress(page);
    await info.getByRole("button", { name: "Continue to shipping" }).click();
    await page.getByTestId("checkout-shipping").getByRole("button", { name: "Continue to payment" }).click();
    const orderMade = page.waitForRequest((r) => r.url().includes("/api/donations/clickstream/events") && (r.postData() ?? "").includes('"order_made"'), {
      timeout: 15_000,
    });
    await payWithCard(page);
    await expect(page).toHaveURL(/\/checkout\/confirmation\//);
    const orderId = new URL(page.url()).pathname.split("/").pop();
    const events = ((await orderMade).postDataJSON() as { tracking_id: string; event: { event_type: string; payload: Record<string, unknown> } }[]).filter(
      (e) => e.event.event_type === "order_made",
    );
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ tracking_id: tracking, event: { payload: { orderId, causeId: cause.id } } });
    // What was given, as the server recorded it for the cart's tracking (the order's donation lines).
    await expect(page.getByTestId("order-donations")).toHaveText(`${formatUsd(fivePercent(item.v.priceCents))} to ${cause.name} with this order`);
    await expect(page.locator('[data-donation-widget="confirmation"]')).toBeHidden();
    await expect(line(page)).toHaveCount(0);
  });

  test.describe("analytics refused", () => {
    test.use({ consent: "reject" });
    test("without analytics consent the widget sends no event", async ({ page }) => {
      const events: Request[] = [];
      page.on("request", (r) => r.url().includes("/api/donations/clickstream/events") && events.push(r));
      await page.goto(shopUrl(productUrl));
      await expect(line(page)).toBeVisible();
      await page.getByRole("button", { name: "Change cause" }).click();
      await dialog(page).getByLabel("Cause name").fill("Rescue");
      await dialog(page).getByRole("button", { name: "Search" }).click();
      await expect(dialog(page).getByRole("status")).toContainText("found");
      // A batch would leave within 5 s of the first event.
      await page.waitForTimeout(5500);
      expect(events).toHaveLength(0);
    });
  });

  test.describe("store configuration absent", () => {
    test.use({ allowedConsoleErrors: [/Error retrieving store|status of 503/] });
    test("the widget is not ready and hidden after 5 s; the page works on", async ({ page }) => {
      await page.route("**/api/donations/stores/cc-small/none", (route) => route.fulfill({ status: 503, json: { error: { code: "down", message: "down" } } }));
      const logged = page.waitForEvent("console", (m) => m.type() === "error" && m.text().includes("Error retrieving store"));
      await page.goto(shopUrl(productUrl));
      await logged;
      await expect(widget(page).locator("[data-donation-state]")).toHaveAttribute("data-donation-state", "not-ready", { timeout: 8000 });
      await expect(line(page)).toHaveCount(0);
      await page.getByTestId("add-to-cart").click();
      await expect(page.getByRole("dialog", { name: "Added to your cart" })).toBeVisible();
    });
  });
});
