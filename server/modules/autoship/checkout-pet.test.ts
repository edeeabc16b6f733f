import { inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PET_ATTRIBUTE } from "../../../rules/autoship/feeding-calculator";
import { parseConfig } from "../../config";
import { createDeps, type AppDeps } from "../../context";
import type { Database } from "../../db/client";
import { openTestDatabase } from "../../db/test-database";
import { createLogger } from "../../log";
import { placeOrder } from "../../workflows/place-order";
import { seededVariants } from "../../testing/catalog";
import { freeStock } from "../../testing/stock";
import { warehouseForZip } from "../catalog";
import { subscriptions } from "./schema";

// The product page's feeding calculator gives its pet to the Autoship line (a hidden line
// attribute); the subscription made from that line when the order is paid starts with it. A value
// that is not a valid pet (a tampered form) gives a subscription without one.

let database: Database;
let deps: AppDeps;
let ids: number[];

beforeAll(async () => {
  database = await openTestDatabase({ seeded: true });
  deps = createDeps(parseConfig({}), database, createLogger("silent"), () => "test");
  const rows = await seededVariants(database.db);
  ids = rows
    .filter((r) => r.sites.includes("d2c") && r.foodForm !== "treat")
    .slice(0, 3)
    .map((r) => r.id);
  const warehouse = (await warehouseForZip(database.db, "80011"))!.code;
  for (const variantId of ids) await freeStock(database.db, warehouse, variantId, 100);
}, 60_000);
afterAll(() => database.close());

describe("the calculator's pet becomes the subscription's", () => {
  it("keeps a valid pet from its line, none from a line without one or with an invalid one", async () => {
    const r = await deps.services.identity.register(
      { firstName: "Pat", lastName: "Doe", email: "pet-carry@example.test", password: "kibble123", confirmPassword: "kibble123", acceptsMarketing: false },
      "d2c",
    );
    if (!r.ok) throw new Error("register failed");
    const [withPet, without, tampered] = ids;
    const cart = await deps.services.cart.createCart("d2c", {}, [
      { merchandiseId: String(withPet), quantity: 1, sellingPlanId: "autoship-6w", attributes: [{ key: PET_ATTRIBUTE, value: "dog|30|lb|adult|active" }] },
      { merchandiseId: String(without), quantity: 1, sellingPlanId: "autoship-4w" },
      { merchandiseId: String(tampered), quantity: 1, sellingPlanId: "autoship-4w", attributes: [{ key: PET_ATTRIBUTE, value: "dog|9999|lb|adult|active" }] },
    ]);
    if (!cart.ok) throw new Error(cart.message);
    const placed = await placeOrder(
      { db: database.db, services: deps.services, config: deps.config },
      {
        site: "d2c",
        cartId: cart.cart.id,
        customerId: r.customerId,
        email: "pet-carry@example.test",
        shippingAddress: {
          firstName: "A",
          lastName: "B",
          address1: "1 Main St",
          address2: "",
          city: "Aurora",
          provinceCode: "CO",
          zip: "80011",
          countryCode: "US",
          phone: null,
        },
        shippingMethod: "standard",
        payment: { kind: "card", card: { number: "4242424242424242", expMonth: 12, expYear: 2099, cvc: "123" } },
        idempotencyKey: "autoship-pet-1",
      },
    );
    expect(placed.ok).toBe(true);
    const subs = await database.db
      .select({ variantId: subscriptions.variantId, petProfile: subscriptions.petProfile })
      .from(subscriptions)
      .where(inArray(subscriptions.variantId, ids));
    const petOf = (id: number) => subs.find((s) => s.variantId === id)?.petProfile;
    expect(subs).toHaveLength(3);
    expect(petOf(withPet)).toEqual({ species: "dog", weight: 30, weightUnit: "lb", lifeStage: "adult", activity: "active" });
    expect(petOf(without)).toBeNull();
    expect(petOf(tampered)).toBeNull();
  });
});
