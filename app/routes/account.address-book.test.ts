import { describe, expect, it } from "vitest";
import { ADDRESS_LIMIT_MESSAGE, MAX_ADDRESSES_PER_CUSTOMER } from "../../server/modules/identity";
import { testDeps } from "../../server/testing/deps";
import { requestContext, resolveIdentity } from "../../server/request-context";
import { siteFor } from "../../rules/shared/site";
import { action } from "./account.address-book";

// The address book page past the maximum: the form answers 400 with the message, nothing is added.

const env = testDeps();

const address = {
  firstName: "",
  lastName: "",
  address1: "1 Main St",
  address2: "",
  city: "Aurora",
  provinceCode: "CO",
  zip: "80011",
  countryCode: "US" as const,
  phone: null,
};

describe("address book page", () => {
  it(`answers 400 with "${ADDRESS_LIMIT_MESSAGE}" past ${MAX_ADDRESSES_PER_CUSTOMER} addresses`, async () => {
    const reg = await env.deps.services.identity.register(
      { firstName: "Pat", lastName: "Doe", email: "book@example.test", password: "kibble123", confirmPassword: "kibble123", acceptsMarketing: false },
      "d2c",
    );
    if (!reg.ok) throw new Error("register failed");
    for (let i = 0; i < MAX_ADDRESSES_PER_CUSTOMER; i++)
      await env.deps.services.identity.createAddress(reg.customerId, { ...address, address1: `${i} Main St` });

    const form = new FormData();
    for (const [k, v] of Object.entries({ intent: "create", address1: "9 Elm St", city: "Denver", provinceCode: "CO", zip: "80202" })) form.set(k, v);
    const request = new Request("http://localhost:3000/account/address-book", { method: "POST", body: form, headers: { cookie: `sessionToken=${reg.token}` } });
    const context = requestContext(env.deps, siteFor("d2c", "Kibble & Co."), await resolveIdentity(env.deps, request, null, "d2c"));
    const answer = (await action({ request, context, params: {} } as never)) as unknown as {
      init: { status: number };
      data: { errors: Record<string, string> };
    };
    expect(answer.init.status).toBe(400);
    expect(answer.data.errors).toEqual({ form: ADDRESS_LIMIT_MESSAGE });
    expect((await env.deps.services.identity.customer(reg.customerId))!.addresses).toHaveLength(MAX_ADDRESSES_PER_CUSTOMER);
  });
});
