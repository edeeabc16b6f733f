import { Writable } from "node:stream";
import type { AppLoadContext } from "react-router";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { cartAction } from "../../app/features/cart/cart-route.server";
import { siteFor } from "../../rules/shared/site";
import { createApp } from "../app";
import { parseConfig } from "../config";
import { createDeps } from "../context";
import type { Database } from "../db/client";
import { openTestDatabase } from "../db/test-database";
import { createLogger } from "../log";
import { requestContext, resolveIdentity } from "../request-context";

// SPEC §8's log lines of the cart and the session, written where their situation happens: "No cart
// found" (an add that has no cart and cannot create one), "Error creating cart (Check if variant ID
// is valid)" (a cart that cannot be created, on the page or through the API), "Error setting
// session token" (a session whose new token cannot be set: the shopper is signed out).

let database: Database;
let deps: ReturnType<typeof createDeps>;
let app: ReturnType<typeof createApp>;
const logged: string[] = [];
const messages = () => logged.map((l) => (JSON.parse(l) as { msg: string }).msg);

beforeAll(async () => {
  database = await openTestDatabase({ seeded: true });
  const sink = new Writable({
    write(chunk, _enc, done) {
      logged.push(String(chunk));
      done();
    },
  });
  deps = createDeps(parseConfig({}), database, createLogger("warn", sink), () => "test");
  app = createApp(deps, { handler: async () => new Response("page") });
}, 60_000);
afterAll(() => database.close());
beforeEach(() => {
  logged.length = 0;
});

/** A variant id no product has. */
const NO_VARIANT = "999999999";

describe("cart", () => {
  it("the cart page's add with no cart and a variant that cannot be added: both lines, and the shopper gets the failure", async () => {
    const request = new Request("http://localhost/cart", {
      method: "POST",
      headers: { "sec-fetch-dest": "empty" },
      body: new URLSearchParams({ intent: "add", variantId: NO_VARIANT, quantity: "1" }),
    });
    const identity = await resolveIdentity(deps, request, null, "d2c");
    const context = requestContext(deps, siteFor("d2c", deps.config.storeName), identity) as AppLoadContext;
    const result = (await cartAction({ request, context })) as unknown as { init?: { status?: number } };
    expect(result.init?.status).toBe(400);
    expect(messages()).toEqual(["Error creating cart (Check if variant ID is valid)", "No cart found"]);
  });

  it("create-cart through the API with a variant that does not exist: logged, 4xx", async () => {
    const res = await app.request("http://localhost/api/ecom/v1.0/create-cart", {
      method: "POST",
      headers: { host: "localhost", origin: "http://localhost", "content-type": "application/json" },
      body: JSON.stringify({ lineItems: [{ merchandiseId: NO_VARIANT, quantity: 1 }] }),
    });
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(res.status).toBeLessThan(500);
    expect(messages()).toEqual(["Error creating cart (Check if variant ID is valid)"]);
  });
});

describe("session token", () => {
  it("a refresh whose new token cannot be set: logged, 401, and the session cookie cleared (signed out)", async () => {
    const r = await deps.services.identity.register(
      {
        firstName: "Sam",
        lastName: "Lee",
        email: `token-${Date.now()}@example.test`,
        password: "kibble-token-88",
        confirmPassword: "kibble-token-88",
        acceptsMarketing: false,
      },
      "d2c",
    );
    if (!r.ok) throw new Error("register failed");
    const identity = deps.services.identity;
    const refresh = identity.refreshSession;
    // The session is found, but setting its new token fails (as when it ends at that moment).
    identity.refreshSession = async () => null;
    try {
      const res = await app.request("http://localhost/api/ecom/v1.0/refresh-session-token", {
        method: "POST",
        headers: { host: "localhost", origin: "http://localhost", "content-type": "application/json", cookie: `sessionToken=${r.token}` },
        body: JSON.stringify({ forceRefreshToken: true }),
      });
      expect(res.status).toBe(401);
      expect(res.headers.getSetCookie().some((c) => c.startsWith("sessionToken=;") && /Max-Age=0/i.test(c))).toBe(true);
    } finally {
      identity.refreshSession = refresh;
    }
    expect(messages()).toEqual(["Error setting session token"]);
  });
});
