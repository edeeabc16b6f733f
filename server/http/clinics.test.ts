import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "../app";
import { parseConfig } from "../config";
import { createDeps } from "../context";
import { issueIdentityJwt } from "../crypto/identity-jwt";
import type { Database } from "../db/client";
import { openTestDatabase } from "../db/test-database";
import { createLogger } from "../log";
import { buildSeedCatalog } from "../modules/catalog";
import { SPRINGFIELD_ANIMAL_HOSPITAL_GROUP_ID, SPRINGFIELD_PET_CLINIC_GROUP_ID } from "../modules/clinics";
import type { ClinicView } from "../modules/clinics";
import { membershipCount, membershipsOf as storedMemberships } from "../testing/clinics";
import { staffProfileCount } from "../testing/identity";
import { staffMember } from "../testing/staff";

// The identity JWT and the clinic calls of SPEC §7 ("Identity and clinic") through the whole HTTP
// stack (the page handler is a stand-in), and the staff site's gate following the membership.

let database: Database;
let deps: ReturnType<typeof createDeps>;
let app: ReturnType<typeof createApp>;
/** CL100001, Springfield IL: open. */
let springfield: ClinicView;
/** Another open clinic (not a school, not home delivery only) to switch to. */
let otherOpen: ClinicView;

const STAFF = "pro.localhost";
const SHOP = "localhost";
const MADE_UP_CART = "00000000-0000-4000-8000-0000000000c1";
const catalog = buildSeedCatalog();
const staffHandle = catalog.products.find((p) => p.sites.includes("hpsf"))!.handle;

beforeAll(async () => {
  database = await openTestDatabase({ seeded: true });
  deps = createDeps(parseConfig({}), database, createLogger("silent"), () => "test");
  app = createApp(deps, { handler: async () => new Response("page") });
  springfield = (await deps.services.clinics.byGroupId(SPRINGFIELD_ANIMAL_HOSPITAL_GROUP_ID))!;
  const { results } = await deps.services.clinics.search({ searchType: "city", searchTerm: "Springfield", page: 1 });
  otherOpen = results.find((c) => c.verification === "open" && c.kind === "clinic" && c.groupID !== SPRINGFIELD_ANIMAL_HOSPITAL_GROUP_ID)!;
});
afterAll(() => database?.close());

function post(path: string, body: unknown, { host = STAFF, cookie }: { host?: string; cookie?: string } = {}) {
  return app.request(`http://${host}${path}`, {
    method: "POST",
    headers: { host, "content-type": "application/json", ...(cookie ? { cookie } : {}) },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });
}
const identity = (call: string, body: unknown, opts?: { host?: string; cookie?: string }) => post(`/api/identity/${call}`, body, opts);

type Member = Awaited<ReturnType<typeof staffMember>>;

/** A new staff account without a clinic. */
const unregistered = () => staffMember(deps.services, { registered: false });

/** The member's identity JWT, asked for through the API with their cookie. */
async function jwtOf(member: Member): Promise<string> {
  const res = await identity("jwt", {}, { cookie: member.cookie });
  expect(res.status).toBe(200);
  return ((await res.json()) as { id_token: string }).id_token;
}

async function expectRefused(res: Response, field: string) {
  expect(res.status).toBe(401);
  const body = await res.json();
  expect(typeof body.errorCode).toBe("number");
  expect(body.errorCode).not.toBe(0);
  expect(body.error.code).toBe("unauthorized");
  expect(Object.keys(body.error.fields)).toEqual([field]);
}

async function expect400(res: Response, field: string) {
  expect(res.status).toBe(400);
  const body = await res.json();
  expect(body.error.code).toBe("bad_request");
  expect(Object.keys(body.error.fields)).toContain(field);
}

const counts = async () => ({
  memberships: await membershipCount(database.db),
  profiles: await staffProfileCount(database.db),
});

const profileOf = async (customerId: string) => {
  const p = (await deps.services.identity.staffProfile(customerId))!;
  return { accountGroup: p.accountGroup, preferredShipTo: p.preferredShipTo, storeSoldTo: p.storeSoldTo };
};

const membershipsOf = async (customerId: string) => (await storedMemberships(database.db, customerId)).map((m) => ({ state: m.state, clinicId: m.clinicId }));

/** One valid body for each clinic call (without the jwt). */
const VALID: Record<"search-clinic" | "fetch-address" | "join-clinic", Record<string, unknown>> = {
  "search-clinic": { searchType: "city", searchTerm: "Springfield" },
  "fetch-address": { clinicID: "CL100001" },
  "join-clinic": { groupID: SPRINGFIELD_ANIMAL_HOSPITAL_GROUP_ID },
};
const CALLS = Object.keys(VALID) as (keyof typeof VALID)[];

describe("POST /api/identity/jwt", () => {
  it("gives a signed-in staff member a JWT, by cookie or by body sessionToken", async () => {
    const member = await unregistered();
    for (const [body, cookie] of [
      [{}, member.cookie],
      [{ sessionToken: member.token }, undefined],
    ] as const) {
      const res = await identity("jwt", body, { cookie });
      expect(res.status).toBe(200);
      expect(res.headers.get("cache-control")).toBe("no-store");
      const json = await res.json();
      expect(Object.keys(json).sort()).toEqual(["errorCode", "expiresAt", "id_token"]);
      expect(json.errorCode).toBe(0);
      expect(json.id_token).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
      const payload = JSON.parse(Buffer.from(json.id_token.split(".")[1], "base64url").toString());
      expect(payload.sub).toBe(member.customerId);
      expect(payload.exp - payload.iat).toBe(300);
    }
  });

  it("401 with errorCode not 0 without a session, for an unknown token, and for a shop customer", async () => {
    await expectRefused(await identity("jwt", {}), "sessionToken");
    await expectRefused(await identity("jwt", { sessionToken: "not-a-session" }), "sessionToken");
    await expectRefused(await identity("jwt", {}, { cookie: "sessionToken=not-a-session" }), "sessionToken");
    const shopper = await deps.services.identity.register(
      { firstName: "Kim", lastName: "Park", email: "shopper-jwt@example.test", password: "kibble123", confirmPassword: "kibble123", acceptsMarketing: false },
      "d2c",
    );
    if (!shopper.ok) throw new Error(shopper.message);
    await expectRefused(await identity("jwt", {}, { cookie: `sessionToken=${shopper.token}` }), "sessionToken");
    await expectRefused(await identity("jwt", { sessionToken: shopper.token }), "sessionToken");
  });

  it("is not there on the shop: every identity call is a 404 on localhost", async () => {
    const member = await unregistered();
    const jwt = (await issueIdentityJwt(deps.sessionSecret, member.customerId)).jwt;
    for (const call of ["jwt", ...CALLS]) {
      const res = await identity(call, { ...VALID[call as keyof typeof VALID], jwt, sessionToken: member.token }, { host: SHOP, cookie: member.cookie });
      expect(res.status, call).toBe(404);
      expect((await res.json()).error.code, call).toBe("not_found");
    }
  });
});

describe("the clinic calls refuse a missing, foreign, expired or garbage JWT", () => {
  for (const call of CALLS) {
    it(`${call}: 401 with an errorCode naming jwt without one, as for a forged one; nothing written`, async () => {
      const member = await unregistered();
      const before = await counts();
      await expectRefused(await identity(call, VALID[call], { cookie: member.cookie }), "jwt");
      await expectRefused(await identity(call, { ...VALID[call], jwt: "" }, { cookie: member.cookie }), "jwt");
      await expectRefused(await identity(call, { ...VALID[call], jwt: null }, { cookie: member.cookie }), "jwt");
      await expectRefused(await identity(call, { ...VALID[call], sessionToken: member.token }), "jwt");
      // The same errorCode as an expired or forged JWT.
      const missing = await (await identity(call, VALID[call], { cookie: member.cookie })).json();
      const forged = await (await identity(call, { ...VALID[call], jwt: "a.b.c" }, { cookie: member.cookie })).json();
      expect(missing.errorCode).toBe(forged.errorCode);
      // Without a session either, the session is what is missing first.
      await expectRefused(await identity(call, VALID[call]), "sessionToken");
      // A jwt that is not text at all is a malformed body.
      await expect400(await identity(call, { ...VALID[call], jwt: 42 }, { cookie: member.cookie }), "jwt");
      expect(await counts()).toEqual(before);
    });

    it(`${call}: 401 and nothing written with another member's, an expired or a garbage JWT`, async () => {
      const member = await unregistered();
      const other = await unregistered();
      const foreign = await jwtOf(other);
      const expired = (await issueIdentityJwt(deps.sessionSecret, member.customerId, new Date(Date.now() - 6 * 60_000))).jwt;
      const otherSecret = (await issueIdentityJwt(`${deps.sessionSecret}-not`, member.customerId)).jwt;
      const before = await counts();
      for (const jwt of [foreign, expired, otherSecret, "garbage", "a.b.c"]) {
        await expectRefused(await identity(call, { ...VALID[call], jwt }, { cookie: member.cookie }), "jwt");
        await expectRefused(await identity(call, { ...VALID[call], jwt, sessionToken: member.token }), "jwt");
      }
      expect(await counts()).toEqual(before);
      expect(await membershipsOf(member.customerId)).toEqual([]);
      expect(await profileOf(member.customerId)).toEqual({ accountGroup: null, preferredShipTo: null, storeSoldTo: null });
    });

    it(`${call}: 401 without a staff session even with a valid JWT`, async () => {
      const member = await unregistered();
      const jwt = await jwtOf(member);
      const before = await counts();
      await expectRefused(await identity(call, { ...VALID[call], jwt }), "sessionToken");
      // A shop (d2c) account's session, with a JWT made out to that account.
      const shopper = await deps.services.identity.register(
        {
          firstName: "Kim",
          lastName: "Park",
          email: `shopper-${call}@example.test`,
          password: "kibble123",
          confirmPassword: "kibble123",
          acceptsMarketing: false,
        },
        "d2c",
      );
      if (!shopper.ok) throw new Error(shopper.message);
      const shopperJwt = (await issueIdentityJwt(deps.sessionSecret, shopper.customerId)).jwt;
      await expectRefused(await identity(call, { ...VALID[call], jwt: shopperJwt }, { cookie: `sessionToken=${shopper.token}` }), "sessionToken");
      expect(await counts()).toEqual(before);
    });
  }

  it("a JWT of the member's own, fresh, is accepted (control)", async () => {
    const member = await unregistered();
    const jwt = (await issueIdentityJwt(deps.sessionSecret, member.customerId, new Date(Date.now() - 4 * 60_000))).jwt;
    const res = await identity("fetch-address", { clinicID: "CL100001", jwt }, { cookie: member.cookie });
    expect(res.status).toBe(200);
  });
});

describe("the clinic calls: 400 naming the field, 404 for an unknown clinic", () => {
  it("400 for bad fields", async () => {
    const member = await unregistered();
    const jwt = await jwtOf(member);
    const opts = { cookie: member.cookie };
    const before = await counts();
    await expect400(await identity("search-clinic", { searchType: "x", searchTerm: "Springfield", jwt }, opts), "searchType");
    await expect400(await identity("search-clinic", { searchType: "city", searchTerm: "a", jwt }, opts), "searchTerm");
    await expect400(await identity("search-clinic", { searchType: "city", jwt }, opts), "searchTerm");
    await expect400(await identity("search-clinic", { searchType: "city", searchTerm: "Springfield", page: 0, jwt }, opts), "page");
    await expect400(await identity("fetch-address", { clinicID: "123", jwt }, opts), "clinicID");
    await expect400(await identity("fetch-address", { jwt }, opts), "clinicID");
    await expect400(await identity("join-clinic", { groupID: "nope", jwt }, opts), "groupID");
    await expect400(await identity("join-clinic", { jwt }, opts), "groupID");
    const notJson = await identity("join-clinic", "{not json", opts);
    expect(notJson.status).toBe(400);
    expect((await notJson.json()).error.code).toBe("invalid_json");
    expect(await counts()).toEqual(before);
  });

  it("404 for a clinicID or groupID in a valid format that names no clinic", async () => {
    const member = await unregistered();
    const jwt = await jwtOf(member);
    const before = await counts();
    const address = await identity("fetch-address", { clinicID: "CL999999", jwt }, { cookie: member.cookie });
    expect(address.status).toBe(404);
    expect(await address.json()).toEqual({
      error: { code: "not_found", message: "No clinic with this clinicID.", fields: { clinicID: "No clinic with this clinicID." } },
    });
    const join = await identity("join-clinic", { groupID: "G999999", jwt }, { cookie: member.cookie });
    expect(join.status).toBe(404);
    const body = await join.json();
    expect(body.error.code).toBe("clinic_not_found");
    expect(Object.keys(body.error.fields)).toEqual(["groupID"]);
    expect(await counts()).toEqual(before);
  });
});

describe("search-clinic and fetch-address", () => {
  let member: Member;
  let jwt: string;
  beforeAll(async () => {
    member = await unregistered();
    jwt = await jwtOf(member);
  });
  const search = async (searchType: string, searchTerm: string, page?: number) => {
    const res = await identity("search-clinic", { searchType, searchTerm, jwt, ...(page ? { page } : {}) }, { cookie: member.cookie });
    expect(res.status).toBe(200);
    return (await res.json()) as { errorCode: number; results: ClinicView[]; total: number; page: number; pageSize: number };
  };

  it("answers what choosing and joining a clinic needs, never its administrator or its accounts", async () => {
    // By city, name, zip and groupId: every result has exactly the listing's fields.
    const answers = [
      await search("city", "Springfield"),
      await search("name", "Springfield"),
      await search("zip", springfield.address.zip),
      await search("groupId", SPRINGFIELD_ANIMAL_HOSPITAL_GROUP_ID),
    ];
    const results = answers.flatMap((a) => a.results);
    expect(results.length).toBeGreaterThan(4);
    for (const r of results) {
      expect(Object.keys(r).sort()).toEqual(["address", "clinicID", "groupID", "homeDeliveryOnly", "kind", "name", "verification"]);
    }
    // The directory holds an administrator's e-mail and the accounts; none of it is in the answer.
    const text = JSON.stringify(answers);
    expect(springfield.soldTo).toBeTruthy();
    for (const secret of [springfield.soldTo, springfield.shipTo, springfield.id]) expect(text).not.toContain(secret);
    expect(text).not.toMatch(/administratorEmail|soldTo|shipTo/);
    expect(results.some((r) => r.verification === "approval")).toBe(true);
    expect(text).not.toContain(".clinic.example");
    // What the clinic step shows and joins by is there: the join goes through with the listed groupID.
    const listed = answers[3].results[0];
    expect(listed).toMatchObject({
      clinicID: "CL100001",
      groupID: springfield.groupID,
      name: springfield.name,
      address: springfield.address,
      homeDeliveryOnly: false,
      verification: "open",
      kind: "clinic",
    });
  });

  it("by city: every Springfield, 25 a page, with the total", async () => {
    const body = await search("city", "Springfield");
    expect(body).toMatchObject({ errorCode: 0, page: 1, pageSize: 25 });
    expect(body.results.length).toBeGreaterThanOrEqual(4);
    expect(body.total).toBe(body.results.length);
    expect(body.results.map((c) => c.address.city)).toEqual(body.results.map(() => "Springfield"));
    expect(body.results.map((c) => c.clinicID)).toContain("CL100001");
    // By the body's sessionToken instead of the cookie, the same answer.
    const res = await identity("search-clinic", { searchType: "city", searchTerm: "Springfield", jwt, sessionToken: member.token });
    expect(res.status).toBe(200);
    expect(((await res.json()) as { total: number }).total).toBe(body.total);
  });

  it("by groupId: exactly the one clinic", async () => {
    const body = await search("groupId", SPRINGFIELD_ANIMAL_HOSPITAL_GROUP_ID);
    expect(body.total).toBe(1);
    expect(body.results.map((c) => c.clinicID)).toEqual(["CL100001"]);
    expect(body.results[0]).toMatchObject({ groupID: "G500001", name: "Springfield Animal Hospital", address: springfield.address });
  });

  it("by zip: that clinic first", async () => {
    const body = await search("zip", springfield.address.zip);
    expect(body.results[0].clinicID).toBe("CL100001");
    expect(body.results.every((c) => c.address.zip.startsWith(springfield.address.zip.slice(0, 3)))).toBe(true);
  });

  it("by name: a typo still finds it", async () => {
    const body = await search("name", "Sprinfield Animal Hospitl");
    expect(body.results[0].clinicID).toBe("CL100001");
  });

  it("a page past the last: no results, the same total", async () => {
    const first = await search("city", "Springfield");
    const body = await search("city", "Springfield", 5);
    expect(body).toMatchObject({ results: [], total: first.total, page: 5, pageSize: 25 });
  });

  it("fetch-address answers the clinic's address", async () => {
    const res = await identity("fetch-address", { clinicID: "CL100001", jwt }, { cookie: member.cookie });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      errorCode: 0,
      clinicID: "CL100001",
      groupID: "G500001",
      name: "Springfield Animal Hospital",
      address: springfield.address,
      homeDeliveryOnly: false,
    });
  });
});

describe("join-clinic and the gate following the membership", () => {
  const getCart = (cookie: string) => post("/api/ecom/v1.0/get-cart", { cartId: MADE_UP_CART }, { cookie });

  it("an open clinic: active and registered at once; the staff site's cart calls open up", async () => {
    const member = await unregistered();
    expect((await getCart(member.cookie)).status).toBe(401);
    const jwt = await jwtOf(member);
    const res = await identity("join-clinic", { groupID: SPRINGFIELD_ANIMAL_HOSPITAL_GROUP_ID, jwt }, { cookie: member.cookie });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      errorCode: 0,
      state: "active",
      registered: true,
      clinic: { clinicID: "CL100001", groupID: "G500001", name: "Springfield Animal Hospital", address: springfield.address },
    });
    // Registered now: the made-up cart is simply not found.
    const cart = await getCart(member.cookie);
    expect(cart.status).toBe(404);
    expect(await membershipsOf(member.customerId)).toEqual([{ state: "active", clinicId: springfield.id }]);
    expect(await profileOf(member.customerId)).toEqual({ accountGroup: "SF_TECH", preferredShipTo: springfield.shipTo, storeSoldTo: springfield.soldTo });
  });

  it("the same clinic again: 409, nothing changes", async () => {
    const member = await unregistered();
    const jwt = await jwtOf(member);
    const join = () => identity("join-clinic", { groupID: SPRINGFIELD_ANIMAL_HOSPITAL_GROUP_ID, jwt }, { cookie: member.cookie });
    expect((await join()).status).toBe(200);
    const again = await join();
    expect(again.status).toBe(409);
    const body = await again.json();
    expect(body.error.code).toBe("already_member");
    expect(Object.keys(body.error.fields)).toEqual(["groupID"]);
    expect(await membershipsOf(member.customerId)).toEqual([{ state: "active", clinicId: springfield.id }]);
  });

  it("an approval clinic: pending, still unregistered", async () => {
    const member = await unregistered();
    const jwt = await jwtOf(member);
    const res = await identity("join-clinic", { groupID: SPRINGFIELD_PET_CLINIC_GROUP_ID, jwt }, { cookie: member.cookie });
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body).toMatchObject({ errorCode: 0, state: "pending", registered: false, clinic: { groupID: SPRINGFIELD_PET_CLINIC_GROUP_ID } });
    const approvalClinic = (await deps.services.clinics.byGroupId(SPRINGFIELD_PET_CLINIC_GROUP_ID))!;
    expect(await membershipsOf(member.customerId)).toEqual([{ state: "pending", clinicId: approvalClinic.id }]);
    expect(await profileOf(member.customerId)).toEqual({ accountGroup: null, preferredShipTo: null, storeSoldTo: null });
    expect((await getCart(member.cookie)).status).toBe(401);
  });

  it("a registered member switching to an approval clinic is unregistered at once", async () => {
    const member = await unregistered();
    const jwt = await jwtOf(member);
    expect((await identity("join-clinic", { groupID: SPRINGFIELD_ANIMAL_HOSPITAL_GROUP_ID, jwt }, { cookie: member.cookie })).status).toBe(200);
    expect((await getCart(member.cookie)).status).toBe(404);
    const res = await identity("join-clinic", { groupID: SPRINGFIELD_PET_CLINIC_GROUP_ID, jwt }, { cookie: member.cookie });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ state: "pending", registered: false });
    expect((await getCart(member.cookie)).status).toBe(401);
  });

  it("the 11th join within the hour is refused with 429", async () => {
    const member = await unregistered();
    const jwt = await jwtOf(member);
    const groups = [SPRINGFIELD_ANIMAL_HOSPITAL_GROUP_ID, otherOpen.groupID];
    for (let i = 0; i < 10; i++) {
      const res = await identity("join-clinic", { groupID: groups[i % 2], jwt }, { cookie: member.cookie });
      expect(res.status, `join ${i + 1}`).toBe(200);
      expect((await res.json()).clinic.groupID).toBe(groups[i % 2]);
    }
    const before = await counts();
    const eleventh = await identity("join-clinic", { groupID: groups[0], jwt }, { cookie: member.cookie });
    expect(eleventh.status).toBe(429);
    expect((await eleventh.json()).error.code).toBe("rate_limited");
    expect(await counts()).toEqual(before);
    // Still at the clinic of the 10th join.
    const current = await deps.services.clinics.current(member.customerId);
    expect(current?.clinic.groupID).toBe(otherOpen.groupID);
    expect((await profileOf(member.customerId)).preferredShipTo).toBe(otherOpen.shipTo);
    // Another member is not affected.
    const second = await unregistered();
    const ok = await identity("join-clinic", { groupID: groups[0], jwt: await jwtOf(second) }, { cookie: second.cookie });
    expect(ok.status).toBe(200);
  });
});

describe("no program price for an unregistered caller on the staff site", () => {
  type Variant = { programPrice: unknown };
  type CarouselPage = { page: { sections: { kind: string; products?: { variants: Variant[] }[] }[] } };
  const programPrices = (body: CarouselPage) =>
    body.page.sections.filter((s) => s.kind === "productCarousel").flatMap((s) => (s.products ?? []).flatMap((p) => p.variants.map((v) => v.programPrice)));
  const carouselPage = (cookie?: string) =>
    app.request(`http://${STAFF}/api/cms/v2.0/get-page-by-slug?slug=feeding-guide`, { headers: { host: STAFF, ...(cookie ? { cookie } : {}) } });

  it("the catalogue calls answer 401 without a session and with an unregistered staff session", async () => {
    const member = await unregistered();
    for (const cookie of [undefined, member.cookie]) {
      const byHandles = await post("/api/ecom/v1.0/get-products-by-handles", { handles: [staffHandle] }, { cookie });
      expect(byHandles.status).toBe(401);
      expect((await byHandles.json()).error.code).toBe("not_registered");
      const listing = await post("/api/cms/v1.0/get-products", { limit: 5 }, { cookie });
      expect(listing.status).toBe(401);
      expect((await listing.json()).error.code).toBe("not_registered");
    }
  });

  it("the page with a product carousel shows its products without program prices to them, with program prices to a member", async () => {
    const member = await unregistered();
    const registered = await staffMember(deps.services);
    const memberPrices = programPrices((await (await carouselPage(registered.cookie)).json()) as CarouselPage);
    expect(memberPrices.length).toBeGreaterThan(0);
    expect(memberPrices.some((p) => p !== null)).toBe(true);
    for (const cookie of [undefined, member.cookie]) {
      const res = await carouselPage(cookie);
      expect(res.status).toBe(200);
      const prices = programPrices((await res.json()) as CarouselPage);
      expect(prices.length).toBe(memberPrices.length);
      expect(prices).toEqual(prices.map(() => null));
    }
  });

  it("the program price appears once the member joins, and goes with the membership", async () => {
    const member = await unregistered();
    const jwt = await jwtOf(member);
    const pricesNow = async () => programPrices((await (await carouselPage(member.cookie)).json()) as CarouselPage);
    expect((await pricesNow()).every((p) => p === null)).toBe(true);
    expect((await identity("join-clinic", { groupID: SPRINGFIELD_ANIMAL_HOSPITAL_GROUP_ID, jwt }, { cookie: member.cookie })).status).toBe(200);
    expect((await pricesNow()).some((p) => p !== null)).toBe(true);
    expect((await identity("join-clinic", { groupID: SPRINGFIELD_PET_CLINIC_GROUP_ID, jwt }, { cookie: member.cookie })).status).toBe(200);
    expect((await pricesNow()).every((p) => p === null)).toBe(true);
  });
});
