import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { OPERATOR_COOKIE } from "../../rules/console/operator-roles";
import { operatorSession } from "../../server/testing/console";
import { cartWith, changedTables, customer, d2cVariants, fingerprint, loadBuild, openShop, pageActionRoutes, send, type Customer, type Shop } from "./harness";

// Every page action (each route of app/routes.ts whose module has an action, the console's
// included) with every kind of body a client can send: none, JSON, text/plain, multipart without a
// boundary or cut short, and the two a form sends (url-encoded, multipart) — as a guest, a signed-in
// customer and an operator with every permission, on the page and on its React Router data URL.
// A body that is no form answers 400 and writes nothing; a form is never a 5xx, and a refused one
// (4xx) writes nothing.

let shop: Shop;
let alice: Customer;
let aliceCart: string;
let operatorCookie: string;
let actions: { id: string; file: string; path: string }[] = [];

beforeAll(async () => {
  shop = await openShop();
  alice = await customer(shop, "alice");
  aliceCart = await cartWith(shop, alice, (await d2cVariants(shop))[0].id);
  operatorCookie = (await operatorSession(shop.deps.services, "owner")).cookie.split("=").slice(1).join("=");
  actions = pageActionRoutes();
}, 300_000);
afterAll(() => shop?.close());

const MULTIPART_FORM =
  '--xx\r\nContent-Disposition: form-data; name="intent"\r\n\r\nadd\r\n--xx\r\nContent-Disposition: form-data; name="zip"\r\n\r\n80011\r\n--xx--\r\n';

/** Bodies that are no form: answered 400 at the edge (server/http/edge.ts pageFormsOnly). */
const NOT_A_FORM: { name: string; headers: Record<string, string>; body?: string }[] = [
  { name: "no body", headers: {} },
  { name: "JSON", headers: { "content-type": "application/json" }, body: '{"intent":"add","zip":"80011"}' },
  { name: "JSON without a type", headers: {}, body: '{"intent":"add"}' },
  { name: "text/plain", headers: { "content-type": "text/plain" }, body: "intent=add\nzip=80011" },
  { name: "multipart without a boundary", headers: { "content-type": "multipart/form-data" }, body: MULTIPART_FORM },
  { name: "multipart cut short", headers: { "content-type": "multipart/form-data; boundary=xx" }, body: MULTIPART_FORM.slice(0, 60) },
  { name: "multipart with another boundary", headers: { "content-type": "multipart/form-data; boundary=yy" }, body: MULTIPART_FORM },
  { name: "XML", headers: { "content-type": "application/xml" }, body: "<intent>add</intent>" },
];

/** Forms: the action runs. */
const FORMS: { name: string; headers: Record<string, string>; body: string }[] = [
  { name: "an empty url-encoded form", headers: { "content-type": "application/x-www-form-urlencoded" }, body: "" },
  { name: "a multipart form", headers: { "content-type": "multipart/form-data; boundary=xx" }, body: MULTIPART_FORM },
];

const jars = () => [
  { who: "guest", cookies: {} as Record<string, string> },
  { who: "customer", cookies: { sessionToken: alice.token, col_cart_id: aliceCart } },
  { who: "operator", cookies: { [OPERATOR_COOKIE]: operatorCookie } },
];
/** The page and its data URL (what React Router's fetchers and <Form> post to after hydration). */
const urls = (path: string) => [path, path === "/" ? "/_root.data?index" : `${path}.data`];

describe("page actions with every kind of body", () => {
  it("lists every action of the route table, and the build has the same ones", async () => {
    const build = await loadBuild();
    const inBuild = Object.entries(build.routes)
      .filter(([, r]) => r!.module.action)
      .map(([id]) => id)
      .sort();
    // Layout routes have no path of their own: none has an action today.
    expect(actions.map((a) => a.id).sort()).toEqual(inBuild);
    expect(actions.map((a) => a.path)).toEqual(
      expect.arrayContaining([
        "/cart",
        "/checkout",
        "/logout",
        "/contact-us",
        "/location",
        "/shelter/register",
        "/admin/login",
        "/admin/orders/1001",
        "/admin/donations",
        "/email/signup",
        "/email/confirm",
        "/email/preferences",
      ]),
    );
  });

  it("the visitors are who they say: the operator's session opens the console, the customer's the account", async () => {
    const console = await send(shop, { path: "/admin/dashboard", cookies: jars()[2].cookies });
    expect(console.status).toBe(200);
    const account = await send(shop, { path: "/account/dashboard", cookies: jars()[1].cookies });
    expect(account.status).toBe(200);
  });

  it("a body that is no form: 400 and nothing written, for every action, visitor and URL", async () => {
    const failures: string[] = [];
    for (const { path } of actions) {
      const before = await fingerprint(shop.database);
      for (const url of urls(path))
        for (const jar of jars())
          for (const kind of NOT_A_FORM) {
            const res = await send(shop, { method: "POST", path: url, cookies: jar.cookies, headers: kind.headers, body: kind.body });
            await res.arrayBuffer();
            if (res.status !== 400) failures.push(`POST ${url} as ${jar.who} with ${kind.name} → ${res.status} ${shop.errors.at(-1)?.slice(0, 200) ?? ""}`);
          }
      const changed = changedTables(before, await fingerprint(shop.database));
      if (changed.length) failures.push(`POST ${path} with bodies that are no form wrote ${changed.join(", ")}`);
    }
    expect(failures).toEqual([]);
  }, 600_000);

  it("a form: never a 5xx, and a refusal writes nothing, for every action, visitor and URL", async () => {
    const failures: string[] = [];
    for (const { path } of actions)
      for (const url of urls(path))
        for (const jar of jars())
          for (const kind of FORMS) {
            const before = await fingerprint(shop.database);
            const res = await send(shop, { method: "POST", path: url, cookies: jar.cookies, headers: kind.headers, body: kind.body });
            await res.arrayBuffer();
            const changed = changedTables(before, await fingerprint(shop.database));
            if (res.status >= 500) failures.push(`POST ${url} as ${jar.who} with ${kind.name} → ${res.status} ${shop.errors.at(-1)?.slice(0, 300) ?? ""}`);
            else if (res.status >= 400 && changed.length)
              failures.push(`POST ${url} as ${jar.who} with ${kind.name} → ${res.status} but wrote ${changed.join(", ")}`);
          }
    expect(failures).toEqual([]);
  }, 600_000);
});
