import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseConfig } from "../config";
import type { Database } from "../db/client";
import { openTestDatabase } from "../db/test-database";
import { seededVariants } from "../testing/catalog";
import { createServices, type Services } from "../wiring";
import { settleCustomerCart } from "./sign-in";

// SPEC §4 after sign-in: the guest cart merged into the persisted cart within the caps of SPEC §5.

let database: Database;
let services: Services;
let v1: string;
let v2: string;

beforeAll(async () => {
  database = await openTestDatabase({ seeded: true });
  services = createServices(database.db, parseConfig({}));
  const rows = await seededVariants(database.db).limit(2);
  [v1, v2] = rows.map((r) => String(r.id));
});
afterAll(() => database.close());

async function newCustomer(email: string) {
  const r = await services.identity.register(
    { firstName: "Kim", lastName: "Park", email, password: "kibble123", confirmPassword: "kibble123", acceptsMarketing: false },
    "d2c",
  );
  if (!r.ok) throw new Error();
  return r.customerId;
}

async function cartWith(lines: { merchandiseId: string; quantity: number; sellingPlanId?: string }[]) {
  const r = await services.cart.createCart("d2c", {}, lines);
  if (!r.ok) throw new Error(r.message);
  return r.cart.id;
}

describe("settleCustomerCart (sign-in)", () => {
  it("merges the guest cart into the persisted cart, capping lines at 10 (autoship 5), and deletes the guest cart", async () => {
    const customerId = await newCustomer("merge@example.test");
    const persisted = await cartWith([
      { merchandiseId: v1, quantity: 7 },
      { merchandiseId: v2, quantity: 3, sellingPlanId: "autoship-4w" },
    ]);
    await services.cart.claimCart(persisted, "d2c", customerId);
    await services.identity.setMetafields(customerId, [{ namespace: "profeeding", key: "persisted_cart_id", value: persisted }]);
    const guest = await cartWith([
      { merchandiseId: v1, quantity: 6 },
      { merchandiseId: v2, quantity: 4, sellingPlanId: "autoship-4w" },
      { merchandiseId: v2, quantity: 1 },
    ]);

    const outcome = await settleCustomerCart(services, { customerId, site: "d2c", guestCartId: guest });
    expect(outcome.cartId).toBe(persisted);
    expect(outcome.warnings.map((w) => w.code)).toEqual(["LINE_CAPPED", "LINE_CAPPED"]);
    const cart = (await services.cart.getCart(persisted, "d2c"))!;
    const qty = (id: string, plan: boolean) => cart.lineItems.find((l) => l.variant.id === id && Boolean(l.sellingPlanAllocation) === plan)?.quantity;
    expect(qty(v1, false)).toBe(10);
    expect(qty(v2, true)).toBe(5);
    expect(qty(v2, false)).toBe(1);
    expect(outcome.cartQuantity).toBe(16);
    expect(await services.cart.getCart(guest, "d2c")).toBeNull();
  });

  it("without a persisted cart, the guest cart becomes the customer's and is saved on the metafield", async () => {
    const customerId = await newCustomer("claim@example.test");
    await services.identity.createAddress(customerId, {
      firstName: "",
      lastName: "",
      address1: "1 Main",
      address2: "",
      city: "Miami",
      provinceCode: "FL",
      zip: "33101",
      countryCode: "US",
      phone: null,
    });
    const guest = await cartWith([{ merchandiseId: v1, quantity: 2 }]);
    const outcome = await settleCustomerCart(services, { customerId, site: "d2c", guestCartId: guest });
    expect(outcome).toMatchObject({ cartId: guest, homeZip: "33101", cartQuantity: 2 });
    expect(await services.cart.ownerOf(guest, "d2c")).toBe(customerId);
    expect((await services.identity.customer(customerId))!.persistedCartMetafield?.value).toBe(guest);
  });

  it("never takes another customer's cart, even when its id arrives as the guest cart", async () => {
    const owner = await newCustomer("owner@example.test");
    const thief = await newCustomer("thief@example.test");
    const theirs = await cartWith([{ merchandiseId: v1, quantity: 1 }]);
    await services.cart.claimCart(theirs, "d2c", owner);
    const outcome = await settleCustomerCart(services, { customerId: thief, site: "d2c", guestCartId: theirs });
    expect(outcome.cartId).toBeNull();
    expect(await services.cart.ownerOf(theirs, "d2c")).toBe(owner);
    expect(await services.cart.claimCart(theirs, "d2c", thief)).toBeNull();
  });

  it("forgets a persisted cart that no longer exists", async () => {
    const customerId = await newCustomer("gone@example.test");
    await services.identity.setMetafields(customerId, [{ namespace: "profeeding", key: "persisted_cart_id", value: "00000000-0000-4000-8000-000000000000" }]);
    const outcome = await settleCustomerCart(services, { customerId, site: "d2c", guestCartId: null });
    expect(outcome.cartId).toBeNull();
    expect((await services.identity.customer(customerId))!.persistedCartMetafield).toBeNull();
  });
});
