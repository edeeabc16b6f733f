import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../../db/client";
import { openTestDatabase } from "../../db/test-database";
import { orderPurchaseEvents, orders } from "./schema";
import { createOrdersService } from "./service";

// The once-only claim of an order's analytics purchase event, on PGlite and, with `npm run test:pg`,
// on a real PostgreSQL where the claims of simultaneous confirmation views really race.

let database: Database;
let service: ReturnType<typeof createOrdersService>;

const address = {
  firstName: "Pat",
  lastName: "Doe",
  address1: "1 Main St",
  address2: "",
  city: "Aurora",
  provinceCode: "CO",
  zip: "80011",
  countryCode: "US",
  phone: null,
};

async function anOrder(): Promise<string> {
  const [row] = await database.db
    .insert(orders)
    .values({
      site: "d2c",
      email: "claim@example.test",
      cartId: randomUUID(),
      status: "paid",
      shippingMethod: "standard",
      shippingAddress: address,
      billingAddress: address,
      warehouseCode: "W1",
      subtotalCents: 2598,
      discountCents: 0,
      shippingCents: 599,
      serviceChargeCents: 0,
      taxCents: 208,
      totalCents: 3405,
      idempotencyKey: randomUUID(),
    })
    .returning({ id: orders.id });
  return row.id;
}

beforeAll(async () => {
  database = await openTestDatabase();
  service = createOrdersService(database.db);
}, 60_000);
afterAll(() => database.close());

describe("claimPurchaseEvent", () => {
  it("is true for the first view of an order and false for every later one", async () => {
    const id = await anOrder();
    expect(await service.claimPurchaseEvent(id)).toBe(true);
    expect(await service.claimPurchaseEvent(id)).toBe(false);
    expect(await service.claimPurchaseEvent(id)).toBe(false);
  });

  it("gives the event to exactly one of many views at once", async () => {
    const id = await anOrder();
    const claims = await Promise.all(Array.from({ length: 8 }, () => service.claimPurchaseEvent(id)));
    expect(claims.filter(Boolean)).toHaveLength(1);
    const rows = await database.db.select().from(orderPurchaseEvents);
    expect(rows.filter((r) => r.orderId === id)).toHaveLength(1);
  });

  it("each order has its own claim", async () => {
    const [a, b] = [await anOrder(), await anOrder()];
    expect(await service.claimPurchaseEvent(a)).toBe(true);
    expect(await service.claimPurchaseEvent(b)).toBe(true);
  });

  it("a malformed or unknown id claims nothing", async () => {
    expect(await service.claimPurchaseEvent("KC-100001")).toBe(false);
    await expect(service.claimPurchaseEvent(randomUUID())).rejects.toThrow();
  });
});
