import { Writable } from "node:stream";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addressSchema, contactSchema, profileSchema } from "../../rules/account/forms";
import { addressCreateInput, addressUpdateInput, sendContactInput, updateCustomerInput } from "../../rules/account/customer-api-input";
import { createApp } from "../app";
import { parseConfig } from "../config";
import { createDeps, type AppDeps } from "../context";
import type { Database } from "../db/client";
import { openTestDatabase } from "../db/test-database";
import { createLogger } from "../log";
import { ADDRESS_LIMIT_MESSAGE, MAX_ADDRESSES_PER_CUSTOMER, MAX_METAFIELDS_PER_CUSTOMER, METAFIELD_LIMIT_MESSAGE, RATE_LIMITS } from "../modules/identity";

// The customer API of SPEC §7 through the whole HTTP app: every call refuses a missing or dead
// token (401), answers 404 for another customer's customer id, address or metafield, and 400
// naming the field for bad input. Nothing is logged that holds a password or a token.

let database: Database;
let deps: AppDeps;
let app: ReturnType<typeof createApp>;
const logLines: string[] = [];

type Customer = { id: string; token: string; email: string };
let alice: Customer;
let bob: Customer;
let bobAddressId: string;
let bobMetafieldId: string;

const call = (path: string, body: unknown, headers: Record<string, string> = {}) =>
  app.request(`http://localhost/api/${path}`, {
    method: "POST",
    headers: { host: "localhost", "content-type": "application/json", ...headers },
    body: JSON.stringify(body),
  });

const address = { address1: "1 Main St", city: "Aurora", provinceCode: "CO", zip: "80011" };
const fullAddress = { ...address, firstName: "", lastName: "", address2: "", countryCode: "US" as const, phone: null };

async function customer(email: string): Promise<Customer> {
  const r = await deps.services.identity.register(
    { firstName: "Pat", lastName: "Doe", email, password: "kibble123", confirmPassword: "kibble123", acceptsMarketing: false },
    "d2c",
  );
  if (!r.ok) throw new Error("register failed");
  return { id: r.customerId, token: r.token, email };
}

beforeAll(async () => {
  database = await openTestDatabase();
  const sink = new Writable({
    write(chunk, _enc, done) {
      logLines.push(String(chunk));
      done();
    },
  });
  deps = createDeps(parseConfig({}), database, createLogger("debug", sink), () => "test");
  app = createApp(deps, { handler: async () => new Response("page") });
  alice = await customer("alice@example.test");
  bob = await customer("bob@example.test");
  bobAddressId = (await deps.services.identity.createAddress(bob.id, {
    ...address,
    firstName: "",
    lastName: "",
    address2: "",
    countryCode: "US",
    phone: null,
  }))!;
  await deps.services.identity.setMetafields(bob.id, [{ namespace: "custom", key: "ship_to", value: "80011" }]);
  bobMetafieldId = (await deps.services.identity.customer(bob.id))!.shipToZip!.id;
});
afterAll(() => database.close());

/** Every customer call with a body aimed at Bob's data, sent with Alice's token. */
const crossCustomerCalls = (): [string, Record<string, unknown>][] => [
  ["ecom/v1.0/get-storefront-orders", { id: bob.id, quantity: 5 }],
  ["ecom/v1.0/get-storefront-last-order", { id: bob.id }],
  ["ecom/v1.0/get-storefront-order", { id: "1001" }],
  ["ecom/v1.0/update-customer", { customerId: bob.id, updateInput: { firstName: "Mallory" } }],
  ["ecom/v1.0/delete-metafield", { metafieldId: bobMetafieldId }],
  ["ecom/v1.0/update-customer-default-address", { addressId: bobAddressId }],
  ["ecom/v1.0/customer-address-update", { id: bobAddressId, address: { ...address, city: "Evil" } }],
  ["ecom/v1.0/customer-address-delete", { id: bobAddressId }],
  ["get-subscriptions", { customer: bob.id }],
];

/** Every call that needs a session. */
const sessionCalls = (): [string, Record<string, unknown>][] => [
  ["ecom/v1.0/get-storefront-customer", {}],
  ["ecom/v1.0/customer-address-create", { address }],
  ["ecom/v1.0/refresh-session-token", { forceRefreshToken: false }],
  ["crypto", {}],
  ...crossCustomerCalls(),
];

describe("customer API: who may call", () => {
  it("answers 401 without a token, and with a token that is not a live session", async () => {
    for (const [path, body] of sessionCalls()) {
      expect((await call(path, body)).status, path).toBe(401);
      const res = await call(path, { ...body, sessionToken: "A".repeat(43) });
      expect(res.status, path).toBe(401);
      expect((await res.json()).error.message, path).toBe("Unauthorized user");
    }
  });

  it("answers 404 for another customer's id, address, metafield or order, and changes nothing", async () => {
    for (const [path, body] of crossCustomerCalls()) {
      const res = await call(path, { ...body, sessionToken: alice.token });
      expect(res.status, path).toBe(404);
    }
    const bobNow = (await deps.services.identity.customer(bob.id))!;
    expect(bobNow.firstName).toBe("Pat");
    expect(bobNow.addresses).toHaveLength(1);
    expect(bobNow.addresses[0].city).toBe("Aurora");
    expect(bobNow.shipToZip?.id).toBe(bobMetafieldId);
  });

  it("create-customer-token refuses a key that belongs to another address", async () => {
    const res = await call("ecom/v1.0/create-customer-token", { email: bob.email, first_name: "B", last_name: "D", key: alice.token });
    expect(res.status).toBe(401);
  });

  it("accepts the httpOnly session cookie in place of a body token", async () => {
    const res = await call("ecom/v1.0/get-storefront-customer", {}, { cookie: `sessionToken=${alice.token}` });
    expect(res.status).toBe(200);
    expect((await res.json()).customer.email).toBe("alice@example.test");
  });
});

describe("customer API: the customer's own data", () => {
  it("reads, updates the profile and metafields, and pages an (empty) order list", async () => {
    const me = await (await call("ecom/v1.0/get-storefront-customer", { sessionToken: alice.token })).json();
    expect(me.customer).toMatchObject({ id: alice.id, email: alice.email, addresses: [], defaultAddress: null });

    const upd = await call("ecom/v1.0/update-customer", {
      sessionToken: alice.token,
      customerId: `gid://shopify/Customer/${alice.id}`,
      updateInput: {
        firstName: "Alice",
        phone: "303-555-0100",
        acceptsMarketing: true,
        metafields: [{ namespace: "profeeding", key: "preferred_address", value: "home" }],
      },
    });
    expect(upd.status).toBe(200);
    const body = await upd.json();
    expect(body.customerUpdate.userErrors).toEqual([]);
    expect(body.customerUpdate.customer).toMatchObject({ firstName: "Alice", lastName: "Doe", phone: "303-555-0100", acceptsMarketing: true });
    expect(body.customerUpdate.customer.preferredAddress.value).toBe("home");

    const orders = await (
      await call("ecom/v1.0/get-storefront-orders", { sessionToken: alice.token, id: alice.id, quantity: 10, cursor: null, query: "" })
    ).json();
    expect(orders.orders).toEqual({ edges: [], nodes: [], pageInfo: { hasNextPage: false, hasPreviousPage: false, startCursor: null, endCursor: null } });
    expect((await (await call("get-subscriptions", { sessionToken: alice.token, customer: alice.id })).json()).results).toEqual([]);
  });

  it("creates, updates, defaults and deletes addresses", async () => {
    const created = await (await call("ecom/v1.0/customer-address-create", { sessionToken: alice.token, address })).json();
    const id = created.customerAddress.id;
    expect(created.customerAddress).toMatchObject({ address1: "1 Main St", provinceCode: "CO", isDefault: true });
    const second = await (await call("ecom/v1.0/customer-address-create", { sessionToken: alice.token, address: { ...address, address1: "2 Oak" } })).json();
    const upd = await (await call("ecom/v1.0/customer-address-update", { sessionToken: alice.token, id, address: { ...address, city: "Denver" } })).json();
    expect(upd.customerAddress.city).toBe("Denver");
    const def = await (await call("ecom/v1.0/update-customer-default-address", { sessionToken: alice.token, addressId: second.customerAddress.id })).json();
    expect(def.customer.defaultAddress.id).toBe(second.customerAddress.id);
    const del = await (await call("ecom/v1.0/customer-address-delete", { sessionToken: alice.token, id })).json();
    expect(del.deletedCustomerAddressId).toBe(id);
  });

  it("answers 400 with a clear message past the maximum of addresses or metafields", async () => {
    const c = await customer("full@example.test");
    for (let i = 0; i < MAX_ADDRESSES_PER_CUSTOMER; i++) await deps.services.identity.createAddress(c.id, { ...fullAddress, address1: `${i} Main St` });
    const res = await call("ecom/v1.0/customer-address-create", { sessionToken: c.token, address });
    expect(res.status).toBe(400);
    expect((await res.json()).error).toEqual({ code: "limit_reached", message: ADDRESS_LIMIT_MESSAGE, fields: { address: ADDRESS_LIMIT_MESSAGE } });
    expect((await deps.services.identity.customer(c.id))!.addresses).toHaveLength(MAX_ADDRESSES_PER_CUSTOMER);

    const many = Array.from({ length: 20 }, (_, i) => ({ namespace: "custom", key: `k${i}`, value: "v" }));
    for (let round = 0; round * 20 < MAX_METAFIELDS_PER_CUSTOMER; round++) {
      const batch = many.map((m) => ({ ...m, key: `${m.key}_${round}` })).slice(0, Math.min(20, MAX_METAFIELDS_PER_CUSTOMER - round * 20));
      expect((await call("ecom/v1.0/update-customer", { sessionToken: c.token, customerId: c.id, updateInput: { metafields: batch } })).status).toBe(200);
    }
    const over = await call("ecom/v1.0/update-customer", {
      sessionToken: c.token,
      customerId: c.id,
      updateInput: { firstName: "Over", metafields: [{ namespace: "custom", key: "extra", value: "v" }] },
    });
    expect(over.status).toBe(400);
    expect((await over.json()).error).toEqual({
      code: "limit_reached",
      message: METAFIELD_LIMIT_MESSAGE,
      fields: { "updateInput.metafields": METAFIELD_LIMIT_MESSAGE },
    });
    // Nothing of the refused update was written.
    expect((await deps.services.identity.customer(c.id))!.firstName).toBe("Pat");
  });

  it("the same metafield key twice in one update is no server error", async () => {
    const res = await call("ecom/v1.0/update-customer", {
      sessionToken: alice.token,
      customerId: alice.id,
      updateInput: {
        metafields: [
          { namespace: "profeeding", key: "preferred_address", value: "clinic" },
          { namespace: "profeeding", key: "preferred_address", value: "home" },
        ],
      },
    });
    expect(res.status).toBe(200);
    expect((await res.json()).customerUpdate.customer.preferredAddress.value).toBe("home");
  });

  it("the staff checkout's metafields (custom.ship_to, sold_to, clinic_zip) are not a client's to write; nothing is written", async () => {
    for (const key of ["ship_to", "sold_to", "clinic_zip"]) {
      const res = await call("ecom/v1.0/update-customer", {
        sessionToken: alice.token,
        customerId: alice.id,
        updateInput: { firstName: "Mallory", metafields: [{ namespace: "custom", key, value: "80011" }] },
      });
      expect(res.status).toBe(400);
      expect((await res.json()).error.fields).toEqual({ "updateInput.metafields.0.key": "This metafield is set by the checkout and cannot be written" });
    }
    const bad = await call("ecom/v1.0/update-customer", {
      sessionToken: alice.token,
      customerId: alice.id,
      updateInput: { metafields: [{ namespace: "profeeding", key: "preferred_address", value: "office" }] },
    });
    expect(bad.status).toBe(400);
    const customer = (await deps.services.identity.customer(alice.id))!;
    expect(customer.firstName).not.toBe("Mallory");
    expect(customer.metafields.some((m) => m.namespace === "custom")).toBe(false);
  });

  it("answers 400 naming the bad field of an address", async () => {
    const res = await call("ecom/v1.0/customer-address-create", { sessionToken: alice.token, address: { ...address, zip: "800", provinceCode: "XX" } });
    expect(res.status).toBe(400);
    const { error } = await res.json();
    expect(error.fields).toEqual({ "address.zip": "Enter a 5-digit ZIP code", "address.provinceCode": "Choose a state" });
    expect((await deps.services.identity.customer(alice.id))!.addresses.every((a) => a.zip !== "800")).toBe(true);
  });

  it("crypto answers the HMAC of the customer id, the same every time", async () => {
    const a = await (await call("crypto", { sessionToken: alice.token })).json();
    const b = await (await call("crypto", { sessionToken: alice.token })).json();
    expect(a.hash).toMatch(/^[0-9a-f]{64}$/);
    expect(Buffer.from(a.base64, "base64").toString("hex")).toBe(a.hash);
    expect(b).toEqual(a);
    const other = await (await call("crypto", { sessionToken: bob.token })).json();
    expect(other.hash).not.toBe(a.hash);
  });

  it("refresh-session-token rotates a body token and answers it; create-customer-token swaps a valid key", async () => {
    const c = await customer("rotate@example.test");
    const res = await (await call("ecom/v1.0/refresh-session-token", { sessionToken: c.token, forceRefreshToken: true })).json();
    expect(res.sessionToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect((await call("ecom/v1.0/get-storefront-customer", { sessionToken: c.token })).status).toBe(401);
    const swapped = await call("ecom/v1.0/create-customer-token", { email: "ROTATE@example.test", first_name: "P", last_name: "D", key: res.sessionToken });
    expect(swapped.status).toBe(200);
    const { sessionToken } = await swapped.json();
    expect((await call("ecom/v1.0/get-storefront-customer", { sessionToken })).status).toBe(200);
  });

  it("a cookie session gets the rotated token only as a cookie", async () => {
    const c = await customer("cookie@example.test");
    const res = await call("ecom/v1.0/refresh-session-token", { forceRefreshToken: true }, { cookie: `sessionToken=${c.token}` });
    expect(res.status).toBe(200);
    expect((await res.json()).sessionToken).toBeUndefined();
    const cookie = res.headers.getSetCookie().find((v) => v.startsWith("sessionToken="))!;
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Lax/);
  });
});

describe("contact and cache calls", () => {
  it("send-contact-us stores the message and records two mails; bad input names the field", async () => {
    const bad = await call("send-contact-us", { data: { firstName: "Jo", lastName: "Ray", email: "jo@", subject: "Autoship", message: "short" } });
    expect(bad.status).toBe(400);
    expect(Object.keys((await bad.json()).error.fields).sort()).toEqual(["data.email", "data.message"]);
    const ok = await call("send-contact-us", {
      data: { firstName: "Jo", lastName: "Ray", email: "jo@example.test", subject: "Autoship", message: "How do I pause my autoship?" },
    });
    expect(ok.status).toBe(200);
    const mails = await deps.services.mail.latest({ limit: 2 });
    expect(mails.map((m) => [m.template, m.to]).sort()).toEqual([
      ["contactConfirmation", "jo@example.test"],
      ["contactToShop", deps.config.mail.contactTo],
    ]);
    expect(mails.find((m) => m.template === "contactToShop")!.replyTo).toBe("jo@example.test");
  });

  it("the confirmation to the sender carries none of the sender's own text (no mail relay)", async () => {
    const spam = "Cheap pills at http://spam.example — click now";
    const ok = await call("send-contact-us", {
      data: { firstName: "Visit spam.example", lastName: "Now", email: "victim@example.test", subject: "My account", message: spam },
    });
    expect(ok.status).toBe(200);
    const [confirmation] = await deps.services.mail.latest({ to: "victim@example.test", limit: 1 });
    expect(confirmation.template).toBe("contactConfirmation");
    expect(confirmation.subject).toBe("We received your message: My account");
    for (const part of [confirmation.subject, confirmation.text, confirmation.html]) {
      expect(part).not.toContain("spam.example");
      expect(part).not.toContain("Cheap pills");
    }
    // The shop's copy still has it all.
    const [toShop] = await deps.services.mail.latest({ to: deps.config.mail.contactTo, limit: 1 });
    expect(toShop.text).toContain(spam);
  });

  it("send-contact-us refuses a sender over the contact rate limit, storing and mailing nothing", async () => {
    const message = { firstName: "Max", lastName: "Flood", email: "max.flood@example.test", subject: "Autoship", message: "Is this getting through?" };
    for (let i = 0; i < RATE_LIMITS.contact.perKey; i++) expect((await call("send-contact-us", { data: message })).status).toBe(200);
    const before = await deps.services.mail.latest({ limit: 1 });
    const refused = await call("send-contact-us", { data: message });
    expect(refused.status).toBe(429);
    expect((await refused.json()).error.message).toMatch(/Too many attempts, try again in \d+ minutes?\./);
    expect((await deps.services.mail.latest({ limit: 1 }))[0].id).toBe(before[0].id);
  });

  it("delete-cache-item needs a key", async () => {
    expect((await call("delete-cache-item", {})).status).toBe(400);
    expect(await (await call("delete-cache-item", { cacheKey: "customer:1" })).json()).toEqual({ deleted: false });
  });
});

describe("one schema per input", () => {
  it("the API parses the account forms' own schemas", () => {
    expect(addressCreateInput.shape.address).toBe(addressSchema);
    expect(addressUpdateInput.shape.address).toBe(addressSchema);
    expect(sendContactInput.shape.data).toBe(contactSchema);
    expect(Object.keys(updateCustomerInput.shape.updateInput.shape).sort()).toEqual([...Object.keys(profileSchema.shape), "metafields"].sort());
  });

  it("the OpenAPI document lists the customer calls' request bodies", async () => {
    const res = await app.request("http://localhost/api/openapi.json", { headers: { host: "localhost" } });
    const doc = await res.json();
    const body = (path: string) => doc.paths[`/api${path}`].post.requestBody.content["application/json"].schema;
    expect(body("/ecom/v1.0/customer-address-create").properties.address.required).toEqual(["address1", "city", "provinceCode", "zip"]);
    expect(body("/ecom/v1.0/update-customer").required).toEqual(["customerId", "updateInput"]);
    expect(Object.keys(body("/ecom/v1.0/update-customer").properties.updateInput.properties)).toContain("metafields");
    expect(body("/send-contact-us").properties.data.required).toEqual(["firstName", "lastName", "email", "subject", "message"]);
    for (const path of [
      "/ecom/v1.0/get-storefront-customer",
      "/ecom/v1.0/refresh-session-token",
      "/get-subscriptions",
      "/crypto",
      "/multipass",
      "/delete-cache-item",
    ]) {
      expect(body(path), path).toHaveProperty("type", "object");
    }
  });
});

describe("logs", () => {
  it("never carry a password or a session token", async () => {
    const secretPassword = "kibble123";
    deps.log.info({ body: { password: secretPassword, sessionToken: alice.token } }, "careless");
    await call("ecom/v1.0/get-storefront-customer", { sessionToken: alice.token });
    await call("ecom/v1.0/create-customer-token", { email: alice.email, key: bob.token });
    const all = logLines.join("");
    expect(all).toContain('"msg":"request"');
    expect(all).not.toContain(alice.token);
    expect(all).not.toContain(bob.token);
    expect(all).not.toContain(secretPassword);
  });
});

describe("pages and the session cookie", () => {
  it("refuses a form posted from another site (login CSRF)", async () => {
    const res = await app.request("http://localhost/shelter/login", {
      method: "POST",
      headers: { host: "localhost", origin: "https://evil.example", "content-type": "application/x-www-form-urlencoded" },
      body: "email=a%40b.test&password=x",
    });
    expect(res.status).toBe(403);
    const own = await app.request("http://localhost/shelter/login", {
      method: "POST",
      headers: { host: "localhost", origin: "http://localhost", "content-type": "application/x-www-form-urlencoded" },
      body: "email=a%40b.test&password=x",
    });
    expect(own.status).toBe(200);
  });

  it("clears a session cookie that names no live session", async () => {
    const res = await app.request("http://localhost/products", { headers: { host: "localhost", cookie: `sessionToken=${"B".repeat(43)}` } });
    expect(res.headers.getSetCookie().some((c) => c.startsWith("sessionToken=;") && c.includes("Max-Age=0"))).toBe(true);
    const live = await app.request("http://localhost/products", { headers: { host: "localhost", cookie: `sessionToken=${alice.token}` } });
    // A live session keeps its cookie (the only cookie set is the og_auth one, server/http/autoship.test.ts).
    expect(live.headers.getSetCookie().filter((c) => c.startsWith("sessionToken="))).toEqual([]);
  });
});
