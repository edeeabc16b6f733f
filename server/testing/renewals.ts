import { randomBytes } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import type { Config } from "../config";
import type { Database } from "../db/client";
import { subscriptions } from "../modules/autoship/schema";
import { inventory, products, variants } from "../modules/catalog/schema";
import { warehouseForZip } from "../modules/catalog";
import { customers } from "../modules/identity/schema";
import type { OrderAddress } from "../modules/orders/schema";
import { createServices, type Services } from "../wiring";
import { EXCLUDED_PRODUCT_TYPE } from "../../rules/catalog/product-types";

// Test data for the renewal engine's tests (bulletproof-react style factories with overrides).
// Subscriptions are inserted as rows: the engine only relies on the table, not on how a
// subscription was created. Not a test file itself (vitest includes *.test.ts only).

export const ZIP = "80011";

export const address = (over: Partial<OrderAddress> = {}): OrderAddress => ({
  firstName: "Pat",
  lastName: "Doe",
  address1: "1 Main St",
  address2: "",
  city: "Aurora",
  provinceCode: "CO",
  zip: ZIP,
  countryCode: "US",
  phone: null,
  ...over,
});

export const CARDS = { ok: "4242424242424242", declined: "4000000000000002", insufficient: "4000000000009995" } as const;

export type RenewalKit = Awaited<ReturnType<typeof renewalKit>>;

/** Services over a seeded database, two sellable variants of different products, the warehouse serving ZIP. */
export async function renewalKit(database: Database, config: Config) {
  const { db } = database;
  const services: Services = createServices(db, config);
  const rows = await db
    .select({ id: variants.id, productId: variants.productId, priceCents: variants.priceCents, sites: products.sites, type: products.productType })
    .from(variants)
    .innerJoin(products, eq(products.id, variants.productId))
    .orderBy(variants.id);
  const sellable = rows.filter((r) => r.sites.includes("d2c") && r.type !== EXCLUDED_PRODUCT_TYPE);
  const first = sellable[0];
  const second = sellable.find((r) => r.productId !== first.productId)!;
  const warehouse = (await warehouseForZip(db, ZIP))!.code;

  async function customer(email = `pat-${randomBytes(4).toString("hex")}@example.test`) {
    const [row] = await db
      .insert(customers)
      .values({ email, passwordHash: "not-used-by-these-tests", firstName: "Pat", lastName: "Doe" })
      .returning({ id: customers.id });
    return { id: row.id, email };
  }

  async function card(customerId: string, number: string = CARDS.ok) {
    const saved = await services.payments.saveCard(customerId, { number, expMonth: 12, expYear: 2099, cvc: "123" });
    if (!saved.ok) throw new Error(saved.message);
    return saved.method.id;
  }

  /** Sets what can still be sold of a variant at the warehouse serving ZIP. */
  async function setAvailable(variantId: number, available: number) {
    await db
      .insert(inventory)
      .values({ warehouseCode: warehouse, variantId, onHand: available, reserved: 0 })
      .onConflictDoUpdate({ target: [inventory.warehouseCode, inventory.variantId], set: { onHand: sql`${inventory.reserved} + ${available}` } });
  }

  async function stock(variantId: number) {
    const [row] = await db
      .select()
      .from(inventory)
      .where(and(eq(inventory.warehouseCode, warehouse), eq(inventory.variantId, variantId)));
    return row;
  }

  /** An active subscription of a new customer with a saved card, due on `nextOrderDate`. */
  async function subscription(over: Partial<typeof subscriptions.$inferInsert> & { nextOrderDate: string; cardNumber?: string }) {
    const { cardNumber, ...values } = over;
    const who = values.customerId ? { id: values.customerId, email: values.email ?? "" } : await customer(values.email);
    const paymentMethodId = "paymentMethodId" in values ? values.paymentMethodId : await card(who.id, cardNumber);
    const variant = rows.find((r) => r.id === (values.variantId ?? first.id))!;
    const [row] = await db
      .insert(subscriptions)
      .values({
        site: "d2c",
        productId: variant.productId,
        variantId: variant.id,
        quantity: 1,
        frequencyWeeks: 4,
        startDate: values.nextOrderDate,
        shippingAddress: address(),
        shippingMethod: "standard",
        ...values,
        customerId: who.id,
        email: who.email,
        paymentMethodId,
      })
      .returning();
    return row;
  }

  async function reload(id: string) {
    const [row] = await db.select().from(subscriptions).where(eq(subscriptions.id, id));
    return row;
  }

  return { db, services, first, second, warehouse, customer, card, setAvailable, stock, subscription, reload };
}
