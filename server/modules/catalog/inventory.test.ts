import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseConfig } from "../../config";
import type { Database } from "../../db/client";
import { openTestDatabase } from "../../db/test-database";
import { createServices } from "../../wiring";
import { advanceOrder } from "../../workflows/advance-order";
import { placeOrder, type PlaceOrderInput } from "../../workflows/place-order";
import { seededVariants, setProductType } from "../../testing/catalog";
import { setStock as setStockLevel, stockOf } from "../../testing/stock";
import { ZIP, address } from "../../testing/renewals";
import { warehouseForZip } from "./stock";

// Stock is reserved and released by one policy (the inventory module): lines of the stock-exempt
// product type never hold stock, whichever path releases an order (a declined payment or a cancel).

let database: Database;
let services: ReturnType<typeof createServices>;
let stocked: number;
let exempt: number;
let warehouse: string;
const config = parseConfig({});
const addr = address();
const input = (cartId: string, number: string): PlaceOrderInput => ({
  site: "d2c",
  cartId,
  customerId: null,
  email: "pat@example.test",
  shippingAddress: addr,
  shippingMethod: "standard",
  payment: { kind: "card", card: { number, expMonth: 12, expYear: 2099, cvc: "123" } },
  idempotencyKey: `inv-${Math.random()}`,
});
const row = (variantId: number) => stockOf(database.db, warehouse, variantId);
const setStock = (variantId: number, onHand: number, reserved: number) => setStockLevel(database.db, { warehouseCode: warehouse, variantId, onHand, reserved });
async function cartOf() {
  const r = await services.cart.createCart("d2c", {}, [
    { merchandiseId: String(stocked), quantity: 2 },
    { merchandiseId: String(exempt), quantity: 3 },
  ]);
  if (!r.ok) throw new Error(r.message);
  return r.cart.id;
}

beforeAll(async () => {
  database = await openTestDatabase({ seeded: true });
  services = createServices(database.db, config);
  const rows = await seededVariants(database.db);
  const d2c = rows.filter((r) => r.sites.includes("d2c"));
  stocked = d2c[0].id;
  const other = d2c.find((r) => r.productId !== d2c[0].productId)!;
  exempt = other.id;
  // A donation line (SPEC §5: never stock-checked) that happens to have an inventory row.
  await setProductType(database.db, other.productId, "Donation");
  warehouse = (await warehouseForZip(database.db, ZIP))!.code;
}, 60_000);
afterAll(() => database.close());

describe("stock reserve and release: one policy", () => {
  it("a declined payment releases only what was reserved: the donation line's row is untouched", async () => {
    await setStock(stocked, 10, 0);
    await setStock(exempt, 10, 4);
    const result = await placeOrder({ db: database.db, services, config }, input(await cartOf(), "4000000000000002"));
    expect(result.ok).toBe(false);
    expect(await row(stocked)).toMatchObject({ onHand: 10, reserved: 0 });
    expect(await row(exempt)).toMatchObject({ onHand: 10, reserved: 4 });
  });

  it("a cancel releases the same lines the order reserved", async () => {
    await setStock(stocked, 10, 0);
    await setStock(exempt, 10, 4);
    const placed = await placeOrder({ db: database.db, services, config }, input(await cartOf(), "4242424242424242"));
    if (!placed.ok) throw new Error(placed.message);
    expect(await row(stocked)).toMatchObject({ onHand: 10, reserved: 2 });
    expect(await row(exempt)).toMatchObject({ onHand: 10, reserved: 4 });
    const cancelled = await advanceOrder({ db: database.db, services, config }, { orderRef: placed.order.id, to: "cancelled" });
    expect(cancelled.ok).toBe(true);
    expect(await row(stocked)).toMatchObject({ onHand: 10, reserved: 0 });
    expect(await row(exempt)).toMatchObject({ onHand: 10, reserved: 4 });
  });
});
