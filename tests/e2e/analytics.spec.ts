import type { Page } from "@playwright/test";
import { buildSeedCatalog, type SeedVariant } from "../../server/modules/catalog";
import { amountToCents } from "../../rules/shared/money";
import { LISTING_PAGE_SIZE } from "../../rules/catalog/listing-url";
import { expect, shopUrl, staffUrl, test } from "./fixtures";
import { fillCheckoutAddress, payWithCard, registerStaff, uniqueEmail } from "./journeys";
import { acceptAllCookies, consentBanner, consentReady, rejectAllCookies } from "./consent-steps";

// The GA4 data layer on a whole journey — list → item → cart → checkout → purchase — with every
// event's parameters read from window.dataLayer; one purchase per order however often its
// confirmation is opened; list positions and carousels; nothing from the staff site. The fixture
// starts every test with analytics consent given.

type Item = Record<string, unknown> & { item_id: string; index?: number; price: number; quantity?: number };
type Ecommerce = Record<string, unknown> & { items: Item[] };
type Ga4 = { event: string; ecommerce: Ecommerce };

const catalog = buildSeedCatalog();
const onHand = (sku: string, warehouse: string) => catalog.inventory.find((i) => i.sku === sku && i.warehouseCode === warehouse)?.onHand ?? 0;
const stockedEverywhere = (v: SeedVariant) => catalog.warehouses.every((w) => onHand(v.sku, w.code) >= 8);
/** A shop product with one flavour in several sizes, every variant stocked everywhere, prices all different. */
const multi = catalog.products.find(
  (p) =>
    p.sites.includes("d2c") &&
    p.variants.every(stockedEverywhere) &&
    new Set(p.variants.map((v) => v.priceCents)).size === p.variants.length &&
    p.variants.filter((v) => v.flavor === p.variants[0].flavor).length >= 2,
)!;

/** The ecommerce events of one name the page's data layer holds. */
const events = (page: Page, name: string) => page.evaluate((n) => (window.dataLayer ?? []).filter((e) => e.event === n), name) as Promise<Ga4[]>;
/** The shop's own events (page views and GA4 ecommerce): others (the tag manager's, consent's) are not ours to check. */
const OURS = [
  "page_view",
  "view_item_list",
  "select_item",
  "view_item",
  "add_to_cart",
  "remove_from_cart",
  "view_cart",
  "begin_checkout",
  "add_shipping_info",
  "add_payment_info",
  "purchase",
];
/** The names of the shop's events in the data layer, in order. */
const names = (page: Page) =>
  page.evaluate((ours) => (window.dataLayer ?? []).map((e) => e.event as string).filter((n) => ours.includes(n)), OURS) as Promise<string[]>;
const money = (text: string | null) => amountToCents((text ?? "").replace(/[^0-9.]/g, "")) / 100;
const variantTitle = (v: SeedVariant) => `${v.flavor} / ${v.sizeLabel}`;

/** Waits for the page to have sent its page view: hydrated, its effects run. */
async function settled(page: Page, routeName: string) {
  await expect.poll(async () => (await page.evaluate(() => (window.dataLayer ?? []).map((e) => e.route_name))).includes(routeName)).toBe(true);
}

test.describe("GA4 ecommerce events", () => {
  test.use({ allowedConsoleErrors: [/status of (400|402|409)/] });

  test("a whole journey: list, item, cart, checkout and one purchase per order", async ({ page }) => {
    // List: search results.
    await page.goto(shopUrl(`/search?search=${encodeURIComponent(multi.title)}`));
    const grid = page.getByTestId("product-grid");
    await expect(grid).toBeVisible();
    // Each card's link names its SKU (/products/{variantURL}?sku={sku}).
    const shownSkus = await grid
      .getByRole("article")
      .getByRole("heading")
      .getByRole("link")
      .evaluateAll((links) => links.map((a) => new URL((a as HTMLAnchorElement).href).searchParams.get("sku")!));
    await expect.poll(async () => (await events(page, "view_item_list")).length).toBe(1);
    const [list] = await events(page, "view_item_list");
    expect(list.ecommerce).toMatchObject({ item_list_id: "search", item_list_name: "Search Results" });
    expect(list.ecommerce.items.map((i) => i.item_id)).toEqual(shownSkus);
    expect(list.ecommerce.items.map((i) => i.index)).toEqual(shownSkus.map((_, i) => i));
    for (const item of list.ecommerce.items) {
      expect(item).toMatchObject({ item_name: expect.any(String), item_brand: expect.any(String), price: expect.any(Number), item_list_id: "search" });
    }

    // select_item: the product's card, at its place in the list.
    const position = shownSkus.findIndex((sku) => multi.variants.some((v) => v.sku === sku));
    expect(position).toBeGreaterThanOrEqual(0);
    const first = multi.variants.find((v) => v.sku === shownSkus[position])!;
    await grid.getByRole("article").nth(position).getByRole("link", { name: multi.title }).click();
    await expect(page.getByTestId("product-page")).toBeVisible();
    const [selected] = await events(page, "select_item");
    expect(selected.ecommerce).toEqual({
      item_list_id: "search",
      item_list_name: "Search Results",
      items: [
        {
          item_id: first.sku,
          item_name: multi.title,
          item_brand: expect.any(String),
          price: first.priceCents / 100,
          index: position,
          item_list_id: "search",
          item_list_name: "Search Results",
        },
      ],
    });

    // view_item: the variant shown, and again for another size.
    await expect.poll(async () => (await events(page, "view_item")).length).toBe(1);
    expect((await events(page, "view_item"))[0].ecommerce).toEqual({
      currency: "USD",
      value: first.priceCents / 100,
      items: [
        {
          item_id: first.sku,
          item_name: multi.title,
          item_brand: expect.any(String),
          item_variant: variantTitle(first),
          price: first.priceCents / 100,
          quantity: 1,
        },
      ],
    });
    const other = multi.variants.find((v) => v.flavor === first.flavor && v.sku !== first.sku)!;
    await page.getByTestId("size-pills").getByText(other.sizeLabel, { exact: true }).click();
    await expect.poll(async () => (await events(page, "view_item")).map((e) => e.ecommerce.items[0].item_id)).toEqual([first.sku, other.sku]);
    expect((await events(page, "view_item"))[1].ecommerce).toMatchObject({
      value: other.priceCents / 100,
      items: [{ item_variant: variantTitle(other), price: other.priceCents / 100 }],
    });

    // add_to_cart, two of them.
    await page.getByTestId("quantity-input").fill("2");
    await page.getByTestId("add-to-cart").click();
    const modal = page.getByRole("dialog", { name: "Added to your cart" });
    await expect(modal).toBeVisible();
    const [added] = await events(page, "add_to_cart");
    expect(added.ecommerce).toEqual({
      currency: "USD",
      value: (other.priceCents * 2) / 100,
      items: [
        {
          item_id: other.sku,
          item_name: multi.title,
          item_brand: expect.any(String),
          item_variant: variantTitle(other),
          price: other.priceCents / 100,
          quantity: 2,
        },
      ],
    });

    // view_cart.
    await modal.getByRole("link", { name: "Go to Cart" }).click();
    await expect(page).toHaveURL(shopUrl("/cart"));
    await expect.poll(async () => (await events(page, "view_cart")).length).toBe(1);
    const basket = [
      {
        item_id: other.sku,
        item_name: multi.title,
        item_brand: expect.any(String),
        item_variant: variantTitle(other),
        price: other.priceCents / 100,
        quantity: 2,
      },
    ];
    expect((await events(page, "view_cart"))[0].ecommerce).toEqual({ currency: "USD", value: (other.priceCents * 2) / 100, items: basket });

    // begin_checkout: the hand-off loads the checkout as a new document.
    await page.getByTestId("proceed-to-checkout").click();
    await expect(page).toHaveURL(/\/checkout(\?|$)/);
    await expect.poll(async () => (await events(page, "begin_checkout")).length).toBe(1);
    expect((await events(page, "begin_checkout"))[0].ecommerce).toEqual({ currency: "USD", value: (other.priceCents * 2) / 100, items: basket });

    const info = page.getByTestId("checkout-information");
    await info.getByLabel("Email", { exact: true }).fill(uniqueEmail("ga4"));
    await fillCheckoutAddress(page);
    await info.getByRole("button", { name: "Continue to shipping" }).click();
    expect(await events(page, "add_shipping_info")).toHaveLength(0);

    // add_shipping_info once the payment step shows, with the tier chosen.
    const shipping = page.getByTestId("checkout-shipping");
    await shipping.getByRole("radio", { name: /Express/ }).check();
    await shipping.getByRole("button", { name: "Continue to payment" }).click();
    await expect(page.getByTestId("checkout-payment")).toBeVisible();
    await expect.poll(async () => (await events(page, "add_shipping_info")).length).toBe(1);
    expect((await events(page, "add_shipping_info"))[0].ecommerce).toEqual({
      currency: "USD",
      value: (other.priceCents * 2) / 100,
      shipping_tier: "express",
      items: basket,
    });
    const summary = page.getByTestId("checkout-summary");
    const shippingCost = money(await summary.getByTestId("checkout-shipping-cost").locator("dd").textContent());
    const tax = money(await summary.getByTestId("checkout-tax").locator("dd").textContent());
    const total = money(await summary.getByTestId("checkout-total").locator("dd").textContent());
    expect(await events(page, "add_payment_info")).toHaveLength(0);

    // add_payment_info as the card is submitted; purchase on the confirmation.
    await payWithCard(page);
    await expect(page).toHaveURL(/\/checkout\/confirmation\//);
    const number = (await page.getByTestId("order-number").textContent())!.trim();
    const [payment] = await events(page, "add_payment_info");
    expect(payment.ecommerce).toEqual({ currency: "USD", value: (other.priceCents * 2) / 100, payment_type: "Credit Card", items: basket });
    await expect.poll(async () => (await events(page, "purchase")).length).toBe(1);
    const [purchase] = await events(page, "purchase");
    expect(purchase.ecommerce).toEqual({
      transaction_id: number,
      currency: "USD",
      value: (other.priceCents * 2) / 100,
      tax,
      shipping: shippingCost,
      items: [{ item_id: other.sku, item_name: multi.title, item_variant: variantTitle(other), price: other.priceCents / 100, quantity: 2 }],
    });
    expect(Math.round((purchase.ecommerce.value as number) * 100 + shippingCost * 100 + tax * 100)).toBe(Math.round(total * 100));
    // The checkout's events came in the order the shopper went, each with its ecommerce cleared first.
    expect((await names(page)).filter((n) => n !== "page_view")).toEqual(["begin_checkout", "add_shipping_info", "add_payment_info", "purchase"]);
    const cleared = await page.evaluate(() => (window.dataLayer ?? []).filter((e) => "ecommerce" in e && e.ecommerce === null).length);
    expect(cleared).toBe(4);

    // A reload, or opening the confirmation again later, sends no second purchase.
    const confirmation = page.url();
    await page.reload();
    await settled(page, "routes/checkout.confirmation");
    await expect(page.getByTestId("order-number")).toHaveText(number);
    await page.waitForTimeout(300);
    expect(await events(page, "purchase")).toHaveLength(0);
    await page.goto(shopUrl("/"));
    await page.goto(confirmation);
    await settled(page, "routes/checkout.confirmation");
    await page.waitForTimeout(300);
    expect(await events(page, "purchase")).toHaveLength(0);
  });

  test("listings: each page is a list, positions count across pages, categories have their own list", async ({ page }) => {
    await page.goto(shopUrl("/products"));
    await expect.poll(async () => (await events(page, "view_item_list")).length).toBe(1);
    const [pageOne] = await events(page, "view_item_list");
    expect(pageOne.ecommerce).toMatchObject({ item_list_id: "products", item_list_name: "Shop All Pet Food" });
    expect(pageOne.ecommerce.items).toHaveLength(LISTING_PAGE_SIZE);
    expect(pageOne.ecommerce.items[0]).toMatchObject({ index: 0, price: expect.any(Number) });

    await page.getByTestId("pagination").locator('a[rel="next"]').click();
    await expect.poll(async () => (await events(page, "view_item_list")).length).toBe(2);
    const [, pageTwo] = await events(page, "view_item_list");
    expect(pageTwo.ecommerce.items[0].index).toBe(LISTING_PAGE_SIZE);
    // Its first card, opened: the select_item says where it was in the whole list.
    const card = page.getByTestId("product-grid").getByRole("article").first();
    await card.getByRole("heading").getByRole("link").click();
    await expect(page.getByTestId("product-page")).toBeVisible();
    const [selected] = await events(page, "select_item");
    expect(selected.ecommerce.items[0]).toMatchObject({ item_id: pageTwo.ecommerce.items[0].item_id, index: LISTING_PAGE_SIZE, item_list_id: "products" });

    await page.goto(shopUrl("/products/dog"));
    await expect.poll(async () => (await events(page, "view_item_list")).map((e) => e.ecommerce.item_list_id)).toEqual(["products/dog"]);
    // The add-to-cart button of a card is not a selection.
    await page
      .getByTestId("product-grid")
      .getByRole("button", { name: /^Add to Cart / })
      .first()
      .click();
    await expect(page.getByRole("dialog", { name: "Added to your cart" })).toBeVisible();
    expect(await events(page, "select_item")).toHaveLength(0);
  });

  test("a home carousel is a list of its own; opening one of its cards is a select_item from it", async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(shopUrl("/"));
    const carousel = page.getByTestId("product-carousel").first();
    await carousel.scrollIntoViewIfNeeded();
    await expect.poll(async () => (await events(page, "view_item_list")).length).toBeGreaterThan(0);
    const [list] = await events(page, "view_item_list");
    expect(list.ecommerce).toMatchObject({ item_list_id: "carousel_homepage", item_list_name: "HomePage" });
    const sku = list.ecommerce.items[1].item_id;
    await carousel
      .getByRole("article")
      .getByRole("heading")
      .getByRole("link")
      .and(page.locator(`[href$="?sku=${encodeURIComponent(sku)}"]`))
      .click();
    await expect(page.getByTestId("product-page")).toBeVisible();
    const [selected] = await events(page, "select_item");
    expect(selected.ecommerce).toMatchObject({ item_list_id: "carousel_homepage", items: [{ item_id: sku, index: 1 }] });
  });

  test("the staff site sends no ecommerce events", async ({ page }) => {
    await registerStaff(page);
    await page.goto(staffUrl("/products"));
    await expect(page.getByTestId("product-grid")).toBeVisible();
    await page.getByTestId("product-grid").getByRole("article").first().getByRole("heading").getByRole("link").click();
    await expect(page.getByTestId("product-page")).toBeVisible();
    await page.waitForTimeout(300);
    expect(await names(page)).toEqual([]);
  });
});

test.describe("GA4 events and the shopper's consent", () => {
  test.use({ consent: null });

  test("a first visit's page view and view_item wait for the choice, then arrive once, in order", async ({ page }) => {
    await page.goto(shopUrl(`/products/${multi.handle}?sku=${multi.variants[0].sku}`));
    await expect(consentBanner(page)).toBeVisible();
    await consentReady(page);
    await page.waitForTimeout(300);
    expect(await names(page)).toEqual([]);
    await acceptAllCookies(page);
    await expect.poll(() => names(page)).toEqual(["page_view", "view_item"]);
    const [viewed] = await events(page, "view_item");
    expect(viewed.ecommerce.items[0].item_id).toBe(multi.variants[0].sku);
  });

  test("after Reject all nothing is sent: not the waiting events, not later ones", async ({ page }) => {
    await page.goto(shopUrl(`/products/${multi.handle}?sku=${multi.variants[0].sku}`));
    await rejectAllCookies(page);
    await page.getByTestId("add-to-cart").click();
    await expect(page.getByRole("dialog", { name: "Added to your cart" })).toBeVisible();
    await page.getByRole("dialog", { name: "Added to your cart" }).getByRole("link", { name: "Go to Cart" }).click();
    await expect(page).toHaveURL(shopUrl("/cart"));
    await page.waitForTimeout(300);
    expect(await names(page)).toEqual([]);
  });
});
