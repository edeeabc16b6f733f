import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { parseConfig } from "../../config";
import type { Database } from "../../db/client";
import { openTestDatabase } from "../../db/test-database";
import { createServices } from "../../wiring";
import { setVariantPrice } from "../../testing/catalog";
import { setStockEverywhere, stockedVariantIds } from "../../testing/stock";

// The shopper's cart reads its variants from the catalogue's per-process copy while the process
// hears catalogue changes (server/server.ts follows them): a committed change of price, stock or
// publication shows in the next answers. This file changes the catalogue: it has a database of its own.

let database: Database;
let services: ReturnType<typeof createServices>;
let stop: () => Promise<void>;
let queries = 0;

beforeAll(async () => {
  database = await openTestDatabase({ seeded: true, logger: { logQuery: () => void queries++ } });
  services = createServices(database.db, parseConfig({}));
  stop = await services.catalog.followChanges(database.listen);
});
afterAll(async () => {
  await stop?.();
  await database?.close();
});

const inStockVariant = async (skip = 0) => (await stockedVariantIds(database.db))[skip];

describe("the cart's variants while catalogue changes are heard", () => {
  it("get-cart asks PostgreSQL for the cart only, and a committed price or stock change shows at once", async () => {
    const id = await inStockVariant();
    const shopper = services.cart.shopper(null);
    const created = await shopper.createCart("d2c", {}, [{ merchandiseId: String(id), quantity: 1 }]);
    if (!created.ok) throw new Error(created.message);
    await shopper.getCart(created.cart.id, "d2c");
    queries = 0;
    const before = (await shopper.getCart(created.cart.id, "d2c"))!;
    expect(queries).toBe(1);

    await setVariantPrice(database.db, id, 1234);
    await vi.waitFor(async () => expect((await shopper.getCart(created.cart.id, "d2c"))!.lineItems[0].variant.price.amount).toBe("12.34"));
    expect(before.lineItems[0].variant.price.amount).not.toBe("12.34");

    await setStockEverywhere(database.db, id, { onHand: 0, reserved: 0 });
    await vi.waitFor(async () => expect((await shopper.getCart(created.cart.id, "d2c"))!.lineItems[0].variant.inStock).toBe(false));
  });

  it("an add answers the new price too, and the checkout's view reads the database in its transaction", async () => {
    const id = await inStockVariant(1);
    const shopper = services.cart.shopper(null);
    const created = await shopper.createCart("d2c", {}, []);
    if (!created.ok) throw new Error(created.message);
    await shopper.addLines(created.cart.id, "d2c", [{ merchandiseId: String(id), quantity: 1 }]);
    await setVariantPrice(database.db, id, 2345);
    await vi.waitFor(async () => {
      const added = await shopper.addLines(created.cart.id, "d2c", [{ merchandiseId: String(id), quantity: 1 }]);
      expect(added.ok && added.cart.lineItems[0].cost.amountPerQuantity.amount).toBe("23.45");
    });
    await setVariantPrice(database.db, id, 3456);
    // No waiting: checkout reads what is committed.
    const view = await database.db.transaction((tx) => services.cart.checkoutView(tx, created.cart.id, null));
    expect(view!.lineItems[0].variant.price.amount).toBe("34.56");
  });
});
