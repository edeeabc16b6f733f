import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseConfig } from "../../config";
import type { Database } from "../../db/client";
import { openTestDatabase } from "../../db/test-database";
import { createServices } from "../../wiring";
import { staffMember } from "../../testing/staff";
import { seededVariants } from "../../testing/catalog";
import { cartLines } from "./schema";

let database: Database;
let services: ReturnType<typeof createServices>;
let variantIds: number[];
let staffOnlyMissing: number; // a variant of a product the staff site does not sell

beforeAll(async () => {
  database = await openTestDatabase({ seeded: true });
  services = createServices(database.db, parseConfig({ FREE_SHIPPING_THRESHOLD_CENTS: "4900" }));
  const all = await seededVariants(database.db);
  const rows = all.slice(0, 5);
  variantIds = rows.map((r) => r.id);
  const d2cOnly = all.find((r) => !r.sites.includes("hpsf"));
  if (!d2cOnly) throw new Error("the seed catalogue has no shop-only product");
  staffOnlyMissing = d2cOnly.id;
});
afterAll(() => database.close());

const cart = () => services.cart;
const line = (id: number, quantity = 1, sellingPlanId: string | null = null) => ({ merchandiseId: String(id), quantity, sellingPlanId });

async function newCart(lines = [line(variantIds[0])]) {
  const r = await cart().createCart("d2c", {}, lines);
  if (!r.ok) throw new Error(r.message);
  return r.cart;
}

describe("cart lifecycle (SPEC §4)", () => {
  it("creates a cart with an empty buyer identity and the lines in SPEC §3 shape", async () => {
    const c = await newCart([line(variantIds[0], 2)]);
    expect(c.buyerIdentity).toEqual({ email: null, phone: null, countryCode: null });
    expect(c.totalQuantity).toBe(2);
    const [l] = c.lineItems;
    expect(l.variant.id).toBe(String(variantIds[0]));
    expect(l.variant.adminGraphqlId).toBe(`gid://shop/ProductVariant/${variantIds[0]}`);
    expect(l.sellingPlanAllocation).toBeNull();
    expect(Number(l.cost.subtotalAmount.amount)).toBeCloseTo(Number(l.cost.amountPerQuantity.amount) * 2);
    // The hidden weight attributes are always there (SPEC §5).
    expect(l.attributes.map((a) => a.key)).toEqual(expect.arrayContaining(["_weight", "_weightUnit"]));
    expect(l.displayedWeightLbs).toBe(8); // two 4 lb bags
  });

  it("accepts a storefront gid as the merchandise id", async () => {
    const c = await newCart([{ merchandiseId: `gid://shop/ProductVariant/${variantIds[1]}`, quantity: 1, sellingPlanId: null }]);
    expect(c.lineItems[0].variant.id).toBe(String(variantIds[1]));
  });

  it("adds to the same line, keeps autoship lines apart, and caps each", async () => {
    const c = await newCart([line(variantIds[0], 8)]);
    const r = await cart().addLines(c.id, "d2c", [line(variantIds[0], 5), line(variantIds[0], 7, "autoship-4w")]);
    if (!r.ok) throw new Error(r.message);
    const oneTime = r.cart.lineItems.find((l) => !l.sellingPlanAllocation)!;
    const autoship = r.cart.lineItems.find((l) => l.sellingPlanAllocation)!;
    expect(oneTime.quantity).toBe(10);
    expect(autoship.quantity).toBe(5);
    expect(autoship.sellingPlanAllocation?.sellingPlan).toMatchObject({ id: "autoship-4w", frequencyWeeks: 4 });
    expect(r.warnings.map((w) => w.code)).toEqual(["LINE_CAPPED", "LINE_CAPPED"]);
    expect(r.cart.totalQuantity).toBe(15);
    expect(r.cart.isOverLimit).toBe(true);
    expect(r.cart.showAutoshipWarning).toBe(true);
  });

  it("changes nothing when one line of an add is bad", async () => {
    const c = await newCart();
    const r = await cart().addLines(c.id, "d2c", [line(variantIds[1]), { merchandiseId: "999999999", quantity: 1, sellingPlanId: null }]);
    expect(r).toMatchObject({ ok: false, code: "VARIANT_NOT_FOUND", field: "lineItems.1.merchandiseId" });
    expect((await cart().getCart(c.id, "d2c"))!.lineItems).toHaveLength(1);
  });

  it("refuses unknown autoship frequencies; the staff site's Autoship has no Autoship discount on top", async () => {
    const c = await newCart();
    expect(await cart().addLines(c.id, "d2c", [line(variantIds[0], 1, "autoship-99w")])).toMatchObject({ code: "SELLING_PLAN_INVALID" });
    expect(await cart().createCart("hpsf", {}, [line(variantIds[0], 1, "autoship-99w")])).toMatchObject({ code: "SELLING_PLAN_INVALID" });
    const oneOff = await cart().createCart("hpsf", {}, [line(variantIds[0], 1)]);
    const staff = await cart().createCart("hpsf", {}, [line(variantIds[0], 1, "autoship-4w")]);
    if (!staff.ok || !oneOff.ok) throw new Error("staff carts not created");
    expect(staff.cart.lineItems[0].sellingPlanAllocation?.sellingPlan.frequencyWeeks).toBe(4);
    expect(staff.cart.lineItems[0].cost.amountPerQuantity).toEqual(oneOff.cart.lineItems[0].cost.amountPerQuantity);
  });

  it("updates quantities: capped above the cap, removed at 0, merged when switching to an existing plan", async () => {
    const c = await newCart([line(variantIds[0], 2), line(variantIds[0], 1, "autoship-2w"), line(variantIds[2], 1)]);
    const [oneTime, auto, other] = c.lineItems;
    const r = await cart().updateLines(c.id, "d2c", [
      { id: other.id, quantity: 0 },
      { id: auto.id, quantity: 9 },
    ]);
    if (!r.ok) throw new Error(r.message);
    expect(r.cart.lineItems.map((l) => l.quantity)).toEqual([2, 5]);
    expect(r.warnings).toHaveLength(1);
    const merged = await cart().updateLines(c.id, "d2c", [{ id: oneTime.id, quantity: 2, sellingPlanId: "autoship-2w" }]);
    if (!merged.ok) throw new Error(merged.message);
    expect(merged.cart.lineItems).toHaveLength(1);
    expect(merged.cart.lineItems[0].quantity).toBe(5);
  });

  it("removes lines; an unknown line id removes nothing", async () => {
    const c = await newCart([line(variantIds[0]), line(variantIds[1])]);
    const bad = await cart().removeLines(c.id, "d2c", [c.lineItems[0].id, "00000000-0000-4000-8000-000000000000"]);
    expect(bad).toMatchObject({ ok: false, code: "LINE_NOT_FOUND" });
    expect((await cart().getCart(c.id, "d2c"))!.lineItems).toHaveLength(2);
    const r = await cart().removeLines(
      c.id,
      "d2c",
      c.lineItems.map((l) => l.id),
    );
    expect(r.ok && r.cart.totalQuantity).toBe(0);
  });

  it("keeps attributes, buyer identity, note and discount codes", async () => {
    const c = await newCart([line(variantIds[0], 1, "autoship-4w")]);
    await cart().updateAttributes(c.id, "d2c", [{ key: "accepts_email_marketing", value: "true" }]);
    await cart().updateBuyerIdentity(c.id, "d2c", { email: "pat@example.test", countryCode: "US" });
    await cart().updateNote(c.id, "d2c", "Leave at the back door");
    const r = await cart().updateDiscountCodes(c.id, "d2c", [" auto35 "]);
    if (!r.ok) throw new Error(r.message);
    expect(r.cart.attributes).toEqual([{ key: "accepts_email_marketing", value: "true" }]);
    expect(r.cart.buyerIdentity).toEqual({ email: "pat@example.test", phone: null, countryCode: "US" });
    expect(r.cart.note).toBe("Leave at the back door");
    expect(r.cart.discountCodes[0]).toMatchObject({ code: "AUTO35", applicable: true });
    expect(r.cart.cost.discountAmount).toEqual({ amount: "4.65", currencyCode: "USD" });
    expect(Number(r.cart.cost.totalAmount.amount)).toBeLessThan(Number(r.cart.cost.subtotalAmount.amount));
  });

  it("keeps sites apart and ignores variants the site does not sell", async () => {
    const c = await newCart();
    expect(await cart().getCart(c.id, "hpsf")).toBeNull();
    expect(await cart().addLines(c.id, "hpsf", [line(variantIds[0])])).toMatchObject({ code: "CART_NOT_FOUND" });
    expect(await cart().createCart("hpsf", {}, [line(staffOnlyMissing)])).toMatchObject({ code: "VARIANT_NOT_FOUND" });
    expect(await cart().getCart("not-a-uuid", "d2c")).toBeNull();
  });

  it("prices the staff site with program prices for an eligible member only", async () => {
    const member = await staffMember(services);
    const r = await cart()
      .shopper(member.customerId)
      .createCart("hpsf", {}, [line(variantIds[0], 2)]);
    if (!r.ok) throw new Error(r.message);
    expect(r.cart.cost.programDiscountAmount).toEqual({ amount: "8.40", currencyCode: "USD" });
    expect(Number(r.cart.cost.subtotalBeforeSavingsAmount.amount)).toBeGreaterThan(Number(r.cart.cost.subtotalAmount.amount));
    // A student (not in the default eligible groups) and a guest pay shop prices on the staff site.
    const student = await staffMember(services, { role: "STUDENT" });
    for (const who of [student.customerId, null]) {
      const s = await cart()
        .shopper(who)
        .createCart("hpsf", {}, [line(variantIds[0], 2)]);
      if (!s.ok) throw new Error(s.message);
      expect(s.cart.cost.programDiscountAmount).toEqual({ amount: "0.00", currencyCode: "USD" });
      expect(Number(s.cart.cost.subtotalAmount.amount)).toBe(Number(r.cart.cost.subtotalBeforeSavingsAmount.amount));
    }
  });
});

describe("concurrency (ARCHITECTURE §5)", () => {
  it("50 simultaneous adds of one variant end at the cap, never above, with no lost update", async () => {
    const c = await newCart([]);
    const results = await Promise.all(Array.from({ length: 50 }, () => cart().addLines(c.id, "d2c", [line(variantIds[3], 1)])));
    expect(results.every((r) => r.ok)).toBe(true);
    const rows = await database.db.select().from(cartLines).where(eq(cartLines.cartId, c.id));
    expect(rows).toHaveLength(1);
    expect(rows[0].quantity).toBe(10);
  });

  it("8 simultaneous adds below the cap all count", async () => {
    const c = await newCart([]);
    await Promise.all(Array.from({ length: 8 }, () => cart().addLines(c.id, "d2c", [line(variantIds[4], 1)])));
    expect((await cart().getCart(c.id, "d2c"))!.lineItems[0].quantity).toBe(8);
  });

  it("simultaneous autoship adds stop at 5", async () => {
    const c = await newCart([]);
    await Promise.all(Array.from({ length: 20 }, () => cart().addLines(c.id, "d2c", [line(variantIds[4], 1, "autoship-4w")])));
    expect((await cart().getCart(c.id, "d2c"))!.lineItems[0].quantity).toBe(5);
  });

  it("simultaneous adds of different items lose no line, and each answer shows the cart as its own add left it", async () => {
    const ids = (await seededVariants(database.db))
      .filter((v) => v.published && v.sites.includes("d2c"))
      .slice(0, 12)
      .map((v) => v.id);
    const c = await newCart([]);
    const results = await Promise.all(ids.map((id) => cart().addLines(c.id, "d2c", [line(id, 1)])));
    const answers = results.map((r) => {
      if (!r.ok) throw new Error(r.message);
      return r.cart;
    });
    // Serialised by the row lock and read after it: each answer saw every add before it, so the
    // answers count 1, 2, … 12 lines, each holding its own item.
    expect(answers.map((a) => a.lineItems.length).sort((x, y) => x - y)).toEqual(ids.map((_, i) => i + 1));
    answers.forEach((a, i) => expect(a.lineItems.map((l) => l.variant.id)).toContain(String(ids[i])));
    const final = (await cart().getCart(c.id, "d2c"))!;
    expect(final.lineItems.map((l) => Number(l.variant.id)).sort((x, y) => x - y)).toEqual([...ids].sort((x, y) => x - y));
  });

  it("simultaneous adds of several lines at once, an item repeated within each, stop at the caps", async () => {
    const c = await newCart([]);
    const [a, b] = variantIds;
    const results = await Promise.all(Array.from({ length: 10 }, () => cart().addLines(c.id, "d2c", [line(a, 3), line(b, 2, "autoship-4w"), line(a, 3)])));
    expect(results.every((r) => r.ok)).toBe(true);
    const rows = await database.db.select().from(cartLines).where(eq(cartLines.cartId, c.id));
    expect(rows.map((r) => [r.variantId, r.sellingPlanId, r.quantity]).sort()).toEqual(
      [
        [a, null, 10],
        [b, "autoship-4w", 5],
      ].sort(),
    );
    // In whichever order they ran: the first fills 6 of a and 2 of b; the second a to 10 (its last
    // 3 capped) and b to 4; the third b to 5 (capped) and nothing of a (both capped); the other
    // seven add nothing (three capped inputs each).
    const warnings = results.flatMap((r) => (r.ok ? r.warnings : []));
    expect(warnings).toHaveLength(1 + 3 + 7 * 3);
    expect(warnings.every((w) => w.code === "LINE_CAPPED")).toBe(true);
  });
});
