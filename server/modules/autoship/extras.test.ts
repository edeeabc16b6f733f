import { eq } from "drizzle-orm";
import { petProfileSchema } from "../../../rules/pets/profile-and-life-stage";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addDays } from "../../../rules/shared/calendar-days";
import { dailyPortion, daysSupply, feedingGuideFor } from "../../../rules/autoship/feeding-calculator";
import { parseConfig } from "../../config";
import type { Database } from "../../db/client";
import { openTestDatabase } from "../../db/test-database";
import { createServices } from "../../wiring";
import { placeOrder } from "../../workflows/place-order";
import { seededVariants, setPublished } from "../../testing/catalog";
import { freeStock } from "../../testing/stock";
import { warehouseForZip } from "../catalog";
import { subscriptionEvents, subscriptions } from "./schema";
import { createAutoshipService, type AutoshipService } from "./service";

// The pet a subscription feeds and the run-out date My Autoships shows from it.

let database: Database;
let services: ReturnType<typeof createServices>;
let autoship: AutoshipService;
let dry: { id: number; handle: string; species: "dog" | "cat"; weight: number; weightUnit: string };
const now = new Date("2026-03-01T15:00:00Z");
const config = parseConfig({});
const addr = {
  firstName: "Pat",
  lastName: "Doe",
  address1: "1 Main St",
  address2: "",
  city: "Aurora",
  provinceCode: "CO",
  zip: "80011",
  countryCode: "US" as const,
  phone: null,
};
let n = 0;

async function customer() {
  const email = `pet-${++n}@example.test`;
  const r = await services.identity.register(
    { firstName: "Pat", lastName: "Doe", email, password: "kibble123", confirmPassword: "kibble123", acceptsMarketing: false },
    "d2c",
  );
  if (!r.ok) throw new Error("register failed");
  return { id: r.customerId, email };
}

async function subscribe(who: { id: string; email: string }, weeks: number, quantity = 1) {
  const cart = await services.cart.createCart("d2c", {}, [{ merchandiseId: String(dry.id), quantity, sellingPlanId: `autoship-${weeks}w` }]);
  if (!cart.ok) throw new Error(cart.message);
  const r = await placeOrder(
    { db: database.db, services, config, clock: () => now },
    {
      site: "d2c",
      cartId: cart.cart.id,
      customerId: who.id,
      email: who.email,
      shippingAddress: addr,
      shippingMethod: "standard",
      payment: { kind: "card", card: { number: "4242424242424242", expMonth: 12, expYear: 2099, cvc: "123" } },
      idempotencyKey: `pet-${++n}`,
    },
  );
  if (!r.ok) throw new Error(r.code);
  const [s] = await database.db.select().from(subscriptions).where(eq(subscriptions.originOrderId, r.order.id));
  return s;
}

const pet = { species: "dog" as const, weight: 30, weightUnit: "lb" as const, lifeStage: "adult", activity: "normal" as const };

beforeAll(async () => {
  database = await openTestDatabase({ seeded: true });
  services = createServices(database.db, config);
  autoship = createAutoshipService({
    db: database.db,
    config,
    catalog: services.catalog,
    pets: services.pets,
    identity: services.identity,
    payments: services.payments,
    mail: services.mail,
    rateLimit: services.rateLimit,
    clock: () => now,
  });
  const warehouse = (await warehouseForZip(database.db, "80011"))!.code;
  // The biggest dry dog food bag sold in the shop.
  const dryDog = (await seededVariants(database.db)).filter((v) => v.foodForm === "dry" && v.species === "dog" && v.sites.includes("d2c"));
  dry = dryDog.reduce((biggest, v) => (v.weight > biggest.weight ? v : biggest));
  await freeStock(database.db, warehouse, dry.id, 500);
}, 60_000);
afterAll(() => database.close());

describe("the pet of a subscription", () => {
  it("has no run-out date until a pet is saved; then it is the order's arrival plus the days the delivery lasts", async () => {
    const who = await customer();
    const s = await subscribe(who, 4, 2);
    expect((await autoship.get(who.id, s.id))!.feeding).toBeNull();

    expect(await autoship.actExtra(who.id, s.id, { intent: "set_pet", pet })).toEqual({ ok: true, message: "Your pet's details were saved." });
    const view = (await autoship.get(who.id, s.id))!;
    expect(view.petProfile).toEqual(pet);
    const grams = dailyPortion(feedingGuideFor({ handle: dry.handle, species: dry.species, foodForm: "dry" }), pet)!.grams;
    const days = daysSupply(dry.weight, dry.weightUnit, 2, grams);
    expect(view.feeding).toMatchObject({ gramsPerDay: grams, daysSupply: days, lastOrderDate: "2026-03-01", runOutDate: addDays("2026-03-01", 3 + days) });
    expect(view.feeding!.nextDeliveryDate).toBe(addDays(s.nextOrderDate, 3));
    const events = await database.db.select().from(subscriptionEvents).where(eq(subscriptionEvents.subscriptionId, s.id));
    expect(events.map((e) => e.kind)).toContain("pet_profile_changed");
  });

  it("links one of the customer's kept pets: its weight and today's life stage fill in the calculator", async () => {
    const who = await customer();
    const s = await subscribe(who, 4);
    const kept = (input: Record<string, string>) => services.pets.add(who.id, petProfileSchema(now).parse({ species: "dog", breedSize: "large", ...input }));
    const biscuit = await kept({ name: "Biscuit", birthday: "2025-09-01", weightLb: "40" });
    const noWeight = await kept({ name: "Pepper", birthday: "2024-01-01" });
    if (!biscuit.ok || !noWeight.ok) throw new Error("pets not added");
    expect((await autoship.page(who.id)).pets).toEqual([
      { id: biscuit.pet.id, name: "Biscuit", hasWeight: true },
      { id: noWeight.pet.id, name: "Pepper", hasWeight: false },
    ]);

    expect(await autoship.actExtra(who.id, s.id, { intent: "link_pet", petId: biscuit.pet.id })).toMatchObject({ ok: true });
    const view = (await autoship.get(who.id, s.id))!;
    // A large breed is a puppy until 15 months: still one on 2026-03-01.
    expect(view).toMatchObject({ petId: biscuit.pet.id, petProfile: { species: "dog", weight: 40, weightUnit: "lb", lifeStage: "puppy", activity: "normal" } });
    expect(view.feeding).not.toBeNull();

    expect(await autoship.actExtra(who.id, s.id, { intent: "link_pet", petId: noWeight.pet.id })).toMatchObject({
      ok: false,
      field: "petId",
      message: "Add Pepper's weight in My Pets first: the run-out date needs it.",
    });
    const stranger = await customer();
    expect(await autoship.actExtra(stranger.id, s.id, { intent: "link_pet", petId: biscuit.pet.id })).toMatchObject({ ok: false, field: "petId" });
    // Typing a pet in instead unlinks the kept one.
    await autoship.actExtra(who.id, s.id, { intent: "set_pet", pet });
    expect((await autoship.get(who.id, s.id))!.petId).toBeNull();
  });

  it("says when the next delivery comes after the food runs out, with an order date that arrives in time", async () => {
    const who = await customer();
    // One bag for a very active giant dog every 12 weeks: it runs out long before.
    const s = await subscribe(who, 12, 1);
    await autoship.actExtra(who.id, s.id, { intent: "set_pet", pet: { ...pet, weight: 120, activity: "very_active" } });
    const f = (await autoship.get(who.id, s.id))!.feeding!;
    expect(f.late).toBe(true);
    expect(f.suggestedOrderDate).toBe(addDays(f.runOutDate, -3));
    expect(f.suggestedOrderDate < s.nextOrderDate).toBe(true);
    // The offered move is the lifecycle's change_date: accepted as is.
    const moved = await autoship.act({ customerId: who.id }, s.id, { intent: "change_date", nextOrderDate: f.suggestedOrderDate });
    expect(moved.ok).toBe(true);
    expect((await autoship.get(who.id, s.id))!.feeding!.late).toBe(false);
  });

  it("keeps the price guard's threshold the customer sets (10% until then)", async () => {
    const who = await customer();
    const s = await subscribe(who, 4);
    expect((await autoship.get(who.id, s.id))!.priceGuardPercent).toBe(10);
    expect(await autoship.actExtra(who.id, s.id, { intent: "set_price_guard", priceGuardPercent: 25 })).toMatchObject({ ok: true });
    expect((await autoship.get(who.id, s.id))!.priceGuardPercent).toBe(25);
    expect(await autoship.actExtra((await customer()).id, s.id, { intent: "set_price_guard", priceGuardPercent: 50 })).toMatchObject({
      ok: false,
      code: "NOT_FOUND",
    });
  });

  it("takes a substitute that is an item sold here — another size, or another product by SKU — and refuses others by field", async () => {
    const who = await customer();
    const s = await subscribe(who, 4);
    const catalogue = await seededVariants(database.db);
    const other = catalogue.find((v) => v.productId !== s.productId && v.sites.includes("d2c") && v.published)!;
    const sibling = catalogue.find((v) => v.productId === s.productId && v.id !== s.variantId);
    if (sibling) {
      expect(await autoship.actExtra(who.id, s.id, { intent: "set_substitute", substituteVariantId: sibling.id })).toMatchObject({ ok: true });
      expect((await autoship.get(who.id, s.id))!.substitute?.variantId).toBe(sibling.id);
    }
    expect(await autoship.actExtra(who.id, s.id, { intent: "set_substitute", substituteSku: other.sku })).toMatchObject({ ok: true });
    expect((await autoship.get(who.id, s.id))!.substitute).toMatchObject({ variantId: other.id, sku: other.sku });
    expect(await autoship.actExtra(who.id, s.id, { intent: "set_substitute", substituteSku: "NO-SUCH-SKU" })).toEqual({
      ok: false,
      code: "INVALID",
      field: "substituteSku",
      message: "Choose an item we sell.",
    });
    expect(await autoship.actExtra(who.id, s.id, { intent: "set_substitute", substituteVariantId: s.variantId })).toMatchObject({
      ok: false,
      field: "substituteVariantId",
      message: "This is already the item you receive.",
    });
    // An unpublished product is sold nowhere.
    await setPublished(database.db, other.productId, false);
    expect(await autoship.actExtra(who.id, s.id, { intent: "set_substitute", substituteSku: other.sku })).toMatchObject({
      ok: false,
      message: "This item is not sold here.",
    });
    await setPublished(database.db, other.productId, true);
    expect(await autoship.actExtra((await customer()).id, s.id, { intent: "set_substitute", substituteSku: other.sku })).toMatchObject({
      ok: false,
      code: "NOT_FOUND",
    });
    expect(await autoship.actExtra(who.id, s.id, { intent: "clear_substitute" })).toMatchObject({ ok: true });
    expect((await autoship.get(who.id, s.id))!.substitute).toBeNull();
  });

  it("is removed on request, and another customer's subscription is not found", async () => {
    const who = await customer();
    const other = await customer();
    const s = await subscribe(who, 4);
    expect(await autoship.actExtra(other.id, s.id, { intent: "set_pet", pet })).toMatchObject({ ok: false, code: "NOT_FOUND" });
    expect(await autoship.actExtra(who.id, "not-a-uuid", { intent: "set_pet", pet })).toMatchObject({ ok: false, code: "NOT_FOUND" });
    await autoship.actExtra(who.id, s.id, { intent: "set_pet", pet });
    await autoship.actExtra(who.id, s.id, { intent: "clear_pet" });
    const view = (await autoship.get(who.id, s.id))!;
    expect(view.petProfile).toBeNull();
    expect(view.feeding).toBeNull();
  });
});
