import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseConfig } from "../config";
import type { Database } from "../db/client";
import { openTestDatabase } from "../db/test-database";
import type { Operator } from "../modules/operators";
import { createServices } from "../wiring";
import { storeSubscriptions } from "../testing/autoship";
import { aProductWithVariants, badgeTagsOf, dealRowsOf, setBadgeTags } from "../testing/catalog";
import { operatorOf, roleMatrix, type ConsoleWrite } from "../testing/console";
import { aStoredCustomer } from "../testing/identity";
import { firstWarehouseCode, setStock, stockAdjustmentsOf, stockOf } from "../testing/stock";

// The console's catalogue: every write against every role (refusals audited), a price edit the
// shop reads at once, publishing that removes a product from the listing, its page and the cart,
// stock adjustments under the inventory row lock (never below reserved, consistent under
// concurrency, recorded), and validation errors named by field.

let database: Database;
let services: ReturnType<typeof createServices>;
let manager: Operator;
const MISSING = 999_999;

beforeAll(async () => {
  database = await openTestDatabase({ seeded: true });
  services = createServices(database.db, parseConfig({}));
  manager = await operatorOf(services, "manager");
}, 60_000);
afterAll(() => database.close());

const someProduct = (offset = 0) => aProductWithVariants(database.db, offset);

const lastAudit = async (op: Operator) => (await services.operators.auditEntries({ operatorEmail: op.email, limit: 1 }))[0];

describe("role matrix", () => {
  const c = () => services.consoleCatalog;
  const writes: ConsoleWrite[] = [
    { name: "product.update", permission: "catalog.manage", run: (op) => c().updateProduct(op, { productId: MISSING, title: "T", description: "" }) },
    { name: "product.publish", permission: "catalog.manage", run: (op) => c().setPublished(op, { productId: MISSING, published: true }) },
    { name: "product.unpublish", permission: "catalog.manage", run: (op) => c().setPublished(op, { productId: MISSING, published: false }) },
    {
      name: "variant.price",
      permission: "catalog.manage",
      run: (op) => c().setVariantPrice(op, { variantId: MISSING, price: "9.99", compareAt: "", confirmed: true }),
    },
    { name: "variant.update", permission: "catalog.manage", run: (op) => c().setVariantMerchandising(op, { variantId: MISSING, badges: [], deal: false }) },
    {
      name: "stock.adjust",
      permission: "catalog.manage",
      run: (op) => c().adjustStock(op, { variantId: MISSING, warehouseCode: "NOPE", delta: 1, reason: "count", note: "" }),
    },
  ];
  roleMatrix(() => services, writes);
});

describe("prices", () => {
  it("asks to confirm a new price with the number of active Autoships it reaches, then the shop reads it at once", async () => {
    const { product, variant } = await someProduct();
    const customerId = await aStoredCustomer(database.db, `sub-${Date.now()}@example.test`);
    const sub = {
      site: "d2c" as const,
      customerId,
      productId: product.id,
      variantId: variant.id,
      quantity: 1,
      frequencyWeeks: 4,
      startDate: "2026-01-01",
      nextOrderDate: "2026-02-01",
      shippingAddress: {
        firstName: "P",
        lastName: "D",
        address1: "1 Main",
        address2: "",
        city: "Aurora",
        provinceCode: "CO",
        zip: "80011",
        countryCode: "US",
        phone: null,
      },
      email: "sub@example.test",
    };
    await storeSubscriptions(database.db, [sub, { ...sub, frequencyWeeks: 6 }, { ...sub, frequencyWeeks: 8, status: "cancelled" }]);

    const newPrice = variant.priceCents + 123;
    const dollars = (newPrice / 100).toFixed(2);
    const ask = await services.consoleCatalog.setVariantPrice(manager, { variantId: variant.id, price: dollars, compareAt: "" });
    expect(ask).toMatchObject({ ok: false, code: "CONFIRM", subscriptions: 2, message: "This price applies to 2 active Autoships at their next renewal." });
    expect((await services.catalog.getProductDetail(product.handle, "d2c", null))!.variants[0].price.amount).toBe((variant.priceCents / 100).toFixed(2));

    const done = await services.consoleCatalog.setVariantPrice(manager, {
      variantId: variant.id,
      price: dollars,
      compareAt: ((newPrice + 500) / 100).toFixed(2),
      confirmed: true,
    });
    expect(done).toMatchObject({ ok: true, priceCents: newPrice, compareAtCents: newPrice + 500 });
    const shown = (await services.catalog.getProductDetail(product.handle, "d2c", null))!.variants[0];
    expect(shown.price.amount).toBe(dollars);
    expect(shown.compareAtPrice?.amount).toBe(((newPrice + 500) / 100).toFixed(2));
    const entry = await lastAudit(manager);
    expect(entry).toMatchObject({ action: "variant.price", outcome: "ok", targetId: String(variant.id) });
    expect(entry.before).toMatchObject({ priceCents: variant.priceCents });
    expect(entry.after).toMatchObject({ priceCents: newPrice, compareAtCents: newPrice + 500 });
  });

  it("refuses a compare-at price not above the price, naming the field; the same price needs no confirmation", async () => {
    const { variant } = await someProduct(1);
    const price = (variant.priceCents / 100).toFixed(2);
    expect(await services.consoleCatalog.setVariantPrice(manager, { variantId: variant.id, price, compareAt: price })).toMatchObject({
      ok: false,
      code: "INVALID",
      errors: { compareAt: expect.stringContaining("above the price") },
    });
    expect(await services.consoleCatalog.setVariantPrice(manager, { variantId: variant.id, price: "abc" })).toMatchObject({
      code: "INVALID",
      errors: { price: expect.any(String) },
    });
    expect(await services.consoleCatalog.setVariantPrice(manager, { variantId: variant.id, price: "0" })).toMatchObject({
      code: "INVALID",
      errors: { price: expect.any(String) },
    });
    expect(await services.consoleCatalog.setVariantPrice(manager, { variantId: variant.id, price, compareAt: "" })).toMatchObject({
      ok: true,
      compareAtCents: null,
    });
  });
});

describe("badges and deals", () => {
  it("replaces the hand-set badges, keeps other tags, and puts the SKU in or out of the deal list", async () => {
    const { product, variant } = await someProduct(2);
    await setBadgeTags(database.db, variant.id, ["badge::out-of-stock", "badge::featured", "custom"]);
    const r = await services.consoleCatalog.setVariantMerchandising(manager, {
      variantId: variant.id,
      badges: ["best-seller", "new"],
      deal: true,
      dealLabel: "Save 30%",
    });
    expect(r).toEqual({ ok: true });
    expect(await badgeTagsOf(database.db, variant.id)).toEqual(["badge::out-of-stock", "custom", "badge::best-seller", "badge::new", "badge::deal"]);
    expect((await services.catalog.dealSkus("d2c"))[variant.sku]).toEqual({ sku: variant.sku, label: "Save 30%" });
    expect((await services.catalog.getProductDetail(product.handle, "d2c", null))!.deals[variant.sku]).toBe("Save 30%");

    expect(await services.consoleCatalog.setVariantMerchandising(manager, { variantId: variant.id, badges: [], deal: false })).toEqual({ ok: true });
    expect(await dealRowsOf(database.db, variant.sku)).toEqual([]);
    expect(await services.consoleCatalog.setVariantMerchandising(manager, { variantId: variant.id, badges: ["shiny"] })).toMatchObject({
      code: "INVALID",
      errors: { badges: "Unknown badge" },
    });
    expect(await services.consoleCatalog.setVariantMerchandising(manager, { variantId: variant.id, badges: [], deal: true, dealLabel: " " })).toMatchObject({
      code: "INVALID",
      errors: { dealLabel: "A deal needs its label, e.g. Save 20%" },
    });
  });
});

describe("products", () => {
  it("edits the title and description (audited before/after); an empty title is refused by field", async () => {
    const { product } = await someProduct(3);
    expect(await services.consoleCatalog.updateProduct(manager, { productId: product.id, title: "   ", description: "x" })).toMatchObject({
      code: "INVALID",
      errors: { title: "Enter a title" },
    });
    expect(await services.consoleCatalog.updateProduct(manager, { productId: product.id, title: "Renamed Kibble", description: "New words." })).toEqual({
      ok: true,
    });
    const detail = await services.catalog.getProductDetail(product.handle, "d2c", null);
    expect(detail).toMatchObject({ title: "Renamed Kibble", description: "New words." });
    const entry = await lastAudit(manager);
    expect(entry).toMatchObject({ action: "product.update", before: { title: product.title }, after: { title: "Renamed Kibble" } });
  });

  it("unpublished: gone from the listing, search, its page and the sitemap; cannot be added to a cart; published again it is back", async () => {
    const { product, variant } = await someProduct(4);
    const listed = async () => {
      const all = await services.catalog.listProducts({ site: "d2c", filters: [], sort: "featured", page: 1, limit: 100, facets: false });
      const pages = Math.ceil(all.total / 100);
      const ids: number[] = all.products.map((p) => Number(p.id.split("/").pop()));
      for (let page = 2; page <= pages; page++)
        ids.push(
          ...(await services.catalog.listProducts({ site: "d2c", filters: [], sort: "featured", page, limit: 100, facets: false })).products.map((p) =>
            Number(p.id.split("/").pop()),
          ),
        );
      return { total: all.total, has: ids.includes(product.id) };
    };
    const searched = async () =>
      (
        await services.catalog.listProducts({ site: "d2c", filters: [], sort: "featured", page: 1, limit: 100, search: variant.sku, facets: false })
      ).products.some((p) => p.handle === product.handle);
    const before = await listed();
    expect(before.has).toBe(true);
    expect(await searched()).toBe(true);

    expect(await services.consoleCatalog.setPublished(manager, { productId: product.id, published: false })).toEqual({ ok: true });
    expect(await lastAudit(manager)).toMatchObject({ action: "product.unpublish", before: { published: true }, after: { published: false } });
    const after = await listed();
    expect(after).toEqual({ total: before.total - 1, has: false });
    expect(await searched()).toBe(false);
    expect(await services.catalog.getProductDetail(product.handle, "d2c", null)).toBeNull();
    expect(await services.catalog.getProductByHandle(product.handle, "d2c")).toBeNull();
    expect((await services.catalog.sitemapEntries("d2c")).some((e) => e.path === `/products/${product.handle}`)).toBe(false);
    expect(await services.cart.createCart("d2c", {}, [{ merchandiseId: String(variant.id), quantity: 1 }])).toMatchObject({
      ok: false,
      code: "VARIANT_NOT_FOUND",
    });
    expect((await services.autoship.offerForSku(variant.sku, "d2c")).subscribable).toBe(false);

    expect(await services.consoleCatalog.setPublished(manager, { productId: product.id, published: true })).toEqual({ ok: true });
    expect(await listed()).toEqual(before);
    expect(await services.cart.createCart("d2c", {}, [{ merchandiseId: String(variant.id), quantity: 1 }])).toMatchObject({ ok: true });
  });

  it("the console's table searches by SKU, filters by published, sorts and pages on the server", async () => {
    const { product, variant } = await someProduct(5);
    const base = { q: "", site: null, published: null, species: null, sort: "title" as const, dir: "asc" as const, page: 1, pageSize: 10 };
    const bySku = await services.consoleCatalog.productList({ ...base, q: variant.sku.toLowerCase() });
    expect(bySku.rows.map((r) => r.id)).toEqual([product.id]);
    expect(bySku.rows[0]).toMatchObject({ variantCount: expect.any(Number), published: true });
    expect(bySku.rows[0].available).toBeGreaterThanOrEqual(0);

    await services.consoleCatalog.setPublished(manager, { productId: product.id, published: false });
    const hidden = await services.consoleCatalog.productList({ ...base, published: false, pageSize: 100 });
    expect(hidden.rows.map((r) => r.id)).toContain(product.id);
    expect(hidden.rows.every((r) => !r.published)).toBe(true);
    await services.consoleCatalog.setPublished(manager, { productId: product.id, published: true });

    const all = await services.consoleCatalog.productList(base);
    const page2 = await services.consoleCatalog.productList({ ...base, page: 2 });
    expect(all.total).toBeGreaterThan(10);
    expect(page2.rows[0].title.localeCompare(all.rows[9].title)).toBeGreaterThanOrEqual(0);
    const byPriceDesc = await services.consoleCatalog.productList({ ...base, sort: "price", dir: "desc" });
    const prices = byPriceDesc.rows.map((r) => r.minPriceCents ?? 0);
    expect(prices).toEqual([...prices].sort((a, b) => b - a));
  });
});

describe("stock adjustments", () => {
  async function stockRow(offset: number) {
    const { variant } = await someProduct(offset);
    const warehouseCode = await firstWarehouseCode(database.db);
    await setStock(database.db, { warehouseCode, variantId: variant.id, onHand: 10, reserved: 4 });
    const read = () => stockOf(database.db, warehouseCode, variant.id);
    return { variant, warehouseCode, read };
  }

  it("adds and removes with a reason, recorded with before/after and audited; never below reserved", async () => {
    const { variant, warehouseCode, read } = await stockRow(6);
    expect(await services.consoleCatalog.adjustStock(manager, { variantId: variant.id, warehouseCode, delta: "5", reason: "received", note: "PO 17" })).toEqual(
      { ok: true, onHand: 15, reserved: 4 },
    );
    expect(await lastAudit(manager)).toMatchObject({
      action: "stock.adjust",
      outcome: "ok",
      before: { onHand: 10, reserved: 4 },
      after: { onHand: 15, delta: 5, reason: "received" },
    });
    const refused = await services.consoleCatalog.adjustStock(manager, { variantId: variant.id, warehouseCode, delta: -12, reason: "damaged", note: "" });
    expect(refused).toMatchObject({ ok: false, code: "BELOW_RESERVED", errors: { delta: expect.stringContaining("below the 4 reserved") } });
    expect(await lastAudit(manager)).toMatchObject({ action: "stock.adjust", outcome: "failed" });
    expect(await services.consoleCatalog.adjustStock(manager, { variantId: variant.id, warehouseCode, delta: -11, reason: "lost", note: "" })).toEqual({
      ok: true,
      onHand: 4,
      reserved: 4,
    });
    expect(await read()).toMatchObject({ onHand: 4, reserved: 4 });
    const history = await services.consoleCatalog.stockHistory(variant.productId);
    expect(history.slice(0, 2).map((h) => [h.sku, h.delta, h.reason, h.onHandBefore, h.onHandAfter, h.operatorEmail])).toEqual([
      [variant.sku, -11, "lost", 15, 4, manager.email],
      [variant.sku, 5, "received", 10, 15, manager.email],
    ]);
  });

  it("validates by field: whole non-zero delta, a known reason, a note for Other, a real warehouse", async () => {
    const { variant, warehouseCode } = await stockRow(7);
    const adjust = (p: Record<string, unknown>) =>
      services.consoleCatalog.adjustStock(manager, { variantId: variant.id, warehouseCode, delta: 1, reason: "count", note: "", ...p });
    expect(await adjust({ delta: "1.5" })).toMatchObject({ code: "INVALID", errors: { delta: expect.any(String) } });
    expect(await adjust({ delta: "0" })).toMatchObject({ code: "INVALID", errors: { delta: expect.any(String) } });
    expect(await adjust({ reason: "" })).toMatchObject({ code: "INVALID", errors: { reason: "Choose a reason" } });
    expect(await adjust({ reason: "other" })).toMatchObject({ code: "INVALID", errors: { note: expect.any(String) } });
    expect(await adjust({ warehouseCode: "NOPE" })).toMatchObject({ ok: false, code: "NOT_FOUND" });
  });

  it("many adjustments at once end consistent: every accepted one counted, none below reserved, one record each", async () => {
    const { variant, warehouseCode, read } = await stockRow(8);
    const deltas = [3, -2, 5, -6, -4, 7, -9, 1, -3, 2, -8, 4];
    const results = await Promise.all(
      deltas.map((delta) => services.consoleCatalog.adjustStock(manager, { variantId: variant.id, warehouseCode, delta, reason: "count", note: "" })),
    );
    const accepted = deltas.filter((_, i) => results[i].ok);
    const row = await read();
    expect(row.onHand).toBe(10 + accepted.reduce((a, b) => a + b, 0));
    expect(row.onHand).toBeGreaterThanOrEqual(row.reserved);
    const records = await stockAdjustmentsOf(database.db, warehouseCode, variant.id);
    expect(records).toHaveLength(accepted.length);
    // Each record continues from the one before: the row lock serialised them.
    const chain = records.sort((a, b) => a.id - b.id);
    for (let i = 1; i < chain.length; i++) expect(chain[i].onHandBefore).toBe(chain[i - 1].onHandAfter);
  });
});
