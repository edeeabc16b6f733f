import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseConfig } from "../../config";
import type { Database } from "../../db/client";
import { openTestDatabase } from "../../db/test-database";
import { RATE_LIMITS } from "../rate-limit";
import { createServices } from "../../wiring";

// Guest carts are bounded per client address (a customer's by MAX_CARTS_PER_CUSTOMER): a script
// cannot fill the carts table by creating carts without signing in. The page and the API both
// create through shopper(customerId, clientIp).createCart.

let database: Database;
let services: ReturnType<typeof createServices>;

beforeAll(async () => {
  database = await openTestDatabase();
  services = createServices(database.db, parseConfig({}));
});
afterAll(() => database.close());

describe("new guest carts per client", () => {
  it(`${RATE_LIMITS.guest_cart.perKey} an hour from one address (an IPv6 one by its /64), then refused; another client is not affected`, async () => {
    const create = (ip: string) => services.cart.shopper(null, ip).createCart("d2c", {}, []);
    for (let i = 0; i < RATE_LIMITS.guest_cart.perKey; i++) expect((await create(`2001:db8:5:9::${(i + 1).toString(16)}`)).ok).toBe(true);
    expect(await create("2001:db8:5:9:aaaa::1")).toMatchObject({
      ok: false,
      code: "TOO_MANY_CARTS",
      field: "cartId",
      message: expect.stringMatching(/^Too many new carts from your network; try again in 60 minutes\.$/),
    });
    expect((await create("2001:db8:5:a::1")).ok).toBe(true);
    expect((await create("198.51.100.20")).ok).toBe(true);
  });
});
