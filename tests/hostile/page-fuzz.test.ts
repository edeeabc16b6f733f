import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hostileCookies, hostileHeaders, nastyStrings } from "./fuzz-values";
import { cartWith, changedTables, customer, d2cVariants, fingerprint, loadBuild, openShop, runs, SEED, send, type Customer, type Shop } from "./harness";

// Property-based fuzzing of every page action (React Router routes with an `action`, read from the
// production build so a new one is fuzzed without editing this file) and of every page's loader
// with bad cookies and headers: never a 5xx; a refused form (4xx) writes nothing.

let shop: Shop;
let alice: Customer;
let bob: Customer;
let aliceCart: string;
let bobCart: string;
let variantId: number;
let actionPaths: string[] = [];
let pagePaths: string[] = [];

const FIELDS = [
  "intent",
  "email",
  "password",
  "confirmPassword",
  "currentPassword",
  "newPassword",
  "firstName",
  "lastName",
  "zip",
  "redirectTo",
  "redirect",
  "previous",
  "next",
  "returnTo",
  "reason",
  "lineId",
  "variantId",
  "merchandiseId",
  "quantity",
  "sellingPlanId",
  "sku",
  "purchase",
  "note",
  "apply",
  "removeCode",
  "code",
  "id",
  "subscriptionId",
  "address1",
  "address2",
  "city",
  "provinceCode",
  "phone",
  "countryCode",
  "shippingMethod",
  "cardNumber",
  "cardExpiry",
  "cardCvc",
  "paymentChoice",
  "savedAddressId",
  "addressChoice",
  "idempotencyKey",
  "token",
  "autoshipTerms",
  "makeDefault",
  "saveAddress",
  "acceptsEmailMarketing",
  "acceptsMarketing",
  "message",
  "name",
  "subject",
  "frequency",
  "date",
  "cookie",
  "isAttestationChecked",
  "provinceCode",
];
const INTENTS = [
  "add",
  "update",
  "remove",
  "discount",
  "note",
  "information",
  "shipping",
  "payment",
  "place",
  "delete",
  "default",
  "create",
  "profile",
  "password",
  "skip",
  "cancel",
  "pause",
  "resume",
  "ship-now",
  "frequency",
  "quantity",
  "date",
  "reactivate",
];

function formArb(): fc.Arbitrary<[string, string][]> {
  const value = fc.oneof(
    { weight: 4, arbitrary: fc.constantFrom(...nastyStrings.filter((s) => s.length < 10_000)) },
    { weight: 3, arbitrary: fc.constantFrom(...INTENTS) },
    {
      weight: 2,
      arbitrary: fc
        .constant(0)
        .chain(() => fc.constantFrom(aliceCart, bobCart, alice.id, bob.id, String(variantId), "80011", "on", alice.email, "kibble-hostile-1")),
    },
    { weight: 2, arbitrary: fc.string({ maxLength: 30 }) },
    { weight: 1, arbitrary: fc.integer({ min: -1000, max: 100_000 }).map(String) },
  );
  const pair = fc.tuple(fc.oneof({ weight: 5, arbitrary: fc.constantFrom(...FIELDS) }, { weight: 1, arbitrary: fc.string({ maxLength: 10 }) }), value);
  return fc.tuple(fc.constantFrom(...INTENTS), fc.array(pair, { maxLength: 12 })).map(([intent, rest]) => [["intent", intent], ...rest]);
}

beforeAll(async () => {
  shop = await openShop();
  alice = await customer(shop, "alice");
  bob = await customer(shop, "bob");
  variantId = (await d2cVariants(shop))[0].id;
  aliceCart = await cartWith(shop, alice, variantId);
  bobCart = await cartWith(shop, bob, variantId);

  // Full paths of the build's routes; parameters filled with a value of another customer's or junk.
  const build = await loadBuild();
  const full = (id: string): string => {
    const r = build.routes[id]!;
    const parent = r.parentId ? full(r.parentId) : "";
    return r.index ? parent || "/" : `${parent.replace(/\/$/, "")}/${r.path ?? ""}`.replace(/\/+$/, "") || "/";
  };
  const fill = (p: string) => p.replace(/:id|:code|:handle|:slug/g, "1001").replace("*", "dog/dry-food");
  const ids = Object.keys(build.routes).filter((id) => id !== "root");
  actionPaths = [...new Set(ids.filter((id) => build.routes[id]!.module.action).map((id) => fill(full(id))))];
  pagePaths = [...new Set(ids.filter((id) => build.routes[id]!.module.loader && !build.routes[id]!.path?.includes("*")).map((id) => fill(full(id))))];
}, 300_000);
afterAll(() => shop?.close());

const cookies = () =>
  hostileCookies(() => [
    { sessionToken: alice.token },
    { sessionToken: alice.token, col_cart_id: bobCart },
    { col_cart_id: aliceCart },
    { col_cart_id: "%E0%A4%A" },
  ]);

describe("page actions and loaders, fuzzed", () => {
  it("finds the page actions in the build", () => {
    expect(actionPaths).toEqual(expect.arrayContaining(["/cart", "/checkout", "/location", "/logout", "/shelter/login", "/account/address-book"]));
  });

  it("every page action: never a 5xx, nothing written on a refusal", async () => {
    const failures: string[] = [];
    for (const path of actionPaths) {
      let baseline = await fingerprint(shop.database);
      const property = fc.asyncProperty(
        formArb(),
        cookies(),
        hostileHeaders,
        fc.constantFrom("", "?step=payment", "?redirect=Ly9ldmls", "?next=//evil"),
        async (form, jar, headers, query) => {
          const res = await send(shop, {
            path: path + query,
            form,
            cookies: jar,
            headers: { ...headers, "content-type": "application/x-www-form-urlencoded" },
          });
          await res.arrayBuffer();
          const after = await fingerprint(shop.database);
          const changed = changedTables(baseline, after);
          baseline = after;
          if (res.status >= 500) throw new Error(`POST ${path}${query} answered ${res.status}: ${shop.errors.at(-1)?.slice(0, 300) ?? ""}`);
          if (res.status >= 400 && changed.length) throw new Error(`POST ${path}${query} answered ${res.status} but wrote ${changed.join(", ")}`);
        },
      );
      const out = await fc.check(property, { seed: SEED, numRuns: runs(25) });
      if (out.failed) failures.push(`POST ${path}: ${fc.defaultReportMessage(out)?.slice(0, 1200)}`);
    }
    expect(failures, `fast-check seed ${SEED}`).toEqual([]);
  }, 600_000);

  it("every page with bad cookies and headers: never a 5xx", async () => {
    const failures: string[] = [];
    // The sweep: each malformed cookie on each page (issue: `col_cart_id=%E0%A4%A` → 500 everywhere).
    const jars = ["col_cart_id", "guest_col_cart_id", "userLocation", "userWarehouse", "sessionToken", "og_auth"].flatMap((name) =>
      ["%E0%A4%A", "%", "x".repeat(5000)].map((v) => ({ [name]: v })),
    );
    for (const path of pagePaths) {
      const statuses = await Promise.all(
        jars.map(async (jar) => [jar, await send(shop, { path, cookies: jar }).then(async (r) => (await r.arrayBuffer(), r.status))] as const),
      );
      for (const [jar, status] of statuses) if (status >= 500) failures.push(`GET ${path} with cookie ${JSON.stringify(jar).slice(0, 60)} → ${status}`);
    }
    for (const path of pagePaths) {
      const property = fc.asyncProperty(cookies(), hostileHeaders, async (jar, headers) => {
        const res = await send(shop, { path, cookies: jar, headers });
        await res.arrayBuffer();
        if (res.status >= 500) throw new Error(`GET ${path} answered ${res.status}`);
      });
      const out = await fc.check(property, { seed: SEED, numRuns: runs(6) });
      if (out.failed) failures.push(`GET ${path}: ${fc.defaultReportMessage(out)?.slice(0, 600)}`);
    }
    expect(failures, `fast-check seed ${SEED}`).toEqual([]);
  }, 600_000);
});
