import { describe, expect, it } from "vitest";
import {
  buildClickstreamEvent,
  causeFromUrl,
  causeSearchQuery,
  clientPropertiesOf,
  donationSentence,
  enqueueEvent,
  integrationInfoFromUrl,
  isWidgetVisible,
  matchSegment,
  nextBatch,
  CLICKSTREAM_BODY_BYTES,
  parseStoredTracking,
  planTrackingStart,
  preselectedCause,
  readPath,
  segmentValueOf,
  type StoredTracking,
  type WidgetSegment,
} from "./widget";

const TRACKING = "3f6c1a52-8d7e-4b1a-9c2d-0e5f6a7b8c9d";
const OTHER_TRACKING = "9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d";
const PORTFOLIO = "a1b2c3d4e5f60718293a4b5c6d7e8f90";
const params = (q = "") => new URLSearchParams(q);
const stored = (over: Partial<StoredTracking> = {}): StoredTracking => ({
  trackingId: TRACKING,
  causeId: "0",
  causeName: "0",
  chosen: false,
  integrationStored: false,
  ...over,
});

describe("stored tracking record", () => {
  it("reads what the widget wrote", () => {
    const record = stored({ causeId: "00-1000001", causeName: "Paws Rescue League", chosen: true });
    expect(parseStoredTracking(JSON.stringify(record))).toEqual(record);
  });

  it("refuses anything else: absent, not JSON, not a UUID, not an object", () => {
    expect(parseStoredTracking(null)).toBeNull();
    expect(parseStoredTracking("{")).toBeNull();
    expect(parseStoredTracking(JSON.stringify({ trackingId: "abc" }))).toBeNull();
    expect(parseStoredTracking("42")).toBeNull();
  });

  it("keeps the tracking but drops a cause id of no known shape", () => {
    expect(parseStoredTracking(JSON.stringify({ trackingId: TRACKING, causeId: "<script>", causeName: "x" }))).toMatchObject({ causeId: "0", causeName: "0" });
  });
});

describe("tracking start (SPEC §4)", () => {
  it("starts a new tracking when none was passed or kept", () => {
    expect(planTrackingStart({ stored: null, params: params() })).toEqual({ reuseTrackingId: null, applyCauseId: null, integrationInfo: null });
  });

  it("reuses the one kept in session storage, and a passed one before it", () => {
    expect(planTrackingStart({ stored: stored(), params: params() }).reuseTrackingId).toBe(TRACKING);
    expect(planTrackingStart({ passedTrackingId: OTHER_TRACKING, stored: stored(), params: params() }).reuseTrackingId).toBe(OTHER_TRACKING);
    expect(planTrackingStart({ passedTrackingId: "nope", stored: stored(), params: params() }).reuseTrackingId).toBe(TRACKING);
  });

  it("applies an sgcause parameter (charity or portfolio), unless this tracking already has it", () => {
    expect(planTrackingStart({ stored: null, params: params("sgcause=00-1000007") }).applyCauseId).toBe("00-1000007");
    expect(planTrackingStart({ stored: stored(), params: params(`sgcause=${PORTFOLIO}`) }).applyCauseId).toBe(PORTFOLIO);
    expect(planTrackingStart({ stored: stored({ causeId: "00-1000007" }), params: params("sgcause=00-1000007") }).applyCauseId).toBeNull();
    expect(planTrackingStart({ stored: null, params: params("sgcause=drop%20table") }).applyCauseId).toBeNull();
  });

  it("stores the e-mail-marketing parameters once per tracking", () => {
    const q = params("_kx=abc&utm_campaign=spring&utm_source=ignored");
    expect(planTrackingStart({ stored: null, params: q }).integrationInfo).toEqual({ _kx: "abc", utm_campaign: "spring" });
    expect(planTrackingStart({ stored: stored({ integrationStored: true }), params: q }).integrationInfo).toBeNull();
    // A new tracking passed in has not stored them yet.
    expect(planTrackingStart({ passedTrackingId: OTHER_TRACKING, stored: stored({ integrationStored: true }), params: q }).integrationInfo).not.toBeNull();
  });

  it("reads only the listed parameters, trimmed, and none when all are empty", () => {
    expect(integrationInfoFromUrl(params("variation=%20b%20&utm_content="))).toEqual({ variation: "b" });
    expect(integrationInfoFromUrl(params("utm_medium=mail"))).toBeNull();
    expect(causeFromUrl(params("sgcause=%2000-1000003%20"))).toBe("00-1000003");
  });
});

describe("default cause (SPEC §4)", () => {
  const base = { letShoppersChoose: true, defaultCauseId: "00-1000001", trackedCauseId: "0", chosen: false };
  it("preselects the default when shoppers may choose and nothing is tracked", () => {
    expect(preselectedCause(base)).toBe("00-1000001");
  });
  it("not when a cause is tracked, the shopper chose or cleared one, there is no default, or shoppers may not choose", () => {
    expect(preselectedCause({ ...base, trackedCauseId: "00-1000002" })).toBeNull();
    expect(preselectedCause({ ...base, chosen: true })).toBeNull();
    expect(preselectedCause({ ...base, defaultCauseId: null })).toBeNull();
    expect(preselectedCause({ ...base, letShoppersChoose: false })).toBeNull();
  });
});

describe("segments from the page (SPEC §3 frontEndSource)", () => {
  const seg = (over: Partial<WidgetSegment>): WidgetSegment => ({
    id: "s",
    isActive: true,
    excludeSegment: false,
    priorityIndex: 0,
    valueCategory: null,
    specifiedValues: [],
    frontEndPropertyName: "tier",
    frontEndSource: 0,
    ...over,
  });
  const sources = (over: Partial<Parameters<typeof segmentValueOf>[1]> = {}) => ({ window: {}, dataLayer: [], params: params(), ...over });

  it("reads a window property, nested by dots", () => {
    expect(segmentValueOf(seg({ frontEndPropertyName: "shop.customer.tier" }), sources({ window: { shop: { customer: { tier: "gold" } } } }))).toBe("gold");
    expect(readPath({ a: 1 }, "a.b")).toBeUndefined();
    // Only own properties: nothing from the prototype chain.
    expect(readPath({}, "constructor")).toBeUndefined();
  });

  it("reads the data layer's latest entry that has the property", () => {
    const dataLayer = [{ customerType: "retail" }, { event: "page_view" }, { customerType: "wholesale" }, { other: 1 }];
    expect(segmentValueOf(seg({ frontEndSource: 1, frontEndPropertyName: "customerType" }), sources({ dataLayer }))).toBe("wholesale");
  });

  it("reads a URL parameter, several values as a list", () => {
    expect(segmentValueOf(seg({ frontEndSource: 2 }), sources({ params: params("tier=gold") }))).toBe("gold");
    expect(segmentValueOf(seg({ frontEndSource: 2 }), sources({ params: params("tier=a&tier=b") }))).toEqual(["a", "b"]);
    expect(segmentValueOf(seg({ frontEndSource: 2 }), sources())).toBeUndefined();
  });

  it("ignores objects and functions as values, and unknown sources", () => {
    expect(segmentValueOf(seg({}), sources({ window: { tier: { nested: true } } }))).toBeUndefined();
    expect(segmentValueOf(seg({ frontEndSource: 9 }), sources({ window: { tier: "gold" } }))).toBeUndefined();
  });

  it("the first active match by priority wins; an inactive or unmatched segment never applies", () => {
    const exclusion = seg({
      id: "ex",
      excludeSegment: true,
      frontEndSource: 1,
      frontEndPropertyName: "customerType",
      specifiedValues: ["wholesale"],
      priorityIndex: 0,
    });
    const gold = seg({ id: "gold", valueCategory: 2, specifiedValues: ["gold"], priorityIndex: 1 });
    const both = sources({ window: { tier: "gold" }, dataLayer: [{ customerType: "wholesale" }] });
    expect(matchSegment([gold, exclusion], both)?.id).toBe("ex");
    expect(matchSegment([gold, { ...exclusion, isActive: false }], both)?.id).toBe("gold");
    expect(matchSegment([gold, exclusion], sources({ window: { tier: "silver" } }))).toBeNull();
  });
});

describe("visibility (SPEC §4)", () => {
  const store = { isActive: true, isExperienceActive: true, activeCampaigns: [1] };
  it("product: shown when the total is above 0", () => {
    expect(isWidgetVisible({ place: "product", store, segment: null, totalCents: 215 })).toBe(true);
    expect(isWidgetVisible({ place: "product", store, segment: null, totalCents: 0 })).toBe(false);
  });
  it("cart: online purchase active and a total above 0, or the add-on or round-up campaign active", () => {
    expect(isWidgetVisible({ place: "cart", store, segment: null, totalCents: 215 })).toBe(true);
    expect(isWidgetVisible({ place: "cart", store, segment: null, totalCents: 0 })).toBe(false);
    expect(isWidgetVisible({ place: "cart", store: { ...store, activeCampaigns: [2] }, segment: null, totalCents: 215 })).toBe(false);
    expect(isWidgetVisible({ place: "cart", store: { ...store, activeCampaigns: [4] }, segment: null, totalCents: 0 })).toBe(true);
    expect(isWidgetVisible({ place: "cart", store: { ...store, activeCampaigns: [3] }, segment: null, totalCents: 0 })).toBe(true);
  });
  it("an exclusion segment hides it everywhere; another segment does not", () => {
    for (const place of ["product", "cart"] as const) {
      expect(isWidgetVisible({ place, store: { ...store, activeCampaigns: [1, 4] }, segment: { excludeSegment: true }, totalCents: 500 })).toBe(false);
      expect(isWidgetVisible({ place, store, segment: { excludeSegment: false }, totalCents: 500 })).toBe(true);
    }
  });
  it("a store switched off shows nothing", () => {
    expect(isWidgetVisible({ place: "product", store: { ...store, isActive: false }, segment: null, totalCents: 500 })).toBe(false);
    expect(isWidgetVisible({ place: "cart", store: { ...store, isExperienceActive: false, activeCampaigns: [4] }, segment: null, totalCents: 500 })).toBe(
      false,
    );
  });
  it("says the amount and the cause in US dollars", () => {
    expect(donationSentence(215, "Paws Rescue League")).toBe("$2.15 to Paws Rescue League with this order");
    expect(donationSentence(1234567, null)).toBe("$12,345.67 to charity with this order");
    // Nothing of the store's (an add-on campaign alone): no "$0.00" promise.
    expect(donationSentence(0, "Paws Rescue League")).toBe("Your donation goes to Paws Rescue League");
  });
});

describe("cause search (SPEC §5)", () => {
  it("searches by name", () => {
    expect(causeSearchQuery("name", "  paws   rescue ")).toEqual({ q: "paws rescue" });
  });
  it("a location starting with a digit is a zip, otherwise a city", () => {
    expect(causeSearchQuery("location", "80011")).toEqual({ zip: "80011" });
    expect(causeSearchQuery("location", "80011-1234")).toEqual({ zip: "80011" });
    expect(causeSearchQuery("location", "Aurora")).toEqual({ city: "Aurora" });
    // Starts with a digit: a zip, and one too short to ask for.
    expect(causeSearchQuery("location", "1st Street Town")).toBeNull();
  });
  it("animal shelters only: SPEC §9's shelter category (3) with a name, a place, or alone (every shelter)", () => {
    expect(causeSearchQuery("location", "Houston", { sheltersOnly: true })).toEqual({ city: "Houston", categoryId: 3 });
    expect(causeSearchQuery("location", "80011", { sheltersOnly: true })).toEqual({ zip: "80011", categoryId: 3 });
    expect(causeSearchQuery("name", "paws", { sheltersOnly: true })).toEqual({ q: "paws", categoryId: 3 });
    expect(causeSearchQuery("name", "  ", { sheltersOnly: true })).toEqual({ categoryId: 3 });
    expect(causeSearchQuery("location", "80", { sheltersOnly: true })).toBeNull();
  });
  it("nothing to search for empty text or a zip too short to ask", () => {
    expect(causeSearchQuery("name", "   ")).toBeNull();
    expect(causeSearchQuery("location", "80")).toBeNull();
  });
});

describe("clickstream envelope (SPEC §3)", () => {
  const chromeUa = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.6778.85 Safari/537.36";

  it("describes the browser without the URL's query or fragment", () => {
    const client = clientPropertiesOf({
      userAgent: chromeUa,
      href: "http://localhost:3000/cart?_kx=secret#x",
      referrer: "https://mail.example/open?token=abc",
    });
    expect(client).toEqual({
      user_agent: chromeUa,
      url: "http://localhost:3000/cart",
      device_type: "desktop",
      browser_type: "Chrome",
      browser_version: "131.0.6778.85",
      platform: "Linux",
      referrer: "https://mail.example/open",
    });
    const iphone = clientPropertiesOf({
      userAgent: "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) Version/17.0 Mobile/15E148 Safari/604.1",
      href: "",
      referrer: "",
    });
    expect(iphone).toMatchObject({ device_type: "mobile", browser_type: "Safari", browser_version: "17.0", platform: "iOS", url: "", referrer: "" });
  });

  it("builds the envelope at version 0.1.15 with no customer e-mail", () => {
    const client = clientPropertiesOf({ userAgent: chromeUa, href: "http://localhost/products/x", referrer: "" });
    const event = buildClickstreamEvent({
      storeId: "5eed0d0a7e5c4a1b9c3d2e1f00c0ffee",
      trackingId: TRACKING,
      client,
      place: "product",
      type: "cause_set",
      payload: { causeId: "00-1000001" },
      now: new Date("2026-11-26T10:00:00Z"),
    });
    expect(event).toEqual({
      client_properties: client,
      store_id: "5eed0d0a7e5c4a1b9c3d2e1f00c0ffee",
      tracking_id: TRACKING,
      metadata: { widget: "product" },
      customer: { id: null, email: null },
      event: { time_stamp: "2026-11-26T10:00:00.000Z", event_type: "cause_set", event_version: "0.1.15", payload: { causeId: "00-1000001" } },
    });
  });

  it("queues with a bound (oldest dropped) and sends batches of at most 50, oldest first", () => {
    let queue: number[] = [];
    for (let i = 0; i < 5; i++) queue = enqueueEvent(queue, i, 3);
    expect(queue).toEqual([2, 3, 4]);
    const many = Array.from({ length: 120 }, (_, i) => i);
    const first = nextBatch(many);
    expect(first.batch).toHaveLength(50);
    expect(first.batch[0]).toBe(0);
    expect(nextBatch(nextBatch(first.rest).rest)).toEqual({ batch: many.slice(100), rest: [] });
  });

  it("keeps every batch under the API's 16 KB body limit; an event too large to send at all is left out", () => {
    const event = (i: number) => ({ i, ua: "x".repeat(1000) });
    const queue = Array.from({ length: 50 }, (_, i) => event(i));
    const { batch, rest } = nextBatch(queue);
    expect(new TextEncoder().encode(JSON.stringify(batch)).length).toBeLessThanOrEqual(CLICKSTREAM_BODY_BYTES);
    expect(batch.length).toBeGreaterThan(10);
    expect([...batch, ...rest]).toEqual(queue);
    const huge = { i: -1, ua: "x".repeat(CLICKSTREAM_BODY_BYTES) };
    expect(nextBatch([huge, event(1)])).toEqual({ batch: [event(1)], rest: [] });
  });
});
