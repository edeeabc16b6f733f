import { describe, expect, it } from "vitest";
import { buildSeedCatalog } from "../../server/modules/catalog";
import { testDeps, visitorContext } from "../../server/testing/deps";
import { aStoredCustomer } from "../../server/testing/identity";
import { action } from "./email.back-in-stock";

// "Notify me when it's back" through its page action (the product page's form, JavaScript or not):
// a field message for bad input, a guest's address asked to confirm, the ZIP of the shopper's
// location cookie kept, a signed-in customer's own address in one click, and the rate limit.

const env = testDeps({ seed: true });
const sku = buildSeedCatalog().products.find((p) => p.sites.includes("d2c") && p.productType !== "Donation")!.variants[0].sku;
const variantId = async () => String((await env.deps.services.catalog.variantBySku(sku))!.id);

function post(fields: [string, string][], opts: { ip?: string; cookie?: string; customer?: { id: string; email: string } } = {}) {
  const form = new FormData();
  for (const [k, v] of fields) form.append(k, v);
  const request = new Request("http://localhost:3000/email/back-in-stock", { method: "POST", body: form, headers: opts.cookie ? { cookie: opts.cookie } : {} });
  const context = {
    ...visitorContext(env.deps, opts.ip ?? "10.61.0.1"),
    customer: opts.customer ? { ...opts.customer, firstName: "Pat", lastName: "Doe", site: "d2c" } : null,
  };
  return { request, context, params: {} } as never;
}

type Answer = { data: { ok: boolean; errors: Record<string, string>; confirmed?: boolean; zip?: string }; init: { status: number } | null };
const answerOf = (r: unknown): Answer => ("data" in (r as object) && "init" in (r as object) ? (r as Answer) : { data: r as Answer["data"], init: null });

describe("notify me when it's back", () => {
  it("bad input: 400 with the field's message, nothing kept", async () => {
    const noAddress = answerOf(await action(post([["variantId", await variantId()]])));
    expect(noAddress.init?.status).toBe(400);
    expect(noAddress.data.errors).toEqual({ email: "Enter your email address" });
    const unknown = answerOf(
      await action(
        post([
          ["variantId", "999999"],
          ["email", "who@example.test"],
        ]),
      ),
    );
    expect(unknown.init?.status).toBe(400);
    expect(unknown.data.errors).toEqual({ variantId: "This item is not in our shop." });
    expect(await env.deps.services.marketing.automations.backInStockRequestsOf("who@example.test")).toEqual([]);
  });

  it("a guest's address is asked to confirm; the request keeps the ZIP of the location cookie", async () => {
    const email = `guest.${Date.now()}@example.test`;
    const r = answerOf(
      await action(
        post(
          [
            ["variantId", await variantId()],
            ["email", email],
          ],
          { cookie: "userLocation=90210%3A%3AHOME" },
        ),
      ),
    );
    expect(r.data).toMatchObject({ ok: true, confirmed: false, zip: "90210" });
    expect(await env.deps.services.marketing.automations.backInStockRequestsOf(email)).toMatchObject([{ zip: "90210", notifiedAt: null }]);
    expect((await env.deps.services.mail.latest({ to: email })).map((m) => m.template)).toEqual(["marketing.confirm"]);
  });

  it("a guest is told the same whether the address is on the list or not", async () => {
    const email = `known.${Date.now()}@example.test`;
    const fields: [string, string][] = [
      ["variantId", await variantId()],
      ["email", email],
    ];
    const first = answerOf(await action(post(fields)));
    const [confirmation] = await env.deps.services.mail.latest({ to: email });
    const token = new URL(/http:\/\/\S+\/email\/confirm\?token=\S+/.exec(confirmation.text)![0]).searchParams.get("token");
    expect(await env.deps.services.marketing.confirm(token, { ip: null })).toMatchObject({ ok: true });
    const again = answerOf(await action(post(fields)));
    expect(again.data).toEqual(first.data);
    expect(again.data).toMatchObject({ confirmed: false });
  });

  it("a signed-in customer asks in one click, for their own address whatever the form says", async () => {
    const email = `customer.${Date.now()}@example.test`;
    const id = await aStoredCustomer(env.deps.database.db, email);
    const r = answerOf(
      await action(
        post(
          [
            ["variantId", await variantId()],
            ["email", "someone-else@example.test"],
          ],
          { customer: { id, email } },
        ),
      ),
    );
    expect(r.data).toMatchObject({ ok: true, confirmed: false, zip: "80011" });
    expect(await env.deps.services.marketing.automations.backInStockRequestsOf(email)).toMatchObject([{ customerId: id }]);
    expect(await env.deps.services.marketing.automations.backInStockRequestsOf("someone-else@example.test")).toEqual([]);
  });

  it("rate-limited per address: the 11th request in an hour is refused with 429", async () => {
    const email = `busy.${Date.now()}@example.test`;
    const fields: [string, string][] = [
      ["variantId", await variantId()],
      ["email", email],
    ];
    for (let i = 0; i < 10; i++) expect(answerOf(await action(post(fields, { ip: `10.62.0.${i + 1}` }))).data.ok).toBe(true);
    const refused = answerOf(await action(post(fields, { ip: "10.62.0.99" })));
    expect(refused.init?.status).toBe(429);
    expect(refused.data.errors.email).toBeTruthy();
  });
});
